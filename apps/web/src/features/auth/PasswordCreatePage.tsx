/**
 * /password-create, "forgot password" (spec §2): the user gives their e-mail and
 * `POST /api/password/create { email }` mails a reset link if that e-mail is registered. The page always
 * shows the same neutral message, so it does not reveal whether an account exists.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { passwordCreateSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { api } from '@/lib/api.ts';
import { AuthCard } from './AuthCard.tsx';

/** The "forgot password" page. */
export function PasswordCreatePage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof passwordCreateSchema>>({
    resolver: zodResolver(passwordCreateSchema),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await api.post('password/create', { email: values.email });
      setSent(true);
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['email']));
    }
  });

  return (
    <AuthCard title={t('auth.password_create.title')} intro={t('auth.password_create.intro')}>
      {sent ? (
        <Alert color="teal" role="status" data-testid="reset-sent">
          {t('errors.password_reset_sent')}
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
            error={errorText(t, errors.email?.message)}
            {...register('email')}
          />
          <Group justify="space-between">
            <Anchor component={Link} to="/login" size="sm">
              {t('auth.back_to_login')}
            </Anchor>
            <Button type="submit" loading={isSubmitting}>
              {t('auth.password_create.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </AuthCard>
  );
}
