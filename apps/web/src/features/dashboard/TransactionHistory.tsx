/**
 * Dashboard "Transaction history" (spec §2): every payment paid by or for the client, of every payable kind —
 * will, amendment, hibah or trust, qurban (issue 38 item 2; ADR 0248; `GET /api/payment/mine`) — date, what it is
 * for (the kind and the record's number, else "draft"), payment mode, amount, status and receipt number. An ATB
 * mandate's row says how many instalments were received, each instalment's row its number (ADR 0264). A settled
 * payment's receipt downloads from its row (`GET /api/payment/{id}/receipt`): the receipt mail of every kind but a
 * will sends its payer here (issue 38).
 */
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit, labelOf, PAYMENT_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { PdfDownload } from '@/features/wills/index.ts';
import { formatDateTime } from '@/lib/format.ts';
import { PaymentStatusBadge } from './StatusBadge.tsx';
import type { HistoryPayment } from './types.ts';
import { transactionRows } from './will-data.ts';

/** What each payable kind is called in the history ("Will W2026-…"); another kind shows its number alone. */
const PAID_FOR: Record<string, string> = {
  Wasiat: 'dashboard.paid_for_will',
  Hibah: 'dashboard.paid_for_hibah',
  Amendment: 'dashboard.paid_for_amendment',
  QurbanTransaction: 'dashboard.paid_for_qurban',
};

/** The transaction history table of the payer's `payments` (`GET /api/payment/mine`). */
export function TransactionHistory({ payments, loading }: { payments: readonly HistoryPayment[]; loading?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const rows = transactionRows(payments);
  /** An ATB mandate says how many instalments came in; an instalment which one it is (ADR 0264). */
  const atbNote = (p: HistoryPayment) =>
    p.mandate && p.instalments
      ? t('dashboard.atb_mandate', { received: p.instalments.received, total: p.instalments.total })
      : p.instalment_no
        ? t('dashboard.atb_instalment', { no: p.instalment_no })
        : null;
  const forText = (r: (typeof rows)[number]) => {
    const what = r.payment.payable_reference ?? t('dashboard.will_draft');
    const key = PAID_FOR[r.payment.paymentable_type];
    return key ? t(key, { what }) : what;
  };
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="transactions-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="transactions-heading">
          {t('dashboard.sections.transactions')}
        </Title>
        {loading ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed" data-testid="no-transactions">
            {t('dashboard.no_transactions')}
          </Text>
        ) : (
          <ListTable minWidth={560} aria-label={t('dashboard.sections.transactions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.col.date')}</Table.Th>
                <Table.Th>{t('dashboard.col.for')}</Table.Th>
                <Table.Th>{t('dashboard.col.mode')}</Table.Th>
                <Table.Th>{t('dashboard.col.amount')}</Table.Th>
                <Table.Th>{t('dashboard.col.status')}</Table.Th>
                <Table.Th>{t('dashboard.col.receipt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.key} data-testid="transaction-row">
                  <Table.Td>{formatDateTime(r.date, lang) || '—'}</Table.Td>
                  <Table.Td>{forText(r)}</Table.Td>
                  <Table.Td>
                    {r.payment?.payment_options_id ? labelOf(PAYMENT_TYPES, r.payment.payment_options_id, lang) : '—'}
                    {atbNote(r.payment) && <Text size="xs">{atbNote(r.payment)}</Text>}
                  </Table.Td>
                  <Table.Td>{r.amount_sen === null ? '—' : formatRinggit(r.amount_sen)}</Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>
                    {r.payment?.receipt_no ?? '—'}
                    {r.payment?.receipt_no && (r.status === 'paid' || r.status === 'waived') && (
                      <PdfDownload
                        path={`payment/${r.payment.id}/receipt`}
                        filename={`resit-${r.payment.receipt_no}.pdf`}
                        label={t('payments.ui.download')}
                        ariaLabel={t('dashboard.receipt_download', { no: r.payment.receipt_no })}
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        )}
      </Stack>
    </Card>
  );
}
