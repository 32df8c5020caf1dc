/**
 * The one place where access is decided on the server (DESIGN.md §9.4–9.5).
 *
 * Every `/api` route declares `config.access`:
 * - `'public'`: anyone;
 * - `'authenticated'`: any logged-in user (then the module's service scopes what they see);
 * - an {@link Action} of the permission table, or a list of actions (any one suffices).
 * A route without `config.access` makes the server refuse to start (fail closed).
 */

import { type Action, can, type Role } from '@wasiat/domain';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, perDatabase } from '../../db/client.ts';
import { user_accesses, type users } from '../../db/schema/index.ts';
import { AppError, forbidden, unauthenticated } from '../http/errors.ts';
import { type SessionRow, userForToken } from './tokens.ts';

export type Access = 'public' | 'authenticated' | Action | Action[];
export type AuthUser = typeof users.$inferSelect;

/** One `/api` route as the guard saw it declared: method, URL pattern (`/api/wasiat/:id`) and its access. */
export interface DeclaredRoute {
  method: string;
  url: string;
  access: Access;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The route's first read, run as the session check itself (ADR 0187): given the token's hash and the time,
     * ONE statement returning the session's columns (tokens.ts `sessionColumns`) beside the route's own data
     * for that user. The guard decides the session and the access from the row exactly as from the plain
     * token lookup; the handler finds the row in `request.sessionRow`. Only for reads whose scope is decided in
     * SQL from the session's user (a row that is not theirs comes back empty).
     */
    sessionRead?: (
      db: Db,
      params: { hash: string; now: string },
      request: FastifyRequest,
    ) => Promise<SessionRow | undefined>;
  }
  interface FastifyInstance {
    /**
     * Every `/api` route of the app with its declared access, in registration order (filled by the guard's
     * `onRoute` hook). Read by the access-control probes (`security/access-probes.test.ts`) so a new route
     * cannot escape them.
     */
    declaredRoutes: DeclaredRoute[];
  }
  interface FastifyRequest {
    /** The logged-in user, when a valid bearer token was sent. */
    user?: AuthUser;
    tokenId?: string;
    /**
     * The client contract the session speaks when it is not ours (the label the edge adapter that opened it gave
     * the login, `issueToken`'s `contract`; ADR 0135), else null. Read by that adapter, never by a module.
     */
    sessionContract?: string | null;
    /**
     * Set by an edge adapter (compat/) that rewrites this request's answer in a reply hook: the route answers its
     * object, not JSON text written ahead (hot-read.ts, list-json.ts; ADRs 0189, 0193), which no hook would see.
     */
    objectReply?: boolean;
    /** Read with the token (tokens.ts `awaitingApprovalOf`): a staff-side user still awaiting approval. */
    awaitingApproval?: boolean;
    /** The row of the route's `config.sessionRead`, when it checked the session (ADR 0187). */
    sessionRow?: SessionRow;
  }
}

/** The caller, or a 401. */
export function requireUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}

/** The caller's role (spec §6: first of `roles`). */
export const roleOfUser = (u: AuthUser) => u.role as Role;

/** Whether the caller may do `action` (for scoping decisions inside services). */
export const userCan = (u: AuthUser, action: Action) => can(u.role, action);

const pendingQuery = perDatabase((db) =>
  db
    .select({
      active: sql<number>`count(*) filter (where ${user_accesses.status} = 1)::int`,
      pending: sql<number>`count(*) filter (where ${user_accesses.status} = 0)::int`,
    })
    .from(user_accesses)
    .where(eq(user_accesses.user_id, sql.placeholder('userId')))
    .prepare('guard_pending_access'),
);

/**
 * Whether a staff-side user (any role but Client) is still awaiting 'Approve Access': they have a pending
 * access and no active one (spec §6 "User access is requested and approved by an administrator"; ADR 0014,
 * ADR 0018). Such a user can log in and see the notice, but holds none of their role's rights yet.
 */
export async function awaitingApproval(db: Db, user: AuthUser): Promise<boolean> {
  if (user.role === 'Client') return false;
  const [row] = await pendingQuery(db).execute({ userId: user.id });
  return !!row && row.pending > 0 && row.active === 0;
}

export const guardPlugin = fp(async (app: FastifyInstance, opts: { db: Db }) => {
  const declared: DeclaredRoute[] = [];
  app.decorate('declaredRoutes', declared);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) {
      throw new Error(`Route ${route.method} ${route.url} declares no config.access (fail closed)`);
    }
    for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
      if (method !== 'HEAD') declared.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    const m = header ? /^Bearer\s+(.+)$/i.exec(header) : null;
    const token = m?.[1]?.trim();
    // A route that checks the header itself (`/metrics`, ops/metrics.ts) is no session: no lookup, no wait.
    if (token && token !== 'null' && token !== 'undefined' && !request.routeOptions.config?.ownAuthorization) {
      const read = request.routeOptions.config?.sessionRead;
      const found = await userForToken(opts.db, token, read && ((params) => read(opts.db, params, request)));
      if (found) {
        if (read) request.sessionRow = found.row;
        request.user = found.user;
        request.tokenId = found.tokenId;
        request.sessionContract = found.contract;
        request.awaitingApproval = found.awaitingApproval;
      }
    }
  });

  // preValidation, not preHandler (issue 16 item 6; ADR 0107): the access decision comes before the route
  // schema's validation, so a caller without a session gets 401 and a role that may not gets 403 before any
  // 422 that names the body's or query's fields.
  app.addHook('preValidation', async (request) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const user = requireUser(request);
    if (access === 'authenticated') return;
    const actions = Array.isArray(access) ? access : [access];
    if (!actions.some((a) => can(user.role, a))) throw forbidden();
    const pending = request.awaitingApproval ?? (await awaitingApproval(opts.db, user));
    if (pending) throw new AppError('forbidden', 'errors.access_pending');
  });
});
