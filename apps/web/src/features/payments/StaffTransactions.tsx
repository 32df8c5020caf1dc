/**
 * Dashboard section "Transaction history" for Accountant, Staff and Admin (spec §2 dashboard content
 * "transaction history"; `payment:confirm`): the latest payments of every organisation (GET /api/payment),
 * with mode, amount, status and receipt number, and a link to the confirmation queue.
 */
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit, labelOf, PAYMENT_TYPES } from '@wasiat/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import type { StaffPayment } from './api.ts';

/** The staff transaction history section; see the file comment. */
export function StaffTransactions() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [rows, setRows] = useState<StaffPayment[] | null>(null);
  useEffect(() => {
    let live = true;
    api
      .get<{ payments: { data: StaffPayment[] } }>('payment', { limit: 10 }, { silent: true })
      .then((r) => live && setRows(r.payments.data))
      .catch(() => live && setRows([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Card withBorder radius="md" p="lg" component="section" aria-labelledby="staff-transactions-heading">
      <Stack gap="sm">
        <Title order={2} size="h3" id="staff-transactions-heading">
          {t('dashboard.sections.transactions')}
        </Title>
        {rows === null ? (
          <Text c="dimmed">{t('common.loading')}</Text>
        ) : rows.length === 0 ? (
          <Text c="dimmed">{t('dashboard.no_transactions')}</Text>
        ) : (
          <ListTable minWidth={560} aria-label={t('dashboard.sections.transactions')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('dashboard.col.date')}</Table.Th>
                <Table.Th>{t('payments.ui.col_payer')}</Table.Th>
                <Table.Th>{t('dashboard.col.mode')}</Table.Th>
                <Table.Th>{t('dashboard.col.amount')}</Table.Th>
                <Table.Th>{t('dashboard.col.status')}</Table.Th>
                <Table.Th>{t('dashboard.col.receipt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id} data-testid="staff-transaction-row">
                  <Table.Td>{formatDateTime(p.created_at, lang)}</Table.Td>
                  <Table.Td>{p.payer_name ?? '—'}</Table.Td>
                  <Table.Td>{labelOf(PAYMENT_TYPES, p.payment_options_id, lang)}</Table.Td>
                  <Table.Td>{formatRinggit(p.amount_sen)}</Table.Td>
                  <Table.Td>{t(`payments.status.${p.status}`)}</Table.Td>
                  <Table.Td>{p.receipt_no ?? '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </ListTable>
        )}
        <Anchor component={Link} to="/dashboard/payments">
          {t('nav.payments')}
        </Anchor>
      </Stack>
    </Card>
  );
}
