/**
 * The asset ledger of an estate or cash trust (issue 5 "Asset transactions": type credit/debit, amount,
 * current total, balance after — integer sen; spec §3; ADR 0034).
 *
 * Single writer: every entry is added in one transaction that first locks the hibah row
 * (`SELECT … FOR UPDATE`), reads its `current_total_sen`, inserts the entry with `seq` = previous + 1,
 * `balance_before_sen` = the current total and `balance_after_sen` = before ± amount, and stores the new
 * total on the hibah. Concurrent entries queue on the lock, so none is lost. The database backs it up:
 * `(hibah_id, seq)` is unique, `amount_sen > 0`, `balance_after = balance_before ± amount` and
 * `balance_after >= 0` are CHECK constraints, and the hibah's total may not go below zero.
 * Who: the grantor, the agent who registered it, or staff (`hibah:verify`, the trust's administrator);
 * products: LEDGER_HIBAH_TYPES (estate 14 and the cash trusts), else 422 `hibah.ledger_not_allowed`.
 * An entry is never changed or deleted: {@link reverseTransaction} adds its counter entry (ADR 0184).
 */
import { H, type hibahTransactionSchema, LEDGER_HIBAH_TYPES } from '@wasiat/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { hibah_asset_transactions, hibah_properties, hibahs } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { type Actor, audit, findVisibleHibah } from './service.ts';

/** The ledger of a visible hibah, oldest first, with its current total (sen). */
export async function listTransactions(db: Db, user: AuthUser, hibahId: string) {
  const h = await findVisibleHibah(db, user, hibahId);
  const rows = await db
    .select()
    .from(hibah_asset_transactions)
    .where(eq(hibah_asset_transactions.hibah_id, h.id))
    .orderBy(asc(hibah_asset_transactions.seq));
  return { rows, current_total_sen: h.current_total_sen };
}

/**
 * Add one entry (rules in the module comment). A debit larger than the current total → 422
 * `hibah.insufficient_balance` on `amount_sen`; `property_id` must be a property of the hibah.
 * @returns the entry and the new current total (sen).
 */
export async function addTransaction(
  db: Db,
  actor: Actor,
  hibahId: string,
  body: z.output<typeof hibahTransactionSchema>,
) {
  return db.transaction(async (tx) => {
    const h = await findVisibleHibah(tx, actor.user, hibahId, true);
    const me = actor.user;
    if (!(h.user_id === me.id || h.agent_id === me.id || userCan(me, 'hibah:verify'))) throw forbidden();
    if (!(LEDGER_HIBAH_TYPES as readonly number[]).includes(h.hibah_type)) throw fieldError('type', H.ledgerNotAllowed);
    if (body.property_id) {
      const [p] = await tx
        .select({ id: hibah_properties.id })
        .from(hibah_properties)
        .where(and(eq(hibah_properties.id, body.property_id), eq(hibah_properties.hibah_id, h.id)));
      if (!p) throw fieldError('property_id', H.receiverInvalid);
    }
    const before = h.current_total_sen;
    const after = body.type === 'credit' ? before + body.amount_sen : before - body.amount_sen;
    if (after < 0) throw fieldError('amount_sen', H.insufficientBalance);
    const [last] = await tx
      .select({ seq: hibah_asset_transactions.seq })
      .from(hibah_asset_transactions)
      .where(eq(hibah_asset_transactions.hibah_id, h.id))
      .orderBy(desc(hibah_asset_transactions.seq))
      .limit(1);
    const [row] = await tx
      .insert(hibah_asset_transactions)
      .values({
        hibah_id: h.id,
        property_id: body.property_id ?? null,
        seq: (last?.seq ?? 0) + 1,
        type: body.type,
        amount_sen: body.amount_sen,
        balance_before_sen: before,
        balance_after_sen: after,
        description: body.description ?? null,
        created_by: me.id,
      })
      .returning();
    await tx.update(hibahs).set({ current_total_sen: after }).where(eq(hibahs.id, h.id));
    await audit(tx, actor, 'hibah.transaction.create', h.id, { current_total_sen: before }, row);
    return { row, current_total_sen: after };
  });
}

/** The description of the entry that reverses entry number `seq` (the marker a second reversal is refused by). */
export const reversalDescription = (seq: number) => `Pembatalan entri #${seq} / Reversal of entry #${seq}`;

/**
 * Reverse one entry (the 2021 ledger's `DELETE product-transaction/{id}`, reference §2.6; ADR 0184): entries are
 * never deleted, so the undo is a counter entry of the same amount and property, the opposite type, described
 * by {@link reversalDescription}, through {@link addTransaction} (same lock, who and product rules; reversing a
 * credit whose money is spent → 422 `hibah.insufficient_balance`). An entry of a hibah the caller may not see →
 * 404; one already reversed, or itself a reversal → 422 `hibah.entry_reversed` on `id`.
 * @returns the counter entry and the new current total (sen).
 */
export async function reverseTransaction(db: Db, actor: Actor, entryId: string) {
  const [e] = await db.select().from(hibah_asset_transactions).where(eq(hibah_asset_transactions.id, entryId));
  if (!e) throw notFound();
  await findVisibleHibah(db, actor.user, e.hibah_id); // 404 before anything is said about the entry
  const marker = reversalDescription(e.seq);
  const [done] = await db
    .select({ id: hibah_asset_transactions.id })
    .from(hibah_asset_transactions)
    .where(and(eq(hibah_asset_transactions.hibah_id, e.hibah_id), eq(hibah_asset_transactions.description, marker)))
    .limit(1);
  if (done || e.description?.startsWith('Pembatalan entri #')) throw fieldError('id', H.entryReversed);
  return addTransaction(db, actor, e.hibah_id, {
    type: e.type === 'credit' ? 'debit' : 'credit',
    amount_sen: e.amount_sen,
    property_id: e.property_id ?? undefined,
    description: marker,
  });
}
