/**
 * /password/reset (spec §2): opened from the mailed link `?token=…&email=…` — a password reset, or with
 * `&invitation=1` the invitation of a new staff member, partner user or registered client (ADR 0243), which the
 * page titles "Set your password". The user sets a new password (rules of spec §5) and repeats it;
 * `POST /api/password/reset { email, token, password, password_confirmation }`. On success a toast confirms and
 * the user goes to /login. An invalid or expired reset link (422 on `token`) is shown with a link to request a new
 * one; for an invitation the server's reason is shown (used, replaced, expired) and an expired one offers a button
 * that asks for a new invitation (`POST /api/password/invitation { email, token }`; the answer is shown).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { passwordResetSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { PasswordField } from '@/components/PasswordField.tsx';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { AuthCard } from './AuthCard.tsx';

type ResetValues = z.input<typeof passwordResetSchema>;

/** The "reset password" page. */
export function PasswordResetPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const invitation = params.get('invitation') === '1';
  const [formError, setFormError] = useState<string | null>(null);
  const [renewal, setRenewal] = useState<{ busy: boolean; message: string | null }>({ busy: false, message: null });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetValues>({
    resolver: zodResolver(passwordResetSchema),
    defaultValues: { email, token, password: '', password_confirmation: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await api.post<{ message?: string }>('password/reset', {
        email: values.email,
        token: values.token,
        password: values.password,
        password_confirmation: values.password_confirmation,
      });
      successToast(r?.message ?? t('errors.password_changed'));
      navigate('/login');
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['email', 'token', 'password', 'password_confirmation']));
    }
  });

  const linkProblem = !token || errors.token?.message;
  // the server's sentence is in the page's language, from the same catalogue (ADR 0243)
  const expiredInvitation = invitation && errors.token?.message === t('errors.invitation_expired');

  const renew = async () => {
    setRenewal({ busy: true, message: null });
    try {
      const r = await api.post<{ message?: string }>('password/invitation', { email, token });
      setRenewal({ busy: false, message: r?.message ?? t('errors.invitation_renew_sent') });
    } catch (e) {
      setRenewal({ busy: false, message: null });
      setFormError(e instanceof Error ? e.message : String(e));
    }
  };

  const page = invitation ? 'auth.invitation' : 'auth.password_reset';
  return (
    <AuthCard title={t(`${page}.title`)} intro={t(`${page}.intro`)}>
      {linkProblem && !renewal.message ? (
        <Alert color="red" role="alert" data-testid="reset-link-invalid">
          {errors.token?.message ? errorText(t, errors.token.message) : t('errors.reset_link_invalid')}{' '}
          {expiredInvitation ? (
            <Button mt="sm" size="xs" loading={renewal.busy} onClick={renew} display="block">
              {t('auth.invitation.request_new')}
            </Button>
          ) : invitation ? (
            <Anchor component={Link} to="/login">
              {t('auth.back_to_login')}
            </Anchor>
          ) : (
            <Anchor component={Link} to="/password-create">
              {t('auth.password_reset.request_new')}
            </Anchor>
          )}
        </Alert>
      ) : null}
      {renewal.message ? (
        <Alert color="green" role="status" data-testid="invitation-renewed">
          <Text size="sm">{renewal.message}</Text>
        </Alert>
      ) : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            required
            readOnly={Boolean(email)}
            error={errorText(t, errors.email?.message)}
            {...register('email')}
          />
          <PasswordField
            label={t('auth.fields.new_password')}
            description={t('auth.password_hint')}
            autoComplete="new-password"
            required
            error={errorText(t, errors.password?.message)}
            {...register('password')}
          />
          <PasswordField
            label={t('auth.fields.password_confirmation')}
            autoComplete="new-password"
            required
            error={errorText(t, errors.password_confirmation?.message)}
            {...register('password_confirmation')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              {t('auth.back_to_login')}
            </Anchor>
            <Button type="submit" loading={isSubmitting} disabled={!token}>
              {t(`${page}.submit`)}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
