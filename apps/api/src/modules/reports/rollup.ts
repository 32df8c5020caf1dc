/**
 * Reading the roll-ups (db/schema/reports.ts; ADR 0060, 0063) instead of the raw wills, when a report
 * allows it: the period is whole Kuala Lumpur months (a YYYY-MM or YYYY period, all time, or a date range
 * from a 1st to a last day) — or any period for what the day roll-ups can answer — the caller's scope is expressible on the
 * roll-up (staff-side: everything; a Partner: their organisations — policy.ts {@link rollupScope}) and every
 * filter is a dimension of some roll-up. Otherwise the functions answer null and the caller falls back to
 * the raw rows (queries.ts). The answers are the same figures as the raw-row queries (tested in
 * rollup.test.ts against a brute-force recount).
 */
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { type Range, type ReportQuery, subjects } from './filters.ts';
import { rollupScope } from './policy.ts';
import type { SummaryData } from './queries.ts';

type Dim = 'org' | 'branch' | 'agent' | 'plan' | 'po' | 'status';
const COL: Record<Dim, string> = {
  org: 'organization_id',
  branch: 'branch_id',
  agent: 'agent_id',
  plan: 'plan',
  po: 'payment_options_id',
  status: 'status',
};

/**
 * The roll-ups, in the order the reader tries them (roughly smallest first on the benchmark's data); it takes
 * the first that has every needed dimension and serves the period and time unit: `all` (no time column) only
 * all time and no timeline; `day` any period (periods are whole local days) and any timeline (days are
 * summed into months or years); `month` whole months and timelines by month or year. `time` is the
 * roll-up's time column (the local first of the month, or the day).
 */
export const ROLLUPS: { table: string; grain: 'all' | 'month' | 'day'; time: 'month' | 'day' | null; dims: Dim[] }[] = [
  { table: 'report_org_totals', grain: 'all', time: null, dims: ['org', 'plan', 'po', 'status'] },
  { table: 'report_branch_totals', grain: 'all', time: null, dims: ['org', 'branch', 'status'] },
  { table: 'report_days', grain: 'day', time: 'day', dims: ['status'] },
  { table: 'report_org_months', grain: 'month', time: 'month', dims: ['org', 'plan', 'po', 'status'] },
  { table: 'report_branch_months', grain: 'month', time: 'month', dims: ['org', 'branch', 'status'] },
  { table: 'report_org_days', grain: 'day', time: 'day', dims: ['org', 'status'] },
  {
    table: 'report_will_months',
    grain: 'month',
    time: 'month',
    dims: ['org', 'branch', 'agent', 'plan', 'po', 'status'],
  },
];

/** Whole local months of a range: first months included/excluded as 'YYYY-MM-01', null bounds = open. */
export function wholeMonths(range: Range): { from: string | null; to: string | null } | null {
  const d = wholeDays(range);
  if ((d.from && !d.from.endsWith('-01')) || (d.to && !d.to.endsWith('-01'))) return null;
  return d;
}

/** The local days of a range (every period is whole days): first included / excluded, null bounds = open. */
export const wholeDays = (range: Range) => ({
  from: range.localStart?.slice(0, 10) ?? null,
  to: range.localEnd?.slice(0, 10) ?? null,
});

/** Forced filters of a report (financing: payment option 4; approved has its own date and is not served). */
export interface RollupForced {
  status?: number;
  paymentOption?: number;
}

/** The filters of a query as (dimension, value) pairs, plus the scope; null when the scope is not servable. */
function filtersOf(user: AuthUser, q: ReportQuery, o: RollupForced) {
  const scope = rollupScope(user);
  // A hibah-only filter leaves no wills (ADR 0063): the raw query answers that at once.
  if (scope === null || !subjects(q).wills) return null;
  const f: [Dim, string | number][] = [];
  if (q.organization_id) f.push(['org', q.organization_id]);
  if (q.branch_id) f.push(['branch', q.branch_id]);
  if (q.agent_id) f.push(['agent', q.agent_id]);
  if (q.product) f.push(['plan', q.product]);
  const po = o.paymentOption ?? q.payment_options_id;
  if (po !== undefined) f.push(['po', po]);
  const status = o.status ?? q.status;
  if (status !== undefined) f.push(['status', status]);
  return { scope, f };
}

/**
 * The roll-up able to answer `needed` ∪ the filtered dimensions for the period, with its WHERE and the
 * expression of the `unit` bucket (null without a timeline); null when none can.
 */
