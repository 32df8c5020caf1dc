/**
 * An amendment row: finding one in the caller's scope (policy.ts; 404 out of scope), its reference number
 * and its audit view (docs/api/amendments.md; spec §3 Amendment). Reached through `service.ts`.
 */
import { and, eq, sql } from 'drizzle-orm';
import { amendment_numbers, amendments } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import type { Conn } from '../wills/index.ts';
import { amendmentScope } from './policy.ts';

/** A row of `amendments`. */
export type Amendment = typeof amendments.$inferSelect;

/** The current year in Asia/Kuala_Lumpur (UTC+8). */
const klYear = (now: Date) => new Date(now.getTime() + 8 * 3600 * 1000).getUTCFullYear();

/** Next reference number "P<year>-<6 digits>", atomically. */
export async function nextReferenceNo(tx: Conn, now: Date) {
  const year = klYear(now);
  const [row] = await tx
    .insert(amendment_numbers)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: amendment_numbers.year, set: { last: sql`${amendment_numbers.last} + 1` } })
    .returning({ last: amendment_numbers.last });
  return `P${year}-${String(row.last).padStart(6, '0')}`;
}

/** The amendment `id` if the caller may see it (policy.ts), else 404. `forUpdate` locks the row. */
export async function findVisibleAmendment(db: Conn, user: AuthUser, id: string, forUpdate = false) {
  const q = db
    .select()
    .from(amendments)
    .where(and(eq(amendments.id, id), amendmentScope(user)));
  const [row] = forUpdate ? await q.for('update') : await q;
  if (!row) throw notFound();
  return row;
}

/** The audit view of an amendment (without the draft). */
export const summary = (a: Amendment) => {
  const { draft: _d, ...rest } = a;
  return rest;
};
