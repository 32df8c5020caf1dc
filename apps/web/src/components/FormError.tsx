/** A form-level error message (errors that belong to no single field; spec §8). */
import { Alert } from '@mantine/core';

/**
 * Shows `message` in a red alert with `role="alert"` so screen readers announce it; renders nothing
 * when there is no message. Use it for errors returned by {@link applyServerErrors}.
 */
export function FormError({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <Alert color="red" variant="light" role="alert" data-testid="form-error">
      {message}
    </Alert>
  );
}
