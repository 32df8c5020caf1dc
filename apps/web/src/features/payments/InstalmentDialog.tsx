/**
 * "Confirm instalment received" for an ATB mandate in the confirmation queue (issue 38 item 3; ADR 0264): the
 * dialog names what the mandate is for and its progress, shows the schedule (AtbSchedule), and asks the day the
 * debit reached the account (today by default; the server refuses a later day or one before the mandate or the
 * previous instalment) and the bank's reference; "Yes, confirm instalment received" records it
 * (POST /api/payment/{id}/instalment): a receipt is issued for that instalment.
 */
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { formatRinggit } from '@wasiat/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api.ts';
import { successToast } from '@/lib/notify.tsx';
import { AtbSchedule, atbProgressText } from './AtbSchedule.tsx';
import { confirmInstalment, type StaffPayment } from './api.ts';

/** Today in Kuala Lumpur, 'YYYY-MM-DD' (the default day received). */
const klToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

/** The dialog for `mandate` (closed when null); `what` names it in one line; `onDone` after a confirmation. */
export function InstalmentDialog({
  mandate,
  what,
  onClose,
  onDone,
}: {
  mandate: StaffPayment | null;
  what: string;
  onClose: () => void;
  onDone: () => void | Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [day, setDay] = useState(klToday);
  const [reference, setReference] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [busy, setBusy] = useState(false);
  const id = mandate?.id;
  useEffect(() => {
    if (!id) return;
    setDay(klToday());
    setReference('');
    setErrors({});
  }, [id]);
  const plan = mandate?.instalments;
  const next = plan?.next;

  async function submit() {
    if (!mandate || !next) return;
    setBusy(true);
    setErrors({});
    try {
      const r = await confirmInstalment(mandate.id, day, reference.trim());
      successToast(
        `${t('payments.ui.atb.confirmed', { no: next.no, total: plan?.total, receipt: r.payment.receipt_no })} ${what}`,
      );
      await onDone();
    } catch (e) {
      if (e instanceof ApiError) {
        e.shownInline = true; // shown in the dialog, not again as a toast (ADR 0124)
        setErrors({
          received_on: e.errors.received_on?.[0],
          reference: e.errors.reference?.[0],
          _: e.errors.received_on || e.errors.reference ? undefined : e.firstMessage,
        });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      opened={!!mandate}
      onClose={onClose}
      size="lg"
      title={t('payments.ui.atb.ask_title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {mandate && plan && (
        <Stack data-testid="instalment-dialog">
          <Text fw={500}>{what}</Text>
          <Text data-testid="atb-progress">{atbProgressText(plan, t, lang)}</Text>
          <AtbSchedule instalments={plan} />
          {next && (
            <>
              <Text>
                {t('payments.ui.atb.ask_text', {
                  no: next.no,
                  total: plan.total,
                  amount: formatRinggit(next.amount_sen),
                })}
              </Text>
              <TextInput
                type="date"
                label={t('payments.ui.atb.received_on')}
                required
                max={klToday()}
                value={day}
                onChange={(e) => setDay(e.currentTarget.value)}
                error={errors.received_on}
              />
              <TextInput
                label={t('payments.ui.atb.reference')}
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                error={errors.reference}
              />
            </>
          )}
          {errors._ && (
            <Text c="red" role="alert">
              {errors._}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('payments.ui.cancel')}
            </Button>
            {next && (
              <Button loading={busy} onClick={submit} disabled={!day}>
                {t('payments.ui.atb.confirm_yes')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
