/**
 * The life of a grant (issue 16 item 1; ADR 0101): created `active` when an organisation registers a
 * client ({@link grantOnRegistration}); or requested by a Partner/Agent ({@link requestGrant}) and then
 * approved by the one-time code sent to the client's OWN e-mail or phone which the requester enters
 * ({@link approveByCode}), or approved / refused by the client on their dashboard ({@link decideRequest});
 * withdrawn by the client or by provider staff with a reason ({@link withdrawGrant}). Every change writes
 * an audit event (entity type "ClientGrant").
 */
import { type AuditAction, type Language, translate } from '@wasiat/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { client_grants, organizations, user_accesses, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { AppError, fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { GRANT_OTP_PURPOSE, type SmsSender, sendBoundCode, verifyGrantCode } from '../otp/index.ts';
import { assertMayRequest, codeTriesUsed, giveCodeTryBack, takeCodeTry } from './limits.ts';
import { serializeGrant } from './listing.ts';
import { mayActFor } from './scope.ts';

type GrantRow = typeof client_grants.$inferSelect;
interface Actor {
  user: AuthUser;
  ip?: string;
}
/** A database or a transaction handle. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];
const asDb = (c: Conn) => c as unknown as Db;

/** The changed fields of a grant, as audited. */
const auditView = (g: GrantRow) => ({
  client_id: g.client_id,
  organization_id: g.organization_id,
  agent_id: g.agent_id,
  branch_id: g.branch_id,
  source: g.source,
  status: g.status,
  channel: g.channel,
  approved_via: g.approved_via,
  reason: g.reason,
});

async function audit(db: Conn, actor: Actor, action: AuditAction, before: GrantRow | null, after: GrantRow) {
  await recordAudit(asDb(db), {
    actorId: actor.user.id,
    action,
    entityType: 'ClientGrant',
    entityId: after.id,
    before: before ? auditView(before) : null,
    after: auditView(after),
    ip: actor.ip,
  });
}

/** Whether the caller is an organisation's person who acts under grants (Partner or Agent, not staff). */
const actsUnderGrants = (u: AuthUser) =>
  !userCan(u, 'will:read:any') && (userCan(u, 'will:read:organisation') || userCan(u, 'will:read:agent'));
/** An agent's grant names them; a partner's grant is for the whole organisation. */
const namedAgent = (u: AuthUser) => (userCan(u, 'will:read:organisation') ? null : u.id);

/** The caller's active organisation memberships, newest first. */
async function accessesOf(db: Conn, userId: string) {
  return db
    .select()
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, userId), eq(user_accesses.status, 1)))
    .orderBy(desc(user_accesses.created_at));
}

/**
 * Create the `active`, `registered` grants when a Partner or Agent registers a client (`POST /user`, or a
 * will/hibah started for a client the organisation registered): one per organisation the registrar
 * belongs to (an Agent's names them; a Partner's covers the organisation). Nothing for provider staff
 * (they act for every client) or for the client themself. Idempotent (an existing active grant for the
 * same client, organisation and agent is kept). Call inside the registering transaction.
 */
export async function grantOnRegistration(db: Conn, actor: Actor, clientId: string) {
  const me = actor.user;
  if (clientId === me.id || !actsUnderGrants(me)) return;
  const agentId = namedAgent(me);
  for (const a of await accessesOf(db, me.id)) {
    await ensureActiveGrant(db, actor, {
      client_id: clientId,
      organization_id: a.organization_id,
      agent_id: agentId,
      branch_id: agentId ? a.branch_id : null,
      source: 'registered',
      created_by: me.id,
      approved_via: 'registered',
    });
  }
}

/**
 * A client who themself registers a will or hibah under an organisation (chooses it in part B/C, or registers
 * under a partner programme) approves that organisation acting for them: the `active`, `approved` grant
 * (`approved_via: "client_choice"`; ADR 0101), for the organisation and, when the client chose one, its agent.
 * Nothing when the caller is not the client (a registrar's grants come from {@link grantOnRegistration}).
 * Idempotent. Call inside the registering transaction.
 */
export async function grantOnClientChoice(
  db: Conn,
  actor: Actor,
  clientId: string,
  organizationId: string,
  agentId?: string | null,
) {
  if (actor.user.id !== clientId) return;
  await ensureActiveGrant(db, actor, {
    client_id: clientId,
    organization_id: organizationId,
    agent_id: agentId ?? null,
    source: 'approved',
    created_by: clientId,
    approved_via: 'client_choice',
  });
}

/**
 * The active grant for (client, organisation, agent or none): kept when it exists, else created now with an
 * audit event. Shared by the registration and client-choice paths.
 */
