/**
 * Reading the rows of a raw SQL query of the reports (queries.ts and its parts) the same way on both drivers
 * (PostgreSQL and PGlite, ADR 0178): `db.execute`'s rows, numbers that come back as strings (bigint sums of
 * sen, counts) as JS numbers (null → 0), and timestamps that come back as strings as `Date`s (null stays null).
 */
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Rows of `db.execute` on both drivers. */
export async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  const r = (await db.execute(q)) as unknown as { rows: T[] };
  return r.rows;
}

/** A number of a row (bigint sums and counts may come back as strings); null → 0. */
export const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** A timestamp of a row as a `Date` (some drivers give strings); null stays null. */
export const toDate = (v: unknown) =>
  v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v));
