/**
 * Request bodies of the payments module (docs/api/payments.md; spec §3 promo code, §4 payment states,
 * §5 "Promo code must be valid and unused", §9 payment modes). Errors are message KEYS of
 * `locales/{ms,en}/{validation,payments}.json`, translated by the API and by the web client.
 *
 * Money is never taken from the client: the amount due is the will's price (sen) minus the promo
 * discount, computed on the server. Extra fields the product's 2021 client sends with `POST /payment`
 * (`user_id`, `title`, `amount`, `type`, `description`; reference §2.7) are accepted and ignored.
 */
import { z } from 'zod';
import { PAYMENT_OPTIONS } from '../status.ts';
import { requiredString, V } from './common.ts';

/** Message keys of the payments module (`payments.*`). */
export const P = {
  promoInvalid: 'payments.promo_invalid',
  promoUnknown: 'payments.promo_unknown',
  promoExpired: 'payments.promo_expired',
  promoUsed: 'payments.promo_used',
  promoOtherOrganisation: 'payments.promo_other_organisation',
  promoOnePerWill: 'payments.promo_one_per_will',
  paymentFailed: 'payments.payment_failed',
  paymentNotAllowed: 'payments.payment_not_allowed',
  optionInvalid: 'payments.option_invalid',
  referenceRequired: 'payments.reference_required',
  alreadyPaid: 'payments.already_paid',
  priceMissing: 'payments.price_missing',
  willNotPayable: 'payments.will_not_payable',
  notConfirmable: 'payments.not_confirmable',
  outcomeInvalid: 'payments.outcome_invalid',
  payableUnknown: 'payments.payable_unknown',
  notPayable: 'payments.not_payable',
  priceNotSet: 'payments.price_not_set',
  alreadyPaidGeneric: 'payments.already_paid_generic',
  slipRequired: 'payments.slip_required',
  atbAmountInvalid: 'payments.atb_amount_invalid',
  frequencyInvalid: 'payments.frequency_invalid',
  bankRequired: 'payments.bank_required',
  accountInvalid: 'payments.account_invalid',
  startDateInvalid: 'payments.start_date_invalid',
  otherFrequencyRequired: 'payments.other_frequency_required',
  offlineStaffOnly: 'payments.offline_staff_only',
  redirectInvalid: 'payments.redirect_invalid',
  notFinancing: 'payments.not_financing',
  decisionInvalid: 'payments.decision_invalid',
  reasonRequired: 'payments.reason_required',
  financingRejected: 'payments.financing_rejected',
  receiptMailFailed: 'payments.receipt_mail_failed',
  signatureInvalid: 'payments.signature_invalid',
  noPayLink: 'payments.no_pay_link',
  gatewayUnavailable: 'payments.gateway_unavailable',
  atbUseInstalments: 'payments.atb_use_instalments',
  notAtbMandate: 'payments.not_atb_mandate',
  receivedOnInvalid: 'payments.received_on_invalid',
  receivedOnRange: 'payments.received_on_range',
  atbInProgress: 'payments.atb_in_progress',
  /** Another mode chosen while an offline declaration of the payable awaits staff's decision (ADR 0300). */
  offlinePending: 'payments.offline_pending',
  atbTooManyInstalments: 'payments.atb_too_many_instalments',
  offlineMethodInvalid: 'payments.offline_method_invalid',
  paidOnInvalid: 'payments.paid_on_invalid',
  offlineAmountMismatch: 'payments.offline_amount_mismatch',
  /** The amount paid is not a whole, positive number of sen. */
  offlineAmountInvalid: 'payments.offline_amount_invalid',
  refuseReasonRequired: 'payments.refuse_reason_required',
  notRefusable: 'payments.not_refusable',
} as const;

/**
 * What a payment may be for (`paymentable_type`, reference §2.7). Each type is served by a payable kind
 * registered by the module that owns the record (apps/api/src/modules/payments/payables.ts, ADR 0016); a type
 * listed here but not registered on the server is a 422 on `paymentable_type`.
 */
export const PAYABLE_TYPES = ['Wasiat', 'Amendment', 'Hibah', 'QurbanTransaction'] as const;
export type PayableType = (typeof PAYABLE_TYPES)[number];