async function ensureActiveGrant(
  db: Conn,
  actor: Actor,
  g: {
    client_id: string;
    organization_id: string;
    agent_id: string | null;
    branch_id?: string | null;
    source: 'registered' | 'approved';
    created_by: string;
    approved_via: string;
  },
) {
  const [existing] = await db
    .select({ id: client_grants.id })
    .from(client_grants)
    .where(
      and(
        eq(client_grants.client_id, g.client_id),
        eq(client_grants.organization_id, g.organization_id),
        eq(client_grants.status, 'active'),
        g.agent_id ? eq(client_grants.agent_id, g.agent_id) : sql`${client_grants.agent_id} is null`,
      ),
    )
    .limit(1);
  if (existing) return;
  const [row] = await db
    .insert(client_grants)
    .values({ ...g, branch_id: g.branch_id ?? null, status: 'active', approved_at: new Date() })
    .returning();
  await audit(db, actor, 'grant.create', null, row);
}

/**
 * `POST /api/client-grant { user_id, channel: "email" | "sms" | "dashboard" }` (grant:request): a Partner or
 * Agent asks the client `user_id` for access for their organisation. "email"/"sms" send a one-time code
 * (5 minutes, otp module limits) to the client's OWN address/number, telling who asks; the requester then
 * enters the code the client reads out ({@link approveByCode}). "dashboard" mails the client a notice and
 * waits for their decision on the dashboard. A pending request of the same requester for the same client
 * is reused (a new code is sent, but its code tries are not renewed: grants/limits.ts; issue 36 item 3).
 * Every request, whatever the channel, counts against the request limits (grants/limits.ts, ADR 0227).
 * @returns `{ grant, otp? }`. @throws 404 when `user_id` is not an active client; 403
 * `grants.requester_blocked` when the client blocked the caller (nothing is sent); 422
 * `grants.already_granted` (user_id) when the caller already acts for them, `grants.no_destination`
 * (channel), `grants.no_organisation` (user_id), `grants.code_tries_used` (channel) when asking for a new code
 * for a request whose code tries are used; 429 `grants.too_many_requests` and the otp limits.
 */
export async function requestGrant(
  ctx: Ctx,
  sms: SmsSender,
  actor: Actor,
  input: { user_id: string; channel: 'email' | 'sms' | 'dashboard' },
  lang: Language,
) {
  const me = actor.user;
  if (!actsUnderGrants(me)) throw forbidden();
  const [client] = await ctx.db.select().from(users).where(eq(users.id, input.user_id)).limit(1);
  if (client?.role !== 'Client' || client.status !== 1 || client.id === me.id) throw notFound();
  if (await mayActFor(ctx.db, me, client.id)) throw fieldError('user_id', 'grants.already_granted');
  const [access] = await accessesOf(ctx.db, me.id);
  if (!access) throw fieldError('user_id', 'grants.no_organisation');
  const destination =
    input.channel === 'sms' ? client.mobile_number : input.channel === 'email' ? client.email : client.email;
  if (input.channel !== 'dashboard' && !destination) throw fieldError('channel', 'grants.no_destination');
  await assertMayRequest(ctx.db, ctx.env.RATE_LIMIT_SCALE, me.id, client.id);

  const agentId = namedAgent(me);
  const grant = await ctx.db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(client_grants)
      .where(
        and(
          eq(client_grants.client_id, client.id),
          eq(client_grants.created_by, me.id),
          eq(client_grants.organization_id, access.organization_id),
          eq(client_grants.status, 'pending'),
        ),
      )
      .for('update')
      .limit(1);
    if (pending) {
      // a new code never renews the request's tries: a request whose tries are used is decided on the dashboard
      if (input.channel !== 'dashboard' && codeTriesUsed(pending))
        throw fieldError('channel', 'grants.code_tries_used');
      const [g] = await tx
        .update(client_grants)
        .set({ channel: input.channel })
        .where(eq(client_grants.id, pending.id))
        .returning();
      await audit(tx, actor, 'grant.request', pending, g);
      return g;
    }
    const [g] = await tx
      .insert(client_grants)
      .values({
        client_id: client.id,
        organization_id: access.organization_id,
        agent_id: agentId,
        branch_id: agentId ? access.branch_id : null,
        source: 'approved',
        status: 'pending',
        channel: input.channel,
        created_by: me.id,
      })
      .returning();
    await audit(tx, actor, 'grant.request', null, g);
    return g;
  });

  const [org] = await ctx.db
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, access.organization_id));
  const params = { organisation: org?.name ?? '', requester: me.name };
  if (input.channel === 'dashboard') {
    if (client.email) {
      await ctx.mailer.send({
        to: client.email,
        subject: translate('grants.notice_subject', lang, params),
        text: translate('grants.notice_body', lang, params),
      });
    }
    return { grant: await serializeGrant(ctx.db, me, grant) };
  }
  const sent = await sendBoundCode(ctx, sms, {
    ownerId: client.id,
    actorId: me.id,
    ip: actor.ip,
    purpose: GRANT_OTP_PURPOSE,
    record: { client_grant_id: grant.id },
    channel: input.channel,
    destination: destination as string,
    message: (p) => ({
      subject: translate('grants.mail_subject', lang, { ...params, ...p }),
      text: translate(input.channel === 'sms' ? 'grants.sms_body' : 'grants.mail_body', lang, { ...params, ...p }),
    }),
  });
  return { grant: await serializeGrant(ctx.db, me, grant), ...sent };
}

