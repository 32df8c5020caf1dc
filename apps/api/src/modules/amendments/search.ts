/**
 * Search (carian; spec §2 Search; reference §2.14; issue 4 "/carian/semak … check a will's status by MyKad
 * or registration number, for staff and partner users"; ADR 0022), answered in ONE statement (ADR 0289).
 *
 * `GET /api/carian ?ic_number|wasiat_no|name|status|having_amendment|limit|page` → `{ wasiats: page }` of
 * the wills the caller may see (wills/policy.ts `willScope`, here as `visibleWillSql`: a partner only finds its
 * organisation's wills while it holds the client's grant; soft-deleted wills and status -1 never), newest first
 * (`created_at`, then `id`, descending). Each will is serializers.ts `willBody` with `user_detail`, `user`,
 * `agent`, `organization`, `branch` (relations.ts `loadRelations`), `current_version` and its latest amendment
 * (`latest_amendment: { id, reference_no, status } | null`). Needs `will:search`.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { perDatabase } from '../../db/client.ts';
import { amendments, report_org_totals, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { pageEnvelopeJson, pageParams } from '../../platform/http/pagination.ts';
import { containsPattern, statusCodes } from '../instruments/index.ts';
import { scopeFlags, testatorMykadIs, testatorNameLike, visibleWillSql, willJsonFields } from '../wills/index.ts';

export interface SearchQuery {
  ic_number?: string;
  wasiat_no?: string;
  name?: string;
  status?: string;
  having_amendment?: string;
  limit?: number;
  page?: number;
}

/** What the statement's text depends on; the searched values are its placeholders. */
interface Shape {
  /** The caller's visibility (wills/policy.ts `scopeFlags`), written into the text as constants. */
  flags: ReturnType<typeof scopeFlags>;
  ic: boolean;
  wasiatNo: boolean;
  name: boolean;
  /** No status filter; one code (`$status`); several (`$codes`); a filter with no valid code (nothing found). */
  status: 'none' | 'one' | 'many' | 'empty';
  /** `having_amendment`: only wills with an amendment, only those without, or either. */
  amended: boolean | null;
  /** The first page's size written into the text (ADR 0192), or null: `$limit` and `$offset`. */
  firstPage: number | null;
}

/** The first pages up to this size have their own statement, the limit written in (list-json.ts does the same). */
const FIRST_PAGE_MAX_LIMIT = 100;
/** At most this many shapes get a named (server-side prepared) statement per database handle; others are parsed each time. */
const NAMED_MAX = 200;
const p = (name: string) => sql.placeholder(name);
const bool = (b: boolean) => sql.raw(b ? 'true' : 'false');

/** The relations a search hit carries (the former `load_with` of the search: userDetail,user,organization,branch,agent). */
const RELATIONS = ['userDetail', 'user', 'agent', 'organization', 'branch'] as const;

/**
 * The latest amendment of the will "wills", or null: the first row of `amendments_owner_idx` read backwards (no sort;
 * two amendments created in the same microsecond come in the index's order, as they came in the former search's).
 */
const latestAmendment = sql`(select json_build_object('id', a.id, 'reference_no', a.reference_no, 'status', a.status)
  from ${amendments} a where a.amendmentable_type = 'Wasiat' and a.amendmentable_id = ${wills.id}
  order by a.created_at desc limit 1)`;

/** The page as JSON text: each will of the subquery "wills" with its relations and latest amendment, newest first. */
const pageJson = sql<string>`coalesce(json_agg(json_build_object(${willJsonFields(RELATIONS)},
  'latest_amendment', ${latestAmendment}) order by ${wills.created_at} desc, ${wills.id} desc)::text, '[]')`;

/** The condition "`column` has one of the searched codes" of a shape with a status filter. */
const statusCond = (s: Shape, column: typeof wills.status | typeof report_org_totals.status): SQL | undefined =>
  ({
    none: undefined,
    one: eq(column, p('status')),
    many: sql`${column} = any(${p('codes')}::int[])`,
    empty: sql`false`,
  })[s.status];

/**
 * The statement of a shape: one row `{ total, data }`, `data` the page as JSON text ({@link pageJson}). With a
 * MyKad, number or name, the matches are found once (the CTE `hit`), counted and paged; otherwise the page reads
 * the wills in order and the total is, for a caller who sees every will and no amendment filter, the all-time
 * roll-up `report_org_totals` (exact, kept by triggers; ADR 0060, 0112), else a count of the scope.
 */
