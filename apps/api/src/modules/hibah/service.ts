/**
 * Hibah / trust records (docs/api/hibah.md; issue 5; spec §3, §6; reference §2.3, §3.2–§3.4): create,
 * read, list, field updates and the grantor's particulars. Rules run in transactions with an audit
 * event; visibility and rights come from policy.ts only.
 */
import {
  type AuditAction,
  genderFromMykad,
  H,
  HIBAH_STATUS,
  type HibahStep,
  type hibahCreateSchema,
  type hibahFieldsSchema,
  hibahPlanOf,
  hibahProductRefusal,
  hibahStepEditable,
  ONE_CENT_HIBAH_TYPE,
  userDetailSchema,
  W,
} from '@wasiat/domain';
import { and, count, desc, eq, gt, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import {
  branches,
  hibah_user_details,
  hibahs,
  organizations,
  preferences,
  pricings,
  user_accesses,
  users,
} from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { AuthUser } from '../auth/guard.ts';
import { assertActsFor, grantOnClientChoice, registerReferenceKind } from '../grants/index.ts';
import {
  assertCanFill,
  assertGrantor,
  canCreateForClient,
  type HibahRow,
  hibahScope,
  myOrganisations,
  seesAnyOrganisation,
} from './policy.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;
export const asDb = (c: Conn) => c as unknown as Db;

/** The acting user and their IP (audit events). */
export interface Actor {
  user: AuthUser;
  ip?: string;
  /** The browser's User-Agent (recorded with signatures for the certificate of completion; ADR 0074). */
  userAgent?: string;
}

/** Write an audit event in the transaction (DESIGN.md §9.6). */
export async function audit(tx: Conn, actor: Actor, action: AuditAction, id: string, before: unknown, after: unknown) {
  await recordAudit(asDb(tx), {
    actorId: actor.user.id,
    action,
    entityType: 'Hibah',
    entityId: id,
    before,
    after,
    ip: actor.ip,
  });
}

/** A hibah the caller may see (`FOR UPDATE` when asked). @throws 404. */
export async function findVisibleHibah(db: Conn, user: AuthUser, id: string, forUpdate = false): Promise<HibahRow> {
  const q = db
    .select()
    .from(hibahs)
    .where(and(eq(hibahs.id, id), hibahScope(user)));
  const [h] = forUpdate ? await q.for('update') : await q;
  if (!h) throw notFound();
  return h;
}

// A `hibah_id` (or `*_type: "Hibah"` pair) in a body or query: visible by the same scope (ADR 0101).
registerReferenceKind('Hibah', async (db, user, id) => {
  const [h] = await db
    .select({ id: hibahs.id })
    .from(hibahs)
    .where(and(eq(hibahs.id, id), hibahScope(user)));
  return Boolean(h);
});

/**
 * A visible hibah, locked, whose `step` may change now: caller is the grantor or its agent (403), status one of
 * the domain's `HIBAH_STEP_STATUSES[step]` — the content -1/0/1, the witnesses until registered (422
 * `hibah.not_editable` on `_`; issue 34, ADR 0223).
 */
export async function fillableHibah(tx: Conn, user: AuthUser, id: string, step: HibahStep = 'content') {
  const h = await findVisibleHibah(tx, user, id, true);
  assertCanFill(user, h);
  if (!hibahStepEditable(step, h.status)) throw fieldError('_', H.notEditable);
  return h;
}

/** The organisation's preference row (null when it has none: defaults of the schema apply). */
export async function preferenceOf(db: Conn, orgId: string | null) {
  if (!orgId) return null;
  const [p] = await db.select().from(preferences).where(eq(preferences.organization_id, orgId));
  return p ?? null;
}

/** The provider organisation and its headquarters branch (default for a client alone; reference §3.4). */
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
 * Check that an organisation may take this product for this caller (spec §3 preferences, enforced on
 * the server): active; preference `allow_hibah` (422 `hibah.not_allowed`); corporate products 1–2 also
 * `allow_corporate` (422 `hibah.corporate_not_allowed`); agents/partners only their own organisation, a
 * client alone only the provider or an organisation open to the public (422 `hibah.organization_invalid`)
 * — unless it is the organisation the hibah already has (`keepOrgId`: the grantor keeps the one their agent
 * chose; ADR 0025). The branch must be an active branch of it (422 `hibah.branch_invalid` on `branch_id`);
 * none given → its headquarters. @returns org id and branch id.
 */
async function checkOrganisation(
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
 * The price of a hibah product at an organisation (spec §1 payments for hibah products; ADRs 0031, 0025):
 * the named `pricing_id` — an active `Hibah` pricing of the organisation FOR THE PRODUCT'S PLAN (domain
 * `hibahPlanOf`), else 422 `hibah.pricing_invalid` on `pricing_id`, so a cheaper plan's price cannot be
 * picked — or the organisation's active `Hibah` pricing of that plan; null when none. The price always
 * comes from the pricing row, never from the request. @returns `{ pricing_id, price_sen }` (sen).
 */
async function priceOf(tx: Conn, orgId: string, type: number, pricingId?: string) {
  const now = new Date();
  const conds: SQL[] = [
    eq(pricings.organization_id, orgId),
    eq(pricings.product, 'Hibah'),
    eq(pricings.plan, hibahPlanOf(type)),
    eq(pricings.status, 1),
    lte(pricings.effective_from, now),
    or(isNull(pricings.effective_to), gt(pricings.effective_to, now)) as SQL,
  ];
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

/** The grantor's particulars of a visible hibah, or null before they are given. */
export async function getUserDetail(db: Conn, user: AuthUser, id: string) {
  const h = await findVisibleHibah(db, user, id);
  const [d] = await db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, h.id));
  return d ?? null;
}

