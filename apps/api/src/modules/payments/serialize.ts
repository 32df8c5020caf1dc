/**
 * Reply shapes of the payments module (docs/api/payments.md). Money in integer sen (DESIGN.md §7);
 * timestamps ISO 8601 UTC.
 */
import { PAYMENT_OPTIONS } from '@wasiat/domain';
import type { payments, wills } from '../../db/schema/index.ts';
import { mandateInstalments } from './mandate-view.ts';

type Payment = typeof payments.$inferSelect;
type Will = typeof wills.$inferSelect;

/** Path of the built-in sandbox gateway page of a payment (docs/api/payments.md). */
export const sandboxPath = (paymentId: string) => `/api/payment-gateway/sandbox/${paymentId}`;

/**
 * `payment` as the API answers it: `{ id, paymentable_type, paymentable_id, payment_options_id,
 * amount_sen (what is due after the discount), discount_sen, status (pending|paid|failed|waived),
 * reference, receipt_no, paid_at, confirmed_by, confirmed_at, created_by, created_at, payment_link,
 * organization_id, gateway, slip_attachment_id, bank_name, account_no, atb_amount_sen, atb_frequency,
 * atb_other_frequency, atb_start_date (YYYY-MM-DD), offline_method (transfer|cheque|deposit), paid_on (YYYY-MM-DD,
 * the day an offline payment was made; ADR 0285), financing_status (pending|approved|rejected),
 * failure_reason, decided_by, decided_at, receipt_mail_status (pending|sent|failed), receipt_mail_failed, mandate,
 * parent_id, instalment_no, instalments }`.
 * ATB (ADR 0264): `mandate` true for an ATB mandate (pending until its last instalment, then paid, never counted as
 * money itself); an instalment has `parent_id` (its mandate) and `instalment_no` (1…N). `instalments` — the
 * mandate's schedule and progress (`{ total, received, received_sen, remaining_sen, next: { no, due_date,
 * amount_sen } | null, schedule: [{ no, due_date, amount_sen, received, payment_id, receipt_no, paid_at }] }`) —
 * when `children` (its instalment rows) are given; else null.
 * `payment_link` is the gateway page while a gateway payment is pending (reference §1.9; for the sandbox the
 * signed link of ADR 0107), else null.
 * `receipt_mail_failed` is true only when the receipt e-mail finally failed (spec §8).
 */
export function serializePayment(p: Payment, children?: readonly Payment[]) {
  const link =
    p.payment_options_id === PAYMENT_OPTIONS.gateway && p.status === 'pending' ? (p.gateway_url ?? null) : null;
  return {
    id: p.id,
    paymentable_type: p.paymentable_type,
    paymentable_id: p.paymentable_id,
    payment_options_id: p.payment_options_id,
    amount_sen: p.amount_sen,
    discount_sen: p.discount_sen,
    status: p.status,
    reference: p.reference,
    gateway_reference: p.gateway_reference,
    receipt_no: p.receipt_no,
    paid_at: p.paid_at,
    confirmed_by: p.confirmed_by,
    confirmed_at: p.confirmed_at,
    created_by: p.created_by,
    created_at: p.created_at,
    updated_at: p.updated_at,
    payment_link: link,
    organization_id: p.organization_id,
    gateway: p.gateway,
    slip_attachment_id: p.slip_attachment_id,
    bank_name: p.bank_name,
    account_no: p.account_no,
    atb_amount_sen: p.atb_amount_sen,
    atb_frequency: p.atb_frequency,
    atb_other_frequency: p.atb_other_frequency,
    atb_start_date: p.atb_start_date,
    offline_method: p.offline_method,
    paid_on: p.paid_on,
    financing_status: p.financing_status,
    failure_reason: p.failure_reason,
    decided_by: p.decided_by,
    decided_at: p.decided_at,
    receipt_mail_status: p.receipt_mail_status,
    receipt_mail_failed: p.receipt_mail_status === 'failed',
    mandate: p.mandate,
    parent_id: p.parent_id,
    instalment_no: p.instalment_no,
    instalments: p.mandate && children ? mandateInstalments(p, children) : null,
  };
}

/**
 * The payment-related view of a will returned with `POST /api/payment` (the wills module's own
 * serializer gives the full `wasiat`): `{ id, status, user_id, organization_id, plan, price_sen,
 * discount_sen, amount_due_sen, payment_options_id, payment_received_at, payment_status, parts_done }`.
 */
export function serializeWillPayment(w: Will, paymentStatus: string | null) {
  const price = w.price_sen ?? 0;
  return {
    id: w.id,
    status: w.status,
    user_id: w.user_id,
    organization_id: w.organization_id,
    plan: w.plan,
    price_sen: w.price_sen,
    discount_sen: w.discount_sen,
    amount_due_sen: Math.max(0, price - w.discount_sen),
    payment_options_id: w.payment_options_id,
    payment_received_at: w.payment_received_at,
    payment_status: paymentStatus,
    parts_done: w.parts_done,
  };
}
