/**
 * Outcomes of gateway payments (mode 1; reference §1.9; ADR 0041): the sandbox page's form post, and
 * Billplz's signed callback and redirect. Every path ends in {@link settleGateway}, which locks the
 * payable and the payment and changes a payment at most once, so the redirect and the callback — or
 * the same callback delivered twice, even at the same moment — credit once.
 *
 * The amount is the server's: a Billplz callback whose paid amount differs from the payment's
 * `amount_sen` is refused (audited) and credits nothing.
 */

import { randomBytes } from 'node:crypto';
import { type AuditAction, PAYMENT_OPTIONS } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { inTx, lockPayment, payableSettled, settlePaid } from './service.ts';

type Payment = typeof payments.$inferSelect;

/** A gateway payment for the public sandbox page, or undefined (unknown id or not a gateway payment). */
export async function findGatewayPayment(db: Db, paymentId: string) {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return p && p.payment_options_id === PAYMENT_OPTIONS.gateway ? p : undefined;
}

/** The payment of a gateway bill (`gateway` + its bill id), or undefined. */
export async function paymentOfBill(db: Db, gateway: string, billId: string) {
  const [p] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gateway_bill_id, billId)))
    .limit(1);
  return p;
}

export interface GatewayOutcome {
  paid: boolean;
  /** The gateway's transaction reference (bill id for Billplz, `SBX-…` for the sandbox). */
  gatewayReference: string;
  /** Amount the gateway says was paid (sen), when it says; must equal the payment's. */
  paidAmountSen?: number | null;
  /** `callback` (server to server), `redirect` (the browser) or `sandbox`. */
  via: 'callback' | 'redirect' | 'sandbox';
}

/**
 * Apply a verified gateway outcome to a gateway payment, once.
 * - paid: a `pending` payment becomes `paid` (receipt number, e-mail queued, the payable's `onPaid`). A
 *   payment the customer's redirect had already marked `failed` is still credited when the gateway's
 *   callback (`via: 'callback'`) says the money arrived and nothing else settled the payable; otherwise the late money is only audited
 *   (`payment.gateway_paid_late`, for a refund).
 * - not paid: a `pending` payment becomes `failed` (the customer may try again).
 * - A settled payment never changes; a repeated outcome changes nothing.
 * @returns the payment after the outcome and whether this call changed it; undefined when no such
 *   gateway payment exists.
 */
export async function settleGateway(db: Db, paymentId: string, o: GatewayOutcome, ip?: string) {
  return inTx(db, async (tx) => {
    const locked = await lockPayment(tx, paymentId);
    if (!locked || locked.p.payment_options_id !== PAYMENT_OPTIONS.gateway) return undefined;
    const { p } = locked;
    const audit = (action: AuditAction, after: Record<string, unknown>) =>
      recordAudit(tx, {
        actorId: null,
        action,
        entityType: 'Payment',
        entityId: p.id,
        before: { status: p.status },
        after: { ...after, via: o.via, gateway_reference: o.gatewayReference },
        ip,
      });
    if (o.paidAmountSen != null && o.paidAmountSen !== p.amount_sen) {
      await audit('payment.gateway_amount_mismatch', { status: p.status, paid_amount_sen: o.paidAmountSen });
      return { payment: p, changed: false, refused: true };
    }
    if (o.paid) {
      // Only the gateway's own server-to-server callback may revive a failed payment: the sandbox page
      // and the browser redirect are the customer's word, and a racing "fail" there is final.
      const creditable =
        p.status === 'pending' ||
        (p.status === 'failed' && o.via === 'callback' && !!p.gateway && !(await payableSettled(tx, locked.state)));
      if (!creditable) {
        if (p.status === 'failed' && o.via === 'callback')
          await audit('payment.gateway_paid_late', { status: p.status });
        return { payment: p, changed: false, refused: false };
      }
      const paid = await settlePaid(tx, locked, { gateway_reference: o.gatewayReference, failure_reason: null });
      await audit('payment.gateway_paid', { status: 'paid', receipt_no: paid.receipt_no });
      return { payment: paid as Payment, changed: true, refused: false };
    }
    if (p.status !== 'pending') return { payment: p, changed: false, refused: false };
    const [failed] = await tx
      .update(payments)
      .set({ status: 'failed', gateway_reference: o.gatewayReference })
      .where(eq(payments.id, p.id))
      .returning();
    await audit('payment.gateway_failed', { status: 'failed' });
    return { payment: failed, changed: true, refused: false };
  });
}

/**
 * Outcome of the built-in sandbox gateway (`POST /api/payment-gateway/sandbox/{id}`): approve → `paid`;
 * fail → `failed`. A payment that is no longer pending is returned unchanged.
 * @returns the payment after the outcome, or undefined when there is no such gateway payment.
 */
export async function settleSandbox(db: Db, paymentId: string, outcome: 'approve' | 'fail', ip?: string) {
  const p = await findGatewayPayment(db, paymentId);
  if (!p) return undefined;
  if (p.status !== 'pending') return { payment: p, changed: false };
  const r = await settleGateway(
    db,
    paymentId,
    {
      paid: outcome === 'approve',
      gatewayReference: `SBX-${randomBytes(6).toString('hex').toUpperCase()}`,
      via: 'sandbox',
    },
    ip,
  );
  return r && { payment: r.payment, changed: r.changed };
}

/**
 * Where the customer's browser goes after the gateway: the payment's validated `redirect_url` (a
 * same-origin path, or an absolute URL on an allowed client origin, create-payment.ts `safeRedirect`; default
 * `/payment-status`) with `status=1` (paid/waived) or `status=0`, the payment
 * id and the payable (`wasiat_id` for a will, else `paymentable_type` + `paymentable_id`).
 */
export function returnUrl(p: Payment): string {
  const base = p.redirect_url || '/payment-status';
  const [path, query = ''] = base.split('?');
  const q = new URLSearchParams(query);
  q.set('status', p.status === 'paid' || p.status === 'waived' ? '1' : '0');
  q.set('payment_id', p.id);
  if (p.paymentable_type === 'Wasiat') q.set('wasiat_id', p.paymentable_id);
  else {
    q.set('paymentable_type', p.paymentable_type);
    q.set('paymentable_id', p.paymentable_id);
  }
  return `${path}?${q.toString()}`;
}
