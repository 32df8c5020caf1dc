/**
 * "Luar Talian" (offline, mode 6; spec §3/§9; ADR 0285) for the payment screens that pay by buttons rather than the
 * will's mode choice: the hibah's part H, an amendment's payment (a will's or a hibah's) and the ezQurban purchase.
 * Offered only when the server allows it for this payable and caller (`GET /api/payment/options` lists 6). Choosing
 * it shows the will's offline fields ({@link ModeFields} with mode 6: how it was paid, the transfer or cheque
 * number, the bank, the day and the amount in RM), and sending posts `POST /api/payment` with
 * `payment_options_id: 6` and the fields as {@link modeBody} gives them (the amount in integer sen). The server's
 * field errors show at their fields (e.g. `offline_amount_sen` when the amount is not what is due). An optional proof
 * (image or PDF) is uploaded first with `POST /payment/slip` for the payable, whatever its kind, and sent as
 * `slip_attachment_id`. The payment then waits in the accountant's confirmation queue; the payable's latest payment
 * (`GET /payment/latest`) tells a fresh page that a declaration awaits confirmation, so it is said rather than
 * offered again after a reload (one place for every payable screen).
 */
import { Button, Paper, Stack } from '@mantine/core';
import { PAYMENT_OPTIONS, PAYMENT_TYPES } from '@wasiat/domain';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { Notice } from '@/components/Notice.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { latestPayment, paymentOptions, uploadSlip } from './api.ts';
import { emptyModeValues, ModeFields, type ModeValues, modeBody } from './ModeFields.tsx';

/** The `POST /payment` fields the offline form shows at their inputs; any other refusal shows above "send". */
const SHOWN = [
  'offline_method',
  'reference',
  'bank_name',
  'paid_on',
  'offline_amount_sen',
  'slip_attachment_id',
  'document',
];

/**
 * The offline choice of a payable: a "Luar Talian" button that opens the offline fields (with the optional proof)
 * and their "send" button; once declared — just now, or earlier as the payable's latest payment (pending, mode 6)
 * says — a notice that it awaits staff's confirmation instead.
 * Props: `paymentableType` (`Hibah`, `Amendment`, `QurbanTransaction`, or `Wasiat`), `paymentableId`, `disabled`,
 * and `onRecorded` (after the server recorded the payment, e.g. to reload the payable). Renders nothing when the
 * server does not offer mode 6 for this payable and no declaration awaits. Errors: a refusal (422, also of the
 * proof's file on `document`) shows at its field or as a form error.
 */
export function OfflinePayment({
  paymentableType,
  paymentableId,
  disabled = false,
  onRecorded,
}: {
  paymentableType: string;
  paymentableId: string;
  disabled?: boolean;
  onRecorded?: () => void | Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [offered, setOffered] = useState(false);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ModeValues>(emptyModeValues);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // The proof already uploaded for this form (sent again with a corrected declaration, not uploaded twice).
  const uploaded = useRef<{ file: File; id: string } | null>(null);

  useEffect(() => {
    let live = true;
    setSent(false);
    Promise.all([paymentOptions(paymentableId, paymentableType), latestPayment(paymentableType, paymentableId)]).then(
      ([o, last]) => {
        if (!live) return;
        setOffered(Array.isArray(o) && o.includes(PAYMENT_OPTIONS.offline));
        // A declaration made before this page was loaded and still awaiting staff (ADR 0285).
        if (last?.status === 'pending' && last.payment_options_id === PAYMENT_OPTIONS.offline) setSent(true);
      },
    );
    return () => {
      live = false;
    };
  }, [paymentableId, paymentableType]);

  async function send() {
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const file = values.slip;
      if (file && uploaded.current?.file !== file) {
        uploaded.current = { file, id: await uploadSlip(paymentableType, paymentableId, file) };
      }
      const slipId = file ? uploaded.current?.id : undefined;
      await api.post(
        'payment',
        {
          paymentable_type: paymentableType,
          paymentable_id: paymentableId,
          payment_options_id: PAYMENT_OPTIONS.offline,
          ...modeBody(PAYMENT_OPTIONS.offline, values),
          slip_attachment_id: slipId,
        },
        { silent: true },
      );
      setSent(true);
      setOpen(false);
      setValues(emptyModeValues());
      await onRecorded?.();
    } catch (e) {
      if (!(e instanceof ApiError)) {
        setFormError(String(e));
        return;
      }
      const fields = Object.fromEntries(Object.entries(e.errors).map(([k, v]) => [k, v[0]]));
      setErrors(fields);
      if (!Object.keys(fields).some((k) => SHOWN.includes(k))) setFormError(e.firstMessage);
    } finally {
      setBusy(false);
    }
  }

  if (!offered && !sent) return null;
  const label = PAYMENT_TYPES.find((p) => p.code === PAYMENT_OPTIONS.offline)?.[lang] ?? '';
  return (
    <Stack gap="xs">
      {sent && (
        <Notice color="green" role="status" data-testid="offline-sent">
          {t('payments.ui.offline_sent')}
        </Notice>
      )}
      {!sent && (
        <Button
          variant="default"
          data-testid="pay-offline"
          aria-expanded={open}
          disabled={disabled}
          onClick={() => setOpen((o) => !o)}
        >
          {label}
        </Button>
      )}
      {open && !sent && (
        <Paper withBorder p="md" data-testid="offline-form">
          <Stack>
            <ModeFields
              mode={PAYMENT_OPTIONS.offline}
              values={values}
              onChange={(v) => setValues((old) => ({ ...old, ...v }))}
              errors={errors}
              lang={lang}
            />
            <FormError message={formError} />
            <Button onClick={send} loading={busy} disabled={disabled} data-testid="send-offline">
              {t('payments.ui.offline_submit')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
