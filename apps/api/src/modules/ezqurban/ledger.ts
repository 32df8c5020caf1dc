/**
 * The season ledger of ezQurban (spec §3 asset transaction fields "type credit, current total, balance
 * after"; issue 10 "season balance = collected − transferred, in integer sen, always consistent"; ADR 0052).
 *
 * Each paid purchase appends a `credit`, each fund transfer a `debit`. `current_total_sen` is the balance
 * before the entry, `balance_after_sen` = current ± amount. A single writer per season: {@link appendEntry}
 * locks the season row (`SELECT … FOR UPDATE`) before reading the last entry, so concurrent payments and
 * transfers never read the same balance; `(season_id, seq)` is unique as the last guard, and the balance
 * can never go below zero (CHECK constraint; 422 `programmes.over_balance` first).
 */
import { PG } from '@wasiat/domain';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  qurban_asset_transactions,
  qurban_fund_transfers,
  qurban_seasons,
  qurban_transactions,
} from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';

/** Lock a season row for the rest of the transaction; undefined when there is none. */
export async function lockSeason(tx: Db, seasonId: string) {
  const [s] = await tx.select().from(qurban_seasons).where(eq(qurban_seasons.id, seasonId)).for('update');
  return s;
}

/** The season's balance in sen (the last entry's balance after; 0 without entries). */
export async function seasonBalance(db: Db, seasonId: string): Promise<number> {
  const [last] = await db
    .select({ b: qurban_asset_transactions.balance_after_sen })
    .from(qurban_asset_transactions)
    .where(eq(qurban_asset_transactions.season_id, seasonId))
    .orderBy(desc(qurban_asset_transactions.seq))
    .limit(1);
  return last?.b ?? 0;
}

/**
 * Append one entry (inside `tx`; the season row is locked here). @returns the entry.
 * @throws 422 `programmes.over_balance` on `amount_sen` when a debit exceeds the balance.
 */
export async function appendEntry(
  tx: Db,
  e: { seasonId: string; type: 'credit' | 'debit'; amountSen: number; sourceType: string; sourceId: string },
) {
  await lockSeason(tx, e.seasonId);
  const [last] = await tx
    .select()
    .from(qurban_asset_transactions)
    .where(eq(qurban_asset_transactions.season_id, e.seasonId))
    .orderBy(desc(qurban_asset_transactions.seq))
    .limit(1);
  const current = last?.balance_after_sen ?? 0;
  const after = e.type === 'credit' ? current + e.amountSen : current - e.amountSen;
  if (after < 0) throw fieldError('amount_sen', PG.overBalance);
  const [row] = await tx
    .insert(qurban_asset_transactions)
    .values({
      season_id: e.seasonId,
      seq: (last?.seq ?? 0) + 1,
      type: e.type,
      amount_sen: e.amountSen,
      current_total_sen: current,
      balance_after_sen: after,
      source_type: e.sourceType,
      source_id: e.sourceId,
    })
    .returning();
  return row;
}

/**
 * A recount from the sources: collected (paid purchases), transferred (fund transfers), their difference,
 * and the ledger's balance — equal when the ledger is consistent. All in sen.
 */
export async function recountSeason(db: Db, seasonId: string) {
  const [c] = await db
    .select({ s: sql<string>`coalesce(sum(${qurban_transactions.amount_sen}), 0)` })
    .from(qurban_transactions)
    .where(and(eq(qurban_transactions.season_id, seasonId), eq(qurban_transactions.status, 1)));
  const [t] = await db
    .select({ s: sql<string>`coalesce(sum(${qurban_fund_transfers.amount_sen}), 0)` })
    .from(qurban_fund_transfers)
    .where(eq(qurban_fund_transfers.season_id, seasonId));
  const collected = Number(c.s);
  const transferred = Number(t.s);
  return {
    collected_sen: collected,
    transferred_sen: transferred,
    expected_balance_sen: collected - transferred,
    ledger_balance_sen: await seasonBalance(db, seasonId),
  };
}
