/**
 * The second step of a staff login (issue 11; ADR 0081), after `POST /api/login` answered
 * `{ two_factor_required, enrolment_required, challenge }`; the challenge comes in the navigation state.
 * - /login/two-factor: the 6-digit code of the authenticator app, or a recovery code →
 *   `POST /api/two-factor/verify { challenge, code }` → `{ user, token }`; the session is stored, /dashboard.
 * - /login/two-factor/enrol: `POST /api/two-factor/enrol { challenge }` → `{ secret, otpauth_url, qr_code }`;
 *   the QR code and the secret are shown, the first code confirms it, and the 10 recovery codes
 *   (`recovery_codes`) are shown once before going on.
 * Without a challenge (a reload) the page sends the user back to /login.
 */
import { Alert, Button, Code, Group, Image, List, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { AuthCard } from '@/features/auth/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { type SessionUser, session } from '@/lib/storage.ts';

type Verified = { user: SessionUser; token: string; recovery_codes?: string[] };

function useChallenge(): string | null {
  const state = useLocation().state as { challenge?: string } | null;
  return state?.challenge ?? null;
}

/** The code field and its submit; calls `onVerified` with the verify answer. */
function CodeForm({ challenge, onVerified }: { challenge: string; onVerified: (v: Verified) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!code.trim()) {
      setError(t('security.two_factor.code_required'));
      return;
    }
    setBusy(true);
    try {
      onVerified(await api.post<Verified>('two-factor/verify', { challenge, code: code.trim() }));
    } catch (err) {
      setError(err instanceof ApiError ? err.firstMessage : (err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormError message={error} />
        <TextInput
          label={t('security.two_factor.code')}
          description={t('security.two_factor.code_hint')}
          autoComplete="one-time-code"
          inputMode="text"
          maxLength={40}
          required
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            {t('security.two_factor.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /login/two-factor — enter the code of an enrolled authenticator (or a recovery code). */
export function TwoFactorPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const challenge = useChallenge();
  if (!challenge) return <Navigate to="/login" replace />;
  return (
    <AuthCard title={t('security.two_factor.title')} intro={t('security.two_factor.intro')}>
      <CodeForm
        challenge={challenge}
        onVerified={(v) => {
          session.set(v.user, v.token);
          navigate('/dashboard');
        }}
      />
    </AuthCard>
  );
}

/** /login/two-factor/enrol — set up the authenticator, confirm with a first code, keep the recovery codes. */
export function TwoFactorEnrolPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const challenge = useChallenge();
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string; qr_code: string } | null>(null);
  const [done, setDone] = useState<Verified | null>(null);
  useEffect(() => {
    if (!challenge) return;
    let live = true;
    api
      .post<{ secret: string; otpauth_url: string; qr_code: string }>('two-factor/enrol', { challenge })
      .then((s) => live && setSetup(s))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [challenge]);
  if (!challenge) return <Navigate to="/login" replace />;
  if (done) {
    return (
      <AuthCard title={t('security.enrol.codes_title')} intro={t('security.enrol.codes_intro')}>
        <List spacing="xs" data-testid="recovery-codes" ff="monospace">
          {(done.recovery_codes ?? []).map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Alert color="yellow">{t('security.enrol.codes_warning')}</Alert>
        <Group justify="flex-end">
          <Button
            onClick={() => {
              session.set(done.user, done.token);
              navigate('/dashboard');
            }}
          >
            {t('security.enrol.codes_done')}
          </Button>
        </Group>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('security.enrol.title')} intro={t('security.enrol.intro')}>
      {setup ? (
        <Stack>
          <Text>{t('security.enrol.step_scan')}</Text>
          <Image src={setup.qr_code} alt={t('security.enrol.qr_alt')} w={240} h={240} />
          <Text size="sm">
            {t('security.enrol.step_manual')} <Code data-testid="totp-secret">{setup.secret}</Code>
          </Text>
          <Text>{t('security.enrol.step_confirm')}</Text>
          <CodeForm challenge={challenge} onVerified={setDone} />
        </Stack>
      ) : (
        <Text>{t('security.enrol.loading')}</Text>
      )}
    </AuthCard>
  );
}

/**
 * /profile/two-factor — the caller's second factor (`GET /api/two-factor`): whether it is on, how many
 * recovery codes are left, and 10 new recovery codes for a current code (`POST /api/two-factor/recovery-codes`).
 */
export function TwoFactorSettingsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<{ required: boolean; enabled: boolean; recovery_codes_left: number } | null>(
    null,
  );
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const load = useCallback(
    () =>
      api
        .get<{ two_factor: { required: boolean; enabled: boolean; recovery_codes_left: number } }>('two-factor')
        .then((r) => setStatus(r.two_factor))
        .catch(() => {}),
    [],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const regenerate = async (e: FormEvent) => {
    e.preventDefault();
    try {
      const r = await api.post<{ recovery_codes: string[] }>('two-factor/recovery-codes', { code: code.trim() });
      setCodes(r.recovery_codes);
      setCode('');
      void load();
    } catch {
      // the API client showed the message
    }
  };
  return (
    <AuthCard title={t('security.settings.title')}>
      {status ? (
        <Stack>
          <Text>{status.enabled ? t('security.settings.enabled') : t('security.settings.disabled')}</Text>
          {status.enabled ? (
            <>
              <Text>{t('security.settings.codes_left', { count: status.recovery_codes_left })}</Text>
              <form onSubmit={regenerate} noValidate>
                <Stack>
                  <TextInput
                    label={t('security.two_factor.code')}
                    autoComplete="one-time-code"
                    required
                    value={code}
                    onChange={(e) => setCode(e.currentTarget.value)}
                  />
                  <Group>
                    <Button type="submit">{t('security.settings.regenerate')}</Button>
                  </Group>
                </Stack>
              </form>
            </>
          ) : null}
          {codes ? (
            <>
              <Alert color="yellow">{t('security.enrol.codes_warning')}</Alert>
              <List spacing="xs" data-testid="recovery-codes" ff="monospace">
                {codes.map((c) => (
                  <List.Item key={c}>{c}</List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Stack>
      ) : null}
    </AuthCard>
  );
}
