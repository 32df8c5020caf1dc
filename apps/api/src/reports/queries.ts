/**
 * The SQL of the reports (DESIGN.md §9.2: SQL lives in the module's queries). Every query starts from
 * the caller's {@link reportScope} and the filters, and compares the LOCAL time
 * `created_at AT TIME ZONE 'Asia/Kuala_Lumpur'` with the local period boundaries of filters.ts — the
 * same expression as the index `wills_created_kl_idx`, so monthly and yearly reports use it.
 *
 * Money is integer sen. A will's collected amount ("paid_sen") is `price_sen − discount_sen` once its
 * payment is received (`payment_received_at` set, payments module), else 0.
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { hibahs, payments, wills } from '../db/schema/index.ts';
import { type Range, type ReportQuery, subjects } from './filters.ts';
import { reportScope } from './policy.ts';

/** The local-time expression of a will timestamp (literal zone, so it matches the expression index). */
export const klTime = (col: typeof wills.created_at | typeof wills.registered_at | typeof payments.paid_at) =>
  sql`(${col} AT TIME ZONE 'Asia/Kuala_Lumpur')`;

const paidSen = sql`(CASE WHEN ${wills.payment_received_at} IS NOT NULL THEN coalesce(${wills.price_sen}, 0) - ${wills.discount_sen} ELSE 0 END)`;

/** Rows of `db.execute` on both drivers. */
async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  const r = (await db.execute(q)) as unknown as { rows: T[] };
  return r.rows;
}
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/** Options of the will WHERE clause. */
export interface WillWhere {
  /** Which timestamp the period applies to (default created_at). */
  dateColumn?: 'created_at' | 'registered_at';
  /** Forced filters (approved report: status 2; financing: payment option 4). */
  status?: number;
  paymentOption?: number;
  /**
   * Bound the raw column by the period's UTC instants instead of its local time (the same set of rows:
   * Kuala Lumpur has kept UTC+8 without daylight saving since 1982), so a list ordered by `created_at`
   * walks the `(created_at, id)` index from the period's end instead of filtering every later will (ADR 0060).
   */
  utcBounds?: boolean;
}

/**
 * WHERE of the wills of a report: scope + filters + period. With `utcBounds` the period is compared on the
 * raw column only (the same rows, see {@link WillWhere.utcBounds}): a second, redundant condition on the local
 * time would spoil the planner's row estimate (it multiplies the two selectivities) and turn an index walk
 * into a bitmap scan of the whole period. No wills match a hibah-only filter (ADR 0063).
 */
export function willWhere(user: AuthUser, q: ReportQuery, range: Range | null, o: WillWhere = {}): SQL {
  const col = o.dateColumn === 'registered_at' ? wills.registered_at : wills.created_at;
  const status = o.status ?? q.status;
  const po = o.paymentOption ?? q.payment_options_id;
  const utc = !!o.utcBounds;
  return and(
    reportScope(user),
    subjects(q).wills ? undefined : sql`false`,
    !utc && range?.localStart ? sql`${klTime(col)} >= ${range.localStart}::timestamp` : undefined,
    !utc && range?.localEnd ? sql`${klTime(col)} < ${range.localEnd}::timestamp` : undefined,
    utc && range?.start ? sql`${col} >= ${range.start.toISOString()}::timestamptz` : undefined,
    utc && range?.end ? sql`${col} < ${range.end.toISOString()}::timestamptz` : undefined,
    q.organization_id ? eq(wills.organization_id, q.organization_id) : undefined,
    q.branch_id ? eq(wills.branch_id, q.branch_id) : undefined,
    q.agent_id ? eq(wills.agent_id, q.agent_id) : undefined,
    q.product ? eq(wills.plan, q.product) : undefined,
    po !== undefined ? eq(wills.payment_options_id, po) : undefined,
    status !== undefined ? eq(wills.status, status) : undefined,
  ) as SQL;
}

/** Counts per will status (spec §4: 0 new, 1 in process, 2 approved, 3 cancelled / update needed). */
export interface StatusCounts {
  total: number;
  new: number;
  in_process: number;
  approved: number;
  cancelled: number;
  /** Wills whose payment is received, and what was collected (sen). */
  paid: number;
  amount_sen: number;
}
export const emptyCounts = (): StatusCounts => ({
  total: 0,
  new: 0,
  in_process: 0,
  approved: 0,
  cancelled: 0,
  paid: 0,
  amount_sen: 0,
});
const STATUS_KEY = ['new', 'in_process', 'approved', 'cancelled'] as const;

