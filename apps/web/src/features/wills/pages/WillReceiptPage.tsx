/**
 * /wasiat/{wasiat_id}/receipt — the will's payments, each settled one with its numbered receipt
 * (GET /api/payment/{id}/receipt via api.downloadPdf; docs/api/payments.md), the financing state, and
 * "Receipt email failed: contact customer service" (spec §8) when a receipt e-mail finally failed.
 * 404 → "not found".
 */
import { Button, Stack, Table, Text, Title } from '@mantine/core';
import { formatRinggit, PAYMENT_TYPES } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { NotFoundPage } from '@/app/layout/NotFoundPage.tsx';
import { ListTable } from '@/components/ListTable.tsx';
import { api } from '@/lib/api.ts';
import { formatDateTime } from '@/lib/format.ts';
import { successToast } from '@/lib/notify.tsx';
import { useLang } from '../../../components/instrument/fields.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { Busy } from '../components/Busy.tsx';
import { PdfDownload, WillDownloads } from '../components/Downloads.tsx';
import { useWill, useWillList } from '../hooks/useWill.ts';
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
  const mailFailed = (payments.data ?? []).some((p) => p.receipt_mail_failed);
  return (
    <Stack>
      <Title order={1}>{t('wills.receipt.title')}</Title>
      {mailFailed && (
        <Notice color="red" data-testid="receipt-mail-failed">
          <Stack gap="xs" align="flex-start">
            <Text>{t('payments.receipt_mail_failed')}</Text>
            <Button
              size="xs"
              variant="white"
              onClick={async () => {
                try {
                  await api.post(`wasiat/${will.id}/paid-notification`, {});
                  successToast(t('payments.ui.resent'));
                  await payments.refetch();
                } catch {
                  /* the client showed the error */
                }
              }}
            >
              {t('payments.ui.resend')}
            </Button>
          </Stack>
        </Notice>
      )}
      {will.wasiat_no && <Text>{t('wills.wizard.number', { no: will.wasiat_no })}</Text>}
      {(payments.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('wills.details.no_receipt')}</Text>
      ) : (
        <ListTable>
          <Table.Caption>{t('wills.receipt.payments')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('wills.receipt.receipt_no')}</Table.Th>
              <Table.Th scope="col">{t('wills.pay.mode')}</Table.Th>
              <Table.Th scope="col">{t('wills.receipt.amount')}</Table.Th>
              <Table.Th scope="col">{t('wills.pay.status')}</Table.Th>
              <Table.Th scope="col">{t('wills.receipt.date')}</Table.Th>
              <Table.Th scope="col">{t('payments.ui.download')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {(payments.data ?? []).map((p) => (
              <Table.Tr key={p.id}>
                <Table.Td>{p.receipt_no ?? '—'}</Table.Td>
                <Table.Td>{PAYMENT_TYPES.find((x) => x.code === p.payment_options_id)?.[lang] ?? '—'}</Table.Td>
                <Table.Td>{formatRinggit(p.amount_sen)}</Table.Td>
                <Table.Td>
                  {t(`payments.status.${p.status}`)}
                  {p.financing_status && ` — ${t(`payments.financing_status.${p.financing_status}`)}`}
                  {p.failure_reason && ` (${p.failure_reason})`}
                </Table.Td>
                <Table.Td>{formatDateTime(p.paid_at ?? p.created_at, lang)}</Table.Td>
                <Table.Td>
                  {p.receipt_no && (p.status === 'paid' || p.status === 'waived') ? (
                    <PdfDownload
                      path={`payment/${p.id}/receipt`}
                      filename={`resit-${p.receipt_no}.pdf`}
                      label={t('payments.ui.download')}
                    />
                  ) : (
                    '—'
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </ListTable>
      )}
      <WillDownloads will={will} receiptOnly />
    </Stack>
  );
}