function pick(
  user: AuthUser,
  q: ReportQuery,
  range: Range,
  needed: Dim[],
  o: RollupForced = {},
  unit: 'day' | 'month' | 'year' | null = null,
) {
  const fo = filtersOf(user, q, o);
  if (!fo) return null;
  const days = wholeDays(range);
  const months = wholeMonths(range);
  const allTime = !days.from && !days.to;
  const dims = new Set<Dim>([...needed, ...fo.f.map(([d]) => d), ...(fo.scope === 'all' ? [] : (['org'] as Dim[]))]);
  const cube = ROLLUPS.find(
    (c) =>
      (c.grain === 'all' ? allTime && unit === null : c.grain === 'day' ? true : months !== null && unit !== 'day') &&
      [...dims].every((d) => c.dims.includes(d)),
  );
  if (!cube) return null;
  const bounds = cube.grain === 'month' ? (months as { from: string | null; to: string | null }) : days;
  const time = cube.time ? sql.identifier(cube.time) : null;
  const where = and(
    sql`true`,
    fo.scope === 'all' ? undefined : sql`organization_id IN ${fo.scope.organisations}`,
    time && bounds.from ? sql`${time} >= ${bounds.from}::date` : undefined,
    time && bounds.to ? sql`${time} < ${bounds.to}::date` : undefined,
    ...fo.f.map(([d, v]) => sql`${sql.identifier(COL[d])} = ${v}`),
  ) as SQL;
  const bucket =
    !time || !unit
      ? null
      : unit === 'year' || (unit === 'month' && cube.time === 'day')
        ? sql`date_trunc(${sql.raw(`'${unit}'`)}, ${time})::date`
        : time;
  return { table: sql.identifier(cube.table), bucket, where };
}

async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));

/**
 * The summary of a report by day, month or year from the roll-ups (same shape as queries.ts
 * `summaryQuery`): the timeline by status from the day or month grain, sales by plan and payment option,
 * and by branch, each from the smallest roll-up that can answer. Null when the query cannot be served
 * from them (partial months, scope, filters outside the dimensions).
 */
export async function rollupSummary(
  db: Db,
  user: AuthUser,
  q: ReportQuery,
  range: Range,
  unit: 'day' | 'month' | 'year',
): Promise<SummaryData | null> {
  const timeline = pick(user, q, range, ['status'], {}, unit);
  const sales = pick(user, q, range, ['plan', 'po']);
  const byBranch = pick(user, q, range, ['branch']);
  if (!timeline?.bucket || !sales || !byBranch) return null;
  // Group on the date, then format the (few) groups: to_char of every roll-up row costs more than the sum.
  const bucket = timeline.bucket;
  type Sums = { n: string; paid: string; amount_sen: string };
  const sums = sql`sum(n)::bigint AS n, sum(paid)::bigint AS paid, sum(amount_sen)::bigint AS amount_sen`;
  // The three parts in ONE statement (one round trip): part 't' timeline by (bucket, status), 'p' by plan,
  // 'o' by payment option, 'b' by branch.
  // Part 't' comes pivoted, one row per bucket with each status's count beside the sums (s0…s3): four times
  // fewer rows for the driver to parse and the loop below to walk (ADR 0199). Inner groups as before.
  type Part = Sums & {
    part: 't' | 'p' | 'o' | 'b';
    bucket: string | null;
    plan: string | null;
    s0: string | null;
    s1: string | null;
    s2: string | null;
    s3: string | null;
  };
  const list = await rows<Part & { po: number | null; branch_id: string | null }>(
    db,
    sql`SELECT 't' AS part, to_char(b, 'YYYY-MM-DD') AS bucket, NULL::text AS plan, NULL::int AS po,
          NULL::text AS branch_id, sum(n)::bigint AS n, sum(paid)::bigint AS paid, sum(amount_sen)::bigint AS amount_sen,
          sum(n) FILTER (WHERE status = 0)::bigint AS s0, sum(n) FILTER (WHERE status = 1)::bigint AS s1,
          sum(n) FILTER (WHERE status = 2)::bigint AS s2, sum(n) FILTER (WHERE status = 3)::bigint AS s3 FROM (
            SELECT ${bucket} AS b, status, ${sums}
            FROM ${timeline.table} WHERE ${timeline.where} GROUP BY 1, 2 HAVING sum(n) <> 0) g GROUP BY b
        UNION ALL
        SELECT CASE WHEN grouping(plan, payment_options_id) = 1 THEN 'p' ELSE 'o' END, NULL, plan,
          payment_options_id, NULL, ${sums}, NULL, NULL, NULL, NULL
          FROM ${sales.table} WHERE ${sales.where}
          GROUP BY GROUPING SETS ((plan), (payment_options_id)) HAVING sum(n) <> 0
        UNION ALL
        SELECT 'b', NULL, NULL, NULL, branch_id, ${sums}, NULL, NULL, NULL, NULL FROM ${byBranch.table}
          WHERE ${byBranch.where} GROUP BY branch_id HAVING sum(n) <> 0`,
  );
  const plans = list.filter((r) => r.part === 'p' || r.part === 'o').map((r) => ({ ...r, g: r.part === 'p' ? 1 : 2 }));
  const branches = list.filter((r) => r.part === 'b');
  const agg = (r: Sums) => ({ total: num(r.n), paid: num(r.paid), amount_sen: num(r.amount_sen) });
  const out: SummaryData = { buckets: new Map(), byPlan: [], byPaymentOption: [], byBranch: [] };
  for (const r of list) {
    if (r.part !== 't') continue;
    // the key order of summary-queries.ts `emptyCounts`
    out.buckets.set(r.bucket as string, {
      total: num(r.n),
      new: num(r.s0),
      in_process: num(r.s1),
      approved: num(r.s2),
      cancelled: num(r.s3),
      paid: num(r.paid),
      amount_sen: num(r.amount_sen),
    });
  }
  for (const r of plans) {
    if (r.g === 1) out.byPlan.push({ plan: r.plan, ...agg(r) });
    else out.byPaymentOption.push({ payment_options_id: r.po === null ? null : num(r.po), ...agg(r) });
  }
  for (const b of branches) out.byBranch.push({ branch_id: b.branch_id, ...agg(b) });
  return out;
}

