/**
 * The will list asked for most, answered as JSON written by PostgreSQL (issue 18 item 2; ADR 0189).
 *
 * Staff over all organisations and a client's own wills, unfiltered (policy.ts `plainListScope`; ADR 0139), are
 * one prepared statement whose single row carries the total and the page as JSON text, each will in exactly
 * the shape of serializers.ts `willBody` (same keys, same order, same values: flags 0/1, `price` in ringgit,
 * dates as `Date.toJSON()` writes them, `unlocked` from the part sequences of service.ts `partsOf`). The server
 * splices that text into the Laravel envelope; it neither maps 15 × 38 columns into objects nor serializes them
 * again, which was most of a list's CPU (bench/api.ts). Every other list (filters, `load_with`, a 2021-client
 * session, agents and partners) takes the general path (queries.ts `listWills`). A test compares the two
 * answers will by will (test/statement-budget.test.ts).
 */
import { and, desc, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import { withPlannedRows } from '../../db/row-mapper.ts';
import { auth_tokens, report_org_totals, users, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import {
  liveBatchTokenOn,
  plainSessionRow,
  type SessionRow,
  sessionBatchLoader,
  sessionColumns,
} from '../../platform/auth/tokens.ts';
import { isAbsentQueryValue, pageEnvelopeJson, pageParams } from '../../platform/http/pagination.ts';
import { willBodyJson } from './body-json.ts';
import { plainListScope, rolesOfPlainScope } from './policy.ts';
import { isFilteredList, type WillListQuery } from './queries.ts';

const p = (name: string) => sql.placeholder(name);
/** The page as JSON text, newest first, from a subquery `page` of whole will rows. */
const pageJson = sql<string>`coalesce(json_agg(${willBodyJson} order by ${wills.created_at} desc, ${wills.id} desc)::text, '[]')`;

/** The page's rows, newest first: a subquery aliased as the table itself, so the body's columns ("wills"."id", …) name its rows. */
const page = (where: SQL | undefined, limit: SQLWrapper, offset: SQLWrapper) =>
  sql`(select * from ${wills} where ${where} order by ${desc(wills.created_at)}, ${desc(wills.id)} limit ${limit} offset ${offset}) as "wills"`;
/** Staff's total: the all-time roll-up (ADR 0112). */
const totalAny = sql<number>`(select coalesce(sum(${report_org_totals.n}), 0)::int from ${report_org_totals})`;
/** A client's total: the count of their wills not deleted. */
const totalOwn = (uid: SQLWrapper) =>
  sql<number>`(select count(*)::int from ${wills} w2 where w2.user_id = ${uid} and w2.deleted_at is null)`;
const whereAny = isNull(wills.deleted_at);
const whereOwn = (uid: SQLWrapper) => and(eq(wills.user_id, uid), isNull(wills.deleted_at));

/**
 * The two statements with the page's `limit` and `offset` as given: as placeholders, or as literals (`first`).
 * With placeholders PostgreSQL re-plans every execution (a LIMIT it cannot see makes the generic plan look
 * costlier than a custom one, so the plan cache never switches); with literals the statement is planned the
 * same way each time and the cache keeps its generic plan (ADR 0192).
 */
function statements(db: Db, suffix: string, limit: SQLWrapper, offset: SQLWrapper) {
  return {
    any: db
      .select({ total: totalAny, data: pageJson })
      .from(page(whereAny, limit, offset))
      .prepare(`wills_list_any_json${suffix}`),
    own: db
      .select({ total: totalOwn(p('uid')), data: pageJson })
      .from(page(whereOwn(p('uid')), limit, offset))
      .prepare(`wills_list_own_json${suffix}`),
  };
}

const prepared = perDatabase((db) => statements(db, '', p('limit'), p('offset')));

/**
 * The first page, by far the one asked for most, of page sizes up to this: one statement per size with the
 * limit written in (at most this many per scope and connection); any other page takes the placeholders.
 */
const FIRST_PAGE_MAX_LIMIT = 100;
/** A cache per database handle of what `make` builds for each first-page size. */
const perLimit = <T>(make: (db: Db, limit: number) => T) => {
  const made = perDatabase(() => new Map<number, T>());
  return (db: Db, limit: number) => {
    const m = made(db);
    let s = m.get(limit);
    if (s === undefined) {
      s = make(db, limit);
      m.set(limit, s);
    }
    return s;
  };
};
const firstPage = perLimit((db, limit) => statements(db, `_first_${limit}`, sql.raw(String(limit)), sql.raw('0')));

/** The envelope `{ "wasiats": { data, current_page, per_page, total, last_page } }` with the page's JSON text. */
function envelope(total: number, data: unknown, pp: ReturnType<typeof pageParams>) {
  return pageEnvelopeJson('wasiats', total, typeof data === 'string' ? data : JSON.stringify(data), pp);
}

/**
 * `GET /wasiat` for staff over all organisations or a client's own wills, unfiltered (ADR 0139, 0189): the whole
 * answer `{ "wasiats": { data, current_page, per_page, total, last_page } }` as JSON text, from ONE statement.
 * The total is exact: the all-time roll-up for staff (ADR 0112), the count over the client's wills.
 * @returns the body, or null when the list is not one of the two plain shapes (the caller takes `listWills`).
 */
export async function plainWillListJson(db: Db, user: AuthUser, q: WillListQuery): Promise<string | null> {
  if (isFilteredList(q)) return null;
  const scope = plainListScope(user);
  if (!scope) return null;
  const pp = pageParams(q);
  const literal = pp.offset === 0 && Number.isInteger(pp.per_page) && pp.per_page <= FIRST_PAGE_MAX_LIMIT;
  const statement = (literal ? firstPage(db, pp.per_page) : prepared(db))[scope];
  const [row] = await statement.execute({ uid: user.id, limit: pp.per_page, offset: pp.offset });
  return envelope(row.total, row.data, pp);
}

// ---- The first page carried by the session check (guard.ts `config.sessionRead`; ADR 0187, 0192) ----

/** The session row of {@link listReadWithSession}: the list's columns are null when the role has no plain scope. */
export type ListSessionRow = SessionRow & {
  list_scope: 'any' | 'own' | null;
  list_limit: number;
  list_total: number | null;
  list_data: unknown;
};

const ANY_ROLES = rolesOfPlainScope('any');
const OWN_ROLES = rolesOfPlainScope('own');

/**
 * The list's columns beside the session's, for the first page of size `limit`: the plain scope is decided in SQL
 * from the session user's role (the permission table's {@link rolesOfPlainScope}); CASE runs only the role's
 * branch.
 */
function listColumns(limit: number) {
  const isAny = sql`(${users.role} = any(${p('anyRoles')}::text[]))`;
  const isOwn = sql`(${users.role} = any(${p('ownRoles')}::text[]))`;
  const lim = sql.raw(String(limit));
  const zero = sql.raw('0');
  const data = (where: SQL | undefined) => sql`(select ${pageJson} from ${page(where, lim, zero)})`;
  return {
    ...sessionColumns(),
    list_scope: sql<'any' | 'own' | null>`(case when ${isAny} then 'any' when ${isOwn} then 'own' end)`,
    list_limit: sql<number>`${lim}::int`,
    list_total: sql<number | null>`(case when ${isAny} then ${totalAny} when ${isOwn} then ${totalOwn(users.id)} end)`,
    list_data: sql<unknown>`(case when ${isAny} then ${data(whereAny)} when ${isOwn} then ${data(whereOwn(users.id))} end)`,
  };
}

/**
 * The session check with the first page of size `limit` beside it, for a batch of requests (ADR 0198): one row
 * per live token of `hashes` at its time of `nows`, numbered `n` (1-based) as the request it answers. Each row is
 * joined on its own token only, and its page is its own user's.
 */
const batchWithSession = perLimit((db, limit) =>
  withPlannedRows(
    db
      .select({ n: sql<string>`q.n`, ...listColumns(limit) })
      .from(sql`unnest(${p('hashes')}::text[], ${p('nows')}::timestamptz[]) with ordinality as q(hash, at, n)`)
      .innerJoin(auth_tokens, liveBatchTokenOn())
      .innerJoin(users, eq(users.id, auth_tokens.user_id))
      .prepare(`wills_list_json_with_session_batch_${limit}`),
  ),
);

/**
 * The first-page lists of size `limit` that arrive together, as ONE statement (auth/tokens.ts
 * `sessionBatchLoader`; ADR 0198): each gets the row numbered as its own key, or undefined when its token is not
 * live.
 */
const batchedFirstPages = perLimit((db, limit) =>
  sessionBatchLoader<{ hash: string; now: string }, ListSessionRow>((keys) =>
    batchWithSession(db, limit).execute({
      hashes: keys.map((k) => k.hash),
      nows: keys.map((k) => k.now),
      anyRoles: ANY_ROLES,
      ownRoles: OWN_ROLES,
    }),
  ),
);

/**
 * The page size of a raw query string (before validation) that asks for the plain list's first page — no key
 * but `limit` (1–{@link FIRST_PAGE_MAX_LIMIT}, digits only) and `page` '1'; absent values as http/query.ts
 * reads them — or null for any other query, which the general path validates and answers.
 */
export function firstPageLimit(raw: unknown): number | null {
  const q = (raw ?? {}) as Record<string, unknown>;
  let limit = pageParams({}).per_page;
  for (const [k, v] of Object.entries(q)) {
    if (isAbsentQueryValue(v)) continue;
    if (k === 'page' && v === '1') continue;
    if (k === 'limit' && typeof v === 'string' && /^[1-9][0-9]{0,2}$/.test(v) && Number(v) <= FIRST_PAGE_MAX_LIMIT) {
      limit = Number(v);
      continue;
    }
    return null;
  }
  return limit;
}

/**
 * The guard's session check for `GET /wasiat` (`config.sessionRead`; ADR 0192): for a query asking for the first
 * page ({@link firstPageLimit}), ONE statement (shared with the requests that arrive with it) returning the live token's session columns with, beside them, the
 * total and the page as the caller's plain scope gives them; for any other query, the plain token lookup.
 * @returns the row, or undefined when the token is unknown, revoked or past its absolute expiry.
 */
export async function listReadWithSession(
  db: Db,
  params: { hash: string; now: string },
  rawQuery: unknown,
): Promise<SessionRow | undefined> {
  const limit = firstPageLimit(rawQuery);
  if (limit === null) return plainSessionRow(db, params);
  return batchedFirstPages(db, limit).load(params);
}

/**
 * The answer of `GET /wasiat` from the guard's session row ({@link listReadWithSession}), when that row carries
 * the page this validated query asks for, in the scope this user's role gives ({@link plainListScope}):
 * the same text {@link plainWillListJson} would write. Otherwise null (the caller reads the list itself).
 */
export function plainWillListFromSession(row: SessionRow | undefined, user: AuthUser, q: WillListQuery): string | null {
  const r = row as ListSessionRow | undefined;
  if (!r || r.list_scope == null || r.list_total == null || r.user.id !== user.id) return null;
  if (isFilteredList(q) || plainListScope(user) !== r.list_scope) return null;
  const pp = pageParams(q);
  if (pp.offset !== 0 || pp.per_page !== r.list_limit) return null;
  return envelope(r.list_total, r.list_data, pp);
}
