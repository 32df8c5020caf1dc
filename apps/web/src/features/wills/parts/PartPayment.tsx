/**
 * Part Payment (docs/api/payments.md; spec §3 promo code, §4 payment states, §5 "Promo code must be valid
 * and unused", §9 payment modes): price, promo discount and amount due; a promo code checked with
 * POST /api/promo-code/check; then a mode — online gateway (POST /api/payment → the browser goes to
 * `payment_link`; the gateway returns to /payment-status), cash, or direct (bank transfer reference).
 * A Client is offered the gateway only (reference §3.1 Part C).
 */
import { Button, Group, Paper, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { formatRinggit, PAYMENT_OPTIONS, PAYMENT_TYPES, roleOf } from '@wasiat/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api } from '@/app/api.ts';
import { session } from '@/app/storage.ts';
import { FormError } from '@/components/FormError.tsx';
import { useLang } from '../components/fields.tsx';
import { Notice } from '../components/Notice.tsx';
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
  const { will, wasiatId, editable, goNext } = useWizard();
  const isClient = roleOf(session.user()) === 'Client';
  const [code, setCode] = useState('');
  const [promo, setPromo] = useState<{ code: string; discount_sen: number } | null>(null);
  const [promoError, setPromoError] = useState<string | undefined>();
  const [mode, setMode] = useState<string>(String(PAYMENT_OPTIONS.gateway));
  const [reference, setReference] = useState('');
  const [referenceError, setReferenceError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summary = paymentSummary(will, promo?.discount_sen);
  const settled = paymentSettled(will);
  const options = isClient
    ? [PAYMENT_OPTIONS.gateway]
    : [PAYMENT_OPTIONS.gateway, PAYMENT_OPTIONS.direct, PAYMENT_OPTIONS.cash];

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
    } catch (e) {
      setPromoError(
        e instanceof ApiError ? (e.errors.promo_code?.[0] ?? e.errors.code?.[0] ?? e.firstMessage) : String(e),
      );
    }
  }

  async function pay() {
    setFormError(null);
    setReferenceError(undefined);
    const option = Number(mode);
    if (option === PAYMENT_OPTIONS.direct && !reference.trim()) {
      setReferenceError(t('payments.reference_required'));
      return;
    }
    setBusy(true);
    try {
      const r = await api.post<{ payment_link?: string | null }>('payment', {
        paymentable_type: 'Wasiat',
        paymentable_id: wasiatId,
        payment_options_id: option,
        promo_code: promo?.code ?? (code.trim() || undefined),
        reference: option === PAYMENT_OPTIONS.direct ? reference.trim() : undefined,
        redirect_url: `${window.location.origin}/payment-status`,
      });
      if (r.payment_link) {
        window.location.assign(r.payment_link);
        return;
      }
      await goNext('payment');
    } catch (e) {
      if (e instanceof ApiError) {
        if (e.errors.promo_code) setPromoError(e.errors.promo_code[0]);
        if (e.errors.reference) setReferenceError(e.errors.reference[0]);
        if (!e.errors.promo_code && !e.errors.reference) setFormError(e.firstMessage);
      } else setFormError(String(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack>
      <Title order={2}>{t('wills.parts.payment')}</Title>
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
          <Notice color="green">
            {t(will?.payment_status === 'pending' ? 'wills.pay.pending_manual' : 'wills.pay.settled')}
          </Notice>
          <Group>
            <Button onClick={() => goNext('payment')}>{t('common.next')}</Button>
          </Group>
        </>
      ) : (
        <Paper withBorder p="md">
          <Stack>
            {will?.payment_status === 'failed' && <Notice color="red">{t('payments.payment_failed')}</Notice>}
            <Group align="flex-end">
              <TextInput
                label={t('wills.pay.promo_code')}
                value={code}
                onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
                error={promoError}
                disabled={!editable}
              />
              <Button variant="default" onClick={checkPromo} disabled={!code.trim() || !editable}>
                {t('wills.pay.check_promo')}
              </Button>
            </Group>
            {promo && (
              <Text c="teal.9" data-testid="promo-ok">
                {t('wills.pay.promo_ok', { discount: formatRinggit(promo.discount_sen) })}
              </Text>
            )}
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
            {Number(mode) === PAYMENT_OPTIONS.direct && (
              <TextInput
                label={t('wills.pay.reference')}
                required
                value={reference}
                onChange={(e) => setReference(e.currentTarget.value)}
                error={referenceError}
              />
            )}
            <FormError message={formError} />
            <Group>
              <Button onClick={pay} loading={busy} disabled={!editable}>
                {summary.due === 0 ? t('wills.pay.confirm_free') : t('wills.pay.pay')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
