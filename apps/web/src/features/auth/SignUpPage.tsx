/**
 * /sign-up (spec §2, §5): designation (optional), name, username, e-mail, MyKad (12 digits), mobile
 * number, password + repeat, and agreement to the Personal Data Protection Act (PDPA) with a short notice.
 * Validated in the browser with the shared `signUpSchema` (messages are i18n keys); sent as
 * `POST /api/users { user: {…} }` → 201 `{ user, token }`; the new Client is then logged in (session stored)
 * and taken to /dashboard. A MyKad already registered is never named (issue 36 item 6; ADR 0228): the server
 * answers 201 `{ pending: true, message }` ("check your e-mail"; the holder is mailed) and the page shows that
 * message with the link to log in, as after a password reset request. Server 422 errors (e.g. a taken
 * username or e-mail) go on their fields; what the user typed is kept.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Checkbox, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DESIGNATIONS, signUpSchema } from '@wasiat/domain';
import { useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { MykadInput } from '@/components/MykadInput.tsx';
import { PasswordField } from '@/components/PasswordField.tsx';
import { api } from '@/lib/api.ts';
import { type SessionUser, session } from '@/lib/storage.ts';
import { AuthCard } from './AuthCard.tsx';

/** The form's values: the shared schema's input plus the optional designation (not validated). */
export type SignUpValues = Omit<z.input<typeof signUpSchema>, 'pdpa'> & { pdpa: boolean; designation: string | null };
const FIELDS = [
  'name',
  'username',
  'email',
  'ic_number',
  'mobile_number',
  'password',
  'password_confirmation',
  'pdpa',
] as const;

/** The sign-up page. */
export function SignUpPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<string | null>(null);
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema) as unknown as Resolver<SignUpValues>,
    defaultValues: {
      designation: null,
      name: '',
      username: '',
      email: '',
      ic_number: '',
      mobile_number: '',
      password: '',
      password_confirmation: '',
      pdpa: false,
    },
  });

  const onSubmit = handleSubmit(async () => {
    setFormError(null);
    // Send what the user typed (the server normalises, e.g. the mobile number to +60…).
    const v = getValues();
    const user = {
      name: v.name.trim(),
      username: v.username.trim(),
      email: v.email.trim(),
      ic_number: v.ic_number.trim(),
      mobile_number: v.mobile_number.trim(),
      password: v.password,
      password_confirmation: v.password_confirmation,
      pdpa: v.pdpa ? 1 : 0,
      ...(v.designation ? { designation: v.designation } : {}),
    };
    try {
      const r = await api.post<{ user?: SessionUser; token?: string; pending?: boolean; message?: string }>('users', {
        user,
      });
      if (r.pending || !r.user || !r.token) {
        setPending(r.message ?? t('errors.sign_up_check_mail'));
        return;
      }
      session.set(r.user, r.token);
      navigate('/dashboard');
    } catch (e) {
      setFormError(applyServerErrors(e, setError, FIELDS));
    }
  });

  const err = (name: keyof SignUpValues) => errorText(t, errors[name]?.message as string | undefined);

  if (pending) {
    return (
      <AuthCard title={t('auth.sign_up.title')} intro={t('auth.sign_up.intro')}>
        <Stack>
          <Alert color="blue" role="status" data-testid="sign-up-pending">
            {pending}
          </Alert>
          <Anchor component={Link} to="/login">
            {t('auth.sign_up.login_link')}
          </Anchor>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('auth.sign_up.title')} intro={t('auth.sign_up.intro')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <FormError message={formError} />
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Controller
              control={control}
              name="designation"
              render={({ field }) => (
                <Select
                  label={t('auth.sign_up.designation_label')}
                  placeholder={t('auth.sign_up.designation_placeholder')}
                  clearable
                  data={DESIGNATIONS.map((d) => ({ value: d.code, label: d[lang] }))}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  ref={field.ref}
                />
              )}
            />
            <TextInput
              style={{ gridColumn: 'span 2' }}
              label={t('auth.fields.name')}
              description={t('auth.sign_up.name_hint')}
              autoComplete="name"
              required
              error={err('name')}
              {...register('name')}
            />
          </SimpleGrid>
          <TextInput
            label={t('auth.fields.username')}
            autoComplete="username"
            required
            error={err('username')}
            {...register('username')}
          />
          <TextInput
            label={t('auth.fields.email')}
            type="email"
            autoComplete="email"
            required
            error={err('email')}
            {...register('email')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <MykadInput
              label={t('auth.fields.ic_number')}
              description={t('auth.sign_up.ic_hint')}
              required
              error={err('ic_number')}
              {...register('ic_number')}
            />
            <TextInput
              label={t('auth.fields.mobile_number')}
              description={t('auth.sign_up.mobile_hint')}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              required
              error={err('mobile_number')}
              {...register('mobile_number')}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordField
              label={t('auth.fields.new_password')}
              description={t('auth.password_hint')}
              autoComplete="new-password"
              required
              error={err('password')}
              {...register('password')}
            />
            <PasswordField
              label={t('auth.fields.password_confirmation')}
              autoComplete="new-password"
              required
              error={err('password_confirmation')}
              {...register('password_confirmation')}
            />
          </SimpleGrid>
          <Stack gap={6} p="sm" bg="gray.0" style={{ borderRadius: 'var(--mantine-radius-sm)' }}>
            <Text size="sm" fw={600} component="p">
              {t('auth.sign_up.pdpa_heading')}
            </Text>
            <Text size="sm">
              {t('auth.sign_up.pdpa_notice')}{' '}
              <Anchor component={Link} to="/pdpa" target="_blank" size="sm">
                {t('auth.sign_up.pdpa_link')}
              </Anchor>
            </Text>
            <Checkbox label={t('auth.sign_up.pdpa_agree')} error={err('pdpa')} {...register('pdpa')} />
          </Stack>
          <Group justify="space-between">
            <Text size="sm">
              {t('auth.sign_up.have_account')}{' '}
              <Anchor component={Link} to="/login">
                {t('auth.sign_up.login_link')}
              </Anchor>
            </Text>
            <Button type="submit" loading={isSubmitting}>
              {t('auth.sign_up.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
