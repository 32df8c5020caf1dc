/**
 * /penerimaan/{id}?expires&signature — a guardian named in a registered will opens the link mailed to them (issue
 * 41 item 3; ADR 0276), public, no login, made for a phone (one column, full-width buttons). The page shows what the
 * will asks of them and nothing else of it: the testator's name, their role, the children in their care
 * (`GET /api/public/acceptance/{id}`). "Send a code" mails a 6-digit code to the recorded address (`POST …/code`);
 * with the code they accept or decline, a decline with an optional reason (`POST …/decide`, rules
 * `acceptanceDecideSchema`). An answered request shows the answer and its date. A tampered or expired link (403), an
 * unknown one (404) and a superseded one (410) show the server's message; field errors show at their fields.
 */
import { Button, Card, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { acceptanceDecideSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { errorText } from '@/components/form-errors.ts';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, publicApi } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { PublicAcceptance } from './api.ts';

type Field = 'code' | 'decision' | 'reason';
type Errors = Partial<Record<Field | '_', string>>;

/** The server's field errors, or its message under `_`. */
const errorsOf = (err: unknown): Errors =>
  err instanceof ApiError && Object.keys(err.errors).length
    ? Object.fromEntries(Object.entries(err.errors).map(([k, m]) => [k, m[0]]))
    : { _: err instanceof ApiError ? err.firstMessage : String(err) };

/** The page; see the file comment. */
export function AcceptancePage() {
  const { t, i18n } = useTranslation();
  const { id } = useParams();
  const { search } = useLocation();
  const link = new URLSearchParams(search);
  const signed = `expires=${encodeURIComponent(link.get('expires') ?? '')}&signature=${encodeURIComponent(link.get('signature') ?? '')}`;
  const base = `public/acceptance/${id}`;
  const [code, setCode] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ message: string; acceptance: PublicAcceptance } | null>(null);
  const q = useQuery({
    queryKey: ['acceptance', id, signed],
    queryFn: () => publicApi.get<{ acceptance: PublicAcceptance }>(`${base}?${signed}`, undefined, { silent: true }),
    retry: false,
  });
  const a = done?.acceptance ?? q.data?.acceptance;

  async function sendCode() {
    setErrors({});
    setBusy(true);
    try {
      const out = await publicApi.post<{ message: string }>(`${base}/code?${signed}`, {}, { silent: true });
      setSent(out.message);
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  }

  async function decide(decision: 'accept' | 'decline') {
    const parsed = acceptanceDecideSchema.safeParse({ code, decision, reason: reason || undefined });
    if (!parsed.success) {
      const next: Errors = {};
      for (const i of parsed.error.issues) next[i.path[0] as Field] ??= errorText(t, i.message);
      return setErrors(next);
    }
    setErrors({});
    setBusy(true);
    try {
      setDone(await publicApi.post(`${base}/decide?${signed}`, parsed.data, { silent: true }));
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setBusy(false);
    }
  }

  if (q.isPending) return <Text>{t('acceptances.page.loading')}</Text>;
  if (q.isError || !a) {
    return (
      <Stack maw={560} data-testid="acceptance-page">
        <Title order={1}>{t('acceptances.page.title')}</Title>
        <FormError message={q.error instanceof ApiError ? q.error.firstMessage : t('acceptances.page.link_invalid')} />
      </Stack>
    );
  }

  return (
    <Stack maw={560} data-testid="acceptance-page">
      <Title order={1}>{t('acceptances.page.title')}</Title>
      <Text>{t('acceptances.page.intro', { testator: a.testator_name })}</Text>
      <Card withBorder padding="sm">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            {t('acceptances.page.person')}
          </Text>
          <Text>{a.person_name}</Text>
          <Text size="sm" c="dimmed">
            {t('acceptances.page.testator')}
          </Text>
          <Text>{a.testator_name}</Text>
          <Text size="sm" c="dimmed">
            {t('acceptances.page.role')}
          </Text>
          <Text>{t(`acceptances.role.${a.role}`)}</Text>
          {a.wards && (
            <>
              <Text size="sm" c="dimmed">
                {t('acceptances.page.wards')}
              </Text>
              <Text data-testid="acceptance-wards">{a.wards}</Text>
            </>
          )}
        </Stack>
      </Card>
      <Text size="sm">{t('acceptances.page.guardian_asks')}</Text>
      {done && <Notice color="green">{done.message}</Notice>}
      {a.state !== 'pending' ? (
        <Notice color={a.state === 'accepted' ? 'green' : 'yellow'} data-testid="acceptance-decided">
          {t(a.state === 'accepted' ? 'acceptances.page.done_accepted' : 'acceptances.page.done_declined', {
            date: formatDateTime(a.decided_at, i18n.language),
          })}
        </Notice>
      ) : (
        <>
          <FormError message={errors._} />
          {errors.decision && <FormError message={errors.decision} />}
          {sent && <Notice color="green">{sent}</Notice>}
          <Button variant={sent ? 'default' : 'filled'} onClick={() => void sendCode()} loading={busy} fullWidth>
            {sent ? t('acceptances.page.resend_code') : t('acceptances.page.send_code')}
          </Button>
          {a.email && (
            <Text size="xs" c="dimmed">
              {t('acceptances.page.email')} {a.email}
            </Text>
          )}
          {sent && (
            <Stack>
              <TextInput
                label={t('acceptances.page.code')}
                required
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
                error={errors.code}
              />
              <Textarea
                label={t('acceptances.page.reason')}
                maxLength={500}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                error={errors.reason}
              />
              <Group grow>
                <Button onClick={() => void decide('accept')} loading={busy}>
                  {t('acceptances.page.accept')}
                </Button>
                <Button variant="outline" color="red" onClick={() => void decide('decline')} loading={busy}>
                  {t('acceptances.page.decline')}
                </Button>
              </Group>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
