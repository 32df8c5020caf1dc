/**
 * Part b of the will wizard (`PATCH /wasiat/{id}` with organisation fields; docs/api/wills.md; reference
 * §3.1 Part B): organisation, branch, agent, will type and plan, and the price fixed from the organisation's
 * active pricing. Amounts in sen. Reached through `service.ts`.
 */
import { W } from '@wasiat/domain';
import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, organizations, pricings, user_accesses, wills } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { preferenceOf } from '../instruments/index.ts';
import { type Actor, audit } from './actor.ts';
import { editableWill, markPartDone } from './part-lock.ts';
import { canAssignAgent, organisationChoice } from './policy.ts';
import { planOfPricing } from './pricing-choice.ts';
import { type Conn, hasLivePayment, lockWill } from './queries.ts';

/** The active 'Wasiat' pricing of an organisation for a plan, effective now (latest first), or null. */
export async function activePricing(db: Conn, orgId: string, plan: string) {
  const now = new Date();
  const [p] = await db
    .select()
    .from(pricings)
    .where(
      and(
        eq(pricings.organization_id, orgId),
        eq(pricings.product, 'Wasiat'),
        eq(pricings.plan, plan),
        eq(pricings.status, 1),
        lte(pricings.effective_from, now),
        or(isNull(pricings.effective_to), gt(pricings.effective_to, now)),
      ),
    )
    .orderBy(desc(pricings.effective_from))
    .limit(1);
  return p ?? null;
}

export interface PartBBody {
  organization_id: string;
  branch_id: string;
  agent_id?: string;
  wasiat_type: number;
  /** Either the plan or the chosen price row (`pricing_id`, whose plan it then is; ADR 0131). */
  plan?: 'basic' | 'comprehensive';
  pricing_id?: string;
}

/**
 * Part b (`PATCH /wasiat/{id}` with organisation fields). The organisation must be active and allow
 * wills (preference `allow_wasiat`) and be one the caller may pick (policy `organisationChoice`; 422
 * `wills.organization_invalid`); the branch must be an active branch of it (`wills.branch_invalid`);
 * `agent_id` must have active access to it (`wills.agent_invalid`; agents cannot reassign). The price
 * is the organisation's active pricing for product 'Wasiat' and the plan (`pricing_id`, `price_sen`;
 * 422 `wills.no_pricing` on `plan`). Once a payment exists (pending/paid/waived) organisation and plan
 * are fixed (422 `wills.price_locked`): the price a client paid never changes.
 */
export async function savePartB(db: Db, actor: Actor, willId: string, body: PartBBody) {
  const me = actor.user;
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, me, willId, 'b', true);
    const [org] = await tx.select().from(organizations).where(eq(organizations.id, body.organization_id));
    const pref = org ? await preferenceOf(tx, org.id) : null;
    const choice = organisationChoice(me);
    let allowed = !!org && org.status === 1 && (pref?.allow_wasiat ?? true);
    if (allowed && choice === 'own') {
      const [a] = await tx
        .select({ id: user_accesses.id })
        .from(user_accesses)
        .where(
          and(
            eq(user_accesses.user_id, me.id),
            eq(user_accesses.organization_id, body.organization_id),
            eq(user_accesses.status, 1),
          ),
        );
      allowed = !!a;
    }
    if (allowed && choice === 'public') allowed = org.code === 'PROVIDER' || (pref?.allow_public ?? true);
    if (!allowed) throw fieldError('organization_id', W.organizationInvalid);

    const [branch] = await tx
      .select()
      .from(branches)
      .where(and(eq(branches.id, body.branch_id), eq(branches.organization_id, org.id), eq(branches.status, 1)));
    if (!branch) throw fieldError('branch_id', W.branchInvalid);

    let agentId = will.agent_id;
    if (body.agent_id && canAssignAgent(me) && body.agent_id !== will.agent_id) {
      const [a] = await tx
        .select({ id: user_accesses.id })
        .from(user_accesses)
        .where(
          and(
            eq(user_accesses.user_id, body.agent_id),
            eq(user_accesses.organization_id, org.id),
            eq(user_accesses.status, 1),
          ),
        );
      if (!a) throw fieldError('agent_id', W.agentInvalid);
      agentId = body.agent_id;
    }

    const plan = body.pricing_id ? await planOfPricing(tx, org.id, body.pricing_id, body.plan) : body.plan;
    if (!plan) throw fieldError('plan', 'validation.required');
    const changesPrice = will.organization_id !== org.id || will.plan !== plan || will.price_sen === null;
    let price = { pricing_id: will.pricing_id, price_sen: will.price_sen };
    if (changesPrice) {
      if (await hasLivePayment(tx, will.id)) throw fieldError('plan', W.priceLocked);
      const pricing = await activePricing(tx, org.id, plan);
      if (!pricing) throw fieldError('plan', W.noPricing);
      price = { pricing_id: pricing.id, price_sen: pricing.price_sen };
    }
    const [after] = await tx
      .update(wills)
      .set({
        organization_id: org.id,
        branch_id: branch.id,
        agent_id: agentId,
        wasiat_type: body.wasiat_type,
        plan,
        ...price,
      })
      .where(eq(wills.id, will.id))
      .returning();
    await markPartDone(tx, will.id, 'b');
    await audit(tx, actor, 'will.part_b', { type: 'Wasiat', id: will.id }, will, after);
    return lockWill(tx, will.id);
  });
}