/**
 * Payment modes (spec §3/§9 "online gateway, cash, direct, ATB, financing, offline"; reference §4.1/§6.18
 * numbers 1–4, extended with 5 ATB and 6 offline; ADR 0040): 1 gateway, 2 direct (bank transfer
 * reference + slip), 3 cash, 4 financing (e.g. BMMB), 5 ATB (bank standing instruction), 6 offline (money
 * paid outside the platform — a transfer, a cheque or a counter deposit — declared by the payer or whoever acts
 * for them, and confirmed by staff; ADR 0285).
 */
export const PAYABLE_OPTIONS = [
  PAYMENT_OPTIONS.gateway,
  PAYMENT_OPTIONS.direct,
  PAYMENT_OPTIONS.cash,
  PAYMENT_OPTIONS.financing,
  PAYMENT_OPTIONS.atb,
  PAYMENT_OPTIONS.offline,
] as const;

/** Modes settled by a person (Accountant/Staff/Admin), not by a gateway: all but 1 (ADR 0040). */
export const MANUAL_PAYMENT_OPTIONS: readonly number[] = [
  PAYMENT_OPTIONS.direct,
  PAYMENT_OPTIONS.cash,
  PAYMENT_OPTIONS.financing,
  PAYMENT_OPTIONS.atb,
  PAYMENT_OPTIONS.offline,
];

/**
 * How an offline (6) payment was made (spec §3/§9 "offline"; ADR 0285): a bank transfer made outside the
 * platform (e.g. at the bank's own site), a cheque, or cash deposited at a bank counter.
 */
export const OFFLINE_METHODS = ['transfer', 'cheque', 'deposit'] as const;

/** ATB debit frequencies (spec §3 "Frequency: monthly, semi-annual, annual, other"). */
export const ATB_FREQUENCIES = ['monthly', 'semi_annual', 'annual', 'other'] as const;

/**
 * Banks offered for ATB debits and financing (reference §6 bank list; the financing bank of
 * /dashboard/loan-bmmb is Bank Muamalat Malaysia Berhad). Stored as the name.
 */
export const BANK_NAMES = [
  'AFFIN BANK BERHAD',
  'AGROBANK',
  'AL RAJHI & INVESTMENT CORPORATION (MALAYSIA) BERHAD',
  'ALLIANCE BANK MALAYSIA BERHAD',
  'AMBANK',
  'BANK ISLAM',
  'BANK KERJASAMA RAKYAT MALAYSIA BERHAD',
  'BANK MUAMALAT MALAYSIA BERHAD',
  'BANK SIMPANAN NASIONAL',
  'CIMB BERHAD',
  'HONG LEONG BANK BERHAD',
  'HSBC BANK MALAYSIA BERHAD',
  'KUWAIT FINANCE HOUSE (MALAYSIA BERHAD)',
  'MAYBANK BERHAD',
  'OCBC BANK (MALAYSIA) BERHAD',
  'PUBLIC BANK BERHAD',
  'RHB BANK BERHAD',
  'STANDARD CHARTERED',
] as const;

/** Financing application states (spec §4 "rejected because financing was not approved by the bank"). */
export const FINANCING_STATUS = ['pending', 'approved', 'rejected'] as const;

/**
 * A `redirect_url` the gateway may send the customer back to (reference §1.9): a same-origin path
 * (`/payment-status`, `/wasiat/part-payment?wasiat_id=…`), never another site. Absolute URLs are reduced
 * to their path by the server when their origin is the app's own (ADR 0041).
 */
export const isSafeRedirectPath = (s: string) => /^\/(?![/\\])[^\s]*$/.test(s);

/** Blank strings, 'null' and 'undefined' (as the original client sends unset fields) mean "not given". */
const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim()))
    ? undefined
    : v;

/** A promo code as typed by a user: trimmed, upper-cased, 1–50 characters. */
export const promoCodeText = () =>
  z
    .string({ error: P.promoInvalid })
    .trim()
    .min(1, { error: P.promoInvalid })
    .max(50, { error: P.promoInvalid })
    .transform((s) => s.toUpperCase());

/**
 * `POST /api/payment` — pay for a will.
 * `payment_options_id`: 1 gateway, 2 direct (needs `reference`, the bank transfer reference), 3 cash.
 */
