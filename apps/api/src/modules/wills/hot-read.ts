/**
 * The hot read of the wills module, `GET /wasiat/{id}` (issue 18 item 1): ONE statement per request.
 *
 * - ADR 0112: the will in the caller's scope with what its answer needs beyond the row — the status of its
 *   latest payment and, for the estate figures and the one-third rule (ADR 0257), each property with its value
 *   and shares, the receivers, the bequests, the heirs and the testator's sex — as correlated subqueries (each an
 *   index lookup) instead of more round trips.
 * - ADR 0187: the same read is the session check itself. The guard runs {@link willReadWithSession} instead of
 *   the plain token lookup (`config.sessionRead`): the token, its user and the user's access counts
 *   (auth/tokens.ts `sessionColumns`), with the will LEFT JOINed in that user's scope, decided in SQL from the
 *   user's role and the permission table ({@link rolesWith}). The guard then decides the session and the access
 *   from the row exactly as before; a will out of scope comes back empty and is a 404.
 * - ADR 0193: in that statement the will comes as the JSON text of its answer, written by PostgreSQL in the shape
 *   of serializers.ts `willBody` (body-json.ts), beside what its estate figures need; the route answers text
 *   ({@link willReadJson}). With `load_with` or in a 2021-client session it reads {@link findWillForRead}.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import { withPlannedRows } from '../../db/row-mapper.ts';
import {
  auth_tokens,
  bequests,
  heirs,
  immoveable_properties,
  moveable_properties,
  property_receivers,
  receivers,
  users,
  will_user_details,
  wills,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import {
  liveBatchTokenOn,
  liveTokenWhere,
  type SessionRow,
  sessionBatchLoader,
  sessionColumns,
} from '../../platform/auth/tokens.ts';
import { notFound } from '../../platform/http/errors.ts';
import { isAbsentQueryValue } from '../../platform/http/pagination.ts';
import { willBodyJson } from './body-json.ts';
import { type EstateWill, estateOf } from './estate-service.ts';
import type { HeirBequestContent } from './heir-bequests.ts';
import { rolesWith, scopeFlags, visibleWillByPlaceholders, visibleWillSql } from './policy.ts';
import { latestPaymentStatus } from './queries.ts';

type WillRow = typeof wills.$inferSelect;
type Row = Record<string, unknown>;

/**
 * What the estate figures need beside the will's row (raw from the driver; {@link estateRead} parses it): the rules'
 * content (heir-bequests.ts `HeirBequestContent`) — each property with its value and shares, the receivers, the
 * bequests, the heirs and the testator's sex and MyKad.
 */
interface EstateColumns {
  moveables: unknown;
  immoveables: unknown;
  receivers: unknown;
  bequests: unknown;
  heirs: unknown;
  testator: unknown;
}
/** What the general read selects beside the will's row (ADR 0112). */
interface ReadColumns extends EstateColumns {
  payment_status: string | null;
}

/** The estate figures' columns beside the will. The will's id is written qualified inside the subqueries. */
function estateColumns() {
  const wid = sql.raw('"wills"."id"');
  const shares = (pid: SQL) => sql`coalesce((select json_agg(json_build_object('receiver_id', pr.receiver_id,
          'portion', pr.portion) order by pr.created_at, pr.id) from ${property_receivers} pr
          where pr.propertyable_id = ${pid}), '[]'::json)`;
  return {
    moveables: sql<unknown>`(select coalesce(json_agg(json_build_object('id', mp.id, 'value_sen', mp.value_sen,
          'sepencarian_bp', mp.sepencarian_bp,
          'institution_name', mp.institution_name, 'account_number', mp.account_number,
          'transport_registration_number', mp.transport_registration_number,
          'shares', ${shares(sql.raw('mp.id'))}) order by mp.created_at, mp.id), '[]'::json)
          from ${moveable_properties} mp where mp.moveable_type = 'Wasiat' and mp.moveable_id = ${wid})`,
    immoveables: sql<unknown>`(select coalesce(json_agg(json_build_object('id', ip.id, 'value_sen', ip.value_sen,
          'sepencarian_bp', ip.sepencarian_bp,
          'property_no', ip.property_no, 'shares', ${shares(sql.raw('ip.id'))}) order by ip.created_at, ip.id), '[]'::json)
          from ${immoveable_properties} ip where ip.immoveable_type = 'Wasiat' and ip.immoveable_id = ${wid})`,
    receivers: sql<unknown>`(select coalesce(json_agg(json_build_object('id', r.id, 'name', r.name,
          'relationship', r.relationship, 'ic_number', r.ic_number)), '[]'::json)
          from ${receivers} r where r.receivable_type = 'Wasiat' and r.receivable_id = ${wid})`,
    bequests: sql<unknown>`(select coalesce(json_agg(json_build_object('id', b.id, 'portion', b.portion,
          'beneficiary_name', b.beneficiary_name, 'ic_number', b.ic_number, 'relationship', b.relationship)
          order by b.created_at, b.id), '[]'::json)
          from ${bequests} b where b.wasiat_id = ${wid})`,
    heirs: sql<unknown>`(select coalesce(json_agg(json_build_object('id', h.id, 'name', h.name,
          'relationship', h.relationship, 'ic_number', h.ic_number) order by h.created_at, h.id), '[]'::json)
          from ${heirs} h where h.heirable_type = 'Wasiat' and h.heirable_id = ${wid})`,
    testator: sql<unknown>`(select json_build_object('gender', d.gender, 'ic_number', d.ic_number)
          from ${will_user_details} d where d.wasiat_id = ${wid} limit 1)`,
  };
}
/** The general read's columns beside the will (ADR 0112): the status of its latest payment and the estate's. */
const readColumns = () => ({ payment_status: latestPaymentStatus, ...estateColumns() });

