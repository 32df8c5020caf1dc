/**
 * Creating a will (part a, `POST /wasiat`; spec §4, §5; reference §3.1): for oneself or, by an agent or staff,
 * for a client, with one open will per client. Reached through `service.ts`.
 */
import { W } from '@wasiat/domain';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { user_accesses, users, wills } from '../../db/schema/index.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { assertActsFor } from '../grants/index.ts';
import { providerDefaults } from '../instruments/index.ts';
import { type Actor, audit } from './actor.ts';
import { canCreateForClient, seesEveryWill, willScope } from './policy.ts';
import type { Conn } from './queries.ts';

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
    if (body.agent_id && body.agent_id !== me.id && seesEveryWill(me)) {
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
