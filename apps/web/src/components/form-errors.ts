/**
 * Helpers to show validation and server errors on form fields (spec §5, §8; DESIGN.md §3).
 *
 * Domain schemas report message KEYS (`validation.email_invalid`); the server answers 422 with already
 * translated messages keyed by field (`{ errors: { email: ["…"] } }`, sometimes `user.email` when the
 * body is wrapped). These helpers translate keys and place server errors on the right fields.
 */
import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '@/lib/api.ts';
import i18n from '@/lib/i18n.ts';

/**
 * Text for a field error: a known i18n key is translated, anything else (a server sentence) is shown as is.
 * Returns `undefined` for no error, so it can be passed straight to a Mantine `error` prop.
 */
export function errorText(t: TFunction, message: string | undefined | null): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? t(message) : message;
}

/**
 * Put the field errors of a failed call (422 `ApiError.errors`) on the form's fields with `setError`.
 * Server field names such as `user.email` are matched to `email` when the form has no `user.email` field.
 * Returns the message for the errors that match no field (or of a non-422 failure), for a {@link FormError};
 * `null` when every error found its field.
 */
export function applyServerErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): string | null {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  // The form shows every message of this error (at its field or as the returned form error).
  err.shownInline = true;
  const leftOver: string[] = [];
  let placed = 0;
  for (const [key, messages] of Object.entries(err.errors ?? {})) {
    const message = messages?.[0];
    if (!message) continue;
    const candidates = [key, key.split('.').slice(1).join('.')];
    const field = candidates.find((c) => c && (fields as readonly string[]).includes(c)) as Path<T> | undefined;
    if (field) {
      setError(field, { type: 'server', message }, { shouldFocus: placed === 0 });
      placed += 1;
    } else leftOver.push(message);
  }
  if (leftOver.length) return leftOver[0];
  if (placed === 0) return err.firstMessage;
  return null;
}
