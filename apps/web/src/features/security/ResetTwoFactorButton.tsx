/**
 * "Reset second factor" on the user management page (issue 11; ADR 0081): for an Admin (action
 * `two-factor:reset`) looking at a user whose role logs in with a second factor (Staff, Officer, Admin —
 * `SECOND_FACTOR_ROLES`). A confirm dialog names the user and says what happens; confirming calls
 * `DELETE /api/user/{id}/two-factor` (sent as POST with `_method: DELETE`) → `{ message }`, shown in the
 * page and as a toast: the secret and recovery codes are gone, every session of the user ended, and they
 * set up a new authenticator at their next login. A failure (403/404/…) shows its message in the dialog.
 */
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { can, type Role, SECOND_FACTOR_ROLES } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { session } from '@/lib/storage.ts';

/**
 * The button and its confirm dialog; renders nothing unless the signed-in user may reset second factors
 * and `userRole` (the shown user's role) uses one.
 * @param userId the user whose second factor is reset (the account id, not the access id).
 * @param name their name, shown in the dialog.
 */
export function ResetTwoFactorButton({ userId, name, userRole }: { userId: string; name: string; userRole: string }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  if (!can(session.user()?.roles?.[0]?.name, 'two-factor:reset')) return null;
  if (!(SECOND_FACTOR_ROLES as readonly string[]).includes(userRole as Role)) return null;

  const close = () => {
    setOpened(false);
    setError(null);
  };
  const reset = async () => {
    setBusy(true);
    setError(null);
    try {
      const r = await api.post<{ message: string }>(
        `user/${userId}/two-factor`,
        { _method: 'DELETE' },
        { silent: true },
      );
      setDone(r.message);
      successToast(r.message);
      setOpened(false);
    } catch (e) {
      setError(e instanceof ApiError ? e.firstMessage : String(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button color="red" variant="light" onClick={() => setOpened(true)} data-testid="reset-two-factor">
        {t('security.two_factor.reset_button')}
      </Button>
      {done && (
        <Alert color="green" data-testid="reset-two-factor-done">
          {done}
        </Alert>
      )}
      <Modal
        opened={opened}
        onClose={close}
        title={t('security.two_factor.reset_title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          <Text>{t('security.two_factor.reset_confirm', { name })}</Text>
          {error && (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button color="red" loading={busy} onClick={reset}>
              {t('security.two_factor.reset_submit')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
