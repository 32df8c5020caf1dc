/**
 * "Request access" for an agent or partner whose MyKad lookup found no client they may act for (issue 16, ADR
 * 0101; issue 36 item 6, ADR 0228). The lookup answers the same whether or not the MyKad is registered, so the
 * request goes by the number: `POST /api/client-grant/by-mykad { ic_number, channel }` always answers "if this
 * MyKad is a registered client's, your request was sent" — a one-time code to the client's own e-mail or phone,
 * which the requester enters (`POST /api/client-grant/by-mykad/code`), or a request to approve on the client's
 * dashboard (then "check again" repeats the lookup). Offered only when the permission table gives the role
 * `grant:request`; the screen offers registering a new client beside it. `onGranted()` runs once access is active.
 */
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { can, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';

type Channel = 'email' | 'sms' | 'dashboard';

/** The request-access actions for a MyKad the lookup gave no client for. */
export function RequestAccess({ icNumber, onGranted }: { icNumber: string; onGranted: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const role = roleOf(session.user());
  const [asked, setAsked] = useState<{ channel: Channel; message: string } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!can(role, 'grant:request')) return null;
  const run = async (f: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await f();
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  };
  const ask = (channel: Channel) =>
    run(async () => {
      const r = await api.post<{ message: string }>(
        'client-grant/by-mykad',
        { ic_number: icNumber, channel },
        { silent: true },
      );
      setAsked({ channel, message: r.message });
    });
  const confirm = () =>
    run(async () => {
      await api.post('client-grant/by-mykad/code', { ic_number: icNumber, code: code.trim() }, { silent: true });
      await onGranted();
    });
  return (
    <Paper withBorder p="md" data-testid="masked-client">
      <Stack>
        <Title order={3}>{t('grants.none_title')}</Title>
        <Text size="sm">{t('grants.none_text')}</Text>
        <FormError message={error} />
        {!asked ? (
          <Group>
            <Button loading={busy} onClick={() => ask('email')} data-testid="grant-ask-email">
              {t('grants.ask_email')}
            </Button>
            <Button loading={busy} variant="default" onClick={() => ask('sms')}>
              {t('grants.ask_sms')}
            </Button>
            <Button loading={busy} variant="default" onClick={() => ask('dashboard')} data-testid="grant-ask-dashboard">
              {t('grants.ask_dashboard')}
            </Button>
          </Group>
        ) : null}
        {asked && asked.channel !== 'dashboard' ? (
          <Stack>
            <Text size="sm" role="status" data-testid="grant-asked">
              {asked.message} {t('grants.code_ask')}
            </Text>
            <TextInput
              label={t('grants.code')}
              inputMode="numeric"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              data-testid="grant-code"
            />
            <Group>
              <Button loading={busy} onClick={confirm} data-testid="grant-code-submit">
                {t('grants.confirm_code')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {asked && asked.channel === 'dashboard' ? (
          <Alert color="blue" data-testid="grant-waiting">
            <Stack gap="xs">
              <Text size="sm">
                {asked.message} {t('grants.waiting')}
              </Text>
              <Group>
                <Button loading={busy} variant="default" onClick={() => run(async () => onGranted())}>
                  {t('grants.check_again')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}
      </Stack>
    </Paper>
  );
}
