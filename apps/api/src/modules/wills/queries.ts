/**
 * SQL of the wills module: finding a will in the caller's scope, listing, the latest payment per will,
 * and the relations of `load_with`. Every read of a will goes through {@link willScope} (policy.ts).
 *
 * The list, the relations, the prepared statements and the row types live in files named by what they hold
 * (will-list.ts, relations.ts, prepared.ts, db-types.ts); this file is the one import path for all of them.
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { registerReferenceKind } from '../grants/index.ts';
import type { Conn, PaymentRow } from './db-types.ts';
import { scopeFlags, willScope } from './policy.ts';
import { prepared } from './prepared.ts';

export * from './db-types.ts';
export { latestPaymentStatus } from './prepared.ts';
export * from './relations.ts';
export * from './will-list.ts';

/**
 * The will `id` if the caller may see it, else 404 (the scope is in the WHERE clause).
 * @param opts.forUpdate lock the row (use inside a transaction).
 */
export async function findVisibleWill(db: Conn, user: AuthUser, id: string, opts: { forUpdate?: boolean } = {}) {
  if (!opts.forUpdate) {
    const f = scopeFlags(user);
    const [row] = await prepared(db as Db).visibleWill.execute({ id, uid: user.id, ...f });
    if (!row) throw notFound();
    return row;
  }
  const [row] = await db
    .select()
    .from(wills)
    .where(and(eq(wills.id, id), willScope(user)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

// A `wasiat_id` (or `*_type: "Wasiat"` pair) in a body or query: visible by the same scope (ADR 0101).
registerReferenceKind('Wasiat', async (db, user, id) => {
  const [w] = await db
    .select({ id: wills.id })
    .from(wills)
    .where(and(eq(wills.id, id), willScope(user)));
  return Boolean(w);
});

/** Lock a will row (inside a transaction) without scope; for re-reading after a scoped check. */
export async function lockWill(db: Conn, id: string) {
  const [row] = await db.select().from(wills).where(eq(wills.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/**
 * The latest payment row of each will (`paymentable_type = "Wasiat"`; its own payment, never an ATB instalment:
 * an ATB will's is its mandate, pending until the last instalment, ADR 0264), keyed by will id.
 */
export async function latestPayments(db: Conn, willIds: string[]): Promise<Map<string, PaymentRow>> {
  const out = new Map<string, PaymentRow>();
  if (willIds.length === 0) return out;
  if (willIds.length === 1) {
    const [one] = await prepared(db as Db).latestPayment.execute({ id: willIds[0] });
    if (one) out.set(one.paymentable_id, one);
    return out;
  }
  const rows = await db
    .selectDistinctOn([payments.paymentable_id])
    .from(payments)
    .where(
      and(
        eq(payments.paymentable_type, 'Wasiat'),
        inArray(payments.paymentable_id, willIds),
        isNull(payments.parent_id),
      ),
    )
    .orderBy(payments.paymentable_id, desc(payments.created_at), desc(payments.updated_at));
  for (const r of rows) out.set(r.paymentable_id, r);
  return out;
}

/** Whether a will has a payment that fixes its price (any payment not failed; brief "price fixed once paid"). */
export async function hasLivePayment(db: Conn, willId: string) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.paymentable_type, 'Wasiat'),
        eq(payments.paymentable_id, willId),
        inArray(payments.status, ['pending', 'paid', 'waived']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}
