/**
 * /change-password (spec §2 Account, §5 "The current password must be correct when changing it; new
 * passwords must match"): current password, new password, repeat.
 * `POST /api/password/change { old_password, password, password_confirmation }` → `{ message, token }`;
 * the server ends the other sessions and returns a new token, stored with `session.set`. A wrong current
 * password (422 `errors.current_password_incorrect` on `old_password`) is shown on that field.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { passwordChangeSchema } from '@wasiat/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormError } from '@/components/FormError.tsx';
import { applyServerErrors, errorText } from '@/components/form-errors.ts';
import { PasswordField } from '@/components/PasswordField.tsx';
import { api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';

type Values = z.input<typeof passwordChangeSchema>;
const EMPTY: Values = { old_password: '', password: '', password_confirmation: '' };

/** The change-password page. */
export function ChangePasswordPage() {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(passwordChangeSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await api.post<{ message?: string; token?: string }>('password/change', values);
      const user = session.user();
      if (user && r?.token) session.set(user, r.token);
      successToast(r?.message ?? t('errors.password_changed'));
      reset(EMPTY);
    } catch (e) {
      setFormError(applyServerErrors(e, setError, ['old_password', 'password', 'password_confirmation']));
    }
  });

  return (
    <Paper withBorder p="xl" radius="md" maw={560}>
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <Title order={1} size="h2">
            {t('account.change_password.title')}
          </Title>
          <FormError message={formError} />
          <PasswordField
            label={t('account.change_password.old_password')}
            autoComplete="current-password"
            required
            error={errorText(t, errors.old_password?.message)}
            {...register('old_password')}
          />
          <PasswordField
            label={t('account.change_password.password')}
            description={t('account.change_password.hint')}
            autoComplete="new-password"
            required
            error={errorText(t, errors.password?.message)}
            {...register('password')}
          />
          <PasswordField
            label={t('account.change_password.password_confirmation')}
            autoComplete="new-password"
            required
            error={errorText(t, errors.password_confirmation?.message)}
            {...register('password_confirmation')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={isSubmitting}>
              {t('account.change_password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
