/**
 * Dashboard "Transaction history" (spec §2): the payments of the client's wills and hibahs (issue 21 item 9)
 * — date, what it is for (the will or the hibah by its number, else "draft" / the product), payment mode,
 * amount, status and receipt number. When the list was not loaded with its payments
 * (`load_with=payment` unsupported), each will's `payment_status` is shown instead.
 */
import { Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit, HIBAH_TYPES, labelOf, PAYMENT_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { ListTable } from '@/components/ListTable.tsx';
import { formatDateTime } from '@/lib/format.ts';
import { PaymentStatusBadge } from './StatusBadge.tsx';
import type { HibahPayments, WillSummary } from './types.ts';
import { transactionRows } from './will-data.ts';

/** The transaction history table of `wills` and `hibahs`. */
export function TransactionHistory({
  wills,
  hibahs = [],
  loading,
}: {
  wills: readonly WillSummary[];
  hibahs?: readonly HibahPayments[];
  loading?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const rows = transactionRows(wills, hibahs);
  const forText = (r: (typeof rows)[number]) =>
    r.hibah
      ? t('dashboard.paid_for_hibah', {
          what: r.hibah.hibah_number ?? labelOf(HIBAH_TYPES, r.hibah.hibah_type, lang),
        })
      : t('dashboard.paid_for_will', { what: r.will?.wasiat_no ?? t('dashboard.will_draft') });
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
                  </Table.Td>
                  <Table.Td>{r.amount_sen === null ? '—' : formatRinggit(r.amount_sen)}</Table.Td>
                  <Table.Td>
                    <PaymentStatusBadge status={r.status} />
                  </Table.Td>
                  <Table.Td>{r.payment?.receipt_no ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        )}
      </Stack>
    </Card>
  );
}
