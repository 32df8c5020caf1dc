/**
 * /password/reset (spec §2): opened from the mailed link `?token=…&email=…`. The user sets a new password
 * (rules of spec §5) and repeats it; `POST /api/password/reset { email, token, password,
 * password_confirmation }`. On success a toast confirms and the user goes to /login. An invalid or
 * expired link (422 on `token`) is shown with a link to request a new one.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
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
  const [formError, setFormError] = useState<string | null>(null);
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

  return (
    <AuthCard title={t('auth.password_reset.title')} intro={t('auth.password_reset.intro')}>
      {linkProblem ? (
        <Alert color="red" role="alert" data-testid="reset-link-invalid">
          {errors.token?.message ? errorText(t, errors.token.message) : t('errors.reset_link_invalid')}{' '}
          <Anchor component={Link} to="/password-create">
            {t('auth.password_reset.request_new')}
          </Anchor>
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
              {t('auth.password_reset.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