function statement(db: Db, s: Shape, name: string) {
  const f = s.flags;
  const scope = visibleWillSql(
    { any: bool(f.any), own: bool(f.own), agent: bool(f.agent), org: bool(f.org) },
    p('uid'),
  );
  const withAmendment = sql`exists (select 1 from ${amendments} where ${amendments.amendmentable_type} = 'Wasiat' and ${amendments.amendmentable_id} = ${wills.id})`;
  const where = and(
    scope,
    sql`${wills.status} <> -1`,
    s.wasiatNo ? eq(wills.wasiat_no, p('wasiat_no')) : undefined,
    s.ic ? testatorMykadIs(p('ic')) : undefined,
    s.name ? testatorNameLike(p('like')) : undefined,
    statusCond(s, wills.status),
    s.amended === null ? undefined : s.amended ? withAmendment : sql`not ${withAmendment}`,
  );
  const limit = s.firstPage === null ? p('limit') : sql.raw(String(s.firstPage));
  const offset = s.firstPage === null ? p('offset') : sql.raw('0');
  if (s.ic || s.wasiatNo || s.name) {
    const hit = db.$with('hit').as(db.select({ id: wills.id, created_at: wills.created_at }).from(wills).where(where));
    return db
      .with(hit)
      .select({ total: sql<number>`(select count(*)::int from hit)`, data: pageJson })
      .from(
        sql`(select ${wills}.* from hit join ${wills} on ${wills.id} = hit.id
          order by hit.created_at desc, hit.id desc limit ${limit} offset ${offset}) as "wills"`,
      )
      .prepare(name);
  }
  const total =
    f.any && s.amended === null
      ? sql<number>`(select coalesce(sum(${report_org_totals.n}), 0)::int from ${report_org_totals}
          where ${and(sql`${report_org_totals.status} <> -1`, statusCond(s, report_org_totals.status))})`
      : sql<number>`(select count(*)::int from ${wills} where ${where})`;
  return db
    .select({ total, data: pageJson })
    .from(
      sql`(select * from ${wills} where ${where} order by ${wills.created_at} desc, ${wills.id} desc
        limit ${limit} offset ${offset}) as "wills"`,
    )
    .prepare(name);
}

type Statement = ReturnType<typeof statement>;
const made = perDatabase(() => new Map<string, Statement>());

/** The statement of `s`, made once per database handle (named, so PostgreSQL plans it once per connection). */
function statementOf(db: Db, s: Shape): Statement {
  const f = s.flags;
  const key = [
    'carian',
    [f.any, f.own, f.agent, f.org].map(Number).join(''),
    `${s.ic ? 'i' : ''}${s.wasiatNo ? 'w' : ''}${s.name ? 'n' : ''}`,
    s.status,
    s.amended === null ? 'a' : `a${Number(s.amended)}`,
    s.firstPage ?? 'p',
  ].join('_');
  const cache = made(db);
  let found = cache.get(key);
  if (found) return found;
  if (cache.size >= NAMED_MAX) return statement(db, s, ''); // an unnamed statement: parsed and planned each time
  found = statement(db, s, key);
  cache.set(key, found);
  return found;
}

/**
 * `GET /api/carian` (see the module comment): the answer `{ "wasiats": { data, current_page, per_page, total,
 * last_page } }` as JSON text, from ONE statement. `ic_number` keeps its digits (account's or particulars' MyKad);
 * `wasiat_no` is trimmed and upper-cased; `name` is "contains", any case, `%` and `_` literal; `status` a list of
 * codes ("0,3"; none valid finds none); `having_amendment` 'true' / '1' or 'false' / '0'. Dates are ISO 8601 UTC,
 * money in sen (`price` in ringgit), as in `GET /wasiat`.
 */
export async function searchWills(db: Db, user: AuthUser, q: SearchQuery): Promise<string> {
  const pp = pageParams(q);
  const codes = q.status === undefined ? null : statusCodes(q.status);
  const amended = q.having_amendment;
  const shape: Shape = {
    flags: scopeFlags(user),
    ic: Boolean(q.ic_number),
    wasiatNo: Boolean(q.wasiat_no),
    name: Boolean(q.name),
    status: codes === null ? 'none' : codes.length === 0 ? 'empty' : codes.length === 1 ? 'one' : 'many',
    amended: amended === 'true' || amended === '1' ? true : amended === 'false' || amended === '0' ? false : null,
    firstPage: pp.offset === 0 && pp.per_page <= FIRST_PAGE_MAX_LIMIT ? pp.per_page : null,
  };
  const [row] = await statementOf(db, shape).execute({
    uid: user.id,
    ic: q.ic_number?.replace(/\D/g, ''),
    wasiat_no: q.wasiat_no?.trim().toUpperCase(),
    like: q.name ? containsPattern(q.name) : undefined,
    status: codes?.[0],
    codes,
    limit: pp.per_page,
    offset: pp.offset,
  });
  return pageEnvelopeJson('wasiats', row.total, row.data, pp);
}
