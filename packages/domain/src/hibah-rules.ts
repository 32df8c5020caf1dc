/**
 * Hibah / trust statuses, product types, fixed periods and message keys — the schema-free part of
 * validation/hibah.ts (spec §3 Hibah/trust record, §4 hibah statuses, §9; reference §4.3), so that a screen
 * which only lists hibahs or offers products does not load the validation library (issue 18 item 4;
 * ADR 0194). The schemas are in validation/hibah.ts.
 */

/** Message keys of the hibah module (`locales/{ms,en}/hibah.json`). */
export const H = {
  notAllowed: 'hibah.not_allowed',
  corporateNotAllowed: 'hibah.corporate_not_allowed',
  limitReached: 'hibah.limit_reached',
  propertyTypeFixed: 'hibah.property_type_fixed',
  notEditable: 'hibah.not_editable',
  grantorOnly: 'hibah.grantor_only',
  invalidTransition: 'hibah.invalid_transition',
  userDetailRequired: 'hibah.user_detail_required',
  receiversRequired: 'hibah.receivers_required',
  caretakerRequired: 'hibah.caretaker_required',
  propertyRequired: 'hibah.property_required',
  paymentRequired: 'hibah.payment_required',
  signatureRequired: 'hibah.signature_required',
  /** The content changed after the grantor signed: sign again (issue 21 item 5). */
  signatureStale: 'hibah.signature_stale',
  verificationRequired: 'hibah.verification_required',
  draftExpired: 'hibah.draft_expired',
  draftNotAccepted: 'hibah.draft_not_accepted',
  /** A minor does not sign on the grantor's device: the caretaker accepts by link and code (ADR 0167). */
  minorAcceptsThroughCaretaker: 'hibah.minor_accepts_through_caretaker',
  receiversUnsigned: 'hibah.receivers_unsigned',
  witnessesRequired: 'hibah.witnesses_required',
  witnessesUnconfirmed: 'hibah.witnesses_unconfirmed',
  receiverNotMinor: 'hibah.receiver_not_minor',
  receiverInvalid: 'hibah.receiver_invalid',
  shareTotalOver: 'validation.share_total_over',
  insufficientBalance: 'hibah.insufficient_balance',
  ledgerNotAllowed: 'hibah.ledger_not_allowed',
  entryReversed: 'hibah.entry_reversed',
  codeInvalid: 'hibah.code_invalid',
  codeRedeemed: 'hibah.code_redeemed',
  codeExpired: 'hibah.code_expired',
  otpIncorrect: 'hibah.otp_incorrect',
  otpExpired: 'hibah.otp_expired',
  otpTooMany: 'hibah.otp_too_many',
  alreadyConfirmed: 'hibah.already_confirmed',
  rejectedReasonRequired: 'hibah.rejected_reason_required',
  organizationInvalid: 'hibah.organization_invalid',
  branchInvalid: 'hibah.branch_invalid',
  noPricing: 'hibah.no_pricing',
  pricingInvalid: 'hibah.pricing_invalid',
  couponCount: 'hibah.coupon_count',
  couponAmount: 'hibah.coupon_amount',
  couponExpiryPast: 'hibah.coupon_expiry_past',
  walletLimit: 'hibah.wallet_limit',
  witnessIsReceiver: 'hibah.witness_is_receiver',
  witnessConfirmsByLink: 'hibah.witness_confirms_by_link',
  witnessIsGrantor: 'hibah.witness_is_grantor',
} as const;

/**
 * Hibah statuses (reference §4.3; spec §4 "hibah draft must be confirmed within 14 days"):
 * -1 placeholder (part A), 0 new, 1 grantor to review and sign, 2 awaiting the provider's verification,
 * 3 approved — the draft certificate awaits the grantor's acceptance (14 days), 4 receivers signed —
 * awaiting witnesses, 5 complete (registered; certificate printable).
 */
export const HIBAH_STATUS = {
  placeholder: -1,
  new: 0,
  grantorReview: 1,
  awaitingVerification: 2,
  draft: 3,
  awaitingWitnesses: 4,
  registered: 5,
} as const;

