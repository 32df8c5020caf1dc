/**
 * SQL of the wills module: finding a will in the caller's scope, listing, the latest payment per will,
 * and the relations of `load_with`. Every read of a will goes through {@link willScope} (policy.ts).
 */
import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { type Db, perDatabase } from '../../db/client.ts';
import {
  bequests,
  branches,
  caretakers,
  heirs,
  immoveable_properties,
  moveable_properties,
  organizations,
  payments,
  property_receivers,
  receivers,
  report_org_totals,
  users,
  will_user_details,
  wills,
  witnesses,
} from '../../db/schema/index.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { type AuthUser, userCan } from '../auth/guard.ts';
import { registerReferenceKind } from '../grants/index.ts';
import { plainListScope, scopeFlags, visibleWillByPlaceholders, willScope } from './policy.ts';

export type WillRow = typeof wills.$inferSelect;
/** A transaction handle of {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction. */
export type Conn = Db | Tx;
/** A transaction where a helper of another module asks for `Db` (same query API; no `$client`). */
export const asDb = (c: Conn) => c as unknown as Db;
export type PaymentRow = typeof payments.$inferSelect;

/**
 * The will `id` if the caller may see it, else 404 (the scope is in the WHERE clause).
 * @param opts.forUpdate lock the row (use inside a transaction).
 */
export async function findVisibleWill(db: Conn, user: AuthUser, id: string, opts: { forUpdate?: boolean } = {}) {
  if (!opts.forUpdate) {
    const f = scopeFlags(user);
    const [row] = await prepared(db as Db).visibleWill.execute({ id, uid: user.id, ...f });
    if (!row) throw notFound();
    return row;
  }
  const [row] = await db
    .select()
    .from(wills)
    .where(and(eq(wills.id, id), willScope(user)))
    .for('update');
  if (!row) throw notFound();
  return row;
}

// A `wasiat_id` (or `*_type: "Wasiat"` pair) in a body or query: visible by the same scope (ADR 0101).
registerReferenceKind('Wasiat', async (db, user, id) => {
  const [w] = await db
    .select({ id: wills.id })
    .from(wills)
    .where(and(eq(wills.id, id), willScope(user)));
  return Boolean(w);
});

/**
 * Prepared statements of the hot read path (one set per database handle). Building a drizzle query costs
 * far more CPU than running it (bench/api.ts: ~3,000 vs ~22,000 queries/s), so `GET /api/wasiat/{id}`
 * uses these. The single-will scope is the same as `willScope` (policy.ts), passed as flags.
 */
function prepare(db: Db) {
  const p = (name: string) => sql.placeholder(name);
  return {
    visibleWill: db.select().from(wills).where(visibleWillByPlaceholders()).prepare('wills_visible_will'),
    /**
     * The will list of a staff-side user over all organisations, unfiltered (ADR 0139): the page, each will
     * with its latest payment's status, and the total from the all-time roll-up (ADR 0112) as an uncorrelated
     * subquery (run once) — one statement.
     */
    listAny: db
      .select({
        will: wills,
        payment_status: latestPaymentStatus,
        total: sql<number>`(select coalesce(sum(${report_org_totals.n}), 0)::int from ${report_org_totals})`,
      })
      .from(wills)
      .where(isNull(wills.deleted_at))
      .orderBy(desc(wills.created_at), desc(wills.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('wills_list_any'),
    /** A client's own wills, unfiltered (ADR 0139): the page and the count over `wills_user_created_idx`. */
    listOwn: db
      .select({
        will: wills,
        payment_status: latestPaymentStatus,
        total: sql<number>`(select count(*)::int from ${wills} w2
          where w2.user_id = ${p('uid')} and w2.deleted_at is null)`,
      })
      .from(wills)
      .where(and(eq(wills.user_id, p('uid')), isNull(wills.deleted_at)))
      .orderBy(desc(wills.created_at), desc(wills.id))
      .limit(p('limit'))
      .offset(p('offset'))
      .prepare('wills_list_own'),
    latestPayment: db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentable_type, 'Wasiat'), eq(payments.paymentable_id, p('id'))))
      .orderBy(desc(payments.created_at), desc(payments.updated_at))
      .limit(1)
      .prepare('wills_latest_payment'),
  };
}
const prepared = perDatabase(prepare);

/** Lock a will row (inside a transaction) without scope; for re-reading after a scoped check. */
export async function lockWill(db: Conn, id: string) {
  const [row] = await db.select().from(wills).where(eq(wills.id, id)).for('update');
  if (!row) throw notFound();
  return row;
}

