/**
 * The organisation, branch and price of a hibah (part C; spec §1, §3 preferences; ADRs 0025, 0031): whether an
 * organisation may take the product for the caller, and the price from its pricing row. Amounts in sen.
 * Used by registration.ts.
 */
import { H, hibahPlanOf, hibahProductRefusal } from '@wasiat/domain';
import { and, desc, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import { branches, organizations, pricings, user_accesses } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { preferenceOf } from '../instruments/index.ts';
import type { Conn } from './access.ts';
import { canCreateForClient, seesAnyOrganisation } from './policy.ts';

/**
 * Check that an organisation may take this product for this caller (spec §3 preferences, enforced on
 * the server): active; preference `allow_hibah` (422 `hibah.not_allowed`); corporate products 1–2 also
 * `allow_corporate` (422 `hibah.corporate_not_allowed`); agents/partners only their own organisation, a
 * client alone only the provider or an organisation open to the public (422 `hibah.organization_invalid`)
 * — unless it is the organisation the hibah already has (`keepOrgId`: the grantor keeps the one their agent
 * chose; ADR 0025). The branch must be an active branch of it (422 `hibah.branch_invalid` on `branch_id`);
 * none given → its headquarters. @returns org id and branch id.
 */
export async function checkOrganisation(
  tx: Conn,
  me: AuthUser,
  type: number,
  orgId: string,
  branchId: string | undefined,
  keepOrgId?: string | null,
) {
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, orgId));
  if (org?.status !== 1) throw fieldError('organization_id', H.organizationInvalid);
  const pref = await preferenceOf(tx, org.id);
  const refusal = hibahProductRefusal(pref, type);
  if (refusal === 'not_allowed') throw fieldError('organization_id', H.notAllowed);
  if (refusal === 'corporate_not_allowed') throw fieldError('hibah_type', H.corporateNotAllowed);
  if (!seesAnyOrganisation(me) && org.id !== keepOrgId) {
    if (canCreateForClient(me)) {
      const [a] = await tx
        .select({ id: user_accesses.id })
        .from(user_accesses)
        .where(
          and(eq(user_accesses.user_id, me.id), eq(user_accesses.organization_id, org.id), eq(user_accesses.status, 1)),
        );
      if (!a) throw fieldError('organization_id', H.organizationInvalid);
    } else if (org.code !== 'PROVIDER' && !(pref?.allow_public ?? true)) {
      throw fieldError('organization_id', H.organizationInvalid);
    }
  }
  let branch = branchId;
  if (branch) {
    const [b] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.id, branch), eq(branches.organization_id, org.id), eq(branches.status, 1)));
    if (!b) throw fieldError('branch_id', H.branchInvalid);
  } else {
    const [b] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.organization_id, org.id), eq(branches.status, 1)))
      .orderBy(desc(branches.is_headquarter))
      .limit(1);
    branch = b?.id;
  }
  return { organization_id: org.id, branch_id: branch ?? null };
}

/**
 * The conditions of an organisation's `Hibah` pricing rows in force at `now` (active, `effective_from` ≤ now <
 * `effective_to` or open-ended) — shared by {@link priceOf} and the product list (products.ts), so the list shows
 * the price part C fixes. Newest `effective_from` first wins.
 */
export function activeHibahPricings(orgId: string, now: Date): SQL[] {
  return [
    eq(pricings.organization_id, orgId),
    eq(pricings.product, 'Hibah'),
    eq(pricings.status, 1),
    lte(pricings.effective_from, now),
    or(isNull(pricings.effective_to), gt(pricings.effective_to, now)) as SQL,
  ];
}

/**
 * The price of a hibah product at an organisation (spec §1 payments for hibah products; ADRs 0031, 0025):
 * the named `pricing_id` — an active `Hibah` pricing of the organisation FOR THE PRODUCT'S PLAN (domain
 * `hibahPlanOf`), else 422 `hibah.pricing_invalid` on `pricing_id`, so a cheaper plan's price cannot be
 * picked — or the organisation's active `Hibah` pricing of that plan; null when none. The price always
 * comes from the pricing row, never from the request. @returns `{ pricing_id, price_sen }` (sen).
 */
export async function priceOf(tx: Conn, orgId: string, type: number, pricingId?: string) {
  const conds: SQL[] = [...activeHibahPricings(orgId, new Date()), eq(pricings.plan, hibahPlanOf(type))];
  if (pricingId) conds.push(eq(pricings.id, pricingId));
  const [p] = await tx
    .select()
    .from(pricings)
    .where(and(...conds))
    .orderBy(desc(pricings.effective_from))
    .limit(1);
  if (!p && pricingId) throw fieldError('pricing_id', H.pricingInvalid);
  return p ? { pricing_id: p.id, price_sen: p.price_sen } : { pricing_id: null, price_sen: null };
}