/** Hibah type of the estate trust, Amanah Harta Pusaka (spec §9). */
export const ESTATE_HIBAH_TYPE = 14;
/** Hibah type of the one-cent trust (reference §4.3). */
export const ONE_CENT_HIBAH_TYPE = 12;
/** Corporate products: need the organisation preference "allow corporate hibah and trust" (spec §3). */
export const CORPORATE_HIBAH_TYPES = [1, 2] as const;
/** Products with an asset ledger (issue 5 "asset transactions for the estate/cash trusts"). */
export const LEDGER_HIBAH_TYPES = [3, 4, 7, 8, 14] as const;
/** Days the grantor has to accept the draft (spec §4). */
export const DRAFT_CONFIRM_DAYS = 14;
/** Days before the draft window closes when the reminder goes out (ADR 0033). */
export const DRAFT_REMINDER_DAYS_BEFORE = 3;
/** Witnesses a hibah needs before it can be completed (as for wills, spec §5). */
export const HIBAH_MIN_WITNESSES = 2;

/**
 * Which step of a hibah may change in which status (issue 34; ADR 0223) — the one table the server enforces
 * (apps/api hibah `fillableHibah`, eKYC, payment) and the wizards read to show or hide their controls
 * (apps/web features/hibah access.ts), for every product alike:
 * - `content`: what the grantor signs and staff verify (particulars or company, parts C–G: receivers,
 *   caretakers, heirs, property and shares; MyKad and eKYC; payment) — while being filled in (-1, 0, 1);
 * - `witnesses` (part I): until the registration is completed (-1 … 4) — a witness attests the registration,
 *   is not part of the signed content (document-version.ts) and confirms by link at status 4, the step where
 *   the grantor completes it; a confirmed witness is no longer changed or removed.
 */
export const HIBAH_STEP_STATUSES = {
  content: [HIBAH_STATUS.placeholder, HIBAH_STATUS.new, HIBAH_STATUS.grantorReview],
  witnesses: [
    HIBAH_STATUS.placeholder,
    HIBAH_STATUS.new,
    HIBAH_STATUS.grantorReview,
    HIBAH_STATUS.awaitingVerification,
    HIBAH_STATUS.draft,
    HIBAH_STATUS.awaitingWitnesses,
  ],
} as const satisfies Record<string, readonly number[]>;
export type HibahStep = keyof typeof HIBAH_STEP_STATUSES;

/** Whether `step` of a hibah in `status` may change now ({@link HIBAH_STEP_STATUSES}). */
export function hibahStepEditable(step: HibahStep, status: number): boolean {
  return (HIBAH_STEP_STATUSES[step] as readonly number[]).includes(status);
}

/**
 * What still keeps a hibah awaiting witnesses (status 4) from being registered (status 5), as a message key, or
 * null when it may be completed: at least {@link HIBAH_MIN_WITNESSES} witnesses, every one confirmed.
 */
export function hibahCompletionBlocker(witnesses: readonly { confirmed_at?: unknown }[]): string | null {
  if (witnesses.length < HIBAH_MIN_WITNESSES) return H.witnessesRequired;
  if (witnesses.some((w) => !w.confirmed_at)) return H.witnessesUnconfirmed;
  return null;
}
/** Age below which a receiver is a minor and needs a caretaker (Age of Majority Act 1971 s.2). */
export const MAJORITY_AGE = 18;

/**
 * Pricing plan of a hibah product (organisation pricing `product: "Hibah"`, plans of
 * validation/organisations.ts): corporate 1–2, cash 3/4/7/8, property 5/6/9/10, business 11, one-cent 12,
 * estate 14.
 */
export function hibahPlanOf(type: number): string {
  if (type === 1 || type === 2) return 'corporate';
  if ([3, 4, 7, 8].includes(type)) return 'cash';
  if ([5, 6, 9, 10].includes(type)) return 'property';
  if (type === 11) return 'business';
  if (type === 12) return 'onecent';
  return 'estate';
}
