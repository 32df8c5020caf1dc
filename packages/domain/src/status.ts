/**
 * Will status codes (spec §4 "Basic will status"). `null` = not applied.
 * 0 in registration, 1 awaiting confirmation by the provider, 2 registered, 3 cancelled, update needed.
 */
export const WILL_STATUS = {
  inRegistration: 0,
  awaitingConfirmation: 1,
  registered: 2,
  cancelledUpdateNeeded: 3,
} as const;
export type WillStatus = (typeof WILL_STATUS)[keyof typeof WILL_STATUS];

/** i18n key of a will status label (`common:will_status.<n>`); null → "not applied". */
export const willStatusKey = (s: number | null | undefined) =>
  s === null || s === undefined ? 'will_status.none' : `will_status.${s}`;

/** Amendment statuses (spec §4): any other value is shown as invalid/cancelled. */
export const AMENDMENT_STATUS = {
  drafting: 0,
  awaitingConfirmation: 1,
  succeeded: 2,
  draftReview: 3,
  awaitingWitness: 4,
  cancelled: 5,
} as const;

/** Payment option ids (reference §6.18; spec §3 payment types). */
export const PAYMENT_OPTIONS = { gateway: 1, direct: 2, cash: 3, financing: 4, atb: 5, offline: 6 } as const;
export type PaymentOptionId = (typeof PAYMENT_OPTIONS)[keyof typeof PAYMENT_OPTIONS];

/** Payment states (spec §4 "Payment: made, failed, waived via promo code"), plus pending for manual modes. */
export const PAYMENT_STATUS = ['pending', 'paid', 'failed', 'waived'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[number];
