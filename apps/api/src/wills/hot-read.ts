/**
 * The hot read of the wills module, `GET /wasiat/{id}` (issue 18 item 1): ONE statement per request.
 *
 * - ADR 0112: the will in the caller's scope with what its answer needs beyond the row — the status of its
 *   latest payment, the value of each property, the bequests and the heirs (for the estate figures) — as
 *   correlated subqueries (each an index lookup) instead of five more round trips.
 * - ADR 0187: the same read is the session check itself. The guard runs {@link willReadWithSession} instead of
 *   the plain token lookup (`config.sessionRead`): the token, its user and the user's access counts
 *   (auth/tokens.ts `sessionColumns`), with the will LEFT JOINed in that user's scope, decided in SQL from the
 *   user's role and the permission table ({@link rolesWith}). The guard then decides the session and the access
 *   from the row exactly as before; a will out of scope comes back empty and is a 404.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard.ts';
import { liveTokenWhere, type SessionRow, sessionColumns } from '../auth/tokens.ts';
import { type Db, perDatabase } from '../db/client.ts';
import {
  auth_tokens,
  bequests,
  heirs,
  immoveable_properties,
  moveable_properties,
  users,
  wills,
} from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { rolesWith, scopeFlags, visibleWillByPlaceholders, visibleWillSql } from './policy.ts';
import { latestPaymentStatus } from './queries.ts';

/** A bequest as the estate rule reads it (estate-service.ts `willBequests`). */
export interface WillBequest {
  id: string;
  portion: string;
  ic_number: string | null;
  relationship: string | null;
}
/** An heir as the estate rule reads it (estate-service.ts `willHeirs`). */
export interface WillHeir {
  relationship: string;
  ic_number: string | null;
}

type WillRow = typeof wills.$inferSelect;

/** What the read selects beside the will's row (raw from the driver; {@link readOf} parses it). */
interface ReadColumns {
  payment_status: string | null;
  property_values: unknown;
  bequests: unknown;
  heirs: unknown;
}

/** The read's columns beside the will (ADR 0112). The will's id is written qualified inside the subqueries. */
function readColumns() {
  const wid = sql.raw('"wills"."id"');
  return {
    payment_status: latestPaymentStatus,
    property_values: sql<unknown>`(select coalesce(json_agg(x.v), '[]'::json) from (
          select mp.value_sen as v from ${moveable_properties} mp where mp.moveable_type = 'Wasiat' and mp.moveable_id = ${wid}
          union all
          select ip.value_sen from ${immoveable_properties} ip where ip.immoveable_type = 'Wasiat' and ip.immoveable_id = ${wid}) x)`,
    bequests: sql<unknown>`(select coalesce(json_agg(json_build_object('id', b.id, 'portion', b.portion,
          'ic_number', b.ic_number, 'relationship', b.relationship)), '[]'::json)
          from ${bequests} b where b.wasiat_id = ${wid})`,
    heirs: sql<unknown>`(select coalesce(json_agg(json_build_object('relationship', h.relationship,
          'ic_number', h.ic_number)), '[]'::json)
          from ${heirs} h where h.heirable_type = 'Wasiat' and h.heirable_id = ${wid})`,
  };
}

const p = (name: string) => sql.placeholder(name);
/** A role test in SQL: the session user's role is one of the placeholder's array. */
const roleIn = (name: string): SQL => sql`(${users.role} = any(${p(name)}::text[]))`;

function prepare(db: Db) {
  return {
    /** The read for a user known to the caller (scope flags as placeholders; ADR 0112). */
    read: db
      .select({ will: wills, ...readColumns() })
      .from(wills)
      .where(visibleWillByPlaceholders())
      .prepare('wills_read_will'),
    /** The read as the session check (ADR 0187): one row per live token, the will null when out of scope. */
    withSession: db
      .select({ ...sessionColumns(), will: wills, ...readColumns() })
      .from(auth_tokens)
      .innerJoin(users, eq(users.id, auth_tokens.user_id))
      .leftJoin(
        wills,
        and(
          eq(wills.id, p('id')),
          visibleWillSql(
            { any: roleIn('anyRoles'), own: roleIn('ownRoles'), agent: roleIn('agentRoles'), org: roleIn('orgRoles') },
            users.id,
          ),
        ),
      )
      .where(liveTokenWhere())
      .limit(1)
      .prepare('wills_read_will_with_session'),
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

/** The session row of {@link willReadWithSession}: the session's columns and the read's (will null when not visible). */
export type WillSessionRow = SessionRow & ReadColumns & { will: WillRow | null };

/**
 * The guard's session check for `GET /wasiat/{id}` (`config.sessionRead`; ADR 0187): ONE statement returning
 * the live token's session columns and, beside them, the will `id` (path parameter) as that user may see it.
 * @returns the row, or undefined when the token is unknown, revoked or past its absolute expiry.
 */
export async function willReadWithSession(
  db: Db,
  params: { hash: string; now: string },
  id: string,
): Promise<WillSessionRow | undefined> {
  const [row] = await prepared(db).withSession.execute({ ...params, id, ...SCOPE_ROLES });
  return row as WillSessionRow | undefined;
}

// PGlite and node-postgres both parse json; a driver answering text is parsed here.
const json = <T>(v: unknown) => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The read's columns as the serializer takes them. */
function readOf(will: WillRow, row: ReadColumns) {
  return {
    will,
    paymentStatus: row.payment_status,
    propertyValues: json<(number | null)[]>(row.property_values),
    bequests: json<WillBequest[]>(row.bequests),
    heirs: json<WillHeir[]>(row.heirs),
  };
}

/**
 * The will `id` for `GET /wasiat/{id}` with what its answer needs beyond the row, in ONE statement: the status
 * of the latest payment (`payment_status`), the `value_sen` of each property, the bequests and the heirs (for
 * the estate figures). When the guard already read it with the session ({@link willReadWithSession}, passed as
 * `preloaded` for the same `id` and user), no statement runs at all.
 * @throws 404 when the caller may not see it (same scope as queries.ts `findVisibleWill`).
 */
export async function findWillForRead(db: Db, user: AuthUser, id: string, preloaded?: WillSessionRow) {
  if (preloaded && preloaded.user.id === user.id) {
    if (!preloaded.will || preloaded.will.id !== id) throw notFound();
    return readOf(preloaded.will, preloaded);
  }
  const [row] = await prepared(db).read.execute({ id, uid: user.id, ...scopeFlags(user) });
  if (!row) throw notFound();
  return readOf(row.will, row);
}
