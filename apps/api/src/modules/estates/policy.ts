/**
 * Who sees the right office of an estate (issue 40 item 7; ADR 0271), from the permission table
 * (`packages/domain/src/permissions.ts`):
 * - `death:verify` (the provider's Staff, Officer, Admin): every VERIFIED report;
 * - `death:read:organisation` (Partner): the verified reports whose deceased had an instrument registered with one
 *   of their organisations (`death_report_organisations`, written when the death was verified; ADR 0261) — the
 *   organisation the will names as executor (ADR 0259).
 * Anything else — a pending or refused report, another organisation's, a report at all for a client — is a 404 by
 * the WHERE clause, never revealing that it exists. The clause is the deaths module's own (`verifiedReportScope`,
 * deaths/policy.ts), so who sees a report and who sees its estate are decided in one place.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { death_reports } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { isDeathStaff, verifiedReportScope } from '../deaths/index.ts';

/** A connection or a transaction. */
export type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whether the caller is staff who verify deaths (and may enter an estate's values). */
export const isEstateStaff = isDeathStaff;

/** The verified report `id` if the caller may see its estate. @throws 404. */
export async function findEstateReport(db: Conn, user: AuthUser, id: string) {
  const [r] = await db
    .select()
    .from(death_reports)
    .where(and(eq(death_reports.id, id), verifiedReportScope(user)));
  if (!r) throw notFound();
  return r;
}