/** The latest payment row of each will (`paymentable_type = "Wasiat"`), keyed by will id. */
export async function latestPayments(db: Conn, willIds: string[]): Promise<Map<string, PaymentRow>> {
  const out = new Map<string, PaymentRow>();
  if (willIds.length === 0) return out;
  if (willIds.length === 1) {
    const [one] = await prepared(db as Db).latestPayment.execute({ id: willIds[0] });
    if (one) out.set(one.paymentable_id, one);
    return out;
  }
  const rows = await db
    .selectDistinctOn([payments.paymentable_id])
    .from(payments)
    .where(and(eq(payments.paymentable_type, 'Wasiat'), inArray(payments.paymentable_id, willIds)))
    .orderBy(payments.paymentable_id, desc(payments.created_at), desc(payments.updated_at));
  for (const r of rows) out.set(r.paymentable_id, r);
  return out;
}

/** Whether a will has a payment that fixes its price (any payment not failed; brief "price fixed once paid"). */
export async function hasLivePayment(db: Conn, willId: string) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.paymentable_type, 'Wasiat'),
        eq(payments.paymentable_id, willId),
        inArray(payments.status, ['pending', 'paid', 'waived']),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

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
  if (!userCan(user, 'will:read:any') || q.user_id || q.ic_number || q.name) return null;
  const conds: SQL[] = [];
  if (q.organization_id) conds.push(eq(report_org_totals.organization_id, q.organization_id));
  if (codes) conds.push(codes.length ? inArray(report_org_totals.status, codes) : sql`false`);
  const [{ n }] = await db
    .select({ n: sql<number>`coalesce(sum(${report_org_totals.n}), 0)::int` })
    .from(report_org_totals)
    .where(and(...conds));
  return n;
}

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
/** Whether a list query filters (user, status, organisation, MyKad or name): not one of the plain lists. */
export const isFilteredList = (q: WillListQuery) =>
  Boolean(q.user_id || q.organization_id || q.status !== undefined || q.ic_number || q.name);

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
    codes = q.status
      .split(',')
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n));
    conds.push(codes.length ? inArray(wills.status, codes) : sql`false`);
  }
  if (q.ic_number) {
    conds.push(or(eq(users.ic_number, q.ic_number), eq(will_user_details.ic_number, q.ic_number)) as SQL);
  }
  if (q.name) {
    const like = `%${q.name.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    conds.push(or(ilike(users.name, like), ilike(will_user_details.name, like)) as SQL);
  }
  const where = and(...conds);
  // Join the testator tables only when searching by MyKad or name: the count over all wills stays an index scan.
  const needsPeople = Boolean(q.ic_number || q.name);
  const from = <T extends { from: (t: typeof wills) => any }>(b: T) => {
    const f = b.from(wills);
    return needsPeople
      ? f
          .innerJoin(users, eq(users.id, wills.user_id))
          .leftJoin(will_user_details, eq(will_user_details.wasiat_id, wills.id))
      : f;
  };
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

/** The status of a will's latest payment, as a correlated subquery of a select over `wills`. */
/** The status of the latest payment of the will `"wills"."id"`, as a correlated subquery (null when none). */
export const latestPaymentStatus = sql<string | null>`(select pm.status from ${payments} pm
  where pm.paymentable_type = 'Wasiat' and pm.paymentable_id = ${sql.raw('"wills"."id"')}
  order by pm.created_at desc, pm.updated_at desc limit 1)`;

/** The relations `load_with` may name (docs/api/wills.md `GET /wasiat/{id}`). */
export const RELATIONS = [
  'userDetail',
  'user',
  'heir',
  'witness',
  'receiver',
  'property',
  'caretaker',
  'bequest',
  'agent',
  'organization',
  'branch',
  'payment',
] as const;
export type Relation = (typeof RELATIONS)[number];

/** Parse `load_with=userDetail,heir` (unknown names are ignored). */
export function parseLoadWith(v: string | undefined): Set<Relation> {
  if (!v) return new Set();
  const names = (v ?? '').split(',').map((s) => s.trim());
  return new Set(RELATIONS.filter((r) => names.includes(r)));
}

const byKey = <T, K extends keyof T>(rows: T[], key: K) => {
  const m = new Map<unknown, T[]>();
  for (const r of rows) m.set(r[key], [...(m.get(r[key]) ?? []), r]);
  return m;
};

const userBrief = (u: typeof users.$inferSelect) => ({
  id: u.id,
  name: u.name,
  username: u.username,
  email: u.email,
  ic_number: u.ic_number,
  mobile_number: u.mobile_number,
});

/**
 * Load the named relations for many wills at once (one query per relation). Returns, per will id, the
 * extra keys of the serialized will: `user_detail`, `user`, `heirs`, `witnesses`, `receivers`,
 * `moveable_properties`, `immoveable_properties` (each with `property_receivers`), `caretakers`,
 * `bequests`, `agent`, `organization`, `branch`, `payment` (the latest).
 */
export async function loadRelations(db: Db, list: WillRow[], rel: Set<Relation>) {
  const ids = list.map((w) => w.id);
  const extra = new Map<string, Record<string, unknown>>(ids.map((id) => [id, {}]));
  if (ids.length === 0 || rel.size === 0) return extra;
  const put = (id: string, key: string, v: unknown) => {
    const e = extra.get(id);
    if (e) e[key] = v;
  };
  const personRel = async (name: Relation, key: string, table: any, typeCol: string, idCol: string) => {
    if (!rel.has(name)) return;
    const rows = await db
      .select()
      .from(table)
      .where(and(eq(table[typeCol], 'Wasiat'), inArray(table[idCol], ids)))
      .orderBy(table.created_at);
    const m = byKey(rows as Record<string, unknown>[], idCol);
    for (const id of ids) put(id, key, m.get(id) ?? []);
  };
  if (rel.has('userDetail')) {
    const rows = await db.select().from(will_user_details).where(inArray(will_user_details.wasiat_id, ids));
    for (const id of ids) put(id, 'user_detail', rows.find((r) => r.wasiat_id === id) ?? null);
  }
  await personRel('heir', 'heirs', heirs, 'heirable_type', 'heirable_id');
  await personRel('witness', 'witnesses', witnesses, 'witnessable_type', 'witnessable_id');
  await personRel('receiver', 'receivers', receivers, 'receivable_type', 'receivable_id');
  await personRel('caretaker', 'caretakers', caretakers, 'caretakerable_type', 'caretakerable_id');
  if (rel.has('bequest')) {
    const rows = await db.select().from(bequests).where(inArray(bequests.wasiat_id, ids)).orderBy(bequests.created_at);
    const m = byKey(rows, 'wasiat_id');
    for (const id of ids) put(id, 'bequests', m.get(id) ?? []);
  }
  if (rel.has('property')) {
    const mv = await db
      .select()
      .from(moveable_properties)
      .where(and(eq(moveable_properties.moveable_type, 'Wasiat'), inArray(moveable_properties.moveable_id, ids)))
      .orderBy(moveable_properties.created_at);
    const im = await db
      .select()
      .from(immoveable_properties)
      .where(
        and(eq(immoveable_properties.immoveable_type, 'Wasiat'), inArray(immoveable_properties.immoveable_id, ids)),
      )
      .orderBy(immoveable_properties.created_at);
    const propIds = [...mv.map((p) => p.id), ...im.map((p) => p.id)];
    const shares = propIds.length
      ? await db
          .select({ pr: property_receivers, receiver: receivers })
          .from(property_receivers)
          .innerJoin(receivers, eq(receivers.id, property_receivers.receiver_id))
          .where(inArray(property_receivers.propertyable_id, propIds))
          .orderBy(property_receivers.created_at)
      : [];
    const sharesOf = (pid: string) =>
      shares.filter((s) => s.pr.propertyable_id === pid).map((s) => ({ ...s.pr, receiver: s.receiver }));
    const mvBy = byKey(mv, 'moveable_id');
    const imBy = byKey(im, 'immoveable_id');
    for (const id of ids) {
      put(
        id,
        'moveable_properties',
        (mvBy.get(id) ?? []).map((p) => ({ ...p, property_receivers: sharesOf(p.id) })),
      );
      put(
        id,
        'immoveable_properties',
        (imBy.get(id) ?? []).map((p) => ({ ...p, property_receivers: sharesOf(p.id) })),
      );
    }
  }
  const userIds = new Set<string>();
  for (const w of list) {
    if (rel.has('user')) userIds.add(w.user_id);
    if (rel.has('agent') && w.agent_id) userIds.add(w.agent_id);
  }
  if (userIds.size) {
    const rows = await db
      .select()
      .from(users)
      .where(inArray(users.id, [...userIds]));
    const m = new Map(rows.map((u) => [u.id, userBrief(u)]));
    for (const w of list) {
      if (rel.has('user')) put(w.id, 'user', m.get(w.user_id) ?? null);
      if (rel.has('agent')) put(w.id, 'agent', w.agent_id ? (m.get(w.agent_id) ?? null) : null);
    }
  }
  if (rel.has('organization')) {
    const orgIds = [...new Set(list.map((w) => w.organization_id).filter((x): x is string => !!x))];
    const rows = orgIds.length ? await db.select().from(organizations).where(inArray(organizations.id, orgIds)) : [];
    for (const w of list) {
      const o = rows.find((r) => r.id === w.organization_id);
      put(w.id, 'organization', o ? { id: o.id, name: o.name, code: o.code, type: o.type } : null);
    }
  }
  if (rel.has('branch')) {
    const bIds = [...new Set(list.map((w) => w.branch_id).filter((x): x is string => !!x))];
    const rows = bIds.length ? await db.select().from(branches).where(inArray(branches.id, bIds)) : [];
    for (const w of list) {
      const b = rows.find((r) => r.id === w.branch_id);
      put(
        w.id,
        'branch',
        b ? { id: b.id, branch_name: b.branch_name, code: b.code, is_headquarter: b.is_headquarter ? 1 : 0 } : null,
      );
    }
  }
  return extra;
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
