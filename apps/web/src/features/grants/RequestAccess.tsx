/**
 * "Request access" for an agent or partner who found a client by MyKad without a grant (issue 16; ADR 0101):
 * shows only the masked name, then either sends a one-time code to the client's own e-mail or phone
 * (`POST /api/client-grant { user_id, channel }`) and takes the code the client reads out
 * (`POST /api/client-grant/{id}/code`), or asks for approval on the client's dashboard. Offered only when
 * the permission table gives the role `grant:request`. `onGranted()` runs once access is active.
 */
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { can, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import type { Grant, MaskedUser } from './api.ts';

type Channel = 'email' | 'sms' | 'dashboard';

/** The masked result of a MyKad lookup with the request-access actions. */
export function RequestAccess({ user, onGranted }: { user: MaskedUser; onGranted: () => Promise<void> | void }) {
  const { t } = useTranslation();
  const role = roleOf(session.user());
  const [grant, setGrant] = useState<Grant | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
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
      const r = await api.post<{ grant: Grant; otp?: { destination: string } }>(
        'client-grant',
        { user_id: user.id, channel },
        { silent: true },
      );
      setGrant(r.grant);
      setSentTo(r.otp?.destination ?? null);
    });
  const confirm = () =>
    run(async () => {
      if (!grant) return;
      await api.post(`client-grant/${grant.id}/code`, { code: code.trim() }, { silent: true });
      await onGranted();
    });
  const mayRequest = can(role, 'grant:request') && user.can_request_access;
  return (
    <Paper withBorder p="md" data-testid="masked-client">
      <Stack>
        <Title order={3}>{t('grants.found_title')}</Title>
        <Text data-testid="masked-name">{user.name}</Text>
        <Text size="sm">{t('grants.no_access')}</Text>
        <FormError message={error} />
        {mayRequest && !grant ? (
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
        {grant && grant.channel !== 'dashboard' ? (
          <Stack>
            <Text size="sm">{t('grants.code_sent', { destination: sentTo ?? '' })}</Text>
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
        {grant && grant.channel === 'dashboard' ? (
          <Alert color="blue" data-testid="grant-waiting">
            <Stack gap="xs">
              <Text size="sm">{t('grants.waiting')}</Text>
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
