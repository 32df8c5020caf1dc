/**
 * User feedback for API errors (spec §8; DESIGN.md §4): a warning toast titled "Ralat" for GET errors;
 * for POST errors a toast (5 s private, 50 s public) plus an error dialog closed by "Tutup".
 * The toast and dialog hosts load on first use (lib/feedback.tsx; ADR 0143): a toast is queued in Mantine's
 * store and shows when its host mounts; the dialog opens once its provider listens.
 */
import { Button, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { SupportContact } from '@/components/SupportContact.tsx';
import { feedbackReady } from './feedback.tsx';
import i18n from './i18n.ts';

export const TOAST_MS_PRIVATE = 5000;
export const TOAST_MS_PUBLIC = 50000;

/** Every toast's close button needs a name (axe "button-name"). */
const closeButtonProps = () => ({ 'aria-label': i18n.t('common.close') });

/** Warning toast titled "Ralat"/"Error". */
export function warnToast(message: string, autoClose = TOAST_MS_PRIVATE) {
  void feedbackReady();
  notifications.show({
    color: 'yellow',
    title: i18n.t('common.error_title'),
    message,
    autoClose,
    closeButtonProps: closeButtonProps(),
  });
}

/**
 * Where focus goes when the error dialog closes (WCAG 2.4.3): the element focused before (`from`) when it
 * can still take focus, else the first field marked invalid, else the first field of the page's form.
 */
function returnFocus(from: Element | null) {
  const usable = (el: Element | null): el is HTMLElement =>
    el instanceof HTMLElement && el.isConnected && el !== document.body && !el.matches(':disabled, [data-loading]');
  const target = [
    from,
    document.querySelector('main [aria-invalid="true"]'),
    document.querySelector('main form input:not([type="hidden"]):not(:disabled)'),
  ].find(usable);
  target?.focus();
}

/**
 * Error toast + dialog with a "Tutup"/"Close" button (spec §8). Closing the dialog puts focus back on
 * `from` (the element focused when the request failed) or the first field ({@link returnFocus}). A system
 * error (`system`: a 5xx answer or no answer) also shows the customer service contact (spec §8 "if it
 * persists contact customer service"; issue 17 item 15).
 */
export function errorToastAndDialog(
  message: string,
  autoClose = TOAST_MS_PRIVATE,
  from: Element | null = null,
  system = false,
) {
  const hosts = feedbackReady();
  notifications.show({
    color: 'red',
    title: i18n.t('common.error_title'),
    message,
    autoClose,
    closeButtonProps: closeButtonProps(),
  });
  void hosts.then(() => openErrorDialog(message, from, system));
}

function openErrorDialog(message: string, from: Element | null, system: boolean) {
  const id = modals.open({
    title: i18n.t('common.error_title'),
    returnFocus: false,
    onClose: () => setTimeout(() => returnFocus(from), 0),
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    children: (
      <>
        <Text role="alert">{message}</Text>
        {system && <SupportContact lead={i18n.t('support.persist')} />}
        <Button mt="md" onClick={() => modals.close(id)}>
          {i18n.t('common.close')}
        </Button>
      </>
    ),
  });
}

/** Success toast. */
export function successToast(message: string) {
  void feedbackReady();
  notifications.show({ color: 'green', message, autoClose: TOAST_MS_PRIVATE, closeButtonProps: closeButtonProps() });
}

/**
 * Ask before deleting `name` (a will's person, property or share): the one confirmation dialog of the app's
 * delete buttons, opened once the dialog host listens (lib/feedback.tsx: the hosts load on first need, not
 * with every page; ADR 0143, 0191). `onConfirm` runs on "Padam"/"Delete"; `onCancel` on cancel or close.
 */
export function confirmDelete(name: string, onConfirm: () => Promise<void>, onCancel?: () => void) {
  void feedbackReady().then(() =>
    modals.openConfirmModal({
      title: i18n.t('wills.delete_title'),
      children: i18n.t('wills.delete_confirm', { name }),
      labels: { confirm: i18n.t('wills.delete'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: 'red' },
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
      onCancel,
      onConfirm,
    }),
  );
}

/**
 * Ask before a consequential action that is not a deletion (e.g. staff confirming or cancelling a will; issue 37
 * item 6.7): a Mantine confirm dialog, opened once the dialog host listens (as {@link confirmDelete}). `title`,
 * `message` and `confirm` (the confirm button) are already translated; the other button is "Kembali"/"Back".
 * `onConfirm` runs on confirm; `onCancel` on "Back" or close. `color` colours the confirm button (default blue).
 */
export function confirmAction(o: {
  title: string;
  message: string;
  confirm: string;
  onConfirm: () => void;
  onCancel?: () => void;
  color?: string;
}) {
  void feedbackReady().then(() =>
    modals.openConfirmModal({
      title: o.title,
      children: o.message,
      labels: { confirm: o.confirm, cancel: i18n.t('common.back') },
      confirmProps: o.color ? { color: o.color } : undefined,
      closeButtonProps: { 'aria-label': i18n.t('common.close') },
      onCancel: o.onCancel,
      onConfirm: o.onConfirm,
    }),
  );
}
