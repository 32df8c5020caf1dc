/**
 * Locking and changing the state of existing payments (ADR 0040, receipts ADR 0042), shared by
 * gateway-flow.ts (gateway callbacks, the sandbox), manual.ts (staff confirmation), create-payment.ts and
 * the payables' owning modules (withdrawal): the lock order (the payable first, then the payment), settling
 * as `paid` with the next receipt number of its issuer (ADR 0241), and failing pending payments. Settled
 * (`paid`/`waived`) payments never change again; each change is audited in the same transaction
 * (DESIGN.md §9.6).
 */

import { PAYMENT_OPTIONS } from '@wasiat/domain';
import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { type PayableState, payableKind } from './payables.ts';
import { nextReceiptNo, receiptMailDue } from './receipts.ts';

type Payment = typeof payments.$inferSelect;
/** Who acts, for audit events: the user id (null for the public sandbox) and the request IP. */
export interface Actor {
  id: string | null;
  ip?: string;
}

const SETTLED = ['paid', 'waived'];

export const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

/** The first payment (`{ id }`) of the payable that also meets `where`, or undefined. */
async function paymentOf(tx: Db, state: PayableState, where: SQL | undefined) {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.paymentable_type, state.type), eq(payments.paymentable_id, state.id), where))
    .limit(1);
  return row;
}

/**
 * The settled payment of a payable, if any (`paid` or `waived`): its own payment, never an ATB instalment — an
 * ATB payable is settled when its mandate is, with the last instalment (ADR 0264).
 */
export const settledPaymentOf = (tx: Db, state: PayableState) =>
  paymentOf(tx, state, and(inArray(payments.status, SETTLED), isNull(payments.parent_id)));

/**
 * The payable's offline declaration awaiting staff's decision (ADR 0285, 0291, 0300), if any.
 * @returns `{ id }` of the pending offline (6) payment, or undefined.
 */
export const pendingDeclarationOf = (tx: Db, state: PayableState) =>
  paymentOf(tx, state, and(eq(payments.payment_options_id, PAYMENT_OPTIONS.offline), eq(payments.status, 'pending')));

/**
 * Lock a payment for a state change, taking the locks in the same order as {@link createPayment}
 * (the payable first, then the payment) so concurrent changes never deadlock.
 * @returns the payment and the payable's state (undefined when the payment does not exist).
 */
export async function lockPayment(tx: Db, paymentId: string) {
  const [ref] = await tx
    .select({ type: payments.paymentable_type, id: payments.paymentable_id })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!ref) return undefined;
  const kind = payableKind(ref.type);
  const state = await kind.lock(tx, ref.id);
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p || !state) return undefined;
  return { p, state, kind };
}
export type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

/**
 * Mark a payment (pending, or a gateway payment failed by its redirect) paid with the next receipt
 * number of its issuer (the organisation's, or the provider's; ADR 0241), queue its receipt e-mail, and
 * tell the payable's kind (`onPaid`).
 */
export async function settlePaid(tx: Db, locked: LockedPayment, extra: Partial<Payment>) {
  const now = new Date();
  const [paid] = await tx
    .update(payments)
    .set({
      status: 'paid',
      paid_at: now,
      ...(await nextReceiptNo(tx, locked.p.organization_id ?? locked.state.organizationId, now)),
      organization_id: locked.p.organization_id ?? locked.state.organizationId,
      ...receiptMailDue(now),
      ...extra,
    })
    .where(and(eq(payments.id, locked.p.id), inArray(payments.status, ['pending', 'failed'])))
    .returning();
  await locked.kind.onPaid(tx, locked.state, now);
  return paid;
}

/** Whether the payable of a locked payment already has a settled payment. */
export const payableSettled = async (tx: Db, state: PayableState) => !!(await settledPaymentOf(tx, state));

/**
 * Fail the pending payments of a payable whose owning module withdraws it (e.g. a cancelled qurban
 * purchase, issue 10), inside `tx`. The caller must hold the payable's lock (its kind's `lock`), the same
 * first lock as {@link settleSandbox} and {@link confirmPayment} take, so a payment can never settle after
 * this: it is `failed` by then and settlement leaves a non-pending payment unchanged. Audited per payment.
 * @returns the ids of the payments failed.
 */
export async function failPendingPayments(tx: Db, type: string, id: string, actor: Actor): Promise<string[]> {
  const failed = await tx
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.paymentable_type, type), eq(payments.paymentable_id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  for (const f of failed) {
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payment.withdraw',
      entityType: 'Payment',
      entityId: f.id,
      before: { status: 'pending' },
      after: { status: 'failed', for: `${type}:${id}` },
      ip: actor.ip,
    });
  }
  return failed.map((f) => f.id);
}
