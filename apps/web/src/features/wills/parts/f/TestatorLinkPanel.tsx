/**
 * Part F for one preparing a client's will who is not the testator (an agent, partner or staff with the grant;
 * issue 38 item 5; ADR 0298): "Send a link to the testator" beside signing here. `POST /api/wasiat/{id}/testator-link`
 * mails (or, without an e-mail address, texts) the testator a link valid 7 days to read the draft, declare and sign
 * on their own device; a new link supersedes the earlier one. The newest link's state comes from
 * `GET /api/wasiat/{id}/testator-link`: sent (to the masked address, until when), signed by the testator via the
 * link (with the date: the wizard then goes on without saving again), expired, or stopped because the will changed.
 */
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { Notice } from '../../../../components/Notice.tsx';

/** The newest link as `GET /api/wasiat/{id}/testator-link` gives it. */
export interface TestatorLink {
  id: string;
  channel: 'email' | 'sms';
  /** Masked, e.g. `c***@example.com`. */
  destination: string;
  sent_at: string;
  expires_at: string;
  opened_at: string | null;
  signed_at: string | null;
  state: 'open' | 'signed' | 'expired' | 'superseded' | 'changed';
}

/** The will's newest link (none while `wasiatId` is null), and a refetch. */
export function useTestatorLink(wasiatId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['wasiat', wasiatId ?? '', 'testator-link'],
    enabled: !!wasiatId && enabled,
    retry: false,
    queryFn: async () =>
      (await api.get<{ link: TestatorLink | null }>(`wasiat/${wasiatId}/testator-link`, undefined, { silent: true }))
        .link,
  });
}

/** The panel; see the file comment. `link`/`refetch` from {@link useTestatorLink}. */
export function TestatorLinkPanel(props: {
  wasiatId: string;
  editable: boolean;
  link: TestatorLink | null | undefined;
  refetch: () => unknown;
}) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const { link } = props;
  const at = (iso: string | null | undefined) => formatDateTime(iso ?? null, i18n.language);

  async function send() {
    setBusy(true);
    setError(null);
    setSent(null);
    try {
      const out = await api.post<{ message: string }>(`wasiat/${props.wasiatId}/testator-link`, {}, { silent: true });
      setSent(out.message);
      await props.refetch();
    } catch (err) {
      setError(err instanceof ApiError ? err.firstMessage : String(err));
    } finally {
      setBusy(false);
    }
  }

  const signed = link?.state === 'signed';
  return (
    <Paper withBorder p="md" data-testid="testator-link-panel">
      <Stack>
        <Title order={3}>{t('wills.link.panel_title')}</Title>
        <Text size="sm">{t('wills.link.panel_intro')}</Text>
        {link && (
          <Notice
            color={signed ? 'green' : link.state === 'open' ? 'blue' : 'orange'}
            data-testid={`testator-link-${link.state}`}
          >
            {signed
              ? t('wills.link.state_signed', { date: at(link.signed_at) })
              : link.state === 'open'
                ? t('wills.link.state_open', {
                    to: link.destination,
                    date: at(link.sent_at),
                    expires: at(link.expires_at),
                  })
                : t(`wills.link.state_${link.state === 'changed' ? 'changed' : 'expired'}`, { date: at(link.sent_at) })}
          </Notice>
        )}
        {sent && <Notice color="green">{sent}</Notice>}
        <FormError message={error} />
        {!signed && (
          <Group>
            <Button variant="light" onClick={() => void send()} loading={busy} disabled={!props.editable}>
              {t(link ? 'wills.link.send_again' : 'wills.link.send')}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
