/**
 * /signature and /profile/signature (spec §2 Account; §2 "On /dashboard, a non-client user without a
 * saved signature is sent to /signature"; §5 "A signature is required before submitting").
 *
 * The user draws their signature on a {@link SignaturePad}; "Save" sends
 * `POST /api/user/{me}/signature { is_base64: true, document: <PNG data URL> }` → `{ signature: { id } }`,
 * then refreshes the session (`GET /api/authenticate`) so `LOGGED_USER.signature` is set.
 * On /signature (the forced step) the user then goes to /dashboard; on /profile/signature they stay
 * and see a confirmation.
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import { SignaturePad, type SignaturePadHandle } from '@/components/SignaturePad.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { type SessionUser, session } from '@/lib/storage.ts';

/** `forced`: the /signature step before the dashboard; `profile`: /profile/signature. */
export function SignaturePage({ mode }: { mode: 'forced' | 'profile' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const padRef = useRef<SignaturePadHandle>(null);
  const [dataUrl, setDataUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [hasSignature, setHasSignature] = useState(Boolean(session.user()?.signature));

  async function save() {
    setFormError(null);
    const document = dataUrl ?? padRef.current?.toDataURL() ?? null;
    if (!document) {
      setError(t('validation.signature_required'));
      return;
    }
    setError(undefined);
    const me = session.user();
    if (!me) return;
    setSaving(true);
    try {
      await api.post(`user/${me.id}/signature`, {
        is_base64: true,
        document,
        signature_method: padRef.current?.method() ?? 'drawn',
      });
      try {
        const r = await api.get<{ user: SessionUser; token?: string }>('authenticate', undefined, { silent: true });
        session.set(r.user, r.token);
      } catch {
        // The signature is saved; keep the session usable even if the refresh failed.
        session.set({ ...me, signature: me.signature ?? { id: 'saved' } });
      }
      setHasSignature(true);
      successToast(t('account.signature.saved'));
      if (mode === 'forced') navigate('/dashboard');
    } catch (e) {
      const msg = e instanceof ApiError ? e.firstMessage : String(e);
      if (e instanceof ApiError && e.errors.document) setError(e.errors.document[0]);
      else setFormError(msg);
    } finally {
      setSaving(false);
    }
  }

  return (
    <Paper withBorder p="xl" radius="md" maw={720}>
      <Stack>
        <Title order={1} size="h2">
          {t(mode === 'forced' ? 'account.signature.title_forced' : 'account.signature.title')}
        </Title>
        <Text>{t(mode === 'forced' ? 'account.signature.intro_forced' : 'account.signature.intro')}</Text>
        {hasSignature ? (
          <Alert color="teal" role="status" data-testid="signature-on-file">
            {t('account.signature.on_file')}
          </Alert>
        ) : null}
        <FormError message={formError} />
        <SignaturePad
          ref={padRef}
          label={t('account.signature.pad_label')}
          required
          error={error}
          onChange={(v) => {
            setDataUrl(v);
            if (v) setError(undefined);
          }}
        />
        <Group justify="flex-end">
          <Button onClick={save} loading={saving}>
            {t('account.signature.save')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** /signature: the forced signature step (then /dashboard). */
export function ForcedSignaturePage() {
  return <SignaturePage mode="forced" />;
}

/** /profile/signature: view and replace the saved signature. */
export function ProfileSignaturePage() {
  return <SignaturePage mode="profile" />;
}
