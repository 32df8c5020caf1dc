/**
 * /dashboard/payments — the confirmation queue for an Accountant, Staff or Admin (`payment:confirm`;
 * spec §9 manual modes; ADR 0040): pending cash, direct, ATB and financing payments of every
 * organisation (GET /api/payment?status=pending&manual=1). Cash/direct/ATB: "Confirm received"
 * (POST /api/payment/{id}/confirm). Financing: the bank's decision — approved, or rejected with the
 * bank's reason (POST /api/payment/{id}/financing), which rejects the will. Who and when are recorded by
 * the server. Each row says what the payment is for — the kind (will, hibah, amendment, qurban), the
 * record's number (`payable_reference`) and the payer — and a confirmation or a bank approval is asked in a
 * dialog naming the kind, reference, payer, method and amount; the toast repeats what was confirmed
 * (issue 21 item 8). An ATB mandate is confirmed debit by debit (issue 38 item 3; ADR 0264): its row shows how
 * many instalments were received, and "Confirm instalment received" opens its schedule (InstalmentDialog).
 * Cash, direct and offline payments whose money did not arrive are refused with a reason (POST
 * /api/payment/{id}/refuse; ADR 0285); an offline row shows how and when it was paid.
 */
import { Anchor, Button, Group, Modal, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { formatRinggit, labelOf, PAYMENT_OPTIONS, PAYMENT_TYPES } from '@wasiat/domain';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { ApiError } from '@/lib/api.ts';
import { formatDate, formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { atbProgressText } from './AtbSchedule.tsx';
import { confirmPayment, decideFinancing, pendingManual, refusePayment, type StaffPayment } from './api.ts';
import { InstalmentDialog } from './InstalmentDialog.tsx';

/** The confirmation queue page; see the file comment. */
export function PaymentConfirmationsPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [rows, setRows] = useState<StaffPayment[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<StaffPayment | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  /** The payment whose confirmation (or bank approval) is being asked. */
  const [asking, setAsking] = useState<StaffPayment | null>(null);
  /** The ATB mandate whose next instalment is being confirmed. */
  const [instalmentOf, setInstalmentOf] = useState<StaffPayment | null>(null);
  const kindOf = (p: StaffPayment) => t(`payments.ui.kind.${p.paymentable_type}`, { defaultValue: p.paymentable_type });
  const refOf = (p: StaffPayment) => p.payable_reference ?? t('payments.ui.no_reference');
  /** "Will W-… · payer · RM …": what a payment is for, in one line. */
  const whatOf = (p: StaffPayment) =>
    t('payments.ui.what', {
      kind: kindOf(p),
      ref: refOf(p),
      payer: p.payer_name || '—',
      amount: formatRinggit(p.amount_sen),
    });

  const load = useCallback(async () => {
    try {
      setRows((await pendingManual()).payments.data);
    } catch {
      setRows([]);
    }
  }, []);
  useEffect(() => {
    load();
  }, [load]);

  async function act(p: StaffPayment, fn: () => Promise<{ payment: { receipt_no: string | null } }>) {
    setBusy(p.id);
    try {
      const r = await fn();
      successToast(
        `${
          r.payment.receipt_no ? t('payments.ui.confirmed', { no: r.payment.receipt_no }) : t('payments.ui.decided')
        } ${whatOf(p)}`,
      );
      await load();
    } catch {
      /* the client showed the error */
    } finally {
      setBusy(null);
    }
  }

  async function reject() {
    if (!rejecting) return;
    setReasonError(undefined);
    try {
      if (rejecting.payment_options_id === PAYMENT_OPTIONS.financing) {
        await decideFinancing(rejecting.id, 'rejected', reason.trim());
        successToast(t('payments.ui.decided'));
      } else {
        await refusePayment(rejecting.id, reason.trim());
        successToast(`${t('payments.ui.refused')} ${whatOf(rejecting)}`);
      }
      setRejecting(null);
      setReason('');
      await load();
    } catch (e) {
      if (e instanceof ApiError) setReasonError(e.errors.reason?.[0] ?? e.firstMessage);
    }
  }

  return (
    <Stack>
      <Title order={1}>{t('payments.ui.confirm_title')}</Title>
      <Text>{t('payments.ui.confirm_intro')}</Text>
      {rows === null ? (
        <Text c="dimmed">{t('common.loading')}</Text>
      ) : rows.length === 0 ? (
        <Text c="dimmed" data-testid="no-pending-payments">
          {t('payments.ui.none_pending')}
        </Text>
      ) : (
        <ListTable minWidth={720}>
          <Table.Caption>{t('payments.ui.confirm_title')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('payments.ui.col_date')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.col_for')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.col_payer')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.col_org')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.col_mode')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.col_amount')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.col_reference')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.col_action')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((p) => (
              <Table.Tr key={p.id} data-testid="pending-payment">
                <Table.Td>{formatDateTime(p.created_at, lang)}</Table.Td>
                <Table.Td data-testid="payment-for">
                  <Text size="sm" fw={500}>
                    {kindOf(p)}
                  </Text>
                  <Text size="sm">{refOf(p)}</Text>
                </Table.Td>
                <Table.Td>
                  {p.paymentable_type === 'Wasiat' ? (
                    <Anchor component={Link} to={`/wasiat/${p.paymentable_id}/details`}>
                      {p.payer_name || '—'}
                    </Anchor>
                  ) : (
                    (p.payer_name ?? '—')
                  )}
                </Table.Td>
                <Table.Td>{p.organization_name ?? '—'}</Table.Td>
                <Table.Td>{labelOf(PAYMENT_TYPES, p.payment_options_id, lang)}</Table.Td>
                <Table.Td>
                  {formatRinggit(p.amount_sen)}
                  {p.instalments && (
                    <Text size="xs" data-testid="atb-row-progress">
                      {atbProgressText(p.instalments, t, lang)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {[
                    p.offline_method ? t(`payments.ui.offline_methods.${p.offline_method}`) : null,
                    p.reference,
                    p.bank_name,
                    p.account_no,
                    p.atb_amount_sen ? formatRinggit(p.atb_amount_sen) : null,
                    formatDate(p.atb_start_date, lang),
                    p.paid_on ? formatDate(p.paid_on, lang) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ') || '—'}
                </Table.Td>
                <Table.Td>
                  {p.payment_options_id === PAYMENT_OPTIONS.financing ? (
                    <Group gap="xs">
                      <Button size="xs" loading={busy === p.id} onClick={() => setAsking(p)}>
                        {t('payments.ui.approve')}
                      </Button>
                      <Button size="xs" color="red" variant="light" onClick={() => setRejecting(p)}>
                        {t('payments.ui.reject')}
                      </Button>
                    </Group>
                  ) : p.mandate && p.instalments ? (
                    <Button size="xs" onClick={() => setInstalmentOf(p)}>
                      {t('payments.ui.atb.confirm')}
                    </Button>
                  ) : (
                    <Group gap="xs">
                      <Button size="xs" loading={busy === p.id} onClick={() => setAsking(p)}>
                        {t('payments.ui.confirm')}
                      </Button>
                      {!p.mandate && (
                        <Button size="xs" color="red" variant="light" onClick={() => setRejecting(p)}>
                          {t('payments.ui.refuse')}
                        </Button>
                      )}
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <Modal
        opened={!!asking}
        onClose={() => setAsking(null)}
        title={
          asking?.payment_options_id === PAYMENT_OPTIONS.financing
            ? t('payments.ui.ask_approve_title')
            : t('payments.ui.ask_confirm_title')
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {asking && (
          <Stack data-testid="confirm-payment-dialog">
            <Text>
              {asking.payment_options_id === PAYMENT_OPTIONS.financing
                ? t('payments.ui.ask_approve_text')
                : t('payments.ui.ask_confirm_text')}
            </Text>
            <Table variant="vertical" withTableBorder>
              <Table.Tbody>
                {(
                  [
                    ['ask_kind', kindOf(asking)],
                    ['ask_reference', refOf(asking)],
                    ['col_payer', asking.payer_name || '—'],
                    ['col_mode', labelOf(PAYMENT_TYPES, asking.payment_options_id, lang)],
                    ['col_amount', formatRinggit(asking.amount_sen)],
                    ['ask_payment_reference', asking.reference || '—'],
                  ] as const
                ).map(([k, v]) => (
                  <Table.Tr key={k}>
                    <Table.Th scope="row">{t(`payments.ui.${k}`)}</Table.Th>
                    <Table.Td>{v}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setAsking(null)}>
                {t('payments.ui.cancel')}
              </Button>
              <Button
                loading={busy === asking.id}
                onClick={async () => {
                  const p = asking;
                  await act(p, () =>
                    p.payment_options_id === PAYMENT_OPTIONS.financing
                      ? decideFinancing(p.id, 'approved')
                      : confirmPayment(p.id),
                  );
                  setAsking(null);
                }}
              >
                {asking.payment_options_id === PAYMENT_OPTIONS.financing
                  ? t('payments.ui.approve')
                  : t('payments.ui.confirm_yes')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <InstalmentDialog
        mandate={instalmentOf}
        what={instalmentOf ? whatOf(instalmentOf) : ''}
        onClose={() => setInstalmentOf(null)}
        onDone={async () => {
          setInstalmentOf(null);
          await load();
        }}
      />
      <Modal
        opened={!!rejecting}
        onClose={() => setRejecting(null)}
        title={
          rejecting && rejecting.payment_options_id !== PAYMENT_OPTIONS.financing
            ? t('payments.ui.refuse_title')
            : t('payments.ui.reject_title')
        }
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack>
          {rejecting && <Text>{whatOf(rejecting)}</Text>}
          <Textarea
            label={
              rejecting && rejecting.payment_options_id !== PAYMENT_OPTIONS.financing
                ? t('payments.ui.refuse_reason')
                : t('payments.ui.reason')
            }
            required
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            error={reasonError}
          />
          <Group justify="flex-end">
            <Button color="red" onClick={reject}>
              {t('payments.ui.save')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
