/**
 * Part b by price row (issue 20; reference §3.1 Part B): the 2021 client sends the `pricing_id` the
 * customer picked from `GET organization/{id}/pricing?product=Wasiat`, not a `plan`. The price row knows
 * its plan, so the plan follows from it (ADR 0131).
 */
import { W } from '@wasiat/domain';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { pricings } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { Conn } from './queries.ts';

/**
 * The plan (`basic` | `comprehensive`) of price row `pricingId`, which must be an active (status 1, in its
 * effective window) `Wasiat` price of organisation `orgId`; else 422 `wills.no_pricing` on `pricing_id`.
 * When the body also names a `plan`, it must agree (else 422 `wills.no_pricing` on `plan`).
 */
export async function planOfPricing(db: Conn, orgId: string, pricingId: string, plan?: string) {
  const now = new Date();
  const [p] = await db
    .select({ plan: pricings.plan })
    .from(pricings)
    .where(
      and(
        eq(pricings.id, pricingId),
        eq(pricings.organization_id, orgId),
        eq(pricings.product, 'Wasiat'),
        eq(pricings.status, 1),
        lte(pricings.effective_from, now),
        or(isNull(pricings.effective_to), gt(pricings.effective_to, now)),
      ),
    );
  if (!p || (p.plan !== 'basic' && p.plan !== 'comprehensive')) throw fieldError('pricing_id', W.noPricing);
  if (plan && plan !== p.plan) throw fieldError('plan', W.noPricing);
  return p.plan as 'basic' | 'comprehensive';
}
