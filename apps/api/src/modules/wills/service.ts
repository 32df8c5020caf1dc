/**
 * Rules and transactions of the will wizard (docs/api/wills.md; spec §4, §5; reference §3.1):
 * creating a will (part a), part b (organisation, branch, agent, type, plan → price), part c
 * (testator particulars), part f (verification), the part lock, and the helpers the payments module
 * uses ({@link markPartDone}, {@link computeUnlocked}). Status transitions are in transitions.ts.
 *
 * Every save: the will must be visible (404), the caller may change it (403), its status is 0 or 3
 * (422 `wills.not_editable`), and the part is unlocked (422 `wills.part_locked`, field `_`). A failed
 * save changes nothing (each save is one transaction; other parts' data is never cleared).
 */
import { type AuditAction, genderFromMykad, userDetailSchema, W, WILL_PARTS, type WillPart } from '@wasiat/domain';
import { and, desc, eq, gt, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  branches,
  organizations,
  preferences,
  pricings,
  user_accesses,
  users,
  will_user_details,
  wills,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/guard.ts';
import { userCan } from '../auth/guard.ts';
import { assertActsFor } from '../grants/index.ts';
import { assertCanEdit, canAssignAgent, canCreateForClient, organisationChoice, willScope } from './policy.ts';
import { planOfPricing } from './pricing-choice.ts';
import { asDb, type Conn, findVisibleWill, hasLivePayment, lockWill, type WillRow } from './queries.ts';

export type { Conn, Tx } from './queries.ts';
/** Who acts and from where (for audit events). */
export interface Actor {
  user: AuthUser;
  ip?: string;
  /** The browser's User-Agent header (recorded with signatures; issue 11 certificate of completion). */
  userAgent?: string;
}

/** Statuses in which a will may be changed (spec §4: 0 in registration, 3 cancelled, update needed). */
export const EDITABLE_STATUSES = [0, 3] as const;

/** The parts of a will in order; `e` only for a comprehensive will (docs/api/wills.md). */
export function partsOf(will: Pick<WillRow, 'plan'>): WillPart[] {
  return WILL_PARTS.filter((p) => p !== 'e' || will.plan === 'comprehensive');
}

/**
 * The parts the user may open now (docs/api/wills.md `unlocked`): a part is unlocked when every
 * earlier part of the will's sequence is done (`e` is skipped for a basic will). Pure; for the
 * serializer and for the payments module.
 * @example computeUnlocked({ plan: 'basic', parts_done: ['a', 'b'] }) // ['a', 'b', 'payment']
 */
export function computeUnlocked(will: Pick<WillRow, 'plan' | 'parts_done'>): WillPart[] {
  const out: WillPart[] = [];
  for (const p of partsOf(will)) {
    out.push(p);
    if (!will.parts_done.includes(p)) break;
  }
  return out;
}

/** Whether every part of the will's sequence is done (submit rule, spec §4). */
export const allPartsDone = (will: Pick<WillRow, 'plan' | 'parts_done'>) =>
  partsOf(will).every((p) => will.parts_done.includes(p));

/**
 * Mark a wizard part done (idempotent, atomic: `array_append … WHERE NOT part = ANY(parts_done)`).
 * Used by this module's saves and by the payments module (part "payment" when a payment is made,
 * pending-manual or waived). Pass the transaction that records the change.
 * @param part one of "a","b","payment","c","document","d","e","f","g".
 */
export async function markPartDone(db: Conn, wasiatId: string, part: WillPart) {
  await db
    .update(wills)
    .set({ parts_done: sql`array_append(${wills.parts_done}, ${part}::text)` })
    .where(and(eq(wills.id, wasiatId), sql`not (${part}::text = any(${wills.parts_done}))`));
}

/** Un-mark a part (e.g. "g" when fewer than two signed witnesses remain, "document" on a replaced MyKad). */
export async function unmarkPartDone(db: Conn, wasiatId: string, part: WillPart) {
  await db
    .update(wills)
    .set({ parts_done: sql`array_remove(${wills.parts_done}, ${part}::text)` })
    .where(eq(wills.id, wasiatId));
}

/** Write an audit event in the given transaction (DESIGN.md §9.6). */
export async function audit(
  tx: Conn,
  actor: Actor,
  action: AuditAction,
  entity: { type: string; id: string },
  before: unknown,
  after: unknown,
) {
  await recordAudit(asDb(tx), {
    actorId: actor.user.id,
    action,
    entityType: entity.type,
    entityId: entity.id,
    before,
    after,
    ip: actor.ip,
  });
}

/**
 * The save rule: status 0 or 3 (else 422 `wills.not_editable`) and `part` unlocked (else 422
 * `wills.part_locked`), both on field `_` (docs/api/wills.md "Wizard parts").
 */
export function assertSavable(will: WillRow, part: WillPart) {
  if (!(EDITABLE_STATUSES as readonly number[]).includes(will.status)) throw fieldError('_', W.notEditable);
  if (!computeUnlocked(will).includes(part)) throw fieldError('_', W.partLocked);
}

/**
 * Load a will for a save of `part`: visible (404), changeable by the caller (403), savable (422).
 * Inside a transaction pass `forUpdate` to lock the row for the rest of it.
 */
export async function editableWill(db: Conn, user: AuthUser, id: string, part: WillPart, forUpdate = false) {
  const will = await findVisibleWill(db, user, id, { forUpdate });
  assertCanEdit(user, will);
  assertSavable(will, part);
  return will;
}

/** The active access (organisation, branch) of a user, newest first; null when none. */
async function activeAccess(db: Conn, userId: string) {
  const [a] = await db
    .select()
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, userId), eq(user_accesses.status, 1)))
    .orderBy(desc(user_accesses.created_at))
    .limit(1);
  return a ?? null;
}

