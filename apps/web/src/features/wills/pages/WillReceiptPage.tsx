/**
 * /wasiat/{wasiat_id}/receipt — the will's payment and the receipt download (GET /api/wasiat/{id}/receipt
 * via api.downloadPdf; docs/api/documents.md). 404 → "not found".
 */
import { Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit, PAYMENT_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { Busy } from '../components/Busy.tsx';
import { WillDownloads } from '../components/Downloads.tsx';
import { useLang } from '../components/fields.tsx';
import { useWill, useWillList } from '../hooks/useWill.ts';
import { formatMalaysianDateTime } from '../lib/datetime.ts';
import type { Payment } from '../types.ts';

/** The receipt page; see the file comment. */
export function WillReceiptPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { wasiat_id } = useParams();
  const { will, isLoading, notFound } = useWill(wasiat_id);
  const payments = useWillList<Payment>(will ? wasiat_id : null, 'payment', 'payments');
  if (isLoading) return <Busy />;
  if (notFound || !will) return <NotFoundPage />;
  return (
    <Stack>
      <Title order={1}>{t('wills.receipt.title')}</Title>
      {will.wasiat_no && <Text>{t('wills.wizard.number', { no: will.wasiat_no })}</Text>}
      {(payments.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('wills.details.no_receipt')}</Text>
      ) : (
        <Table withTableBorder striped>
          <Table.Caption>{t('wills.receipt.payments')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('wills.receipt.receipt_no')}</Table.Th>
              <Table.Th scope="col">{t('wills.pay.mode')}</Table.Th>
              <Table.Th scope="col">{t('wills.receipt.amount')}</Table.Th>
              <Table.Th scope="col">{t('wills.pay.status')}</Table.Th>
              <Table.Th scope="col">{t('wills.receipt.date')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(payments.data ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.receipt_no ?? '—'}</Table.Td>
                <Table.Td>{PAYMENT_TYPES.find((x) => x.code === p.payment_options_id)?.[lang] ?? '—'}</Table.Td>
                <Table.Td>{formatRinggit(p.amount_sen)}</Table.Td>
                <Table.Td>{t(`payments.status.${p.status}`)}</Table.Td>
                <Table.Td>{formatMalaysianDateTime(p.paid_at ?? p.created_at, lang)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <WillDownloads will={will} receiptOnly />
    </Stack>
  );
}