/**
 * `POST /hibah/{id}/user-detail` (part D / estate part B): save the grantor's particulars. The grantor or
 * the agent who registered the hibah, while it is being filled in; the MyKad must be the grantor's own
 * (422 `wills.mykad_mismatch` on `ic_number`) when the grantor's account has one. `partial` (a PATCH
 * carrying only some keys; issue 20, ADR 0131) writes only those; a carried `gender` must agree with the
 * MyKad on record (422 `wills.gender_mykad_mismatch`); a placeholder hibah (-1) becomes new (0) once the
 * saved record is whole.
 */
export async function saveUserDetail(
  db: Db,
  actor: Actor,
  id: string,
  input: Partial<z.output<typeof userDetailSchema>>,
  partial = false,
) {
  return db.transaction(async (tx) => {
    const h = await fillableHibah(tx, actor.user, id);
    const [grantor] = await tx
      .select({ ic: users.ic_number, name: users.name })
      .from(users)
      .where(eq(users.id, h.user_id));
    if (input.ic_number !== undefined && grantor?.ic && grantor.ic !== input.ic_number)
      throw fieldError('ic_number', W.mykadMismatch);
    const [before] = await tx.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, h.id));
    const ic = input.ic_number ?? before?.ic_number ?? grantor?.ic;
    if (input.gender !== undefined && ic && /^\d{12}$/.test(ic) && genderFromMykad(ic) !== input.gender)
      throw fieldError('gender', W.genderMykadMismatch);
    // A partial body that carries nothing (every key unknown) changes nothing.
    const carried = Object.values(input).some((v) => v !== undefined);
    const [row] = before
      ? carried
        ? await tx.update(hibah_user_details).set(input).where(eq(hibah_user_details.id, before.id)).returning()
        : [before]
      : await tx
          .insert(hibah_user_details)
          .values({ ...input, hibah_id: h.id })
          .returning();
    if (h.status === HIBAH_STATUS.placeholder && (!partial || userDetailSchema.safeParse(row).success)) {
      await tx.update(hibahs).set({ status: HIBAH_STATUS.new }).where(eq(hibahs.id, h.id));
    }
    // A nameless account (created by MyKad alone; ADR 0133) takes the name of its particulars.
    if (grantor && !grantor.name && row.name)
      await tx.update(users).set({ name: row.name }).where(eq(users.id, h.user_id));
    await audit(tx, actor, 'hibah.user_detail', h.id, before ?? null, row);
    return row;
  });
}

export interface ListQuery {
  user_id?: string;
  hibah_type?: number;
  hibah_type_id?: number;
  status?: string;
  except_status?: string;
  organization_id?: string;
  limit?: number;
  page?: number;
}

/**
 * `GET /hibah`: the hibahs the caller may see, newest first, filtered by `user_id`, `hibah_type_id` (or
 * the client's `hibah_type`), `status` (comma list), `except_status`, `organization_id`.
 * @returns rows and the page envelope builder.
 */
export async function listHibahs(db: Db, user: AuthUser, q: ListQuery) {
  const conds: SQL[] = [hibahScope(user)];
  if (q.user_id) conds.push(eq(hibahs.user_id, q.user_id));
  const type = q.hibah_type_id ?? q.hibah_type;
  if (type !== undefined) conds.push(eq(hibahs.hibah_type, type));
  const nums = (s?: string) =>
    (s ?? '')
      .split(',')
      .map((x) => x.trim())
      .filter((x) => /^-?\d+$/.test(x))
      .map(Number);
  if (nums(q.status).length) conds.push(inArray(hibahs.status, nums(q.status)));
  for (const s of nums(q.except_status)) conds.push(ne(hibahs.status, s));
  if (q.organization_id) conds.push(eq(hibahs.organization_id, q.organization_id));
  const where = and(...conds);
  const p = pageParams(q);
  const rows = await db
    .select()
    .from(hibahs)
    .where(where)
    .orderBy(desc(hibahs.created_at), desc(hibahs.id))
    .limit(p.per_page)
    .offset(p.offset);
  const [{ n }] = await db.select({ n: count() }).from(hibahs).where(where);
  return { rows, page: <T>(data: T[]) => toPage(data, Number(n), p) };
}

/**
 * Organisations the caller belongs to (for the partner's verification list scope): policy.ts `myOrganisations`.
 * A function, not an alias: policy.ts may still be loading when this module is evaluated (an import cycle through
 * grants/ when the reports are the entry, as in bench/reports.ts), and an alias would read it too early.
 */
export const partnerOrganisations = (user: AuthUser) => myOrganisations(user);