/** The provider organisation ('PROVIDER') and its headquarters branch, for wills a client starts alone. */
async function providerDefaults(db: Conn) {
  const [row] = await db
    .select({ org: organizations.id, branch: branches.id })
    .from(organizations)
    .leftJoin(branches, and(eq(branches.organization_id, organizations.id), eq(branches.is_headquarter, true)))
    .where(eq(organizations.code, 'PROVIDER'))
    .limit(1);
  return { organization_id: row?.org ?? null, branch_id: row?.branch ?? null };
}

/**
 * `POST /wasiat` (part a). A Client registers for themselves (`user_id` must be their id, else 404);
 * an agent/partner/staff/admin for a Client (`user_id` of a user with role Client, else 422
 * `wills.user_not_client`), and becomes its `agent_id` (staff may name another agent in `agent_id`).
 * Organisation/branch default from the agent's access, or for a client alone the provider's HQ.
 * If the client already has a will in status 0/1/3 that one is returned (`created: false`); when the
 * caller may not see it: 422 `wills.open_will_exists` on `user_id`. A `user_id` the caller may not act for
 * (no active grant of their organisation, grants module, ADR 0101) is a 404.
 * @returns the will row and whether it was created.
 */
export async function createWill(db: Db, actor: Actor, body: { user_id: string; agent_id?: string }) {
  const me = actor.user;
  const forClient = canCreateForClient(me);
  if (!forClient && body.user_id !== me.id) throw notFound();
  // A client the caller may not act for (no grant of their organisation; ADR 0101) is a 404.
  if (body.user_id !== me.id) await assertActsFor(db, me, body.user_id);
  const [client] = await db.select().from(users).where(eq(users.id, body.user_id));
  if (client?.role !== 'Client' || client.status !== 1) throw fieldError('user_id', W.userNotClient);

  const open = await openWillOf(db, me, client.id);
  if (open) return { will: open, created: false };

  let agentId: string | null = null;
  if (client.id !== me.id) {
    agentId = me.id;
    if (body.agent_id && body.agent_id !== me.id && userCan(me, 'will:read:any')) {
      if (!(await activeAccess(db, body.agent_id))) throw fieldError('agent_id', W.agentInvalid);
      agentId = body.agent_id;
    }
  }
  const access = agentId ? await activeAccess(db, agentId) : null;
  const defaults = access
    ? { organization_id: access.organization_id, branch_id: access.branch_id }
    : await providerDefaults(db);

  return db.transaction(async (tx) => {
    // Serialise part-a requests for one client (lock their user row), then re-check: one open will.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, client.id)).for('update');
    const raced = await openWillOf(tx, me, client.id);
    if (raced) return { will: raced, created: false };
    const [will] = await tx
      .insert(wills)
      .values({ user_id: client.id, agent_id: agentId, created_by: me.id, ...defaults, parts_done: ['a'] })
      .returning();
    await audit(tx, actor, 'will.create', { type: 'Wasiat', id: will.id }, null, will);
    return { will, created: true };
  });
}

/**
 * The client's open will (status 0/1/3), or null. When it exists but the caller may not see it:
 * 422 `wills.open_will_exists` on `user_id`.
 */
