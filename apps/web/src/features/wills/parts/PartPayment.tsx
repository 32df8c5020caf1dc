/**
 * Part Payment (docs/api/payments.md; spec §3 promo code, §4 payment states, §5 "Promo code must be valid
 * and unused", §8 "Payment of will failed", §9 payment modes; ADR 0040): price, promo discount and
 * amount due; a promo code checked with POST /api/promo-code/check; then one of the modes the server
 * allows for this will and caller (GET /api/payment/options): online gateway (POST /api/payment → the
 * browser goes to `payment_link`; the gateway returns to /payment-status), direct (reference + slip),
 * cash, financing, ATB, offline (ADR 0285; once declared and awaiting confirmation, the declaration is shown with
 * "replace the details" and no other way to pay, ADR 0291). Staff and agents may instead create a gateway pay link
 * and send it by WhatsApp. After a failed gateway payment the part shows "Payment of will failed" and allows a retry.
 */
import {
  Anchor,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { formatRinggit, PAYMENT_OPTIONS, PAYMENT_TYPES, roleOf } from '@wasiat/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FormError } from '@/components/FormError.tsx';
import {
  AtbProgress,
  emptyModeValues,
  latestFailureReason,
  ModeFields,
  type ModeValues,
  modeBody,
  OfflinePayment,
  paymentOptions,
  shareLink,
  uploadSlip,
} from '@/features/payments/index.ts';
import { ApiError, api } from '@/lib/api.ts';
import { session } from '@/lib/storage.ts';
import { useLang } from '../../../components/instrument/fields.tsx';
import { Notice } from '../../../components/Notice.tsx';
import { useWizard } from '../components/WizardLayout.tsx';
import type { Will } from '../types.ts';

/** The amounts to show: price, discount (a checked promo code counts) and what is left to pay, in sen. */
export function paymentSummary(
  will: Pick<Will, 'price_sen' | 'discount_sen' | 'amount_due_sen'> | null,
  promoDiscountSen = 0,
) {
  const price = will?.price_sen ?? 0;
  const discount = Math.min(price, Math.max(will?.discount_sen ?? 0, promoDiscountSen));
  return { price, discount, due: Math.max(0, price - discount) };
}

/** Whether the payment part needs no more action: paid, waived, or a manual payment waiting for staff. */
export const paymentSettled = (will: Pick<Will, 'payment_status' | 'payment_options_id'> | null) =>
  will?.payment_status === 'paid' ||
  will?.payment_status === 'waived' ||
  (will?.payment_status === 'pending' && will.payment_options_id !== PAYMENT_OPTIONS.gateway);

/** Part Payment page; see the file comment. */
export function PartPayment() {
  const { t } = useTranslation();
  const lang = useLang();
  const { will, wasiatId, editable, goNext, refresh } = useWizard();
  const isClient = roleOf(session.user()) === 'Client';
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<{ code: string; discount_sen: number } | null>(null);
  const [promoError, setPromoError] = useState<string | undefined>();
  const [mode, setMode] = useState<string>(String(PAYMENT_OPTIONS.gateway));
  const [values, setValues] = useState<ModeValues>(emptyModeValues);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState<number[]>([PAYMENT_OPTIONS.gateway]);
  const [share, setShare] = useState<{ payment_link: string; whatsapp_url: string } | null>(null);
  // Results that appear while focus stays on a button are announced here (WCAG 4.1.3; issue 22 item 4).
  const [live, setLive] = useState('');
  const codeRef = useRef<HTMLInputElement>(null);
  const announce = (msg: string) => {
    setLive('');
    setTimeout(() => setLive(msg), 50);
  };
  // The reason staff gave when they refused the last payment (ADR 0285), shown with "payment failed".
  const [failedReason, setFailedReason] = useState<string | null>(null);
  useEffect(() => {
    if (!wasiatId || will?.payment_status !== 'failed') return;
    latestFailureReason(wasiatId)
      .then(setFailedReason)
      .catch(() => setFailedReason(null));
  }, [wasiatId, will?.payment_status]);
  const summary = paymentSummary(will, promo?.discount_sen);
  const settled = paymentSettled(will);

  useEffect(() => {
    if (!wasiatId) return;
    let live = true;
    paymentOptions(wasiatId).then((o) => {
      if (!live) return;
      setOptions(o.length ? o : [PAYMENT_OPTIONS.gateway]);
      // Keep the chosen mode when allowed; else the first allowed one.
      setMode((m) => (o.length && !o.includes(Number(m)) ? String(o[0]) : m));
    });
    return () => {
      live = false;
    };
  }, [wasiatId]);

  async function checkPromo() {
    setPromoError(undefined);
    setPromo(null);
    try {
      const r = await api.post<{ promo_code: { code: string; discount_sen: number } }>(
        'promo-code/check',
        { code, wasiat_id: wasiatId },
        { silent: true },
      );
      setPromo(r.promo_code);
      announce(t('wills.pay.promo_ok', { discount: formatRinggit(r.promo_code.discount_sen) }));
    } catch (e) {
      const reason =
        e instanceof ApiError ? (e.errors.promo_code?.[0] ?? e.errors.code?.[0] ?? e.firstMessage) : String(e);
      setPromoError(reason);
      announce(t('wills.pay.promo_refused', { reason }));
    }
  }

  /** Drop the typed code (after a refusal): pay without one; everything else typed stays. */
  function removeCode() {
    setCode('');
    setPromo(null);
    setPromoError(undefined);
    setFormError(null);
    announce(t('wills.pay.code_removed'));
    codeRef.current?.focus();
  }

  /** Record the payment; `forShare` creates a gateway bill without leaving the page (staff pay link). */
  async function pay(forShare = false) {
    setFormError(null);
    setErrors({});
    setShare(null);
    const option = forShare ? PAYMENT_OPTIONS.gateway : Number(mode);
    if (option === PAYMENT_OPTIONS.direct && summary.due > 0) {
      const missing: Record<string, string> = {};
      if (!values.reference.trim()) missing.reference = t('payments.reference_required');
      if (!values.slip) missing.slip_attachment_id = t('payments.slip_required');
      if (Object.keys(missing).length) return setErrors(missing);
    }
    setBusy(true);
    try {
      const withProof = option === PAYMENT_OPTIONS.direct || option === PAYMENT_OPTIONS.offline;
      const slipId =
        withProof && values.slip && summary.due > 0
          ? await uploadSlip('Wasiat', wasiatId as string, values.slip)
          : undefined;
      const r = await api.post<{ payment: { id: string }; payment_link?: string | null }>(
        'payment',
        {
          paymentable_type: 'Wasiat',
          paymentable_id: wasiatId,
          payment_options_id: option,
          promo_code: promo?.code ?? (code.trim() || undefined),
          ...modeBody(option, values),
          slip_attachment_id: slipId,
          redirect_url: '/payment-status',
        },
        { silent: true },
      );
      if (r.payment_link && forShare) {
        setShare(await shareLink(r.payment.id));
        announce(t('wills.pay.link_ready'));
        return;
      }
      if (r.payment_link) {
        window.location.assign(r.payment_link);
        return;
      }
      await goNext('payment');
    } catch (e) {
      if (e instanceof ApiError) {
        const fields = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]]));
        setErrors(fields);
        if (fields.promo_code) {
          // Never silent: the code's reason at the field, the refusal beside Pay, focus to the code.
          setPromoError(fields.promo_code);
          setPromo(null);
          setFormError(t('wills.pay.promo_refused_pay'));
          codeRef.current?.focus();
          return;
        }
        const shown = [
          'promo_code',
          'reference',
          'slip_attachment_id',
          'document',
          'atb_amount_sen',
          'atb_frequency',
          'atb_other_frequency',
          'bank_name',
          'account_no',
          'atb_start_date',
        ];
        if (!Object.keys(fields).some((k) => shown.includes(k))) setFormError(e.firstMessage);
        else announce(t('wills.pay.payment_not_made', { reason: Object.values(fields)[0] ?? '' }));
      } else setFormError(String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Title order={2}>{t('wills.parts.payment')}</Title>
      <VisuallyHidden role="status" aria-live="polite" data-testid="pay-live">
        {live}
      </VisuallyHidden>
      <Table withTableBorder aria-label={t('wills.pay.summary')}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th scope="row">{t('wills.pay.price')}</Table.Th>
            <Table.Td data-testid="pay-price">{formatRinggit(summary.price)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('wills.pay.discount')}</Table.Th>
            <Table.Td data-testid="pay-discount">{formatRinggit(summary.discount)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th scope="row">{t('wills.pay.due')}</Table.Th>
            <Table.Td data-testid="pay-due">
              <strong>{formatRinggit(summary.due)}</strong>
            </Table.Td>
          </Table.Tr>
          {will?.payment_status && (
            <Table.Tr>
              <Table.Th scope="row">{t('wills.pay.status')}</Table.Th>
              <Table.Td data-testid="pay-status">{t(`payments.status.${will.payment_status}`)}</Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      {settled ? (
        <>
          {wasiatId && will?.payment_status === 'pending' && will.payment_options_id === PAYMENT_OPTIONS.offline ? (
            // The declaration (amount, day, reference, proof, awaiting confirmation) and "replace the details", as on
            // every payable's screen (ADR 0291).
            <OfflinePayment paymentableType="Wasiat" paymentableId={wasiatId} onRecorded={() => void refresh()} />
          ) : (
            <Notice color="green">
              {t(will?.payment_status === 'pending' ? 'wills.pay.pending_manual' : 'wills.pay.settled')}
            </Notice>
          )}
          {/* An ATB mandate: "n of N instalments received, next on …" and its schedule (ADR 0264). */}
          {wasiatId && will?.payment_options_id === PAYMENT_OPTIONS.atb && <AtbProgress wasiatId={wasiatId} />}
          <Group>
            <Button onClick={() => goNext('payment')}>{t('common.next')}</Button>
            {(will?.payment_status === 'paid' || will?.payment_status === 'waived') && (
              <Anchor component={Link} to={`/wasiat/${wasiatId}/receipt`}>
                {t('payments.ui.receipt_page')}
              </Anchor>
            )}
          </Group>
        </>
      ) : (
        <Paper withBorder p="md">
          <Stack>
            {will?.payment_status === 'failed' && (
              <Notice color="red" data-testid="payment-failed">
                {t('payments.payment_failed')}
                {failedReason && ` ${t('payments.ui.refused_reason', { reason: failedReason })}`}
              </Notice>
            )}
            <Group align="flex-end">
              <TextInput
                ref={codeRef}
                label={t('wills.pay.promo_code')}
                data-testid="promo-code"
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
                error={promoError}
                disabled={!editable}
              />
              <Button variant="default" onClick={checkPromo} disabled={!code.trim() || !editable}>
                {t('wills.pay.check_promo')}
              </Button>
              {promoError && (
                <Button variant="subtle" onClick={removeCode} disabled={!editable}>
                  {t('wills.pay.remove_code')}
                </Button>
              )}
            </Group>
            {promo && (
              <Text c="teal.9" data-testid="promo-ok">
                {t('wills.pay.promo_ok', { discount: formatRinggit(promo.discount_sen) })}
              </Text>
            )}
            {summary.due > 0 && (
              <>
                <Radio.Group label={t('wills.pay.mode')} value={mode} onChange={setMode} required>
                  <Stack mt="xs" gap="xs">
                    {options.map((o) => (
                      <Radio
                        key={o}
                        value={String(o)}
                        label={PAYMENT_TYPES.find((p) => p.code === o)?.[lang] ?? String(o)}
                      />
                    ))}
                  </Stack>
                </Radio.Group>
                <ModeFields
                  mode={Number(mode)}
                  values={values}
                  onChange={(v) => setValues((old) => ({ ...old, ...v }))}
                  errors={errors}
                  lang={lang}
                />
              </>
            )}
            <FormError message={formError} />
            <Group>
              <Button onClick={() => pay()} loading={busy} disabled={!editable}>
                {summary.due === 0 ? t('wills.pay.confirm_free') : t('wills.pay.pay')}
              </Button>
              {!isClient && summary.due > 0 && Number(mode) === PAYMENT_OPTIONS.gateway && (
                <Button variant="default" onClick={() => pay(true)} loading={busy} disabled={!editable}>
                  {t('payments.ui.share_link')}
                </Button>
              )}
            </Group>
            {share && (
              <Notice color="blue" title={t('payments.ui.share_title')} data-testid="pay-link">
                <Stack gap={4}>
                  <Anchor href={share.payment_link} target="_blank" rel="noopener">
                    {share.payment_link}
                  </Anchor>
                  <Anchor href={share.whatsapp_url} target="_blank" rel="noopener">
                    {t('payments.ui.share_whatsapp')}
                  </Anchor>
                </Stack>
              </Notice>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
