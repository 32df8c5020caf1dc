/**
 * "Luar Talian" (offline, mode 6; spec §3/§9; ADR 0285) and the rule that a declared offline payment stops every other
 * way to pay (ADR 0291), once for every payable screen: the will's payment part (which shows the declaration), the
 * hibah's part H, an amendment's payment (a will's or a hibah's) and the ezQurban purchase.
 * - The screen's other ways to pay (the gateway "pay" button, cash) are this component's `children`: shown only while
 *   the payable's latest payment (`GET /api/payment/latest`) is not an offline declaration awaiting confirmation.
 * - While one awaits: the declaration ({@link OfflineDeclaration}: amount, how, day, reference, bank, proof, "awaiting
 *   confirmation") and "replace the details", which opens the offline fields again, filled with the declaration's;
 *   sending posts a new declaration, which the server puts in place of the pending one (it fails as superseded). The
 *   API has no withdrawal of a declaration: staff refuse one whose money did not arrive (`POST /payment/{id}/refuse`).
 * - Otherwise, when the server offers mode 6 for this payable and caller (`GET /api/payment/options` lists 6), a
 *   "Luar Talian" button opening the will's offline fields ({@link ModeFields} with mode 6: how it was paid, the
 *   transfer or cheque number, the bank, the day and the amount in RM) and "send": `POST /api/payment` with
 *   `payment_options_id: 6` and the fields as {@link modeBody} gives them (the amount in integer sen). The server's
 *   field errors show at their fields. An optional proof (image or PDF) is uploaded first with `POST /payment/slip`
 *   for the payable, whatever its kind, and sent as `slip_attachment_id`.
 */
import { Button, Paper, Stack, Text } from '@mantine/core';
import { PAYMENT_OPTIONS, PAYMENT_TYPES } from '@wasiat/domain';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/FormError.tsx';
import { ApiError, api } from '@/lib/api.ts';
import { type LatestPayment, latestPayment, paymentOptions, uploadSlip } from './api.ts';
import { emptyModeValues, ModeFields, type ModeValues, modeBody } from './ModeFields.tsx';
import { isPendingOffline, OfflineDeclaration } from './OfflineDeclaration.tsx';

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

/** The offline fields filled with a declaration's (replacing it), the amount in ringgit. */
const valuesOf = (p: LatestPayment): ModeValues => ({
  ...emptyModeValues(),
  offlineMethod: p.offline_method ?? null,
  reference: p.reference ?? '',
  bank: p.bank_name ?? null,
  paidOn: p.paid_on ?? '',
  offlineAmount: p.amount_sen / 100,
});

/**
 * The payment choices of a payable; see the file comment.
 * Props: `paymentableType` (`Hibah`, `Amendment`, `QurbanTransaction`, or `Wasiat`), `paymentableId`, `disabled`,
 * `children` (the screen's other ways to pay, hidden while an offline declaration awaits confirmation and until the
 * latest payment is known), and `onRecorded` (after the server recorded a declaration, e.g. to reload the payable).
 * Renders only the children when the server does not offer mode 6 and no declaration awaits. Errors: a refusal (422,
 * also of the proof's file on `document`) shows at its field or as a form error; when the latest payment cannot be
 * read, the screen offers to pay as before.
 */
export function OfflinePayment({
  paymentableType,
  paymentableId,
  disabled = false,
  onRecorded,
  children,
}: {
  paymentableType: string;
  paymentableId: string;
  disabled?: boolean;
  onRecorded?: () => void | Promise<void>;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'en' ? 'en' : 'ms';
  const [offered, setOffered] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const [open, setOpen] = useState(false);
  const [values, setValues] = useState<ModeValues>(emptyModeValues);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // The declaration awaiting staff (made on this page or before it was loaded), or null.
  const [pending, setPending] = useState<LatestPayment | null>(null);
  // The proof already uploaded for this form (sent again with a corrected declaration, not uploaded twice).
  const uploaded = useRef<{ file: File; id: string } | null>(null);

  useEffect(() => {
    let live = true;
    setLoaded(false);
    setPending(null);
    setOpen(false);
    Promise.all([paymentOptions(paymentableId, paymentableType), latestPayment(paymentableType, paymentableId)]).then(
      ([o, last]) => {
        if (!live) return;
        setOffered(Array.isArray(o) && o.includes(PAYMENT_OPTIONS.offline));
        setPending(isPendingOffline(last) ? last : null);
        setLoaded(true);
      },
    );
    return () => {
      live = false;
    };
  }, [paymentableId, paymentableType]);

  /** Open (or close) the offline fields: empty for a first declaration, the declaration's to replace it. */
  function toggle() {
    if (!open) {
      setValues(pending ? valuesOf(pending) : emptyModeValues());
      setErrors({});
      setFormError(null);
    }
    setOpen((o) => !o);
  }

  async function send() {
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const file = values.slip;
      if (file && uploaded.current?.file !== file) {
        uploaded.current = { file, id: await uploadSlip(paymentableType, paymentableId, file) };
      }
      // A replacement without a new proof keeps the declaration's proof.
      const slipId = file ? uploaded.current?.id : (pending?.slip_attachment_id ?? undefined);
      const r = await api.post<{ payment: LatestPayment }>(
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
      setPending(r.payment);
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

  if (!loaded) return null;
  const label = PAYMENT_TYPES.find((p) => p.code === PAYMENT_OPTIONS.offline)?.[lang] ?? '';
  return (
    <Stack gap="xs">
      {pending ? <OfflineDeclaration payment={pending} /> : children}
      {(pending || offered) && (
        <Button
          variant="default"
          data-testid={pending ? 'replace-offline' : 'pay-offline'}
          aria-expanded={open}
          disabled={disabled}
          onClick={toggle}
        >
          {pending ? t('payments.ui.offline_replace') : label}
        </Button>
      )}
      {open && (
        <Paper withBorder p="md" data-testid="offline-form">
          <Stack>
            {pending && <Text size="sm">{t('payments.ui.offline_replace_help')}</Text>}
            <ModeFields
              mode={PAYMENT_OPTIONS.offline}
              values={values}
              onChange={(v) => setValues((old) => ({ ...old, ...v }))}
              errors={errors}
              lang={lang}
            />
            <FormError message={formError} />
            <Button onClick={send} loading={busy} disabled={disabled} data-testid="send-offline">
              {t(pending ? 'payments.ui.offline_replace_submit' : 'payments.ui.offline_submit')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
