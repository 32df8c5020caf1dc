/**
 * The SQL of the detailed lists (detailed, approved-monthly, financing; issue 8, reference §2.13): a page of
 * {@link DetailRow} lines (amounts in integer sen, times UTC) sorted by a whitelisted column, continued by
 * keyset for the export's batches (ADR 0060), and the totals of the whole list (count, paid, price, discount
 * and collected sen). The WHERE comes from will-where.ts (scope + filters + period).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wills } from '../../db/schema/index.ts';
import { num, rows, toDate } from './sql-rows.ts';
import { paidSen } from './will-where.ts';

/** A line of the detailed, approved and financing reports. Amounts in sen; times UTC. */
export interface DetailRow {
  id: string;
  wasiat_no: string | null;
  created_at: Date;
  registered_at: Date | null;
  status: number;
  plan: string | null;
  payment_options_id: number | null;
  price_sen: number;
  discount_sen: number;
  paid_sen: number;
  payment_received_at: Date | null;
  testator_name: string | null;
  testator_ic: string | null;
  organization_name: string | null;
  branch_name: string | null;
  agent_name: string | null;
  /**
   * The will's latest financing application (payment mode 4; issue 7 /dashboard/loan-bmmb): pending |
   * approved | rejected, and the bank's reason when rejected; null without one.
   */
  financing_status: string | null;
  financing_reason: string | null;
}

/** Sortable columns of the detailed lists (`sort`), the default being created_at. */
export const DETAIL_SORTS: Record<string, SQL> = {
  created_at: sql`${wills.created_at}`,
  registered_at: sql`${wills.registered_at}`,
  wasiat_no: sql`${wills.wasiat_no}`,
  status: sql`${wills.status}`,
  plan: sql`${wills.plan}`,
  payment_options_id: sql`${wills.payment_options_id}`,
  price_sen: sql`${wills.price_sen}`,
  paid_sen: paidSen,
  testator_name: sql`t.name`,
  branch_name: sql`b.branch_name`,
  organization_name: sql`o.name`,
  agent_name: sql`a.name`,
};

/** Sort columns that are never null (no NULLS LAST, so an index order can serve them). */
const NOT_NULL_SORTS = new Set(['created_at', 'status', 'paid_sen']);

/** Sorts that a batch can continue from the last line (keyset): NOT NULL timestamps with an index `(col, id)`. */
export const KEYSET_SORTS: Record<string, typeof wills.created_at | typeof wills.registered_at> = {
  created_at: wills.created_at,
  registered_at: wills.registered_at,
};

/**
 * A page of detailed lines, sorted by `sort` (whitelisted) then id.
 * `after`: continue after this line (keyset, for the export's batches; only for a sort of
 * {@link KEYSET_SORTS} whose column the WHERE makes non-null) instead of skipping `offset` lines, so every
 * batch is one index range however deep into the list it is.
 */
