/**
 * The claim-send-retry loop of every outbox table, written once (issue 34 "write it once"; ADR 0296): the mail
 * outbox (`mail_outbox`, platform/mail/outbox.ts) and the status notices (`status_notices`, modules/notices) each
 * give their table and how one row is sent; this module claims, sends and records.
 *
 * - A row is **due** while unsent (`sent_at` null), under `maxAttempts` claims, and not claimed in the last
 *   `claimTimeoutMs` (a claim older than that died with its process).
 * - **Claiming** is one conditional UPDATE (so two processes never send the same row) that counts one attempt:
 *   the given ids (just written, after their commit), or with none the `batch` oldest due rows (by `oldestFirst`,
 *   optionally narrowed by `where`).
 * - **Sending** runs after the claim, outside any transaction (DESIGN.md: no transaction across a call to another
 *   service); a success sets `sent_at` and clears `last_error`; a failure clears the claim and keeps the error
 *   (500 characters) for the next pass. Nothing here throws.
 */
import { and, asc, eq, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Ctx } from '../../context.ts';

/** The columns an outbox table has (names as in `mail_outbox` and `status_notices`). */
type OutboxColumns = {
  id: PgColumn;
  sent_at: PgColumn;
  attempts: PgColumn;
  claimed_at: PgColumn;
  last_error: PgColumn;
};

/** How one outbox table is read: its limits and the column its retries are ordered by. */
export interface OutboxOptions {
  /** Claims of one row, after which it stays unsent with its last error. */
  maxAttempts: number;
  /** A claim older than this (ms) is taken to have died with its process. */
  claimTimeoutMs: number;
  /** Rows one retry pass claims at most. */
  batch: number;
  /** The column the retry pass takes the oldest rows by. */
  oldestFirst: PgColumn;
}

/**
 * Claims and sends rows of `table` (see the file comment): the rows `pick.ids`, or with no ids every due row
 * (narrowed by `pick.where`). `send` sends one row and throws to leave it for the next pass.
 * @returns `{ sent, failed }` (counts of rows; a failed claim counts one failure).
 */
export async function deliverOutbox<T extends PgTable & OutboxColumns, Row extends { id: string }>(
  ctx: Ctx,
  table: T,
  opts: OutboxOptions,
  pick: { ids?: string[]; where?: SQL },
  send: (row: Row) => Promise<void>,
  now = new Date(),
): Promise<{ sent: number; failed: number }> {
  if (pick.ids && !pick.ids.length) return { sent: 0, failed: 0 };
  const t = table as T & OutboxColumns;
  const due = and(
    isNull(t.sent_at),
    lt(t.attempts, opts.maxAttempts),
    or(isNull(t.claimed_at), lt(t.claimed_at, new Date(now.getTime() - opts.claimTimeoutMs))),
  );
  const which = pick.ids
    ? inArray(t.id, pick.ids)
    : inArray(
        t.id,
        ctx.db
          .select({ id: t.id })
          .from(t as PgTable)
          .where(and(due, pick.where))
          .orderBy(asc(opts.oldestFirst))
          .limit(opts.batch),
      );
  let rows: Row[];
  try {
    rows = (await ctx.db
      .update(t as PgTable)
      .set({ claimed_at: now, attempts: sql`${t.attempts} + 1` } as never)
      .where(and(which, due))
      .returning()) as unknown as Row[];
  } catch {
    return { sent: 0, failed: 1 };
  }
  let sent = 0;
  let failed = 0;
  for (const row of rows) {
    try {
      await send(row);
      await ctx.db
        .update(t as PgTable)
        .set({ sent_at: new Date(), last_error: null } as never)
        .where(eq(t.id, row.id));
      sent += 1;
    } catch (err) {
      failed += 1;
      await ctx.db
        .update(t as PgTable)
        .set({ claimed_at: null, last_error: String((err as Error)?.message ?? err).slice(0, 500) } as never)
        .where(eq(t.id, row.id))
        .catch(() => {});
    }
  }
  return { sent, failed };
}
