/**
 * The one check "may this caller act for client X" (issue 16 item 1; ADR 0101), as a drizzle `SQL`
 * condition that every module puts INSIDE the WHERE clause of its queries (so a record of a client the
 * caller may not act for is simply not found: a 404 by construction).
 *
 * - Provider staff (`will:read:any`: Staff, Officer, Accountant, Admin) act for every client (they are the
 *   provider).
 * - Everyone acts for themself (`client = me`).
 * - A Partner (`will:read:organisation`) acts for a client under an ACTIVE grant of one of their
 *   organisations (active `user_accesses`).
 * - An Agent (`will:read:agent`) under an active grant of one of their organisations that names them
 *   (`agent_id = me`), or that names no agent and either no branch or the agent's own branch.
 * - Anyone else: nobody but themself (fails closed).
 *
 * {@link mayActFor} and {@link assertActsFor} ask the same for one id from a body or query string.
 */
import { and, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';

/** A column, an SQL expression or a literal id. */
export type IdRef = SQLWrapper | string;

/** Whether the caller is provider staff who act for every client (`will:read:any`). */
export const actsForAnyClient = (user: AuthUser) => userCan(user, 'will:read:any');

/**
 * The part of the grant check that reads `client_grants`: an active grant of the caller's organisation(s)
 * for `clientId` that this caller may use (see the module comment). `false` for callers who act under no
 * grant (clients, staff-side roles use {@link actsForClient}).
 * @param opts.organizationId bind the grant to this organisation (e.g. the record's `organization_id`).
 */
export function grantExists(user: AuthUser, clientId: IdRef, opts: { organizationId?: IdRef } = {}): SQL {
  const partner = userCan(user, 'will:read:organisation');
  const agent = userCan(user, 'will:read:agent');
  if (!partner && !agent) return sql`false`;
  const who = partner
    ? sql`true`
    : sql`(g.agent_id = ${user.id} or (g.agent_id is null and (g.branch_id is null or g.branch_id = ua.branch_id)))`;
  const org = opts.organizationId ? sql` and g.organization_id = ${opts.organizationId}` : sql``;
  return sql`exists (select 1 from client_grants g join user_accesses ua on ua.organization_id = g.organization_id and ua.user_id = ${user.id} and ua.status = 1 where g.client_id = ${clientId} and g.status = 'active'${org} and ${who})`;
}

/**
 * WHERE condition: the caller may act for the client whose user id is `clientId` (a column such as
 * `wills.user_id`, or an id). Use it in every query that reaches a client's records for an
 * organisation's person; the module's own scope (e.g. "wills this agent registered") is ANDed with it.
 * Never throws; fails closed (`false`).
 */
export function actsForClient(user: AuthUser, clientId: IdRef, opts: { organizationId?: IdRef } = {}): SQL {
  if (actsForAnyClient(user)) return sql`true`;
  return sql`(${clientId} = ${user.id} or ${grantExists(user, clientId, opts)})`;
}

/**
 * The prepared-statement form of {@link grantExists} (wills/queries.ts hot path): `uid` and `partner`
 * are placeholders, `clientId` the record's client column.
 */
export function grantExistsPrepared(clientId: SQLWrapper, uid: SQLWrapper, partner: SQLWrapper): SQL {
  return sql`exists (select 1 from client_grants g join user_accesses ua on ua.organization_id = g.organization_id and ua.user_id = ${uid} and ua.status = 1 where g.client_id = ${clientId} and g.status = 'active' and (${partner}::boolean or g.agent_id = ${uid} or (g.agent_id is null and (g.branch_id is null or g.branch_id = ua.branch_id))))`;
}

/** Whether the caller may act for `clientId` now (the grant check as a boolean). */
export async function mayActFor(db: Db, user: AuthUser, clientId: string) {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, clientId), actsForClient(user, users.id)))
    .limit(1);
  return Boolean(row);
}

/**
 * Check that the caller may act for the user `clientId` (an id from a body or query string).
 * @throws 404 `errors.not_found` otherwise (ADR 0101: never reveals whether the account exists).
 */
export async function assertActsFor(db: Db, user: AuthUser, clientId: string) {
  if (!(await mayActFor(db, user, clientId))) throw notFound();
}
