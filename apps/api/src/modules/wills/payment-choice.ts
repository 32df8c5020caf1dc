/**
 * The 2021 client's payment-choice PATCHes on a will (issue 20; reference §2.2 "payment", §3.1 Part C):
 * `{ is_cash_payment }` then `{ payment_options_id }`. Here the mode is chosen and recorded by the payment
 * itself (`POST /payment { payment_options_id }`, payments module), which the client sends next; these
 * PATCHes are checked — the will visible (404) and changeable by the caller (403), the payment part open
 * (422 `wills.part_locked`), `payment_options_id` a payment type (422 `validation.choose`) — and answered
 * with the will, unchanged. `is_payment_verified` (staff approving a transfer slip) is refused with 422
 * `wills.verify_by_payment` on that field: that is `POST /payment/{id}/confirm`. ADR 0131. (Staff's 2021 approval
 * of a transfer or cash, and the cash choice, are answered before this by payments/original-contract.ts, ADR 0163.)
 */
import { codesOf, PAYMENT_TYPES } from '@wasiat/domain';
import type { Db } from '../../db/client.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { type Actor, editableWill } from './service.ts';

/** Check a payment-choice PATCH body and return the will row (unchanged). */
export async function notePaymentChoice(db: Db, actor: Actor, willId: string, body: Record<string, unknown>) {
  const will = await editableWill(db, actor.user, willId, 'payment');
  if ('is_payment_verified' in body) throw fieldError('is_payment_verified', 'wills.verify_by_payment');
  if ('payment_options_id' in body) {
    const n = Number(body.payment_options_id);
    if (!(codesOf(PAYMENT_TYPES) as number[]).includes(n)) throw fieldError('payment_options_id', 'validation.choose');
  }
  return will;
}
