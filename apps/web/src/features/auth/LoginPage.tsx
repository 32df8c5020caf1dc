/**
 * /login (spec §2): username — a username, e-mail or MyKad — and password.
 * Calls `POST /api/login { username, password }` → `{ user, token }`; on success the session is stored
 * (`id_token`, `LOGGED_USER`; DESIGN.md §4) and the user goes to /dashboard. Staff, officer and admin get
 * `{ two_factor_required, enrolment_required, challenge }` instead and go on to /login/two-factor (or its
 * /enrol page) with the challenge in the navigation state (ADR 0081). A 422 (wrong credentials,
 * throttled) is shown on its field and by the API client's toast + dialog (spec §8); typed values stay.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { loginSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { api } from '@/app/api.ts';
import { type SessionUser, session } from '@/app/storage.ts';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { PasswordField } from '@/components/PasswordField.tsx';
import { AuthCard } from './AuthCard.tsx';

type LoginForm = z.input<typeof loginSchema>;

/** The login page. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginForm, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await api.post<
        | { user: SessionUser; token: string }
        | { two_factor_required: true; enrolment_required: boolean; challenge: string }
      >('login', {
        username: values.username,
        password: values.password,
      });
      if ('two_factor_required' in r) {
        // Staff, officer and admin finish with a second factor (issue 11; ADR 0081): enrol or enter a code.
        const next = r.enrolment_required ? '/login/two-factor/enrol' : '/login/two-factor';
        navigate(next, { state: { challenge: r.challenge } });
        return;
      }
      session.set(r.user, r.token);
      navigate('/dashboard');
    } catch (e) {
      const left = applyServerErrors(e, setError, ['username', 'password']);
      setFormError(left);
      // Shown once, above the form (announced: role="alert"); focus goes back to the field to retype.
      if (left) setTimeout(() => setFocus('password'), 0);
    }
  });

  return (
    <AuthCard title={t('auth.login.title')} intro={t('auth.login.intro')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError message={formError} />
          <TextInput
            label={t('auth.fields.login_username')}
            autoComplete="username"
            required
            error={errorText(t, errors.username?.message)}
            {...register('username')}
          />
          <PasswordField
            label={t('auth.fields.password')}
            autoComplete="current-password"
            required
            error={errorText(t, errors.password?.message)}
            {...register('password')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/password-create" size="sm">
              {t('auth.login.forgot')}
            </Anchor>
            <Button type="submit" loading={isSubmitting}>
              {t('auth.login.submit')}
            </Button>
          </Group>
          <Text size="sm">
            {t('auth.login.no_account')}{' '}
            <Anchor component={Link} to="/sign-up">
              {t('auth.login.sign_up_link')}
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