async function openWillOf(db: Conn, me: AuthUser, clientId: string) {
  const [open] = await db
    .select()
    .from(wills)
    .where(and(eq(wills.user_id, clientId), inArray(wills.status, [0, 1, 3]), isNull(wills.deleted_at)))
    .orderBy(desc(wills.created_at))
    .limit(1);
  if (!open) return null;
  const [mine] = await db
    .select({ id: wills.id })
    .from(wills)
    .where(and(eq(wills.id, open.id), willScope(me)));
  if (!mine) throw fieldError('user_id', W.openWillExists);
  return open;
}

/** The organisation's preference row (null: defaults apply, everything allowed). */
export async function preferenceOf(db: Conn, orgId: string | null) {
  if (!orgId) return null;
  const [p] = await db.select().from(preferences).where(eq(preferences.organization_id, orgId));
  return p ?? null;
}

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

/**
 * Part f (`PATCH /wasiat/{id} { acknowledged_pdpa: 1, acknowledged_confirmation: 1 }`): both flags
 * (checked by the schema) and the testator's signature must exist (`POST /wasiat/{id}/signature` first;
 * else 422 `wills.signature_required` on `signature`; spec §5).
 */
export async function saveVerification(db: Db, actor: Actor, willId: string) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'f', true);
    if (!will.signature_id) throw fieldError('signature', W.signatureRequired);
    await tx
      .update(wills)
      .set({ acknowledged_pdpa: true, acknowledged_confirmation: true })
      .where(eq(wills.id, will.id));
    await markPartDone(tx, will.id, 'f');
    await audit(
      tx,
      actor,
      'will.verification',
      { type: 'Wasiat', id: will.id },
      { acknowledged_pdpa: will.acknowledged_pdpa, acknowledged_confirmation: will.acknowledged_confirmation },
      { acknowledged_pdpa: true, acknowledged_confirmation: true },
    );
    return lockWill(tx, will.id);
  });
}

/** The testator particulars of a visible will (`GET /wasiat/{id}/user-detail`), or null. */
export async function getUserDetail(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  const [d] = await db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, will.id));
  return d ?? null;
}

/**
 * Part c (`POST|PATCH /wasiat/{id}/user-detail`): upsert the testator's particulars. The MyKad must be
 * the testator account's own (422 `wills.mykad_mismatch` on `ic_number`) when the account has one.
 * `partial` (a PATCH carrying only some keys; issue 20, ADR 0131) writes only the keys it carries: one
 * that carries nothing but `ic_number`/`designation` (the 2021 client's part A) needs only part a open,
 * any other part c; the part is done when the saved record passes the whole part c rule, and a
 * carried `gender` must agree with the MyKad on record (422 `wills.gender_mykad_mismatch`). A nameless
 * testator account (ADR 0133) is named by the particulars' `name`.
 */
export async function saveUserDetail(
  db: Db,
  actor: Actor,
  willId: string,
  input: Partial<z.output<typeof userDetailSchema>>,
  partial = false,
) {
  return db.transaction(async (tx) => {
    const accountOnly = partial && Object.keys(input).every((k) => k === 'ic_number' || k === 'designation');
    const will = await editableWill(tx, actor.user, willId, accountOnly ? 'a' : 'c', true);
    const [owner] = await tx.select().from(users).where(eq(users.id, will.user_id));
    if (input.ic_number !== undefined && owner?.ic_number && owner.ic_number !== input.ic_number)
      throw fieldError('ic_number', W.mykadMismatch);
    const [before] = await tx.select().from(will_user_details).where(eq(will_user_details.wasiat_id, will.id));
    const ic = input.ic_number ?? before?.ic_number ?? owner?.ic_number;
    if (input.gender !== undefined && ic && /^\d{12}$/.test(ic) && genderFromMykad(ic) !== input.gender)
      throw fieldError('gender', W.genderMykadMismatch);
    const values = partial
      ? { ...input, wasiat_id: will.id }
      : { ...input, home_phone_number: input.home_phone_number ?? null, wasiat_id: will.id };
    const [after] = before
      ? await tx.update(will_user_details).set(values).where(eq(will_user_details.id, before.id)).returning()
      : await tx.insert(will_user_details).values(values).returning();
    if (!partial || userDetailSchema.safeParse(after).success) await markPartDone(tx, will.id, 'c');
    // A nameless account (created by MyKad alone; ADR 0133) takes the name of its particulars.
    if (owner && !owner.name && after.name)
      await tx.update(users).set({ name: after.name }).where(eq(users.id, owner.id));
    await audit(tx, actor, 'will.user_detail', { type: 'Wasiat', id: will.id }, before ?? null, after);
    return after;
  });
}
