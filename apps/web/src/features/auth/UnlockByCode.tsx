/**
 * The login page's way past the per-account lock (issue 36 item 2; ADR 0227), shown when `POST /api/login` answered
 * 429 with `unlock: true`: "Send me a code" calls `POST /api/login/unlock/create { username, password }` (the code
 * goes to the account's own e-mail or phone; the server's answer, the same in every case, is shown), then the code
 * is entered and `POST /api/login/unlock { username, password, code }` answers as `/login` does ({@link onDone}).
 * A wrong code is shown at the code field, any other error above it.
 */
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import type { SessionUser } from '@/lib/storage.ts';

/** What `/login` and `/login/unlock` answer on success. */
export type LoginAnswer =
  | { user: SessionUser; token: string }
  | { two_factor_required: true; enrolment_required: boolean; challenge: string };

/** The unlock section: `username` and `password` as typed in the login form. */
export function UnlockByCode({
  username,
  password,
  onDone,
}: {
  username: string;
  password: string;
  onDone: (answer: LoginAnswer) => void;
}) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Show an error here (at the code field when it names `code`), never also as a toast. */
  const show = (err: unknown) => {
    if (!(err instanceof ApiError)) throw err;
    err.shownInline = true;
    if (err.errors.code?.[0]) setCodeError(err.errors.code[0]);
    else setError(err.firstMessage);
  };

  async function send() {
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ message: string }>('login/unlock/create', { username: username.trim(), password });
      setSent(r.message);
    } catch (err) {
      show(err);
    } finally {
      setBusy(false);
    }
  }

  async function submit() {
    setBusy(true);
    setError(null);
    setCodeError(null);
    try {
      onDone(await api.post<LoginAnswer>('login/unlock', { username: username.trim(), password, code: code.trim() }));
    } catch (err) {
      show(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap="xs" data-testid="login-unlock">
      <Text size="sm">{t('auth.login.unlock.intro')}</Text>
      <FormError message={error} />
      {sent ? (
        <>
          <Text size="sm" role="status">
            {sent}
          </Text>
          <TextInput
            label={t('auth.login.unlock.code')}
            autoComplete="one-time-code"
            inputMode="numeric"
            value={code}
            error={codeError}
            onChange={(e) => {
              setCode(e.currentTarget.value);
              setCodeError(null);
            }}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={send} disabled={busy}>
              {t('auth.login.unlock.send')}
            </Button>
            <Button onClick={submit} loading={busy} disabled={!code.trim()}>
              {t('auth.login.unlock.submit')}
            </Button>
          </Group>
        </>
      ) : (
        <Group justify="flex-end">
          <Button variant="light" onClick={send} loading={busy}>
            {t('auth.login.unlock.send')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
