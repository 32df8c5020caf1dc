/**
 * The executorships an organisation is asked to accept (issue 41 item 3; ADR 0276, amended 2026-12-07): every will
 * names its registering organisation as executor, but that organisation's partner sees a client's will only under
 * the client's grant (ADR 0101) — a will the client registered themself is not visible to them. So the executor's
 * request is answered here, by the request alone, without opening the will: the partner sees the testator's name,
 * the will's number, the state and the dates — what the organisation's mail already says — and nothing of the will.
 *
 * - {@link listExecutorships} `GET /api/executorships` (`acceptance:decide:executor`) → `{ executorships: [{ id,
 *   wasiat_id, wasiat_no, testator_name, organisation, state, asked_at, decided_at, reason }] }`, newest first: the
 *   current (not superseded) executor requests of the organisations the caller holds an active access to.
 * - {@link executorRequest}: the executor request `aid` of such an organisation (will `willId`), else 404.
 */
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, role_acceptances, user_accesses, users, wills } from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';

/** The organisations `user` holds an active access to (ids). */
async function memberOf(db: Db, user: AuthUser): Promise<string[]> {
  const rows = await db
    .select({ id: user_accesses.organization_id })
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, user.id), eq(user_accesses.status, 1)));
  return rows.map((r) => r.id).filter((x): x is string => !!x);
}

/** See the file comment. */
export async function listExecutorships(db: Db, user: AuthUser) {
  const orgs = await memberOf(db, user);
  if (!orgs.length) return { executorships: [] };
  const rows = await db
    .select({
      id: role_acceptances.id,
      wasiat_id: role_acceptances.wasiat_id,
      wasiat_no: wills.wasiat_no,
      testator_name: users.name,
      organisation: organizations.name,
      state: role_acceptances.state,
      asked_at: role_acceptances.asked_at,
      decided_at: role_acceptances.decided_at,
      reason: role_acceptances.reason,
    })
    .from(role_acceptances)
    .innerJoin(wills, eq(wills.id, role_acceptances.wasiat_id))
    .innerJoin(users, eq(users.id, wills.user_id))
    .leftJoin(organizations, eq(organizations.id, role_acceptances.organization_id))
    .where(
      and(
        eq(role_acceptances.role, 'executor'),
        ne(role_acceptances.state, 'superseded'),
        inArray(role_acceptances.organization_id, orgs),
      ),
    )
    .orderBy(desc(role_acceptances.asked_at), desc(role_acceptances.id))
    .limit(500);
  return { executorships: rows };
}

/** See the file comment. @throws 404 when `aid` is not a current executor request of one of the caller's organisations. */
export async function executorRequest(db: Db, user: AuthUser, willId: string, aid: string) {
  const [a] = await db
    .select()
    .from(role_acceptances)
    .where(and(eq(role_acceptances.id, aid), eq(role_acceptances.wasiat_id, willId)));
  if (!a || a.state === 'superseded' || a.role !== 'executor' || !a.organization_id) throw notFound();
  if (!(await memberOf(db, user)).includes(a.organization_id)) throw notFound();
  return a;
}
