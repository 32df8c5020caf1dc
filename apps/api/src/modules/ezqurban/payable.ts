/**
 * The qurban purchase as a payable (`paymentable_type: "QurbanTransaction"`; payments/payables.ts,
 * ADR 0016; issue 10 "paid through the payments module (shares confirmed when paid)").
 *
 * - Visible to its participant and to `qurban:read` roles (policy.ts); else 404.
 * - Price: the purchase's `amount_sen` (shares × price per share, fixed at purchase); payable while
 *   status 0 (pending). No organisation: every payment mode of the platform applies.
 * - Settling it (gateway approve, staff confirm, or a full promo waiver) confirms the shares (status 1,
 *   `verified_at`) and appends the season ledger's `credit` in the same transaction (ledger.ts).
 */
import { PG } from '@wasiat/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { qurban_transactions } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { PayableKind, PayableState } from '../payments/index.ts';
import { appendEntry } from './ledger.ts';
import { loadVisibleTransaction } from './policy.ts';
import { serializeTransaction } from './serialize.ts';

type Tx = typeof qurban_transactions.$inferSelect;

const stateOf = (t: Tx): PayableState => ({
  type: 'QurbanTransaction',
  id: t.id,
  organizationId: null,
  priceSen: t.amount_sen,
  payable: t.status === 0,
});

export const qurbanPayable: PayableKind = {
  type: 'QurbanTransaction',
  /** Its payer is its owner `user_id` (the payer's history, ADR 0248). */
  payerRecords: (userId) =>
    sql`SELECT ${qurban_transactions.id} FROM ${qurban_transactions} WHERE ${qurban_transactions.user_id} = ${userId}`,
  messages: { notPayable: PG.notPayable, alreadyPaid: PG.alreadyPaid },
  async loadVisible(db, user, id) {
    return stateOf(await loadVisibleTransaction(db, user, id));
  },
  async lock(tx, id) {
    const [t] = await tx.select().from(qurban_transactions).where(eq(qurban_transactions.id, id)).for('update');
    return t ? stateOf(t) : undefined;
  },
  async onRecorded(tx, state, info) {
    await tx
      .update(qurban_transactions)
      .set({ payment_options_id: info.optionId })
      .where(eq(qurban_transactions.id, state.id));
  },
  async onPaid(tx, state, now) {
    const [t] = await tx
      .update(qurban_transactions)
      .set({ status: 1, verified_at: now })
      .where(eq(qurban_transactions.id, state.id))
      .returning();
    const entry = await appendEntry(tx, {
      seasonId: t.season_id,
      type: 'credit',
      amountSen: t.amount_sen,
      sourceType: 'QurbanTransaction',
      sourceId: t.id,
    });
    await recordAudit(tx, {
      actorId: null,
      action: 'qurban.transaction_paid',
      entityType: 'QurbanTransaction',
      entityId: t.id,
      before: { status: 0 },
      after: { status: 1, ledger_seq: entry.seq, balance_after_sen: entry.balance_after_sen },
    });
  },
  /** The participant pays; the receipt names the transaction reference (issue 7 receipts). */
  async payers(db, ids) {
    const rows = await db
      .select({ id: qurban_transactions.id, userId: qurban_transactions.user_id, item: qurban_transactions.ref_no })
      .from(qurban_transactions)
      .where(inArray(qurban_transactions.id, [...ids]));
    return rows;
  },
  /** The purchase's reference (ADR 0242): the status page names the qurban and leads to the transactions. */
  async summary(db, id) {
    const [t] = await db.select().from(qurban_transactions).where(eq(qurban_transactions.id, id));
    return { reference: t?.ref_no ?? null };
  },
  async reply(db, id) {
    const [t] = await db.select().from(qurban_transactions).where(eq(qurban_transactions.id, id));
    return { transaction: serializeTransaction(t) };
  },
};
