/**
 * Registering a hibah and changing its fields (`POST /hibah`, `POST /hibah/{id}`; docs/api/hibah.md; issue 5;
 * spec §6; reference §3.2–§3.4): part A (who registers for whom), part C (organisation, branch, price) and
 * the fields of parts D and the estate trust. Reached through `service.ts`.
 */
import {
  H,
  HIBAH_STATUS,
  type hibahCreateSchema,
  type hibahFieldsSchema,
  hibahStepEditable,
  ONE_CENT_HIBAH_TYPE,
  W,
} from '@wasiat/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { hibahs, preferences, user_accesses, users } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { assertActsFor, grantOnClientChoice } from '../grants/index.ts';
import { assertOwnerAlive, providerDefaults } from '../instruments/index.ts';
import { type Actor, audit, findVisibleHibah } from './access.ts';
import { checkOrganisation, priceOf } from './organisation-choice.ts';
import {
  assertCanFill,
  assertGrantor,
  canCreateForClient,
  type HibahRow,
  hibahScope,
  seesAnyOrganisation,
} from './policy.ts';

/**
 * `POST /hibah` (part A). A Client registers for themselves (another `user_id` → 404); an agent,
 * partner or staff member for a Client (else 422 `wills.user_not_client` on `user_id`) and becomes its
 * agent. The organisation (default: the caller's own, else the provider) must allow the product
 * (checkOrganisation). An open hibah of the same product (status -1/0) is returned instead of a new one.
 * One-cent hibahs are made by redeeming a code (onecent.ts), not here (422 `hibah_type`).
 * @returns the row and whether it was created.
 */
export async function createHibah(db: Db, actor: Actor, body: z.output<typeof hibahCreateSchema>) {
  const me = actor.user;
  if (body.hibah_type === ONE_CENT_HIBAH_TYPE) throw fieldError('hibah_type', H.codeInvalid);
  return db.transaction(async (tx) => {
    let agentId: string | null = null;
    if (body.user_id !== me.id) {
      if (!canCreateForClient(me)) throw notFound();
      // A client the caller may not act for (no active grant of their organisation; ADR 0101) is a 404.
      await assertActsFor(tx as unknown as Db, me, body.user_id);
      const [client] = await tx.select().from(users).where(eq(users.id, body.user_id));
      if (client?.role !== 'Client' || client.status !== 1) throw fieldError('user_id', W.userNotClient);
      agentId = body.agent_id && seesAnyOrganisation(me) ? body.agent_id : me.id;
    }
    const [open] = await tx
      .select()
      .from(hibahs)
      .where(
        and(
          eq(hibahs.user_id, body.user_id),
          eq(hibahs.hibah_type, body.hibah_type),
          inArray(hibahs.status, [HIBAH_STATUS.placeholder, HIBAH_STATUS.new]),
          isNull(hibahs.deleted_at),
        ),
      )
      .limit(1);
    if (open) {
      const [mine] = await tx
        .select({ id: hibahs.id })
        .from(hibahs)
        .where(and(eq(hibahs.id, open.id), hibahScope(me)));
      if (mine) return { hibah: open, created: false };
    }
    let orgId = body.organization_id;
    if (!orgId && agentId) {
      // The registrar's own organisation; of several, one whose preference allows hibah (part C may change it).
      const [a] = await tx
        .select({ org: user_accesses.organization_id })
        .from(user_accesses)
        .leftJoin(preferences, eq(preferences.organization_id, user_accesses.organization_id))
        .where(and(eq(user_accesses.user_id, me.id), eq(user_accesses.status, 1)))
        .orderBy(desc(sql`coalesce(${preferences.allow_hibah}, false)`), user_accesses.created_at)
        .limit(1);
      orgId = a?.org;
    }
    const def = await providerDefaults(tx);
    const org = await checkOrganisation(tx, me, body.hibah_type, orgId ?? def.organization_id ?? '', body.branch_id);
    const price = await priceOf(tx, org.organization_id, body.hibah_type, body.pricing_id);
    if (org.organization_id) await grantOnClientChoice(tx, actor, body.user_id, org.organization_id, agentId);
    const [h] = await tx
      .insert(hibahs)
      .values({
        hibah_type: body.hibah_type,
        user_id: body.user_id,
        agent_id: agentId,
        created_by: me.id,
        ...org,
        ...price,
        status: Number(body.status) === -1 ? HIBAH_STATUS.placeholder : HIBAH_STATUS.new,
      })
      .returning();
    await audit(tx, actor, 'hibah.create', h.id, null, h);
    return { hibah: h, created: true };
  });
}

/** The part C keys of `POST /hibah/{id}`: the registration's organisation, branch and pricing (ADR 0025). */
export const PART_C_KEYS = ['organization_id', 'branch_id', 'pricing_id'] as const;

/**
 * `POST /hibah/{id}` with fields (parts C/D, estate period and distribution), while status -1/0/1 (422
 * `hibah.not_editable`). Part C alone (organisation, branch, pricing — the registration, ADR 0025) may be
 * chosen by the grantor or the agent who registered the hibah (policy `assertCanFill`); any other field is
 * an update of the hibah: the grantor only (403 `hibah.grantor_only`; spec §6). A new organisation or
 * pricing re-checks the preferences and fixes the price again from the pricing row (a branch alone keeps
 * the price; a paid hibah keeps its price); a placeholder (-1) becomes new (0).
 */
export async function updateFields(db: Db, actor: Actor, id: string, body: z.output<typeof hibahFieldsSchema>) {
  return db.transaction(async (tx) => {
    const h = await findVisibleHibah(tx, actor.user, id, true);
    const { organization_id, branch_id, pricing_id, ...fields } = body;
    const onlyPartC = Object.values(fields).every((v) => v === undefined);
    if (onlyPartC) assertCanFill(actor.user, h);
    else assertGrantor(actor.user, h);
    if (!hibahStepEditable('content', h.status)) throw fieldError('_', H.notEditable);
    await assertOwnerAlive(tx, h.user_id); // a verified death locks the hibah (ADR 0261)
    const set: Partial<HibahRow> = { ...fields } as Partial<HibahRow>;
    if (organization_id || pricing_id || branch_id) {
      const newOrg = !!organization_id && organization_id !== h.organization_id;
      const org = await checkOrganisation(
        tx,
        actor.user,
        h.hibah_type,
        organization_id ?? h.organization_id ?? '',
        branch_id ?? (newOrg ? undefined : (h.branch_id ?? undefined)),
        h.organization_id,
      );
      Object.assign(set, org);
      // The grantor who chose this organisation lets it act for them on the hibah (ADR 0101).
      if (org.organization_id) await grantOnClientChoice(tx, actor, h.user_id, org.organization_id, h.agent_id);
      const reprice = newOrg || !!pricing_id || h.price_sen === null;
      if (reprice && h.hibah_type !== ONE_CENT_HIBAH_TYPE && !h.payment_received_at) {
        Object.assign(set, await priceOf(tx, org.organization_id, h.hibah_type, pricing_id));
      }
    }
    if (h.status === HIBAH_STATUS.placeholder) set.status = HIBAH_STATUS.new;
    const [after] = await tx.update(hibahs).set(set).where(eq(hibahs.id, h.id)).returning();
    await audit(tx, actor, 'hibah.update', h.id, h, after);
    return after;
  });
}