/**
 * Totals of a detailed list (count, paid, price, discount, collected; sen) from the roll-ups, or null
 * when not servable (see {@link rollupSummary}; lists by approval date never are).
 */
export async function rollupTotals(db: Db, user: AuthUser, q: ReportQuery, range: Range, o: RollupForced = {}) {
  const c = pick(user, q, range, [], o);
  if (!c) return null;
  const [r] = await rows<Record<string, string | null>>(
    db,
    sql`SELECT coalesce(sum(n), 0)::bigint AS n, coalesce(sum(paid), 0)::bigint AS paid,
          coalesce(sum(price_sen), 0)::bigint AS price_sen, coalesce(sum(discount_sen), 0)::bigint AS discount_sen,
          coalesce(sum(amount_sen), 0)::bigint AS paid_sen
        FROM ${c.table} WHERE ${c.where}`,
  );
  return {
    count: num(r.n),
    paid: num(r.paid),
    price_sen: num(r.price_sen),
    discount_sen: num(r.discount_sen),
    paid_sen: num(r.paid_sen),
  };
}

/**
 * Whether a statement of account has a filter beyond its organisation and period (branch, agent, product,
 * payment mode, status, hibah product or status: properties of the wills and hibahs).
 */
export const soaFiltered = (q: ReportQuery): boolean =>
  !!(
    q.branch_id ||
    q.agent_id ||
    q.product ||
    q.payment_options_id !== undefined ||
    q.status !== undefined ||
    q.hibah_type !== undefined ||
    q.hibah_status !== undefined
  );

/**
 * Balances of a statement of account from `report_payment_months` (ADR 0060; wills and hibahs, ADR 0063):
 * the opening balance (paid before the period), the period's total and number of transactions, in sen. Null
 * when the statement has filters beyond its organisation (branch, agent, product, payment mode, status,
 * hibah product or status: properties of the wills and hibahs, not rolled up) or the period is not whole months. The caller has already checked that
 * `organisationId` is visible (policy.ts `statementOrganisation`).
 */
export async function rollupSoaTotals(db: Db, organisationId: string, q: ReportQuery, range: Range) {
  const months = wholeMonths(range);
  if (!months || soaFiltered(q)) return null;
  const before = months.from ? sql`month < ${months.from}::date` : sql`false`;
  const inPeriod = and(
    sql`true`,
    months.from ? sql`month >= ${months.from}::date` : undefined,
    months.to ? sql`month < ${months.to}::date` : undefined,
  ) as SQL;
  const [r] = await rows<Record<string, string>>(
    db,
    sql`SELECT coalesce(sum(amount_sen) FILTER (WHERE ${before}), 0)::bigint AS opening,
          coalesce(sum(amount_sen) FILTER (WHERE ${inPeriod}), 0)::bigint AS period_sum,
          coalesce(sum(n) FILTER (WHERE ${inPeriod}), 0)::bigint AS n
        FROM report_payment_months WHERE organization_id = ${organisationId}`,
  );
  return { opening: num(r.opening), period_sum: num(r.period_sum), n: num(r.n) };
}
