/**
 * /payment-status — where the payment gateway returns (docs/api/payments.md: the gateway redirects to the
 * payment's `redirect_url`, by default `/payment-status?status=1&payment_id=…&wasiat_id=…`, status=0 on
 * failure; spec §4 "Payment: made, failed"; spec §8 "Payment of will failed"). With a `payment_id` the
 * page asks the server (public client, `GET /api/payment-status/{id}`) instead of trusting the query
 * string, and while the gateway has not confirmed yet it checks again every 2 s (up to 30 s). It shows
 * success or failure in words, naming what was paid for — the will, the amendment, the hibah product by its
 * name, the qurban purchase — and a link back to that payable's own page (the next part after a success, its
 * payment after a failure; payment-return.ts, ADR 0242). The amount and receipt number come back only for the
 * payer (issue 16 item 5, ADR 0107): a logged-in user's own session is sent (a public route never answers 401,
 * so an ended session only hides them); anyone else sees the outcome alone.
 */
import { Anchor, Loader, Stack, Text, Title } from '@mantine/core';
import { formatRinggit } from '@wasiat/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Notice, useLang } from '@/features/wills/index.ts';
import { api, publicApi } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { type PublicPayment, readPaymentReturn } from './payment-return.ts';

export { readPaymentReturn } from './payment-return.ts';

/** The payment status page; see the file comment. */
export function PaymentStatusPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params] = useSearchParams();
  const paymentId = params.get('payment_id');
  const [payment, setPayment] = useState<PublicPayment | null>(null);
  const [checking, setChecking] = useState(!!paymentId);

  useEffect(() => {
    if (!paymentId) return;
    let live = true;
    let tries = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const client = session.token() ? api : publicApi;
        const r = await client.get<{ payment: PublicPayment }>(
          `payment-status/${encodeURIComponent(paymentId)}`,
          undefined,
          {
            silent: true,
          },
        );
        if (!live) return;
        setPayment(r.payment);
        if (r.payment.status === 'pending' && ++tries < 15) timer = setTimeout(load, 2000);
        else setChecking(false);
      } catch {
        if (live) setChecking(false);
      }
    };
    load();
    return () => {
      live = false;
      if (timer) clearTimeout(timer);
    };
  }, [paymentId]);

  const r = readPaymentReturn(params, payment, lang);
  const pending = payment?.status === 'pending';
  // "wasiat anda" / "Hibah Amanah Hartanah anda" …: what was paid for, in the sentence and on the button
  const product = r.product ?? t('public.payment.what.hibah_generic');
  const what = t(`public.payment.what.${r.kind}`, { product });
  return (
    <Stack>
      <Title order={1}>{t('public.payment.title')}</Title>
      {checking && !payment ? (
        <Text>
          <Loader size="xs" mr="xs" />
          {t('payments.ui.status_checking')}
        </Text>
      ) : pending ? (
        <Notice color="yellow" title={t('payments.ui.pending_title')} data-testid="payment-result">
          <Text>{t('payments.ui.pending_text')}</Text>
        </Notice>
      ) : (
        <Notice
          color={r.ok ? 'green' : 'red'}
          title={r.ok ? t('public.payment.success_title') : t('public.payment.failed_title')}
          data-testid="payment-result"
        >
          <Text>{r.ok ? t('public.payment.success_text', { what }) : t('public.payment.failed_text', { what })}</Text>
        </Notice>
      )}
      {payment?.amount_sen !== undefined && (
        <Text size="sm" data-testid="payment-amount">
          {t('payments.ui.amount')}: {formatRinggit(payment.amount_sen)}
          {payment.receipt_no ? ` — ${t('payments.ui.receipt_no')}: ${payment.receipt_no}` : ''}
        </Text>
      )}
      {r.paymentId && (
        <Text size="sm">
          {t('public.payment.reference')}: {r.paymentId}
        </Text>
      )}
      {!pending && (
        <Anchor component={Link} to={r.back} data-testid="payment-back">
          {t(`public.payment.${r.ok ? 'continue' : 'retry'}.${r.kind}`, { product })}
        </Anchor>
      )}
    </Stack>
  );
}
