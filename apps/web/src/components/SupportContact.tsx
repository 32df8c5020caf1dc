/**
 * The customer service contact (issue 17 item 15; ADR 0160): phone (tel:), e-mail (mailto:) and WhatsApp
 * (click-to-chat) as configured on the server (`GET /api/support-contact`, public). Shown on the home page
 * and in the system-error dialog (spec §8 "if it persists, contact customer service"). Read once per page
 * load (module cache, no toast on failure: the dialog must not raise another error); renders nothing when
 * no channel is configured or the call fails.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** `GET /api/support-contact` → `contact` (apps/api/src/modules/support/contact.ts). */
export interface SupportContactInfo {
  phone: string | null;
  email: string | null;
  whatsapp: string | null;
  whatsapp_url: string | null;
}

let cached: Promise<SupportContactInfo | null> | null = null;

/** The contact, fetched once; `null` when the call fails. */
export function loadSupportContact(): Promise<SupportContactInfo | null> {
  cached ??= fetch('/api/support-contact', { headers: { Accept: 'application/json', Type: 'api-public' } })
    .then(async (r) => (r.ok ? ((await r.json()).contact as SupportContactInfo) : null))
    .catch(() => null);
  return cached;
}

/** Forget the cached contact (tests). */
export const resetSupportContact = () => {
  cached = null;
};

/** The contact lines; `lead` is the sentence above them (default: the home page's "Need help?"). */
export function SupportContact({ lead }: { lead?: string }) {
  const { t } = useTranslation();
  const [c, setC] = useState<SupportContactInfo | null>(null);
  useEffect(() => {
    let live = true;
    void loadSupportContact().then((x) => live && setC(x));
    return () => {
      live = false;
    };
  }, []);
  if (!c || !(c.phone || c.email || c.whatsapp)) return null;
  return (
    <Stack gap={2} data-testid="support-contact">
      <Text size="sm">{lead ?? t('support.intro')}</Text>
      {c.phone && (
        <Text size="sm">
          {t('support.phone')}: <Anchor href={`tel:${c.phone.replace(/[^+\d]/g, '')}`}>{c.phone}</Anchor>
        </Text>
      )}
      {c.email && (
        <Text size="sm">
          {t('support.email')}: <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
        </Text>
      )}
      {c.whatsapp && c.whatsapp_url && (
        <Text size="sm">
          {t('support.whatsapp')}:{' '}
          <Anchor href={c.whatsapp_url} target="_blank" rel="noopener noreferrer">
            {c.whatsapp}
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
