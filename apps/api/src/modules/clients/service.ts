/**
 * Clients (spec §2 /client, /client/{client_id}; reference §2.1 "client/list.vue": `GET user?role=Client`).
 * Scoped in the WHERE clause (DESIGN.md §9.3): roles with `will:read:any` see every client; a partner or
 * agent the clients they act for under an active grant of their organisation (grants module, ADR 0101:
 * registered by the organisation or approved by the client). A client out of scope is a 404.
 */
import { and, asc, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users, wills } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { serializeUser } from '../auth/index.ts';
import { grantExists } from '../grants/index.ts';
import { willScope } from '../wills/index.ts';

/**
 * The WHERE condition on `users` for the clients `user` may see: role Client and the grant check of the
 * grants module (`actsForClient`, ADR 0101) — provider staff every client; a partner or agent the clients
 * their organisation holds an active grant for (registered by them, or approved by the client). Fails
 * closed (`false`) for roles without `client:read`.
 */
export function clientScope(user: AuthUser): SQL {
  const isClient = eq(users.role, 'Client');
  if (!userCan(user, 'client:read')) return sql`false`;
  if (userCan(user, 'will:read:any')) return isClient;
  return and(isClient, grantExists(user, users.id)) as SQL;
}

/**
 * The latest will of a client, as the list shows it (`wasiat { id, status }` or null). The outer row is named
 * with its table (`"users"."id"`): in a select list drizzle renders `${users.id}` as a bare `"id"`, which
 * inside this subquery meant `w.id`, so every client showed no will (issue 17 item 8).
 */
const latestWill = sql<{
  id: string;
  status: number | null;
} | null>`(select json_build_object('id', w.id, 'status', w.status) from wills w where w.user_id = ${sql.raw('"users"."id"')} and w.deleted_at is null order by w.created_at desc limit 1)`;

/**
 * `GET /api/client?name&ic_number&limit&page` (client:read) →
 * `{ users: { data: [{ id, name, ic_number, email, mobile_number, status, wasiat }], … } }`, by name.
 * `name` matches name, username or MyKad (contains, case-insensitive).
 */
export async function listClients(db: Db, user: AuthUser, q: { limit?: number; page?: number; name?: string }) {
  const conds: (SQL | undefined)[] = [clientScope(user)];
  if (q.name) {
    const like = `%${q.name}%`;
    conds.push(or(ilike(users.name, like), ilike(users.username, like), ilike(users.ic_number, like)));
  }
  const where = and(...conds);
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(users).where(where);
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      ic_number: users.ic_number,
      email: users.email,
      mobile_number: users.mobile_number,
      status: users.status,
      created_at: users.created_at,
      wasiat: latestWill,
    })
    .from(users)
    .where(where)
    .orderBy(asc(users.name), asc(users.id))
    .limit(p.per_page)
    .offset(p.offset);
  return { users: toPage(rows, Number(n), p) };
}

/**
 * `GET /api/client/{id}` (client:read) → `{ user }` (auth/service.ts serializeUser) plus `wills`
 * `[{ id, status, price_sen, created_at }]` visible to the caller. @throws 404 when out of scope.
 */
export async function getClient(db: Db, user: AuthUser, id: string) {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), clientScope(user)))
    .limit(1);
  if (!u) throw notFound();
  const rows = await db
    .select({ id: wills.id, status: wills.status, price_sen: wills.price_sen, created_at: wills.created_at })
    .from(wills)
    .where(and(eq(wills.user_id, u.id), willScope(user)))
    .orderBy(desc(wills.created_at));
  return { user: { ...(await serializeUser(db, u)), wills: rows } };
}

/** The caller's own profile (`GET /user/{id}` with their own id) as every user reply shapes it. */
export async function ownProfile(db: Db, id: string) {
  const [u] = await db.select().from(users).where(eq(users.id, id));
  if (!u) throw notFound();
  return serializeUser(db, u);
}
