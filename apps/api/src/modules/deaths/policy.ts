/**
 * The ONE place where the deaths module decides who sees which death report (DESIGN.md §9.3–9.4; ADR 0261).
 * Rights come from the permission table (`packages/domain/src/permissions.ts`):
 * - `death:verify` (the provider's Staff, Officer, Admin): every report, with what staff need to decide it;
 * - `death:read:organisation` (Partner): the VERIFIED reports whose deceased had an instrument registered with
 *   one of their organisations (active `user_accesses`) — the organisations told of the death;
 * - `death:report` (everyone else who may report): their own reports, and only what they gave themselves.
 * A report outside the caller's scope is a 404, by the WHERE clause (never revealing it exists).
 */
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { death_report_organisations, death_reports, user_accesses } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { userCan } from '../auth/index.ts';

/** How much of a report the caller is shown (queries.ts `reportBody`). */
export type ReportView = 'staff' | 'organisation' | 'reporter';

/** Whether the caller verifies deaths (and reports without eKYC, in the capacity `staff`). */
export const isDeathStaff = (user: AuthUser) => userCan(user, 'death:verify');

/** The organisations the user is an active member of, as a subquery. */
const myOrganisations = (user: AuthUser) =>
  sql`(select ${user_accesses.organization_id} from ${user_accesses} where ${user_accesses.user_id} = ${user.id} and ${user_accesses.status} = 1)`;

/** The verified reports of the deaths the user's organisations were told of (`death:read:organisation`). */
const organisationReports = (user: AuthUser) =>
  and(
    eq(death_reports.status, 'verified'),
    inArray(
      death_reports.id,
      sql`(select ${death_report_organisations.death_report_id} from ${death_report_organisations} where ${death_report_organisations.organization_id} in ${myOrganisations(user)})`,
    ),
  ) as SQL;

/** WHERE clause of the reports `user` may see (fails closed: nothing without a death action). */
export function reportScope(user: AuthUser): SQL {
  if (isDeathStaff(user)) return sql`true`;
  const parts: SQL[] = [];
  if (userCan(user, 'death:report')) parts.push(eq(death_reports.reporter_id, user.id));
  if (userCan(user, 'death:read:organisation')) parts.push(organisationReports(user));
  return parts.length ? (or(...parts) as SQL) : sql`false`;
}

/**
 * WHERE clause of the VERIFIED reports `user` sees as staff (`death:verify`: all) or as a registering organisation
 * (`death:read:organisation`: theirs) — the readers of an estate (estates module); a reporter as such sees none.
 */
export function verifiedReportScope(user: AuthUser): SQL {
  if (isDeathStaff(user)) return eq(death_reports.status, 'verified');
  return userCan(user, 'death:read:organisation') ? organisationReports(user) : sql`false`;
}

/** The view of a report the caller gets: staff's, an organisation's, or the reporter's own. */
export function viewOf(user: AuthUser, reporterId: string): ReportView {
  if (isDeathStaff(user)) return 'staff';
  if (reporterId === user.id) return 'reporter';
  return 'organisation';
}
