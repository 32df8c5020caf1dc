/**
 * The lock a verified death puts on the deceased's instruments (issue 40 item 1; ADR 0261), written once for every
 * kind: a will, hibah or amendment whose owner (`user_id`: the testator or grantor) is the deceased of a verified
 * death report may no longer change. Each kind calls {@link assertOwnerAlive} where it lets a record change (the
 * will wizard's save rule, the hibah's fill rule and status changes, applying for an amendment); the reminder jobs
 * leave such owners out with {@link ownerDeceasedSql}.
 */
import { DEATH_MSG } from '@wasiat/domain';
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { death_reports } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';

/** Either the database or a transaction handle of {@link Db}. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** SQL: the user in `owner` (a column or value) is the deceased of a verified death report. */
export const ownerDeceasedSql = (owner: SQLWrapper | string): SQL =>
  sql`exists (select 1 from ${death_reports} where ${death_reports.deceased_user_id} = ${owner} and ${death_reports.status} = 'verified')`;

/** Whether `ownerId` is the deceased of a verified death report (one indexed lookup). */
async function ownerDeceased(db: Conn, ownerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: death_reports.id })
    .from(death_reports)
    .where(and(eq(death_reports.deceased_user_id, ownerId), eq(death_reports.status, 'verified')))
    .limit(1);
  return Boolean(row);
}

/**
 * Refuse a change of an instrument whose owner's death has been verified.
 * @throws AppError 422 `deaths.instrument_locked` on `_` ("This record can no longer be changed: the death of its
 *   owner has been verified.").
 */
export async function assertOwnerAlive(db: Conn, ownerId: string): Promise<void> {
  if (await ownerDeceased(db, ownerId)) throw fieldError('_', DEATH_MSG.locked);
}
