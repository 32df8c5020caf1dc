/**
 * /payment-status — where the payment gateway returns (docs/api/payments.md: the sandbox redirects to
 * `/payment-status?status=1&payment_id=…&wasiat_id=…`, status=0 on failure; spec §4 "Payment: made,
 * failed"; spec §8 "Payment of will failed"): success or failure in words and a link back to the wizard
 * (the next part after a success, the payment part after a failure).
 */
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Notice } from '@/features/wills/index.ts';

/** Read the gateway's return query: outcome and the will to go back to. */
export function readPaymentReturn(params: URLSearchParams) {
  const status = params.get('status');
  const ok = status === '1' || status === 'success' || status === 'paid';
  const wasiatId = params.get('wasiat_id');
  const q = wasiatId ? `?wasiat_id=${encodeURIComponent(wasiatId)}` : '';
  return {
    ok,
    wasiatId,
    paymentId: params.get('payment_id'),
    back: ok ? `/wasiat/part-c${q}` : `/wasiat/part-payment${q}`,
  };
}

/** The payment status page; see the file comment. */
export function PaymentStatusPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const r = readPaymentReturn(params);
  return (
    <Stack>
      <Title order={1}>{t('public.payment.title')}</Title>
      <Notice
        color={r.ok ? 'green' : 'red'}
        title={r.ok ? t('public.payment.success_title') : t('public.payment.failed_title')}
        data-testid="payment-result"
      >
        <Text>{r.ok ? t('public.payment.success_text') : t('public.payment.failed_text')}</Text>
      </Notice>
      {r.paymentId && (
        <Text size="sm">
          {t('public.payment.reference')}: {r.paymentId}
        </Text>
      )}
      <Anchor component={Link} to={r.back}>
        {r.ok ? t('public.payment.continue') : t('public.payment.retry')}
      </Anchor>
    </Stack>
  );
}
