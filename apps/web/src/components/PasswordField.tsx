/**
 * A password input (Mantine `PasswordInput`) that is accessible in both languages: the input gets
 * `aria-invalid` when it has an error (Mantine 9's PasswordInput links the error with
 * `aria-describedby` but does not set `aria-invalid`), and the show/hide button has a translated label.
 * Use it for every password field (spec §5 password rules; forms of /login, /sign-up, /change-password…).
 */
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';

/** `PasswordInput` props plus `ref` (forwarded to the `<input>`, e.g. from react-hook-form `register`). */
export function PasswordField({ ref, error, ...props }: PasswordInputProps & { ref?: Ref<HTMLInputElement> }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      ref={ref}
      error={error}
      aria-invalid={error ? true : undefined}
      visibilityToggleButtonProps={{ 'aria-label': t('components.password_field.toggle') }}
      {...props}
    />
  );
}
