/**
 * Who may act on a will's payments (DESIGN.md §9.3–9.4; docs/api/payments.md "owner or staff").
 *
 * A caller sees a will's payments — and may pay for it — when the will is visible to them:
 * - its owner (`wills.user_id`) or its agent (`wills.agent_id`);
 * - a role with `will:read:any` (Staff, Officer, Accountant, Admin);
 * - a role with `will:read:organisation` (Partner) for wills of an organisation they belong to
 *   (active `user_accesses`).
 * Anything else is a 404, never a 403 (DESIGN.md §3). Confirming a manual payment additionally needs
 * `payment:confirm` (declared on the route; the guard answers 403).
 */
import { and, eq, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { type AuthUser, userCan } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { wills } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { memberOrganisationIds } from '../organisations/policy.ts';

/**
 * The WHERE condition that limits `wills` to those the user may see (deleted wills never), so another
 * tenant's will is a 404 by construction (DESIGN.md §9.3).
 */
export async function visibleWillsWhere(db: Db, user: AuthUser): Promise<SQL> {
  const alive = isNull(wills.deleted_at);
  if (userCan(user, 'will:read:any')) return alive;
  const mine: SQL[] = [eq(wills.user_id, user.id), eq(wills.agent_id, user.id)];
  if (userCan(user, 'will:read:organisation')) {
    const orgs = await memberOrganisationIds(db, user);
    if (orgs.length) mine.push(inArray(wills.organization_id, orgs));
  }
  return and(alive, or(...mine)) as SQL;
}

/**
 * The will `wasiatId` if the user may see it (and so pay for it and read its payments).
 * @throws 404 `errors.not_found` when it does not exist or is not visible.
 */
export async function loadVisibleWill(db: Db, user: AuthUser, wasiatId: string) {
  const [will] = await db
    .select()
    .from(wills)
    .where(and(eq(wills.id, wasiatId), await visibleWillsWhere(db, user)))
    .limit(1);
  if (!will) throw notFound();
  return will;
}
