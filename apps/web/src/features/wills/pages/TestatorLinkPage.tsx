/**
 * /wasiat/pautan/{wasiat_id}/{link_id}?expires&signature — the testator opens the link the one preparing their will
 * sent them (issue 38 item 5; ADR 0298), public, no login, made for a phone. The page shows the draft as it stands
 * (`GET /api/public/wasiat/{id}/testator-link/{link_id}`: particulars, heirs, receivers, guardians, property,
 * bequests and the document version), asks for the PDPA consent and the will confirmation (part F's texts) and the
 * testator's signature (the signature pad, drawn or typed), and sends them together (`POST …/sign`). Nothing leaves
 * the page until both boxes are ticked and the pad holds a signature. A tampered or expired link (403), an unknown
 * one (404), a superseded, used or stopped one (410: newer link, signed already, no longer a draft, changed) show
 * the server's translated message.
 */
import { Button, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { relationshipLabel } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { Notice } from '@/components/Notice.tsx';
import { SignatureLawNotice } from '@/components/SignatureLaw.tsx';
import { type SignatureMethod, SignaturePad } from '@/components/SignaturePad.tsx';
import { ApiError, publicApi } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { Declarations, partFErrors } from '../parts/f/Declarations.tsx';
import { verificationErrors } from '../parts/PartF.tsx';

interface Person {
  name: string;
  relationship: string | null;
  /** Masked (first six and last two digits). */
  ic_number: string | null;
}
/** What the link opens (`GET /api/public/wasiat/{id}/testator-link/{link_id}`). */
export interface TestatorLinkDraft {
  link: { id: string; expires_at: string };
  sender: string;
  conventional: boolean;
  will: {
    wasiat_type: number | null;
    plan: string | null;
    version: string;
    testator: { name: string; ic_number: string | null };
    heirs: Person[];
    receivers: Person[];
    caretakers: Person[];
    properties: { kind: 'moveable' | 'immoveable'; type: string; description: string | null }[];
    bequests: (Person & { portion: string })[];
  };
}

/** Each item with a stable key: its text and which occurrence of that text it is (two heirs may share a name). */
function keyed(items: string[]): [string, string][] {
  const seen = new Map<string, number>();
  return items.map((x) => {
    const n = (seen.get(x) ?? 0) + 1;
    seen.set(x, n);
    return [`${x}#${n}`, x];
  });
}

/** One titled list of the draft ("none" when empty). */
function Section({ title, items }: { title: string; items: string[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Text fw={600}>{title}</Text>
      {items.length ? (
        <List size="sm">
          {keyed(items).map(([key, x]) => (
            <List.Item key={key}>{x}</List.Item>
          ))}
        </List>
      ) : (
        <Text size="sm" c="dimmed">
          {t('wills.link.none')}
        </Text>
      )}
    </Stack>
  );
}

/** The page; see the file comment. */
export function TestatorLinkPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const { wasiat_id, link_id } = useParams();
  const link = new URLSearchParams(useLocation().search);
  const signed = `expires=${encodeURIComponent(link.get('expires') ?? '')}&signature=${encodeURIComponent(link.get('signature') ?? '')}`;
  const base = `public/wasiat/${wasiat_id}/testator-link/${link_id}`;
  const [pdpa, setPdpa] = useState(false);
  const [confirmation, setConfirmation] = useState(false);
  const [signature, setSignature] = useState<string | null>(null);
  const [method, setMethod] = useState<SignatureMethod>('drawn');
  const [errors, setErrors] = useState<ReturnType<typeof verificationErrors>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const q = useQuery({
    queryKey: ['testator-link', wasiat_id, link_id, signed],
    queryFn: () => publicApi.get<TestatorLinkDraft>(`${base}?${signed}`, undefined, { silent: true }),
    retry: false,
  });
  const tr = (k?: string) => (k ? t(k) : undefined);
  const person = (p: Person) =>
    [p.name, relationshipLabel(p.relationship, p.ic_number, lang)].filter(Boolean).join(' — ');

  async function send() {
    setFormError(null);
    const e = verificationErrors({ pdpa, confirmation, signature, hasSaved: false });
    setErrors(e);
    if (Object.keys(e).length) return;
    setBusy(true);
    try {
      const out = await publicApi.post<{ message: string }>(
        `${base}/sign?${signed}`,
        { acknowledged_pdpa: 1, acknowledged_confirmation: 1, document: signature, signature_method: method },
        { silent: true },
      );
      setDone(out.message);
    } catch (err) {
      if (err instanceof ApiError) {
        const { errors: placed, placed: atFields } = partFErrors(err.errors);
        setErrors(placed);
        if (!atFields) setFormError(err.firstMessage);
      } else setFormError(String(err));
    } finally {
      setBusy(false);
    }
  }

  if (q.isPending) return <Text>{t('wills.link.loading')}</Text>;
  if (q.isError || !q.data) {
    return (
      <Stack maw={640} data-testid="testator-link-page">
        <Title order={1}>{t('wills.link.page_title')}</Title>
        <FormError message={q.error instanceof ApiError ? q.error.firstMessage : t('wills.link.invalid')} />
      </Stack>
    );
  }
  const d = q.data;
  const w = d.will;
  return (
    <Stack maw={640} data-testid="testator-link-page">
      <Title order={1}>{t('wills.link.page_title')}</Title>
      <Text>
        {t('wills.link.page_intro', { sender: d.sender, expires: formatDateTime(d.link.expires_at, i18n.language) })}
      </Text>
      <Paper withBorder p="md">
        <Stack>
          <Title order={2}>{t('wills.link.draft')}</Title>
          <Text data-testid="testator-link-testator">
            {t('wills.link.testator')}: {w.testator.name}
            {w.testator.ic_number ? ` (${w.testator.ic_number})` : ''}
          </Text>
          <Text size="sm">{t(d.conventional ? 'wills.link.type_conventional' : 'wills.link.type_islamic')}</Text>
          <Section title={t('wills.link.heirs')} items={w.heirs.map(person)} />
          <Section title={t('wills.link.receivers')} items={w.receivers.map(person)} />
          <Section title={t('wills.link.caretakers')} items={w.caretakers.map(person)} />
          <Section
            title={t('wills.link.properties')}
            items={w.properties.map((p) => [p.type, p.description].filter(Boolean).join(': '))}
          />
          <Section title={t('wills.link.bequests')} items={w.bequests.map((b) => `${person(b)} (${b.portion})`)} />
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
            {t('wills.link.version')}: {w.version}
          </Text>
        </Stack>
      </Paper>
      {done ? (
        <Notice color="green" data-testid="testator-link-done">
          {done}
        </Notice>
      ) : (
        <>
          <Declarations
            pdpa={pdpa}
            onPdpa={setPdpa}
            confirmation={confirmation}
            onConfirmation={setConfirmation}
            errors={errors}
            conventional={d.conventional}
          />
          <Paper withBorder p="md">
            <Stack>
              <Title order={3}>{t('wills.f_part.signature_title')}</Title>
              <SignatureLawNotice />
              <SignaturePad
                label={t('wills.f_part.signature_label')}
                required
                error={tr(errors.signature)}
                typedName={w.testator.name || undefined}
                onChange={(url, m) => {
                  setSignature(url);
                  setMethod(m);
                }}
              />
            </Stack>
          </Paper>
          <FormError message={formError} />
          <Button onClick={() => void send()} loading={busy} fullWidth>
            {t('wills.link.submit')}
          </Button>
        </>
      )}
    </Stack>
  );
}