export const paymentCreateSchema = z
  .object({
    paymentable_type: z.enum(PAYABLE_TYPES, { error: P.payableUnknown }).default('Wasiat'),
    paymentable_id: requiredString().max(64),
    payment_options_id: z.coerce
      .number({ error: P.optionInvalid })
      .int({ error: P.optionInvalid })
      .refine((n) => (PAYABLE_OPTIONS as readonly number[]).includes(n), { error: P.optionInvalid }),
    promo_code: z.preprocess(blankToUndefined, promoCodeText().optional()),
    reference: z.preprocess(blankToUndefined, z.string().trim().max(100, { error: 'validation.invalid' }).optional()),
    /**
     * Where the gateway returns the customer (reference §1.9): a same-origin path, or an absolute URL
     * of the app's own origin (checked by the server); default `/payment-status`.
     */
    redirect_url: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
    /** Direct (2): the uploaded transfer slip (`POST /wasiat/{id}/document type=payment`); default the latest. */
    slip_attachment_id: z.preprocess(blankToUndefined, z.string().max(64).optional()),
    /** ATB (5): amount of each debit in sen (1 … the amount due; checked by the server). */
    atb_amount_sen: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: P.atbAmountInvalid })
        .int({ error: P.atbAmountInvalid })
        .positive({ error: P.atbAmountInvalid })
        .optional(),
    ),
    atb_frequency: z.preprocess(blankToUndefined, z.enum(ATB_FREQUENCIES, { error: P.frequencyInvalid }).optional()),
    /** ATB with frequency `other`: the frequency in words. */
    atb_other_frequency: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    /** ATB: the debited bank; financing: the financing bank (e.g. "BANK MUAMALAT MALAYSIA BERHAD"). */
    bank_name: z.preprocess(blankToUndefined, z.string().trim().max(100).optional()),
    /** ATB: the debited account number (6–20 digits). */
    account_no: z.preprocess(
      blankToUndefined,
      z
        .string()
        .trim()
        .regex(/^\d{6,20}$/, { error: P.accountInvalid })
        .optional(),
    ),
    /** ATB: first debit date, YYYY-MM-DD. */
    atb_start_date: z.preprocess(blankToUndefined, z.iso.date({ error: P.startDateInvalid }).optional()),
    /**
     * Offline (6): how the money was paid (`OFFLINE_METHODS`); `reference` is the transfer or cheque number. The
     * server requires method, reference and `paid_on` of everyone, and `offline_amount_sen` unless the caller may
     * confirm payments (ADR 0291).
     */
    offline_method: z.preprocess(
      blankToUndefined,
      z.enum(OFFLINE_METHODS, { error: P.offlineMethodInvalid }).optional(),
    ),
    /** Offline (6): the day the money was paid, YYYY-MM-DD (not after today in Malaysia; checked by the server). */
    paid_on: z.preprocess(blankToUndefined, z.iso.date({ error: P.paidOnInvalid }).optional()),
    /** Offline (6): the amount the payer paid, in sen; must be the amount due (checked by the server). */
    offline_amount_sen: z.preprocess(
      blankToUndefined,
      z.coerce
        .number({ error: P.offlineAmountInvalid })
        .int({ error: P.offlineAmountInvalid })
        .positive({ error: P.offlineAmountInvalid })
        .optional(),
    ),
  })
  .superRefine((b, ctx) => {
    const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (b.payment_options_id === PAYMENT_OPTIONS.direct && !b.reference) need('reference', P.referenceRequired);
    if (b.payment_options_id === PAYMENT_OPTIONS.atb) {
      if (!b.atb_amount_sen) need('atb_amount_sen', P.atbAmountInvalid);
      if (!b.atb_frequency) need('atb_frequency', P.frequencyInvalid);
      if (b.atb_frequency === 'other' && !b.atb_other_frequency) need('atb_other_frequency', P.otherFrequencyRequired);
      if (!b.bank_name) need('bank_name', P.bankRequired);
      if (!b.account_no) need('account_no', P.accountInvalid);
      if (!b.atb_start_date) need('atb_start_date', P.startDateInvalid);
    }
    if (b.payment_options_id === PAYMENT_OPTIONS.financing && !b.bank_name) need('bank_name', P.bankRequired);
  });
export type PaymentCreateInput = z.output<typeof paymentCreateSchema>;

