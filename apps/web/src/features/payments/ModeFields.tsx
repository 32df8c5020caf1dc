/**
 * The fields of each manual payment mode in the payment part (spec §3 "Frequency", §9 payment modes;
 * docs/api/payments.md `POST /payment`; ADR 0040): direct — transfer reference and slip; ATB — amount
 * per debit (RM, sent in sen), frequency, bank, account no. and first debit date; financing — the bank;
 * offline (ADR 0285) — how it was paid (transfer, cheque, counter deposit), the transfer or cheque number, the bank,
 * the day, the amount paid (RM, sent in sen) and an optional proof. Controlled: the parent keeps the values and the
 * field errors.
 */
import { FileInput, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { BANK_NAMES, FREQUENCIES, OFFLINE_METHODS, PAYMENT_OPTIONS } from '@wasiat/domain';
import { useTranslation } from 'react-i18next';

/** What the mode fields hold. `atbAmount` in ringgit as typed; the parent converts to sen. */
export interface ModeValues {
  reference: string;
  slip: File | null;
  atbAmount: number | string;
  atbFrequency: string | null;
  atbOther: string;
  bank: string | null;
  accountNo: string;
  atbStart: string;
  /** Offline: transfer | cheque | deposit, the day paid (YYYY-MM-DD) and the amount paid in ringgit as typed. */
  offlineMethod: string | null;
  paidOn: string;
  offlineAmount: number | string;
}

export const emptyModeValues = (): ModeValues => ({
  reference: '',
  slip: null,
  atbAmount: '',
  atbFrequency: null,
  atbOther: '',
  bank: null,
  accountNo: '',
  atbStart: '',
  offlineMethod: null,
  paidOn: '',
  offlineAmount: '',
});

/** Ringgit typed by the user → integer sen (undefined when empty or not a number). */
export const ringgitToSen = (v: number | string) => {
  const n = typeof v === 'number' ? v : Number.parseFloat(v);
  return Number.isFinite(n) ? Math.round(n * 100) : undefined;
};

/** The `POST /payment` fields of a mode (undefined for fields the mode does not use). */
export function modeBody(mode: number, v: ModeValues) {
  switch (mode) {
    case PAYMENT_OPTIONS.direct:
      return { reference: v.reference.trim() };
    case PAYMENT_OPTIONS.atb:
      return {
        atb_amount_sen: ringgitToSen(v.atbAmount),
        atb_frequency: v.atbFrequency ?? undefined,
        atb_other_frequency: v.atbFrequency === 'other' ? v.atbOther.trim() : undefined,
        bank_name: v.bank ?? undefined,
        account_no: v.accountNo.trim(),
        atb_start_date: v.atbStart || undefined,
      };
    case PAYMENT_OPTIONS.financing:
      return { bank_name: v.bank ?? undefined };
    case PAYMENT_OPTIONS.offline:
      return {
        offline_method: v.offlineMethod ?? undefined,
        reference: v.reference.trim() || undefined,
        bank_name: v.bank ?? undefined,
        paid_on: v.paidOn || undefined,
        offline_amount_sen: ringgitToSen(v.offlineAmount),
      };
    default:
      return {};
  }
}

/**
 * The inputs of `mode`; `errors` maps API field names to a message. Offline's proof upload is optional (ADR 0285)
 * and offered for every payable kind (`POST /payment/slip` takes any payable's proof).
 */
export function ModeFields({
  mode,
  values,
  onChange,
  errors,
  lang,
}: {
  mode: number;
  values: ModeValues;
  onChange: (v: Partial<ModeValues>) => void;
  errors: Record<string, string | undefined>;
  lang: 'ms' | 'en';
}) {
  const { t } = useTranslation();
  const banks = BANK_NAMES.map((b) => ({ value: b, label: b }));
  if (mode === PAYMENT_OPTIONS.direct) {
    return (
      <Stack gap="xs">
        <TextInput
          label={t('wills.pay.reference')}
          required
          value={values.reference}
          onChange={(e) => onChange({ reference: e.currentTarget.value })}
          error={errors.reference}
        />
        <FileInput
          label={t('payments.ui.slip')}
          description={t('payments.ui.slip_help')}
          required
          accept="image/png,image/jpeg,image/webp,application/pdf"
          value={values.slip}
          onChange={(f) => onChange({ slip: f })}
          error={errors.slip_attachment_id ?? errors.document}
          clearable
        />
      </Stack>
    );
  }
  if (mode === PAYMENT_OPTIONS.atb) {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('payments.ui.atb_help')}</Text>
        <NumberInput
          label={t('payments.ui.atb_amount')}
          required
          min={0.01}
          decimalScale={2}
          value={values.atbAmount}
          onChange={(v) => onChange({ atbAmount: v })}
          error={errors.atb_amount_sen}
        />
        <Select
          label={t('payments.ui.atb_frequency')}
          required
          data={FREQUENCIES.map((f) => ({ value: String(f.code), label: f[lang] }))}
          value={values.atbFrequency}
          onChange={(v) => onChange({ atbFrequency: v })}
          error={errors.atb_frequency}
        />
        {values.atbFrequency === 'other' && (
          <TextInput
            label={t('payments.ui.atb_other_frequency')}
            required
            value={values.atbOther}
            onChange={(e) => onChange({ atbOther: e.currentTarget.value })}
            error={errors.atb_other_frequency}
          />
        )}
        <Select
          label={t('payments.ui.bank')}
          required
          searchable
          data={banks}
          value={values.bank}
          onChange={(v) => onChange({ bank: v })}
          error={errors.bank_name}
        />
        <TextInput
          label={t('payments.ui.account_no')}
          required
          inputMode="numeric"
          value={values.accountNo}
          onChange={(e) => onChange({ accountNo: e.currentTarget.value.replace(/\D/g, '') })}
          error={errors.account_no}
        />
        <TextInput
          type="date"
          label={t('payments.ui.atb_start_date')}
          required
          value={values.atbStart}
          onChange={(e) => onChange({ atbStart: e.currentTarget.value })}
          error={errors.atb_start_date}
        />
      </Stack>
    );
  }
  if (mode === PAYMENT_OPTIONS.financing) {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('payments.ui.financing_help')}</Text>
        <Select
          label={t('payments.ui.financing_bank')}
          required
          searchable
          data={banks}
          value={values.bank}
          onChange={(v) => onChange({ bank: v })}
          error={errors.bank_name}
        />
      </Stack>
    );
  }
  if (mode === PAYMENT_OPTIONS.offline) {
    return (
      <Stack gap="xs">
        <Text size="sm">{t('payments.ui.offline_help')}</Text>
        <Select
          label={t('payments.ui.offline_method')}
          required
          data={OFFLINE_METHODS.map((m) => ({ value: m, label: t(`payments.ui.offline_methods.${m}`) }))}
          value={values.offlineMethod}
          onChange={(v) => onChange({ offlineMethod: v })}
          error={errors.offline_method}
        />
        <TextInput
          label={t('payments.ui.offline_reference')}
          required
          value={values.reference}
          onChange={(e) => onChange({ reference: e.currentTarget.value })}
          error={errors.reference}
        />
        <Select
          label={t('payments.ui.bank')}
          searchable
          clearable
          data={banks}
          value={values.bank}
          onChange={(v) => onChange({ bank: v })}
          error={errors.bank_name}
        />
        <TextInput
          type="date"
          label={t('payments.ui.paid_on')}
          required
          value={values.paidOn}
          onChange={(e) => onChange({ paidOn: e.currentTarget.value })}
          error={errors.paid_on}
        />
        <NumberInput
          label={t('payments.ui.offline_amount')}
          required
          min={0.01}
          decimalScale={2}
          value={values.offlineAmount}
          onChange={(v) => onChange({ offlineAmount: v })}
          error={errors.offline_amount_sen}
        />
        <FileInput
          label={t('payments.ui.offline_proof')}
          description={t('payments.ui.slip_help')}
          accept="image/png,image/jpeg,image/webp,application/pdf"
          value={values.slip}
          onChange={(f) => onChange({ slip: f })}
          error={errors.slip_attachment_id ?? errors.document}
          clearable
        />
      </Stack>
    );
  }
  return null;
}
