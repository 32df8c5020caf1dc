/**
 * Who sees which figures in the reports (DESIGN.md §9.3): the same tenant scoping as the wills list
 * (`businessWillScope` of wills/policy.ts: `willScope` without the grant condition, ADR 0101), so a Partner's reports only ever count wills of their own
 * organisation(s) — by construction, in the WHERE clause — and staff-side roles (will:read:any) see all.
 * The route itself requires `report:read` (Client and Agent get 403 from the guard).
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, user_accesses } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { businessWillScope, myOrganisations } from '../wills/index.ts';

/**
 * WHERE clause of the wills counted in a report for `user` (never soft-deleted wills): the organisation's
 * business records, as the roll-ups count them — also after a client withdrew the grant (ADR 0101).
 */
export const reportScope = (user: AuthUser): SQL => businessWillScope(user);

/**
 * The same scope as {@link reportScope}, for the monthly roll-ups (reports/rollup.ts; ADR 0060), which
 * know organisations but not testators: 'all' for staff-side roles (will:read:any), the user's
 * organisations for a role that sees exactly its organisations' wills (Partner), and null for any other
 * mix (own or agent wills) — those reports are computed from the raw rows.
 */
export function rollupScope(user: AuthUser): 'all' | { organisations: SQL } | null {
  if (userCan(user, 'will:read:any')) return 'all';
  if (userCan(user, 'will:read:own') || userCan(user, 'will:read:agent')) return null;
  if (userCan(user, 'will:read:organisation')) return { organisations: myOrganisations(user) };
  return null;
}

/**
 * The organisation of a statement of account: the one asked for when visible, else (for a partner who
 * names none) their first organisation.
 * @throws 404 `errors.not_found` for an organisation the caller may not see (or that does not exist);
 *   422 `validation.required` on `organization_id` when a staff-side user names none.
 */
export async function statementOrganisation(db: Db, user: AuthUser, orgId: string | undefined) {
  if (userCan(user, 'will:read:any')) {
    if (!orgId) throw fieldError('organization_id', 'validation.required');
    const [org] = await db.select().from(organizations).where(eq(organizations.id, orgId));
    if (!org) throw notFound();
    return org;
  }
  const mine = db
    .select({ id: user_accesses.organization_id })
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, user.id), eq(user_accesses.status, 1)));
  const [org] = await db
    .select()
    .from(organizations)
    .where(and(inArray(organizations.id, mine), orgId ? eq(organizations.id, orgId) : undefined))
    .orderBy(organizations.name)
    .limit(1);
  if (!org) throw notFound();
  return org;
}
