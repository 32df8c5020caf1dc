/**
 * User feedback for API errors (spec §8; DESIGN.md §4): a warning toast titled "Ralat" for GET errors;
 * for POST errors a toast (5 s private, 50 s public) plus an error dialog closed by "Tutup".
 */
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import i18n from './i18n.ts';

export const TOAST_MS_PRIVATE = 5000;
export const TOAST_MS_PUBLIC = 50000;

/** Every toast's close button needs a name (axe "button-name"). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/** Warning toast titled "Ralat"/"Error". */
export function warnToast(message: string, autoClose = TOAST_MS_PRIVATE) {
  notifications.show({
    color: 'yellow',
    title: i18n.t('common.error_title'),
    message,
    autoClose,
    closeButtonProps: closeButtonProps(),
  });
}

/** Error toast + dialog with a "Tutup"/"Close" button. */
export function errorToastAndDialog(message: string, autoClose = TOAST_MS_PRIVATE) {
  notifications.show({
    color: 'red',
    title: i18n.t('common.error_title'),
    message,
    autoClose,
    closeButtonProps: closeButtonProps(),
  });
  const id = modals.open({
    title: i18n.t('common.error_title'),
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    children: (
      <>
        <Text role="alert">{message}</Text>
        <Button mt="md" onClick={() => modals.close(id)}>
          {i18n.t('common.close')}
        </Button>
      </>
    ),
  });
}

/** Success toast. */
export function successToast(message: string) {
  notifications.show({ color: 'green', message, autoClose: TOAST_MS_PRIVATE, closeButtonProps: closeButtonProps() });
}
