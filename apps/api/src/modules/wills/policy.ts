/**
 * The ONE place where the wills module decides who may see and do what (DESIGN.md §9.3–9.4). Rights
 * come from the permission table of @wasiat/domain (`permissions.ts`); this file turns them into
 * WHERE clauses (so a record out of scope is a 404 by construction) and into checks for changes.
 *
 * Visibility (docs/api/wills.md `GET /wasiat`): Client → own wills (`user_id = me`); Agent → wills they
 * registered (`agent_id = me`); Partner → wills of their own organisation(s) (active `user_accesses`);
 * Staff/Officer/Accountant/Admin → all. Soft-deleted wills are never visible. An agent or partner sees a
 * will only while their organisation holds an active grant for its client (grants module, ADR 0101): after
 * the client withdraws it the will is a 404 to them.
 */
import { type Action, can, ROLES } from '@wasiat/domain';
import { and, eq, inArray, isNull, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { user_accesses, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { forbidden } from '../../platform/http/errors.ts';
import { grantExists, grantExistsPrepared } from '../grants/index.ts';

type WillRow = typeof wills.$inferSelect;

/** The organisations the user belongs to (active access), as a subquery usable in `inArray`. */
export function myOrganisations(user: AuthUser) {
  return sql`(select ${user_accesses.organization_id} from ${user_accesses} where ${user_accesses.user_id} = ${user.id} and ${user_accesses.status} = 1)`;
}

/**
 * WHERE clause of the wills `user` may see (always excludes soft-deleted wills). Fails closed: a user
 * without any will:read action sees nothing.
 */
export function willScope(user: AuthUser): SQL {
  const alive = isNull(wills.deleted_at);
  if (userCan(user, 'will:read:any')) return alive;
  const parts: SQL[] = [];
  if (userCan(user, 'will:read:own')) parts.push(eq(wills.user_id, user.id));
  const delegated: SQL[] = [];
  if (userCan(user, 'will:read:agent')) delegated.push(eq(wills.agent_id, user.id));
  if (userCan(user, 'will:read:organisation')) {
    delegated.push(inArray(wills.organization_id, myOrganisations(user)));
  }
  if (delegated.length) parts.push(and(or(...delegated), grantExists(user, wills.user_id)) as SQL);
  if (parts.length === 0) return sql`false`;
  return and(alive, or(...parts)) as SQL;
}

/**
 * The wills an organisation's figures count (reports; reports/policy.ts): {@link willScope} WITHOUT the
 * grant condition — a will an organisation registered stays in its reports and commissions after the
 * client withdraws the grant, though the will itself is then a 404 to its people (ADR 0101). Never use it
 * to read or change a will.
 */
export function businessWillScope(user: AuthUser): SQL {
  const alive = isNull(wills.deleted_at);
  if (userCan(user, 'will:read:any')) return alive;
  const parts: SQL[] = [];
  if (userCan(user, 'will:read:own')) parts.push(eq(wills.user_id, user.id));
  if (userCan(user, 'will:read:agent')) parts.push(eq(wills.agent_id, user.id));
  if (userCan(user, 'will:read:organisation')) parts.push(inArray(wills.organization_id, myOrganisations(user)));
  if (parts.length === 0) return sql`false`;
  return and(alive, or(...parts)) as SQL;
}

/**
 * The single-will visibility of {@link willScope} for prepared statements (ADR 0112, 0185): the will `wills.id`
 * is visible to the user `uid` when it is not soft-deleted and `any`, or `own` and theirs, or (`agent` and
 * they registered it, or `org` and it belongs to one of their organisations) while their organisation holds
 * an active grant for its client (ADR 0101). Each flag is a boolean SQL expression: placeholders filled from
 * {@link scopeFlags}, or the session user's role tested against {@link rolesWith} in the same statement.
 */
export function visibleWillSql(f: { any: SQL; own: SQL; agent: SQL; org: SQL }, uid: SQL | SQLWrapper): SQL {
  return sql`(${wills.deleted_at} is null and (${f.any}
    or (${f.own} and ${wills.user_id} = ${uid})
    or (((${f.agent} and ${wills.agent_id} = ${uid})
      or (${f.org} and ${wills.organization_id} in (select ${user_accesses.organization_id} from ${user_accesses} where ${user_accesses.user_id} = ${uid} and ${user_accesses.status} = 1)))
      and ${grantExistsPrepared(wills.user_id, uid, f.org)})))`;
}

/**
 * {@link visibleWillSql} for the will with placeholder `id`, with every flag and the user as placeholders
 * (`any`, `own`, `agent`, `org` from {@link scopeFlags}; `uid`): the prepared single-will statements.
 */
export function visibleWillByPlaceholders(): SQL {
  const p = (name: string) => sql.placeholder(name);
  return and(
    eq(wills.id, p('id')),
    visibleWillSql(
      {
        any: sql`${p('any')}::boolean`,
        own: sql`${p('own')}::boolean`,
        agent: sql`${p('agent')}::boolean`,
        org: sql`${p('org')}::boolean`,
      },
      p('uid'),
    ),
  ) as SQL;
}

/** The roles that hold `action` in the permission table of @wasiat/domain (for a role test in SQL). */
export const rolesWith = (action: Action): string[] => ROLES.filter((r) => can(r, action));

/**
 * The same visibility as {@link willScope}, as flags for the prepared single-will read
 * (queries.ts `findVisibleWill`): any | own (`user_id`) | agent (`agent_id`) | organisation.
 */
export function scopeFlags(user: AuthUser) {
  return {
    any: userCan(user, 'will:read:any'),
    own: userCan(user, 'will:read:own'),
    agent: userCan(user, 'will:read:agent'),
    org: userCan(user, 'will:read:organisation'),
  };
}

/**
 * The visibility of {@link willScope} when it is one of the two plain shapes the prepared will list serves
 * (queries.ts `listWills`; ADR 0139): `'any'` — every will not soft-deleted (will:read:any) — or `'own'` — the
 * caller's own wills (will:read:own and no delegated right). `null` for every other shape (agents, partners,
 * mixed rights), which the general query builds from {@link willScope}.
 */
export function plainListScope(user: AuthUser): 'any' | 'own' | null {
  const f = scopeFlags(user);
  if (f.any) return 'any';
  if (f.own && !f.agent && !f.org) return 'own';
  return null;
}

/** The roles whose {@link plainListScope} is `scope`, from the permission table (for scopes decided in SQL). */
export const rolesOfPlainScope = (scope: 'any' | 'own'): string[] =>
  ROLES.filter((role) => plainListScope({ role } as AuthUser) === scope);

/** Whether the user may create wills at all (for themselves or for a client). */
export const canCreateForClient = (user: AuthUser) => userCan(user, 'will:create:client');

/**
 * Changing a visible will's parts (saves of parts b–g): the will's owner, or a user who may register
 * wills for clients (agent/partner/staff/admin; their visibility is already limited by {@link willScope}).
 * Officers and accountants may look but not change.
 * @throws 403 `errors.forbidden`.
 */
export function assertCanEdit(user: AuthUser, will: WillRow) {
  if (will.user_id === user.id && userCan(user, 'will:create:own')) return;
  if (userCan(user, 'will:create:client')) return;
  throw forbidden();
}

/**
 * Submitting (0 → 1) or resubmitting (3 → 1): the testator, or the agent who registered the will
 * (brief of issue 2; spec §4).
 * @throws 403 `errors.forbidden`.
 */
export function assertCanSubmit(user: AuthUser, will: WillRow) {
  if (will.user_id === user.id || (will.agent_id !== null && will.agent_id === user.id)) return;
  throw forbidden();
}

/**
 * Staff verification: confirm (1 → 2) or cancel for update (1 → 3) needs `will:verify` (spec §4).
 * @throws 403 `errors.forbidden`.
 */
export function assertCanVerify(user: AuthUser) {
  if (!userCan(user, 'will:verify')) throw forbidden();
}

/**
 * Which organisation a caller may pick in part b (reference §3.1 Part B): staff/admin any organisation
 * that allows wills; agents and partners only their own; clients any organisation open to the public.
 */
export function organisationChoice(user: AuthUser): 'any' | 'own' | 'public' {
  if (userCan(user, 'will:read:any')) return 'any';
  if (userCan(user, 'will:create:client')) return 'own';
  return 'public';
}

/** Whether the caller may reassign the agent of a will in part b (not an agent: they stay the agent). */
export const canAssignAgent = (user: AuthUser) =>
  userCan(user, 'will:read:any') || userCan(user, 'will:read:organisation') || userCan(user, 'will:read:own');

/** Whether the user sees every will, of every organisation (`will:read:any`: the provider's staff). */
export const seesEveryWill = (user: AuthUser) => userCan(user, 'will:read:any');

/** Whether the user may read every user's files (staff-side roles), for `GET /attachment/{id}/file`. */
export const canReadAnyUser = (user: AuthUser) => userCan(user, 'will:read:any');
