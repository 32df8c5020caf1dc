/**
 * Payments for wills, amendments, hibah and other payables (docs/api/payments.md; spec §3 promo code, §4
 * "Payment: made, failed, waived via promo code", §8 "Payment of will failed", §9 payment modes; reference
 * §1.9, §2.7, §4.5). What is paid for is a payable kind registered by its owning module (payables.ts,
 * ADR 0016); this module holds the money rules, the same for every kind.
 *
 * Rules:
 * - The amount is never taken from the client: due = the payable's price (for a will `wills.price_sen`,
 *   fixed at part b) − the promo discount, in integer sen. No price yet → 422 `payments.price_missing`.
 * - Modes (ADR 0040): 1 gateway (gateways/: sandbox or Billplz), 2 direct (bank transfer reference +
 *   uploaded slip), 3 cash, 4 financing (bank application: pending → approved / rejected), 5 ATB (bank
 *   standing instruction: debit amount, frequency, bank, account, start date), 6 offline (recorded by
 *   staff, settled at once). The payable's organisation must allow the mode (`organizations.allow_*`,
 *   `preferences.allow_payments`).
 * - Nothing left to pay → the payment is `waived` (no gateway) with a receipt number.
 * - Gateway: `pending` until the gateway says paid (→ `paid`) or failed (→ `failed`); settled payments
 *   never change again (gateway-flow.ts). Manual modes: `pending` until Staff/Accountant/Admin confirm
 *   (manual.ts); the wizard part `payment` counts as done as soon as a manual payment is recorded.
 * - A payable with a `paid`/`waived` payment cannot be paid again (422 `payments.already_paid`); a new
 *   attempt supersedes (fails) its earlier pending payment, so nothing is ever paid twice.
 * - Receipts are numbered per organisation in the settling transaction (receipts.ts, ADR 0042).
 * - Each state change writes an audit event in the same transaction (DESIGN.md §9.6).
 *
 * The code is split by concern (each re-exported here, the module's entry point):
 * - create-payment.ts: `POST /api/payment` (due amount, promo, modes' inputs, the gateway bill);
 * - payment-modes.ts: the modes an organisation allows, `GET /api/payment/options`;
 * - settlement.ts: locking, settling and failing existing payments (shared with gateway-flow.ts, manual.ts);
 * - queries.ts: read-only queries (payment status, one payment, a payable's payments, the promo check).
 */

export { createPayment, type PaymentEnv, safeRedirect } from './create-payment.ts';
export { paymentOptionsFor } from './payment-modes.ts';
export { checkPromo, getPayment, listPayments, paymentStatusOf, visiblePayment } from './queries.ts';
export { nextReceiptNo } from './receipts.ts';
export {
  type Actor,
  failPendingPayments,
  inTx,
  type LockedPayment,
  lockPayment,
  payableSettled,
  settlePaid,
} from './settlement.ts';