/** Activate a pending grant (inside a transaction), audited. */
async function activate(tx: Conn, actor: Actor, g: GrantRow, via: 'code' | 'dashboard') {
  const [after] = await tx
    .update(client_grants)
    .set({ status: 'active', approved_at: new Date(), approved_via: via })
    .where(and(eq(client_grants.id, g.id), eq(client_grants.status, 'pending')))
    .returning();
  if (!after) throw fieldError('id', 'grants.not_pending');
  await audit(tx, actor, 'grant.approve', g, after);
  return after;
}

/**
 * `POST /api/client-grant/{id}/code { code }` (grant:request): the requester enters the code the client
 * read out; the grant becomes active (approved_via "code"). The request must be the caller's own and
 * pending (else 404 / 422 `grants.not_pending`); a wrong or expired code is 422 on `code` (otp rules:
 * 5 minutes). The request has 5 tries over every code sent for it (grants/limits.ts; issue 36 item 3), then
 * 422 `grants.code_tries_used` on `code`; an expired code costs no try.
 * @returns `{ grant }`.
 */
export async function approveByCode(db: Db, actor: Actor, id: string, code: string) {
  const [g] = await db
    .select()
    .from(client_grants)
    .where(and(eq(client_grants.id, id), eq(client_grants.created_by, actor.user.id)))
    .limit(1);
  if (!g) throw notFound();
  if (g.status !== 'pending') throw fieldError('code', 'grants.not_pending');
  await takeCodeTry(db, g.id);
  try {
    await verifyGrantCode(db, {
      ownerId: g.client_id,
      actorId: actor.user.id,
      ip: actor.ip,
      clientGrantId: g.id,
      code,
    });
  } catch (e) {
    // no code was compared: the try is given back
    if (e instanceof AppError && ['otp.expired', 'otp.too_many_attempts'].includes(e.messageKey)) {
      await giveCodeTryBack(db, g.id);
    }
    throw e;
  }
  const after = await db.transaction((tx) => activate(tx, actor, g, 'code'));
  return { grant: await serializeGrant(db, actor.user, after) };
}

/**
 * `POST /api/client-grant/{id}/approve` and `/refuse { reason? }` (the client, on their dashboard): decide a
 * pending request addressed to them (another user's request is a 404; a decided one 422
 * `grants.not_pending`). @returns `{ grant }`.
 */
export async function decideRequest(db: Db, actor: Actor, id: string, decision: 'approve' | 'refuse', reason?: string) {
  const [g] = await db
    .select()
    .from(client_grants)
    .where(and(eq(client_grants.id, id), eq(client_grants.client_id, actor.user.id)))
    .limit(1);
  if (!g) throw notFound();
  if (g.status !== 'pending') throw fieldError('id', 'grants.not_pending');
  const after = await db.transaction(async (tx) => {
    if (decision === 'approve') return activate(tx, actor, g, 'dashboard');
    const [r] = await tx
      .update(client_grants)
      .set({ status: 'refused', refused_at: new Date(), reason: reason ?? null })
      .where(and(eq(client_grants.id, g.id), eq(client_grants.status, 'pending')))
      .returning();
    if (!r) throw fieldError('id', 'grants.not_pending');
    await audit(tx, actor, 'grant.refuse', g, r);
    return r;
  });
  return { grant: await serializeGrant(db, actor.user, after) };
}

/**
 * `POST /api/client-grant/{id}/withdraw { reason? }`: the client withdraws a grant (or a pending request)
 * of theirs; provider staff (`grant:audit`) withdraw any, with a reason (422 `grants.reason_required` on
 * `reason`). From then on the organisation's people get 404 on the client's records. Others: 404.
 * @returns `{ grant }`. @throws 422 `grants.not_active` when already withdrawn or refused.
 */
export async function withdrawGrant(db: Db, actor: Actor, id: string, reason?: string | null) {
  const me = actor.user;
  const staff = userCan(me, 'grant:audit');
  const [g] = await db
    .select()
    .from(client_grants)
    .where(and(eq(client_grants.id, id), staff ? undefined : eq(client_grants.client_id, me.id)))
    .limit(1);
  if (!g) throw notFound();
  if (staff && g.client_id !== me.id && !reason?.trim()) throw fieldError('reason', 'grants.reason_required');
  if (g.status !== 'active' && g.status !== 'pending') throw fieldError('id', 'grants.not_active');
  const after = await db.transaction(async (tx) => {
    const [w] = await tx
      .update(client_grants)
      .set({ status: 'withdrawn', withdrawn_at: new Date(), withdrawn_by: me.id, reason: reason?.trim() || null })
      .where(and(eq(client_grants.id, g.id), inArray(client_grants.status, ['active', 'pending'])))
      .returning();
    if (!w) throw fieldError('id', 'grants.not_active');
    await audit(tx, actor, 'grant.withdraw', g, w);
    return w;
  });
  return { grant: await serializeGrant(db, me, after) };
}

export type { GrantRow };
