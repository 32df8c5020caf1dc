/**
 * A payable's offline declaration awaiting confirmation (mode 6, pending; ADR 0285, ADR 0291), as the payer's
 * screens show it instead of any way to pay: the amount, how and when it was paid, the transfer or cheque number, the
 * bank, the proof (downloaded with the bearer token, `GET /api/attachment/{id}/file`) and "awaiting confirmation".
 * The same for every payable kind (will, hibah, amendment, qurban purchase). {@link OfflinePendingGate} is the same
 * rule where a list row offers "pay": the row's pay button, or "awaiting confirmation" while a declaration waits.
 */
import { Anchor, Paper, Stack, Table, Text } from '@mantine/core';
import { formatRinggit, PAYMENT_OPTIONS } from '@wasiat/domain';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/Notice.tsx';
import { fetchAttachmentBlob, saveBlob } from '@/lib/attachments.ts';
import { formatDate } from '@/lib/format.ts';
import { type LatestPayment, latestPayment } from './api.ts';

/** Whether a payable's latest payment is an offline declaration still awaiting staff (ADR 0291). */
export const isPendingOffline = (p: Pick<LatestPayment, 'status' | 'payment_options_id'> | null | undefined) =>
  p?.status === 'pending' && p.payment_options_id === PAYMENT_OPTIONS.offline;

/** The proof of the declaration as a link that downloads it; a failure is said beside it. */
function ProofLink({ id }: { id: string }) {
  const { t } = useTranslation();
  const [failed, setFailed] = useState(false);
  return (
    <>
      <Anchor
        component="button"
        type="button"
        data-testid="offline-proof"
        onClick={async () => {
          setFailed(false);
          try {
            const blob = await fetchAttachmentBlob(id);
            saveBlob(blob, blob.type === 'application/pdf' ? 'bukti-bayaran.pdf' : 'bukti-bayaran');
          } catch {
            setFailed(true);
          }
        }}
      >
        {t('payments.ui.offline_proof_open')}
      </Anchor>
      {failed && (
        <Text component="span" c="red" size="sm">
          {' '}
          {t('payments.ui.offline_proof_failed')}
        </Text>
      )}
    </>
  );
}

/** The declaration `payment` (a pending mode-6 payment as `GET /payment/latest` gives it); see the file comment. */
export function OfflineDeclaration({ payment }: { payment: LatestPayment }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const rows: [string, ReactNode][] = [
    [t('payments.ui.offline_amount_declared'), formatRinggit(payment.amount_sen)],
    [
      t('payments.ui.offline_method'),
      payment.offline_method ? t(`payments.ui.offline_methods.${payment.offline_method}`) : '—',
    ],
    [t('payments.ui.paid_on'), formatDate(payment.paid_on, lang) || '—'],
    [t('payments.ui.offline_reference'), payment.reference || '—'],
    [t('payments.ui.bank'), payment.bank_name || '—'],
    [
      t('payments.ui.offline_proof_label'),
      payment.slip_attachment_id ? (
        <ProofLink key="proof" id={payment.slip_attachment_id} />
      ) : (
        t('payments.ui.offline_no_proof')
      ),
    ],
  ];
  return (
    <Paper withBorder p="md" data-testid="offline-declaration">
      <Stack gap="xs">
        {/* Not a heading: the hosts' heading levels differ (a part's h2, a page's h1). */}
        <Text fw={600}>{t('payments.ui.offline_declared_title')}</Text>
        <Table withTableBorder aria-label={t('payments.ui.offline_declared_title')}>
          <Table.Tbody>
            {rows.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Notice color="green" role="status" data-testid="offline-sent">
          {t('payments.ui.offline_sent')}
        </Notice>
      </Stack>
    </Paper>
  );
}

/**
 * A list row's way to pay (`children`, e.g. the gateway's "pay" button) for the payable `paymentableType` /
 * `paymentableId`, shown only once its latest payment (`GET /api/payment/latest`) is known not to be an offline
 * declaration awaiting confirmation; while one waits, a short "awaiting confirmation" instead (ADR 0291). When the
 * latest payment cannot be read, the children are shown.
 */
export function OfflinePendingGate({
  paymentableType,
  paymentableId,
  children,
}: {
  paymentableType: string;
  paymentableId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [state, setState] = useState<'loading' | 'pending' | 'none'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    latestPayment(paymentableType, paymentableId).then((p) => {
      if (live) setState(isPendingOffline(p) ? 'pending' : 'none');
    });
    return () => {
      live = false;
    };
  }, [paymentableType, paymentableId]);
  if (state === 'loading') return null;
  if (state === 'none') return <>{children}</>;
  return (
    <Text size="sm" data-testid="offline-pending">
      {t('payments.ui.offline_pending_short')}
    </Text>
  );
}
