/**
 * Organisation memberships in the 2021 client's `user_accesses` shape (issue 20; reference §2.1
 * `GET user/{id}/access`, §2.9 `GET organization/{id}/user`; ADR 0138). Scoped as the rest of the module:
 *
 * - `GET /organization/{id}/user` (any logged-in user who sees the organisation, policy.ts) answers our
 *   `users` list, and beside it `user_accesses` (same filters, with the members' MyKad, address and signature)
 *   only for a caller with `organisation:read` who manages that organisation (provider staff; a partner for
 *   their own). Anyone else gets our `users` list alone (the cross-organisation probes, ADR 0108: a client who
 *   sees a public organisation must not learn its memberships).
 * - `GET /user/{id}/access`: the caller's own memberships; another user's only within the organisations the
 *   caller manages, with `organisation:read` (else 404, never revealing the user exists).
 */
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, organizations, user_accesses, users } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { loadVisibleOrganisation, managedOrganisationsWhere } from './policy.ts';

type Row = {
  a: typeof user_accesses.$inferSelect;
  u: typeof users.$inferSelect;
  b: typeof branches.$inferSelect | null;
  o: typeof organizations.$inferSelect;
};

/** A membership's shape, as {@link serializeUserAccess} builds it. */
export type UserAccessShape = ReturnType<typeof baseAccessShape>;
/** An edge adapter's additions to a membership's shape (keys added; it grants no right). */
export type UserAccessExtension = (
  shape: UserAccessShape,
  facts: { role: string; atHeadquarter: boolean },
) => UserAccessShape;
let extension: UserAccessExtension | null = null;

/**
 * Register the edge adapter's additions to every membership shape (the composition root, once: compat/v2021 adds
 * the 2021 client's role label, ADR 0135). A later registration replaces an earlier one.
 */
export function registerUserAccessShape(fn: UserAccessExtension) {
  extension = fn;
}

/**
 * One membership as the 2021 client reads it, with what the registered edge adapter adds
 * ({@link registerUserAccessShape}); `personal`: whether the member's MyKad and address are shown.
 */
export function serializeUserAccess(r: Row, personal: boolean) {
  const shape = baseAccessShape(r, personal);
  return extension ? extension(shape, { role: r.a.role, atHeadquarter: !r.b || r.b.is_headquarter }) : shape;
}

function baseAccessShape(r: Row, personal: boolean) {
  return {
    id: r.a.id,
    user_id: r.a.user_id,
    organization_id: r.a.organization_id,
    role: r.a.role,
    status: r.a.status,
    accessible_type: 'Branch',
    accessible_id: r.a.branch_id,
    accessible: r.b ? { id: r.b.id, name: r.o.name, branch_name: r.b.branch_name, postcode: r.b.postcode } : null,
    organization: { id: r.o.id, name: r.o.name, type: r.o.type },
    allow_payment_gateway: r.o.allow_payment_gateway ? 1 : 0,
    allow_cash_payment: r.o.allow_cash_payment ? 1 : 0,
    user: personal
      ? {
          id: r.u.id,
          name: r.u.name,
          username: r.u.username,
          ic_number: r.u.ic_number,
          address: r.u.address,
          postcode: r.u.postcode,
          city: r.u.city,
          state: r.u.state,
          signature: r.u.signature_id ? { id: r.u.signature_id } : null,
        }
      : { id: r.u.id, name: r.u.name },
  };
}

const baseQuery = (db: Db) =>
  db
    .select({ a: user_accesses, u: users, b: branches, o: organizations })
    .from(user_accesses)
    .innerJoin(users, eq(users.id, user_accesses.user_id))
    .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
    .leftJoin(branches, eq(branches.id, user_accesses.branch_id));

/** Whether the caller manages organisation `orgId` (provider staff, or a member with `organisation:read`). */
async function managesOrganisation(db: Db, user: AuthUser, orgId: string) {
  if (!userCan(user, 'organisation:read')) return false;
  const where = await managedOrganisationsWhere(db, user);
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.id, orgId), where))
    .limit(1);
  return !!row;
}

/**
 * `GET /organization/{id}/user?status&branch_id&name&role&limit&page` → the `user_accesses` page (2021 shape):
 * active members (status 1) unless `status` says otherwise (`statuses`: any of several — 0 pending, 1 active,
 * 2 inactive; the 2021 member list, compat/v2021/organisations/, ADR 0255); `name` contains (case-insensitive).
 * Null when the caller does not manage the organisation.
 * @throws 404 when the organisation is not visible to the caller.
 */
export async function listUserAccesses(
  db: Db,
  user: AuthUser,
  orgId: string,
  q: {
    limit?: number;
    page?: number;
    status?: number;
    statuses?: number[];
    branch_id?: string;
    name?: string;
    role?: string;
  },
) {
  const org = await loadVisibleOrganisation(db, user, orgId);
  const personal = await managesOrganisation(db, user, org.id);
  if (!personal) return null;
  const status = q.statuses?.length
    ? inArray(user_accesses.status, q.statuses)
    : eq(user_accesses.status, q.status ?? 1);
  const conds: SQL[] = [eq(user_accesses.organization_id, org.id), status];
  if (q.branch_id) conds.push(eq(user_accesses.branch_id, q.branch_id));
  if (q.role) conds.push(eq(user_accesses.role, q.role));
  if (q.name) conds.push(sql`${users.name} ilike ${`%${q.name}%`}`);
  const where = and(...conds);
  const p = pageParams(q);
  const [{ n }] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(user_accesses)
    .innerJoin(users, eq(users.id, user_accesses.user_id))
    .where(where);
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(asc(users.name), asc(user_accesses.id))
    .limit(p.per_page)
    .offset(p.offset);
  return toPage(
    rows.map((r) => serializeUserAccess(r, personal)),
    Number(n),
    p,
  );
}

/**
 * `GET /user/{id}/access` → `{ user_accesses: page }` (active first). Own id: every membership; another user:
 * only memberships in organisations the caller manages, with `organisation:read`. @throws 404 when none is
 * visible.
 */
export async function listAccessesOfUser(db: Db, user: AuthUser, userId: string) {
  const self = userId === user.id;
  let where: SQL | undefined = eq(user_accesses.user_id, userId);
  if (!self) {
    if (!userCan(user, 'organisation:read')) throw notFound();
    const managed = await managedOrganisationsWhere(db, user);
    if (managed) {
      const ids = (await db.select({ id: organizations.id }).from(organizations).where(managed)).map((o) => o.id);
      if (!ids.length) throw notFound();
      where = and(where, inArray(user_accesses.organization_id, ids));
    }
  }
  const rows = await baseQuery(db)
    .where(where)
    .orderBy(sql`case ${user_accesses.status} when 1 then 0 when 0 then 1 else 2 end`, asc(user_accesses.created_at));
  if (!self && rows.length === 0) throw notFound();
  const p = pageParams({ limit: Math.max(rows.length, 1) });
  return {
    user_accesses: toPage(
      rows.map((r) => serializeUserAccess(r, true)),
      rows.length,
      p,
    ),
  };
}