/** `POST /api/payment-gateway/sandbox/{id}` (form post): the outcome chosen on the sandbox page. */
export const sandboxOutcomeSchema = z.object({
  outcome: z.enum(['approve', 'fail'], { error: P.outcomeInvalid }),
});

/**
 * `POST /api/payment/{id}/refuse { reason }` — staff refuse a pending direct, cash or offline payment whose money
 * did not arrive (ADR 0285): the payment fails with the reason and the payer may pay again.
 */
export const paymentRefuseSchema = z.object({
  reason: z.preprocess(
    blankToUndefined,
    z
      .string({ error: P.refuseReasonRequired })
      .trim()
      .min(1, { error: P.refuseReasonRequired })
      .max(500, { error: 'validation.invalid' }),
  ),
});

/**
 * `POST /api/payment/{id}/financing` — the financing bank's decision on a financing (4) payment, recorded
 * by an Accountant/Staff/Admin: `approved` settles the payment; `rejected` (with the bank's reason) fails
 * it and rejects the payable (for a will: spec §4 "rejected because financing was not approved").
 */
export const financingDecisionSchema = z
  .object({
    status: z.enum(['approved', 'rejected'], { error: P.decisionInvalid }),
    reason: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
  })
  .superRefine((b, ctx) => {
    if (b.status === 'rejected' && !b.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: P.reasonRequired });
  });

/**
 * `POST /api/payment/{id}/instalment` — an Accountant/Staff/Admin records that the next debit of an ATB mandate
 * reached the account (issue 38 item 3; ADR 0264): `received_on` the day it was received, 'YYYY-MM-DD' (default
 * today in Kuala Lumpur; the server refuses a future day or one before the mandate or the previous instalment);
 * `reference` the bank's reference of the debit, optional.
 */
export const instalmentConfirmSchema = z.object({
  received_on: z.preprocess(blankToUndefined, z.iso.date({ error: P.receivedOnInvalid }).optional()),
  reference: z.preprocess(blankToUndefined, z.string().trim().max(100, { error: 'validation.invalid' }).optional()),
});
export type InstalmentConfirmInput = z.output<typeof instalmentConfirmSchema>;

/** `GET /api/payment` — the payments list for staff (confirmation queue, transaction history). */
export const paymentListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(['pending', 'paid', 'failed', 'waived']).optional()),
  payment_options_id: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(6).optional()),
  /** Only manual modes (2–6): the confirmation queue. */
  manual: z.preprocess(blankToUndefined, z.enum(['0', '1']).optional()),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(100).optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).optional()),
});

/** `POST /api/promo-code/check` — preview a promo code for a will without redeeming it. */
export const promoCheckSchema = z
  .object({
    code: promoCodeText(),
    /** The will (the original client's field); or `paymentable_type` + `paymentable_id` for other payables. */
    wasiat_id: z.preprocess(blankToUndefined, requiredString().max(64).optional()),
    paymentable_type: z.enum(PAYABLE_TYPES, { error: P.payableUnknown }).default('Wasiat'),
    paymentable_id: z.preprocess(blankToUndefined, requiredString().max(64).optional()),
  })
  .superRefine((b, ctx) => {
    if (!b.wasiat_id && !b.paymentable_id) {
      ctx.addIssue({ code: 'custom', path: ['paymentable_id'], message: V.required });
    }
  });

/**
 * One payable named by the payments routes that are not about one payment (`GET /api/payment/options`,
 * `GET /api/payment/latest`):
 * `paymentable_type` (`PAYABLE_TYPES`, default `Wasiat`) and `paymentable_id`. 422 `payments.payable_unknown` on an
 * unknown type, `validation.required` on a missing id.
 */
export const payableQuerySchema = z.object({
  paymentable_type: z.enum(PAYABLE_TYPES, { error: P.payableUnknown }).default('Wasiat'),
  paymentable_id: requiredString().max(64),
});

/**
 * `POST /api/payment/slip` — the proof of a payment for any payable kind (a direct transfer's slip, an offline
 * payment's proof; ADR 0285): `paymentable_type` + `paymentable_id` and `document` (multipart file, or a data URL;
 * PNG, JPEG, WebP or PDF up to 5 MB, checked by content on the server). 422 `validation.required` on `document`.
 */
export const paymentSlipSchema = payableQuerySchema.extend({
  document: requiredString().max(8_000_000),
  document_filename: z.string().max(255).optional(),
});