const p = (name: string) => sql.placeholder(name);
/** A role test in SQL: the session user's role is one of the placeholder's array. */
const roleIn = (name: string): SQL => sql`(${users.role} = any(${p(name)}::text[]))`;

/** The will's scope for the session's user, decided in SQL from their role (ADR 0187). */
const visibleToSessionUser = () =>
  visibleWillSql(
    { any: roleIn('anyRoles'), own: roleIn('ownRoles'), agent: roleIn('agentRoles'), org: roleIn('orgRoles') },
    users.id,
  );

/** Without `load_with`: the will's id, its answer as JSON text written by PostgreSQL (body-json.ts; ADR 0193)
 * and what its estate figures need; all null when the will is not visible. */
const jsonReadColumns = () => ({
  will_id: wills.id,
  will_body: sql<string | null>`(case when ${wills.id} is null then null else (${willBodyJson})::text end)`,
  estimated_estate_sen: wills.estimated_estate_sen,
  funeral_sen: wills.funeral_sen,
  debts_sen: wills.debts_sen,
  harta_sepencarian_sen: wills.harta_sepencarian_sen,
  ...estateColumns(),
});

function prepare(db: Db) {
  /** The read as the session check (ADR 0187): one row per live token, the will's columns null when out of scope. */
  const withSession = <C extends Parameters<Db['select']>[0]>(columns: C, name: string) =>
    db
      .select({ ...sessionColumns(), ...columns })
      .from(auth_tokens)
      .innerJoin(users, eq(users.id, auth_tokens.user_id))
      .leftJoin(wills, and(eq(wills.id, p('id')), visibleToSessionUser()))
      .where(liveTokenWhere())
      .limit(1)
      .prepare(name);
  return {
    /** The read for a user known to the caller (scope flags as placeholders; ADR 0112). */
    read: db
      .select({ will: wills, ...readColumns() })
      .from(wills)
      .where(visibleWillByPlaceholders())
      .prepare('wills_read_will'),
    /**
     * Without `load_with`, for a batch of requests (ADR 0198): one row per live token of `hashes`, numbered `n`
     * (1-based) as the request it answers, with that request's will (`ids`) in its user's scope as the JSON text
     * of its answer (body-json.ts; ADR 0193). Each row is joined on its own token, time and will only.
     */
    batchJson: withPlannedRows(
      db
        .select({ n: sql<string>`q.n`, ...sessionColumns(), ...jsonReadColumns() })
        .from(
          sql`unnest(${p('hashes')}::text[], ${p('nows')}::timestamptz[], ${p('ids')}::text[]) with ordinality as q(hash, at, id, n)`,
        )
        .innerJoin(auth_tokens, liveBatchTokenOn())
        .innerJoin(users, eq(users.id, auth_tokens.user_id))
        .leftJoin(wills, and(eq(wills.id, sql`q.id`), visibleToSessionUser()))
        .prepare('wills_read_will_json_with_session_batch'),
    ),
    /** With `load_with`: the will's row, which the relations and the serializer take (ADR 0187). */
    withSessionRow: withSession({ will: wills, ...readColumns() }, 'wills_read_will_with_session'),
  };
}
const prepared = perDatabase(prepare);

/** The roles of each scope flag (policy.ts `scopeFlags`), from the permission table; fixed for the process. */
const SCOPE_ROLES = {
  anyRoles: rolesWith('will:read:any'),
  ownRoles: rolesWith('will:read:own'),
  agentRoles: rolesWith('will:read:agent'),
  orgRoles: rolesWith('will:read:organisation'),
};

/** What the estate figures read of the will (estate-service.ts `estateOf`). */
type EstateInputs = EstateWill;

/**
 * The session row of {@link willReadWithSession} without `load_with`: the session's columns and the read's — the
 * will's id, its answer as JSON text and what its estate figures need; `will_id` null when the will is not visible.
 */
export type WillJsonSessionRow = SessionRow &
  EstateColumns & { will_id: string | null; will_body: string | null } & {
    [K in keyof EstateInputs]: EstateInputs[K] | null;
  };