/** One summary: counts per time bucket, and per plan, payment option and branch. */
export interface SummaryData {
  buckets: Map<string, StatusCounts>;
  byPlan: { plan: string | null; total: number; paid: number; amount_sen: number }[];
  byPaymentOption: { payment_options_id: number | null; total: number; paid: number; amount_sen: number }[];
  byBranch: { branch_id: string | null; total: number; paid: number; amount_sen: number }[];
}

type GroupRow = {
  g: number;
  bucket: string | null;
  status: number | null;
  plan: string | null;
  po: number | null;
  branch_id: string | null;
  n: number;
  paid_n: number;
  amount_sen: string | number;
};

/**
 * The whole summary in ONE scan of the wills (GROUPING SETS): per (local bucket, status), per plan, per
 * payment option, per branch. `unit` is the bucket size ('day' | 'month' | 'year'); bucket keys are the
 * local dates 'YYYY-MM-DD' of the bucket starts.
 */
export async function summaryQuery(db: Db, where: SQL, unit: 'day' | 'month' | 'year'): Promise<SummaryData> {
  const list = await rows<GroupRow>(
    db,
    sql`SELECT grouping(bucket, status, plan, po, branch_id)::int AS g, to_char(bucket, 'YYYY-MM-DD') AS bucket,
          status, plan, po, branch_id, count(*)::int AS n, count(*) FILTER (WHERE paid)::int AS paid_n,
          coalesce(sum(paid_sen), 0)::bigint AS amount_sen
        FROM (
          SELECT date_trunc(${sql.raw(`'${unit}'`)}, ${klTime(wills.created_at)}) AS bucket, ${wills.status} AS status,
            ${wills.plan} AS plan, ${wills.payment_options_id} AS po, ${wills.branch_id} AS branch_id,
            ${wills.payment_received_at} IS NOT NULL AS paid, ${paidSen} AS paid_sen
          FROM ${wills} WHERE ${where}
        ) s
        GROUP BY GROUPING SETS ((bucket, status), (plan), (po), (branch_id))`,
  );
  const out: SummaryData = { buckets: new Map(), byPlan: [], byPaymentOption: [], byBranch: [] };
  for (const r of list) {
    const agg = { total: num(r.n), paid: num(r.paid_n), amount_sen: num(r.amount_sen) };
    if (r.g === 7) {
      const key = r.bucket as string;
      const c = out.buckets.get(key) ?? emptyCounts();
      c.total += agg.total;
      c.paid += agg.paid;
      c.amount_sen += agg.amount_sen;
      const sk = STATUS_KEY[num(r.status)];
      if (sk) c[sk] += agg.total;
      out.buckets.set(key, c);
    } else if (r.g === 27) out.byPlan.push({ plan: r.plan, ...agg });
    else if (r.g === 29) out.byPaymentOption.push({ payment_options_id: r.po === null ? null : num(r.po), ...agg });
    else if (r.g === 30) out.byBranch.push({ branch_id: r.branch_id, ...agg });
  }
  return out;
}

/** Branch and organisation names of branch ids. */
export async function branchNames(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { branch_name: string; organization_name: string }>();
  const list = await rows<{ id: string; branch_name: string; organization_name: string }>(
    db,
    sql`SELECT b.id, b.branch_name, o.name AS organization_name FROM branches b JOIN organizations o ON o.id = b.organization_id
        WHERE b.id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )})`,
  );
  return new Map(list.map((r) => [r.id, r]));
}

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

const toDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));

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

/** A transaction of a statement of account (a paid payment of a will or a hibah); amounts in sen. */
export interface SoaRow {
  id: string;
  paid_at: Date;
  receipt_no: string | null;
  reference: string | null;
  payment_options_id: number;
  amount_sen: number;
  /** Balance after this transaction (opening + every earlier transaction of the period). */
  balance_sen: number;
  /** What was paid for: 'Wasiat' (`wasiat_id`, `wasiat_no`) or 'Hibah' (`hibah_id`, `hibah_number`); ADR 0063. */
  paymentable_type: 'Wasiat' | 'Hibah';
  wasiat_id: string | null;
  wasiat_no: string | null;
  hibah_id: string | null;
  hibah_number: string | null;
  /** The testator of the will, or the grantor of the hibah. */
  testator_name: string | null;
}

/**
 * Statement of account of the wills matched by `willsWhere` and the hibahs matched by `hibahsWhere` (scope
 * + organisation + filters, no period): their paid payments (`status = 'paid'`) by `paid_at`. Opening = paid
 * before the period; the running balance is computed over the whole period before paging.
 */
