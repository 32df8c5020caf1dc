/**
 * The will list (`GET /wasiat`) and the staff approval queue (`GET /wasiat/pending-approval`): every list
 * is in the caller's scope ({@link willScope}, policy.ts). Reached through `queries.ts`.
 */
import { and, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, report_org_totals, users, will_user_details, wills } from '../../db/schema/index.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import type { AuthUser } from '../auth/index.ts';
import { containsPattern, statusCodes, statusIn } from '../instruments/index.ts';
import type { WillRow } from './db-types.ts';
import { plainListScope, seesEveryWill, willScope } from './policy.ts';
import { latestPaymentStatus, prepared } from './prepared.ts';

export interface WillListQuery {
  user_id?: string;
  status?: string;
  organization_id?: string;
  ic_number?: string;
  name?: string;
  limit?: number;
  page?: number;
}

/** The total of a will list from the all-time roll-up, or null when the roll-up cannot answer it. */
async function listTotalFromRollup(db: Db, user: AuthUser, q: WillListQuery, codes: number[] | null) {
  // report_org_totals counts every will not soft-deleted by organisation × plan × payment option × status,
  // kept by triggers in the same transaction as the will (ADR 0060, 0063): exact, a few hundred rows at most.
  if (!seesEveryWill(user) || q.user_id || q.ic_number || q.name) return null;
  const conds: SQL[] = [];
  if (q.organization_id) conds.push(eq(report_org_totals.organization_id, q.organization_id));
  if (codes) conds.push(statusIn(report_org_totals.status, codes));
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${report_org_totals.n}), 0)::int` })
    .from(report_org_totals)
    .where(and(...conds));
  return n;
}

/**
 * WHERE condition on `wills`: the testator's MyKad is `ic` — their account's (`users.ic_number`) or the will's
 * particulars' (`will_user_details.ic_number`). A semi-join on the will's id from the few rows that carry the MyKad
 * (each found by its index), not an OR across the joined tables, which scanned every will (ADR 0277).
 */
export const testatorMykadIs = (ic: string | SQLWrapper): SQL =>
  sql`${wills.id} in (select w.id from ${wills} w join ${users} u on u.id = w.user_id where u.ic_number = ${ic}
    union all select d.wasiat_id from ${will_user_details} d where d.ic_number = ${ic})`;

/**
 * WHERE condition on `wills`: the testator's name matches the ILIKE pattern `like` (a value or a placeholder
 * holding instruments `containsPattern` of the typed text) — their account's (`users.name`) or the will's
 * particulars' (`will_user_details.name`). Like {@link testatorMykadIs}, a semi-join on the will's id from the rows
 * whose name matches, each side read from its trigram index (migration 0059, ADR 0284), not an OR across the
 * joined tables, which scanned every will.
 */
export const testatorNameLike = (like: string | SQLWrapper): SQL =>
  sql`${wills.id} in (select w.id from ${wills} w join ${users} u on u.id = w.user_id where u.name ilike ${like}
    union all select d.wasiat_id from ${will_user_details} d where d.name ilike ${like})`;

/**
 * WHERE condition on `wills`: the testator's name contains `name` (case-insensitive, `%` and `_` taken
 * literally): {@link testatorNameLike} of its `containsPattern`.
 */
export const testatorNameContains = (name: string): SQL => testatorNameLike(containsPattern(name));

/** Whether a list query filters (user, status, organisation, MyKad or name): not one of the plain lists. */
export const isFilteredList = (q: WillListQuery) =>
  Boolean(q.user_id || q.organization_id || q.status !== undefined || q.ic_number || q.name);

/**
 * A page of the wills the caller may see, newest first. Filters: `user_id`, `status` ("1" or "0,3"),
 * `organization_id`, `ic_number` (testator's account or particulars), `name` (contains, either).
 * Staff over all organisations and a client's own wills, unfiltered: ONE prepared statement carrying page and
 * total (`listAny`, `listOwn`; ADR 0139). Otherwise two statements (ADR 0112): the total — for staff-side
 * users without a user/MyKad/name filter from the all-time roll-up `report_org_totals` (exact, no scan of the wills), else a count over the index of the
 * scope (a client's, an agent's or an organisation's wills) — and the page, each will with the status of
 * its latest payment (`payment_status`, a correlated index lookup).
 * @returns `rows` (`{ will, payment_status }`) and `page(data)`, which wraps the serialized rows in the
 *   Laravel-style envelope `{ data, current_page, per_page, total, last_page }`.
 */
export async function listWills(db: Db, user: AuthUser, q: WillListQuery) {
  const p = pageParams(q);
  // The two lists asked for most — staff over all organisations, a client's own — unfiltered: one prepared
  // statement carrying page and total (ADR 0139). An empty page (past the end) still needs the total: below.
  const plain = isFilteredList(q) ? null : plainListScope(user);
  if (plain) {
    const stmt = plain === 'any' ? prepared(db).listAny : prepared(db).listOwn;
    const found = await stmt.execute({ uid: user.id, limit: p.per_page, offset: p.offset });
    if (found.length) {
      const rows = found.map(({ will, payment_status }) => ({ will, payment_status }));
      return { rows, page: (data: unknown[]) => toPage(data, found[0].total, p) };
    }
  }
  const conds: SQL[] = [willScope(user)];
  let codes: number[] | null = null;
  if (q.user_id) conds.push(eq(wills.user_id, q.user_id));
  if (q.organization_id) conds.push(eq(wills.organization_id, q.organization_id));
  if (q.status !== undefined) {
    codes = statusCodes(q.status);
    conds.push(statusIn(wills.status, codes));
  }
  if (q.ic_number) conds.push(testatorMykadIs(q.ic_number));
  if (q.name) conds.push(testatorNameContains(q.name));
  const where = and(...conds);
  const from = <T extends { from: (t: typeof wills) => any }>(b: T) => b.from(wills);
  const total = async () =>
    (await listTotalFromRollup(db, user, q, codes)) ??
    (await from(db.select({ n: sql<number>`count(*)::int` })).where(where))[0].n;
  const page = async (): Promise<{ will: WillRow; payment_status: string | null }[]> =>
    from(db.select({ will: wills, payment_status: latestPaymentStatus }))
      .where(where)
      .orderBy(desc(wills.created_at), desc(wills.id))
      .limit(p.per_page)
      .offset(p.offset);
  const [n, rows] = await Promise.all([total(), page()]);
  return { rows, page: (data: unknown[]) => toPage(data, n, p) };
}

/**
 * Staff approval queue (`GET /wasiat/pending-approval`, reference §2.2): organisations with their count
 * of wills awaiting confirmation (status 1) as `{ id, name, short_name, code, total_pending }`, optionally of
 * one organisation `type` (a code; the route also maps the 2021 labels); largest first.
 */
export async function pendingApproval(db: Db, type?: string) {
  const total = sql<number>`count(${wills.id})::int`;
  return db
    .select({
      id: organizations.id,
      name: organizations.name,
      short_name: organizations.short_name,
      code: organizations.code,
      total_pending: total,
    })
    .from(organizations)
    .innerJoin(wills, and(eq(wills.organization_id, organizations.id), eq(wills.status, 1), isNull(wills.deleted_at)))
    .where(type ? eq(organizations.type, type) : undefined)
    .groupBy(organizations.id, organizations.name, organizations.short_name, organizations.code)
    .orderBy(desc(total), organizations.name);
}