/** The session row of {@link willReadWithSession} with `load_with`: the will's row (null when not visible). */
export type WillRowSessionRow = SessionRow & ReadColumns & { will: WillRow | null };

/**
 * The guard's session check for `GET /wasiat/{id}` (`config.sessionRead`; ADR 0187, 0193): ONE statement returning
 * the live token's session columns and, beside them, the will `id` (path parameter) as that user may see it — as
 * the JSON text of its answer, or, when the raw query names a `load_with`, as its row for the relations.
 * @returns the row, or undefined when the token is unknown, revoked or past its absolute expiry.
 */
export async function willReadWithSession(
  db: Db,
  params: { hash: string; now: string },
  id: string,
  rawQuery: unknown,
): Promise<WillJsonSessionRow | WillRowSessionRow | undefined> {
  const loadWith = (rawQuery as { load_with?: unknown } | undefined)?.load_with;
  if (isAbsentQueryValue(loadWith)) return batchedJsonReads(db).load({ ...params, id });
  const [row] = await prepared(db).withSessionRow.execute({ ...params, id, ...SCOPE_ROLES });
  return row as WillRowSessionRow | undefined;
}

/** One request's read in a batch: its token's SHA-256 (hex), its time (ISO) and the will's id. */
interface BatchKey {
  hash: string;
  now: string;
  id: string;
}

/**
 * The reads without `load_with` that arrive together, as ONE `batchJson` statement (auth/tokens.ts
 * `sessionBatchLoader`; ADR 0198): each gets the row numbered as its own key, or undefined when its token is not
 * live.
 */
const batchedJsonReads = perDatabase((db) =>
  sessionBatchLoader<BatchKey, WillJsonSessionRow>((keys) =>
    prepared(db).batchJson.execute({
      hashes: keys.map((k) => k.hash),
      nows: keys.map((k) => k.now),
      ids: keys.map((k) => k.id),
      ...SCOPE_ROLES,
    }),
  ),
);

// PGlite and node-postgres both parse json; a driver answering text is parsed here.
const json = <T>(v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The estate figures' columns as estate-service.ts `estateOf` takes them (the rules' content). */
const estateRead = (row: EstateColumns): HeirBequestContent => ({
  user_detail: json<Row | null>(row.testator) ?? null,
  heirs: json<Row[]>(row.heirs),
  receivers: json<Row[]>(row.receivers),
  moveables: json<HeirBequestContent['moveables']>(row.moveables),
  immoveables: json<HeirBequestContent['immoveables']>(row.immoveables),
  bequests: json<Row[]>(row.bequests),
});

/** The general read's columns as the serializer takes them. */
const readOf = (will: WillRow, row: ReadColumns) => ({
  will,
  paymentStatus: row.payment_status,
  content: estateRead(row),
});

/**
 * The will `id` for `GET /wasiat/{id}` with what its answer needs beyond the row, in ONE statement: the status
 * of the latest payment (`payment_status`) and the rules' content for the estate figures ({@link estateRead}). When the guard already read its row with the session ({@link willReadWithSession} with
 * `load_with`, passed as `preloaded` for the same `id` and user), no statement runs at all.
 * @throws 404 when the caller may not see it (same scope as queries.ts `findVisibleWill`).
 */
export async function findWillForRead(db: Db, user: AuthUser, id: string, preloaded?: SessionRow) {
  const pre = preloaded as WillRowSessionRow | undefined;
  if (pre && 'will' in pre && pre.user.id === user.id) {
    if (!pre.will || pre.will.id !== id) throw notFound();
    return readOf(pre.will, pre);
  }
  const [row] = await prepared(db).read.execute({ id, uid: user.id, ...scopeFlags(user) });
  if (!row) throw notFound();
  return readOf(row.will, row);
}

/**
 * `GET /wasiat/{id}` without `load_with` from the guard's session row ({@link willReadWithSession}; ADR 0193):
 * the whole answer `{ "wasiat": { …willBody, estate, executor_fee } }` as JSON text — the will as PostgreSQL
 * wrote it (body-json.ts), the estate figures computed here (estate-service.ts `estateOf`) and spliced after it,
 * as serializers.ts `readWill` answers it.
 * @returns the text, or null when the row is not this request's session read of `id` for `user`.
 * @throws 404 when the session read found no such will in the caller's scope.
 */
export function willReadJson(row: SessionRow | undefined, user: AuthUser, id: string): string | null {
  const r = row as WillJsonSessionRow | undefined;
  if (!r || !('will_body' in r) || r.user.id !== user.id) return null;
  if (!r.will_id || r.will_id !== id || r.will_body === null) throw notFound();
  const estate = JSON.stringify(estateOf(r as EstateInputs, estateRead(r)));
  return `{"wasiat":${r.will_body.slice(0, -1)},${estate.slice(1)}}`;
}