export async function detailRows(
  db: Db,
  where: SQL,
  o: {
    sort?: string;
    order?: 'asc' | 'desc';
    limit: number;
    offset: number;
    notNull?: string[];
    after?: { value: Date; id: string };
  },
): Promise<DetailRow[]> {
  const by = DETAIL_SORTS[o.sort ?? 'created_at'] ?? DETAIL_SORTS.created_at;
  const dir = sql.raw(o.order === 'asc' ? 'ASC' : 'DESC');
  const keyCol = KEYSET_SORTS[o.sort ?? 'created_at'];
  const after =
    o.after && keyCol
      ? sql` AND (${keyCol}, ${wills.id}) ${sql.raw(o.order === 'asc' ? '>' : '<')} (${o.after.value.toISOString()}::timestamptz, ${o.after.id})`
      : sql``;
  // created_at is NOT NULL: without NULLS LAST the default order (created_at DESC, id DESC) is exactly a
  // backward walk of the (created_at, id) index, so a page of a year needs no sort (ADR 0060).
  // `notNull`: columns the WHERE already makes non-null (the approval time within an approved period).
  const sortKey = o.sort ?? 'created_at';
  const nulls = sql.raw(NOT_NULL_SORTS.has(sortKey) || o.notNull?.includes(sortKey) ? '' : ' NULLS LAST');
  // The page is found on `wills` alone (with the names' tables only when sorting by a name) — an index walk
  // for the usual orders, from the previous batch's last line with `after` — and only its lines are joined to
  // the names. The subquery is named "wills" so the column and sort expressions apply to it unchanged; it
  // carries the columns the line needs, so no second look-up of each will is planned (a hash join with a
  // full scan of `wills`, which the planner picks for a 5,000-line batch).
  const byName = ['testator_name', 'branch_name', 'organization_name', 'agent_name'].includes(sortKey);
  const joins = sql`LEFT JOIN users t ON t.id = ${wills.user_id}
        LEFT JOIN users a ON a.id = ${wills.agent_id}
        LEFT JOIN organizations o ON o.id = ${wills.organization_id}
        LEFT JOIN branches b ON b.id = ${wills.branch_id}`;
  const order = sql`ORDER BY ${by} ${dir}${nulls}, ${wills.id} ${dir}`;
  const cols = [
    wills.id,
    wills.wasiat_no,
    wills.created_at,
    wills.registered_at,
    wills.status,
    wills.plan,
    wills.payment_options_id,
    wills.price_sen,
    wills.discount_sen,
    wills.payment_received_at,
    wills.user_id,
    wills.agent_id,
    wills.organization_id,
    wills.branch_id,
  ];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${wills.id} AS id, ${wills.wasiat_no} AS wasiat_no, ${wills.created_at} AS created_at,
          ${wills.registered_at} AS registered_at, ${wills.status} AS status, ${wills.plan} AS plan,
          ${wills.payment_options_id} AS payment_options_id, coalesce(${wills.price_sen}, 0) AS price_sen,
          ${wills.discount_sen} AS discount_sen, ${paidSen} AS paid_sen, ${wills.payment_received_at} AS payment_received_at,
          t.name AS testator_name, t.ic_number AS testator_ic, o.name AS organization_name, b.branch_name, a.name AS agent_name,
          fin.financing_status, fin.failure_reason AS financing_reason
        FROM (SELECT ${sql.join(cols, sql`, `)} FROM ${wills} ${byName ? joins : sql``}
              WHERE ${where}${after} ${order} LIMIT ${o.limit} OFFSET ${o.after ? 0 : o.offset}) AS ${wills}
        ${joins}
        LEFT JOIN LATERAL (SELECT fp.financing_status, fp.failure_reason FROM payments fp
          WHERE ${wills.payment_options_id} = 4 AND fp.paymentable_type = 'Wasiat' AND fp.paymentable_id = ${wills.id}
            AND fp.payment_options_id = 4
          ORDER BY fp.created_at DESC LIMIT 1) fin ON true
        ${order}`,
  );
  return list.map((r) => ({
    id: String(r.id),
    wasiat_no: (r.wasiat_no as string) ?? null,
    created_at: toDate(r.created_at) as Date,
    registered_at: toDate(r.registered_at),
    status: num(r.status),
    plan: (r.plan as string) ?? null,
    payment_options_id: r.payment_options_id === null ? null : num(r.payment_options_id),
    price_sen: num(r.price_sen),
    discount_sen: num(r.discount_sen),
    paid_sen: num(r.paid_sen),
    payment_received_at: toDate(r.payment_received_at),
    testator_name: (r.testator_name as string) ?? null,
    testator_ic: (r.testator_ic as string) ?? null,
    organization_name: (r.organization_name as string) ?? null,
    branch_name: (r.branch_name as string) ?? null,
    agent_name: (r.agent_name as string) ?? null,
    financing_status: (r.financing_status as string) ?? null,
    financing_reason: (r.financing_reason as string) ?? null,
  }));
}

/** Totals of the detailed lists: count, price, discount and collected amounts (sen). */
export async function detailTotals(db: Db, where: SQL) {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT count(*)::int AS n, coalesce(sum(${wills.price_sen}), 0)::bigint AS price_sen,
          coalesce(sum(${wills.discount_sen}), 0)::bigint AS discount_sen, coalesce(sum(${paidSen}), 0)::bigint AS paid_sen,
          count(*) FILTER (WHERE ${wills.payment_received_at} IS NOT NULL)::int AS paid
        FROM ${wills} WHERE ${where}`,
  );
  return {
    count: num(r.n),
    paid: num(r.paid),
    price_sen: num(r.price_sen),
    discount_sen: num(r.discount_sen),
    paid_sen: num(r.paid_sen),
  };
}