export async function soaQuery(
  db: Db,
  willsWhere: SQL,
  hibahsWhere: SQL,
  range: Range,
  page: { limit: number; offset: number },
  /** The balances when the roll-up could give them (rollup.ts `rollupSoaTotals`), else computed here. */
  known: { opening: number; period_sum: number; n: number } | null = null,
  /**
   * The organisation whose every line the statement lists (no filter beyond it): the page is then read from
   * `report_payment_lines` (ADR 0063) — one index range — instead of the payments and their payables.
   */
  lineOrg: string | null = null,
) {
  // The period as UTC instants on the raw column (the local boundaries of filters.ts at +08:00, the same
  // set of payments), so the (paid_at, id) index walks the period in payment order; a second,
  // redundant condition on the local time would only spoil the planner's row estimate.
  const inPeriod = and(
    range.start ? sql`${payments.paid_at} >= ${range.start.toISOString()}::timestamptz` : undefined,
    range.end ? sql`${payments.paid_at} < ${range.end.toISOString()}::timestamptz` : undefined,
  );
  const paidOk = sql`${payments.status} = 'paid' AND ${payments.paid_at} IS NOT NULL ${inPeriod ? sql`AND ${inPeriod}` : sql``}`;
  const cols = sql`${payments.id} AS id, ${payments.paid_at} AS paid_at, ${payments.amount_sen} AS amount_sen`;
  // Each payable's paid payments of the period, both in payment order (a merge of two index walks).
  const willPays = (extra: SQL) => sql`SELECT ${cols}, 'Wasiat' AS payable_type, ${wills.id} AS payable_id ${extra}
        FROM ${payments} JOIN ${wills} ON ${payments.paymentable_type} = 'Wasiat' AND ${payments.paymentable_id} = ${wills.id}
        WHERE ${willsWhere} AND ${paidOk}`;
  const hibahPays = (extra: SQL) => sql`SELECT ${cols}, 'Hibah' AS payable_type, ${hibahs.id} AS payable_id ${extra}
        FROM ${payments} JOIN ${hibahs} ON ${payments.paymentable_type} = 'Hibah' AND ${payments.paymentable_id} = ${hibahs.id}
        WHERE ${hibahsWhere} AND ${paidOk}`;
  let totals = known;
  if (!totals) {
    // Without the roll-up: the matching wills and hibahs first, then each one's paid payments through the
    // (paymentable_type, paymentable_id) index (LATERAL), never every payment of every organisation.
    const pKl = sql`(p.paid_at AT TIME ZONE 'Asia/Kuala_Lumpur')`;
    const pIn =
      and(
        range.localStart ? sql`${pKl} >= ${range.localStart}::timestamp` : undefined,
        range.localEnd ? sql`${pKl} < ${range.localEnd}::timestamp` : undefined,
      ) ?? sql`true`;
    const pBefore = range.localStart ? sql`${pKl} < ${range.localStart}::timestamp` : sql`false`;
    const lateral = (type: string, id: SQL) => sql`CROSS JOIN LATERAL (SELECT pp.amount_sen, pp.paid_at FROM payments pp
          WHERE pp.paymentable_type = ${type} AND pp.paymentable_id = ${id} AND pp.status = 'paid' AND pp.paid_at IS NOT NULL) AS p`;
    const [agg] = await rows<Record<string, unknown>>(
      db,
      sql`SELECT coalesce(sum(p.amount_sen) FILTER (WHERE ${pBefore}), 0)::bigint AS opening,
          coalesce(sum(p.amount_sen) FILTER (WHERE ${pIn}), 0)::bigint AS period_sum,
          count(*) FILTER (WHERE ${pIn})::int AS n
        FROM (SELECT p.amount_sen, p.paid_at FROM ${wills} ${lateral('Wasiat', sql`${wills.id}`)} WHERE ${willsWhere}
              UNION ALL
              SELECT p.amount_sen, p.paid_at FROM ${hibahs} ${lateral('Hibah', sql`${hibahs.id}`)} WHERE ${hibahsWhere}) p`,
    );
    totals = { opening: num(agg.opening), period_sum: num(agg.period_sum), n: num(agg.n) };
  }
  const opening = totals.opening;
  if (lineOrg !== null)
    return { ...soaBalances(opening, totals), transactions: await linesPage(db, lineOrg, range, page, opening) };
  // The page in payment order, and what the period's earlier pages added (for the running balance).
  const [before] =
    page.offset > 0
      ? await rows<{ s: string }>(
          db,
          sql`SELECT coalesce(sum(amount_sen), 0)::bigint AS s FROM (
                SELECT amount_sen FROM (${willPays(sql``)} UNION ALL ${hibahPays(sql``)}) u
                ORDER BY paid_at, id LIMIT ${page.offset}) x`,
        )
      : [{ s: '0' }];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT pg.*, (sum(pg.amount_sen) OVER (ORDER BY pg.paid_at, pg.id))::bigint AS running,
          pp.receipt_no, pp.reference, pp.payment_options_id,
          CASE WHEN pg.payable_type = 'Wasiat' THEN (SELECT w.wasiat_no FROM wills w WHERE w.id = pg.payable_id)
            ELSE (SELECT h.hibah_number FROM hibahs h WHERE h.id = pg.payable_id) END AS number,
          (SELECT t.name FROM users t WHERE t.id = pg.user_id) AS testator_name
        FROM (SELECT * FROM (${willPays(sql`, ${wills.user_id} AS user_id`)} UNION ALL ${hibahPays(sql`, ${hibahs.user_id} AS user_id`)}) u
              ORDER BY paid_at, id LIMIT ${page.limit} OFFSET ${page.offset}) pg
        JOIN payments pp ON pp.id = pg.id
        ORDER BY pg.paid_at, pg.id`,
  );
  return { ...soaBalances(opening, totals), transactions: toSoaRows(list, opening + num(before.s)) };
}

const soaBalances = (opening: number, totals: { period_sum: number; n: number }) => ({
  opening_balance_sen: opening,
  total_sen: totals.period_sum,
  closing_balance_sen: opening + totals.period_sum,
  count: totals.n,
});

/** Lines of a statement page (`running` = sum up to the line within the page) with balances after `base`. */
function toSoaRows(list: Record<string, unknown>[], base: number): SoaRow[] {
  return list.map((r) => {
    const isWill = r.payable_type === 'Wasiat';
    return {
      id: String(r.id),
      paid_at: toDate(r.paid_at) as Date,
      receipt_no: (r.receipt_no as string) ?? null,
      reference: (r.reference as string) ?? null,
      payment_options_id: num(r.payment_options_id),
      amount_sen: num(r.amount_sen),
      balance_sen: base + num(r.running),
      paymentable_type: isWill ? 'Wasiat' : 'Hibah',
      wasiat_id: isWill ? String(r.payable_id) : null,
      wasiat_no: isWill ? ((r.number as string) ?? null) : null,
      hibah_id: isWill ? null : String(r.payable_id),
      hibah_number: isWill ? null : ((r.number as string) ?? null),
      testator_name: (r.testator_name as string) ?? null,
    };
  });
}

/**
 * A page of an organisation's statement from `report_payment_lines` (ADR 0063): the lines of the period in
 * payment order through the index `(organization_id, paid_at, payment_id)`, the earlier pages' sum by an
 * index-only scan, then the page's receipts, numbers and names.
 */
async function linesPage(
  db: Db,
  organisationId: string,
  range: Range,
  page: { limit: number; offset: number },
  opening: number,
): Promise<SoaRow[]> {
  const inPeriod = sql`l.organization_id = ${organisationId}
    ${range.start ? sql`AND l.paid_at >= ${range.start.toISOString()}::timestamptz` : sql``}
    ${range.end ? sql`AND l.paid_at < ${range.end.toISOString()}::timestamptz` : sql``}`;
  const [before] =
    page.offset > 0
      ? await rows<{ s: string }>(
          db,
          sql`SELECT coalesce(sum(amount_sen), 0)::bigint AS s FROM (SELECT l.amount_sen FROM report_payment_lines l
                WHERE ${inPeriod} ORDER BY l.paid_at, l.payment_id LIMIT ${page.offset}) x`,
        )
      : [{ s: '0' }];
  const list = await rows<Record<string, unknown>>(
    db,
    sql`SELECT l.payment_id AS id, l.paid_at, l.amount_sen, l.paymentable_type AS payable_type,
          l.paymentable_id AS payable_id, (sum(l.amount_sen) OVER (ORDER BY l.paid_at, l.payment_id))::bigint AS running,
          pp.receipt_no, pp.reference, pp.payment_options_id, coalesce(w.wasiat_no, h.hibah_number) AS number,
          (SELECT t.name FROM users t WHERE t.id = coalesce(w.user_id, h.user_id)) AS testator_name
        FROM (SELECT * FROM report_payment_lines l WHERE ${inPeriod}
              ORDER BY l.paid_at, l.payment_id LIMIT ${page.limit} OFFSET ${page.offset}) l
        JOIN payments pp ON pp.id = l.payment_id
        LEFT JOIN wills w ON l.paymentable_type = 'Wasiat' AND w.id = l.paymentable_id
        LEFT JOIN hibahs h ON l.paymentable_type = 'Hibah' AND h.id = l.paymentable_id
        ORDER BY l.paid_at, l.payment_id`,
  );
  return toSoaRows(list, opening + num(before.s));
}
