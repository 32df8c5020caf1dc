/**
 * Hibah and trust figures of the reports and dashboards (issue 8 "counts of wills and hibahs by status, sales
 * by product, payment mode and branch"; ADR 0063). Same periods (Kuala Lumpur calendar periods on
 * `created_at`), scope and filters as the wills (organisation, branch, agent, payment option), plus the hibah
 * product `hibah_type` (domain HIBAH_TYPES) and `hibah_status`; a will-only filter (`product`, `status`)
 * leaves no hibah (filters.ts `subjects`). Money in integer sen: a hibah's collected amount is
 * `price_sen − discount_sen` once its payment is received (`payment_received_at`), else 0.
 *
 * Figures come from the hibah roll-ups (db/schema/reports.ts, kept by triggers) when the query allows it:
 * the caller's scope is expressible on them (staff-side: all; a Partner: their organisations — policy.ts
 * `rollupScope`), the only filter is the organisation, and the period is whole months: by status, product,
 * payment option and branch from `report_hibah_totals` (all time) or `report_hibah_months`; the timeline
 * from `report_hibah_days` for the staff-side view of every organisation (by day, month or year), else from
 * the months by status (by month or year). Otherwise one GROUPING SETS
 * scan of the raw rows answers (an organisation's hibahs through `hibahs_org_created_kl_idx`, a period's
 * through `hibahs_created_kl_idx`). Both give the same figures (rollup.test.ts recounts them).
 */
import { HIBAH_STATUS } from '@wasiat/domain';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hibahs } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { hibahScope } from '../hibah/index.ts';
import { type Range, type ReportQuery, subjects } from './filters.ts';
import { rollupScope } from './policy.ts';
import { wholeDays, wholeMonths } from './rollup.ts';

/** Counts of hibahs by status (reference §4.3: -1 … 5), with paid hibahs and the collected amount (sen). */
export interface HibahCounts {
  total: number;
  /** -1: placeholder (part A started). */
  placeholder: number;
  /** 0: new, being filled in. */
  new: number;
  /** 1: back with the grantor to review. */
  grantor_review: number;
  /** 2: awaiting the provider's verification. */
  awaiting_verification: number;
  /** 3: draft awaiting the grantor's acceptance (14 days). */
  draft: number;
  /** 4: awaiting the witnesses. */
  awaiting_witnesses: number;
  /** 5: registered. */
  registered: number;
  paid: number;
  amount_sen: number;
}

/** The key of each hibah status in {@link HibahCounts}. */
export const HIBAH_STATUS_KEYS: Record<number, keyof HibahCounts> = {
  [HIBAH_STATUS.placeholder]: 'placeholder',
  [HIBAH_STATUS.new]: 'new',
  [HIBAH_STATUS.grantorReview]: 'grantor_review',
  [HIBAH_STATUS.awaitingVerification]: 'awaiting_verification',
  [HIBAH_STATUS.draft]: 'draft',
  [HIBAH_STATUS.awaitingWitnesses]: 'awaiting_witnesses',
  [HIBAH_STATUS.registered]: 'registered',
};

export const emptyHibahCounts = (): HibahCounts => ({
  total: 0,
  placeholder: 0,
  new: 0,
  grantor_review: 0,
  awaiting_verification: 0,
  draft: 0,
  awaiting_witnesses: 0,
  registered: 0,
  paid: 0,
  amount_sen: 0,
});

/** Count, paid count and collected sen of one group. */
export interface HibahSums {
  total: number;
  paid: number;
  amount_sen: number;
}

/** The hibah part of a summary: per time bucket (local 'YYYY-MM-DD' starts), per status, type, option, branch. */
export interface HibahSummaryData {
  buckets: Map<string, HibahSums>;
  totals: HibahCounts;
  byType: ({ hibah_type: number | null } & HibahSums)[];
  byPaymentOption: ({ payment_options_id: number | null } & HibahSums)[];
  byBranch: ({ branch_id: string | null } & HibahSums)[];
}

const emptyData = (): HibahSummaryData => ({
  buckets: new Map(),
  totals: emptyHibahCounts(),
  byType: [],
  byPaymentOption: [],
  byBranch: [],
});

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
async function rows<T>(db: Db, q: SQL): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}
const klCreated = sql`(${hibahs.created_at} AT TIME ZONE 'Asia/Kuala_Lumpur')`;
const paidSen = sql`(CASE WHEN ${hibahs.payment_received_at} IS NOT NULL THEN coalesce(${hibahs.price_sen}, 0) - ${hibahs.discount_sen} ELSE 0 END)`;

/**
 * WHERE of the hibahs counted for `user`: staff-side roles every hibah, a Partner their organisations' (as
 * for the wills: an organisation's figures, the roll-ups' scope), a Client or an Agent what the hibah module
 * lets them see (their own / their clients'). Never soft-deleted hibahs.
 */
export function hibahReportScope(user: AuthUser): SQL {
  const r = rollupScope(user);
  if (r === 'all') return isNull(hibahs.deleted_at);
  if (r) return and(isNull(hibahs.deleted_at), sql`${hibahs.organization_id} IN ${r.organisations}`) as SQL;
  return hibahScope(user);
}

/** WHERE of the hibahs of a report: scope + filters + period (local creation time). */
export function hibahWhere(user: AuthUser, q: ReportQuery, range: Range | null): SQL {
  return and(
    hibahReportScope(user),
    subjects(q).hibahs ? undefined : sql`false`,
    range?.localStart ? sql`${klCreated} >= ${range.localStart}::timestamp` : undefined,
    range?.localEnd ? sql`${klCreated} < ${range.localEnd}::timestamp` : undefined,
    q.organization_id ? eq(hibahs.organization_id, q.organization_id) : undefined,
    q.branch_id ? eq(hibahs.branch_id, q.branch_id) : undefined,
    q.agent_id ? eq(hibahs.agent_id, q.agent_id) : undefined,
    q.payment_options_id !== undefined ? eq(hibahs.payment_options_id, q.payment_options_id) : undefined,
    q.hibah_type !== undefined ? eq(hibahs.hibah_type, q.hibah_type) : undefined,
    q.hibah_status !== undefined ? eq(hibahs.status, q.hibah_status) : undefined,
  ) as SQL;
}

type RawRow = {
  g: number;
  bucket: string | null;
  status: number | null;
  hibah_type: number | null;
  po: number | null;
  branch_id: string | null;
  n: number;
  paid_n: number;
  amount_sen: string | number;
};

/** The hibah summary in ONE scan of the raw rows (GROUPING SETS); `unit` is the bucket size. */
export async function rawHibahSummary(db: Db, where: SQL, unit: 'day' | 'month' | 'year'): Promise<HibahSummaryData> {
  const list = await rows<RawRow>(
    db,
    sql`SELECT grouping(bucket, status, hibah_type, po, branch_id)::int AS g, to_char(bucket, 'YYYY-MM-DD') AS bucket,
          status, hibah_type, po, branch_id, count(*)::int AS n, count(*) FILTER (WHERE paid)::int AS paid_n,
          coalesce(sum(paid_sen), 0)::bigint AS amount_sen
        FROM (
          SELECT date_trunc(${sql.raw(`'${unit}'`)}, ${klCreated}) AS bucket, ${hibahs.status} AS status,
            ${hibahs.hibah_type} AS hibah_type, ${hibahs.payment_options_id} AS po, ${hibahs.branch_id} AS branch_id,
            ${hibahs.payment_received_at} IS NOT NULL AS paid, ${paidSen} AS paid_sen
          FROM ${hibahs} WHERE ${where}
        ) s
        GROUP BY GROUPING SETS ((bucket), (status), (hibah_type), (po), (branch_id))`,
  );
  const out = emptyData();
  for (const r of list) {
    const agg = { total: num(r.n), paid: num(r.paid_n), amount_sen: num(r.amount_sen) };
    // grouping() bits, left to right: bucket 16, status 8, hibah_type 4, po 2, branch_id 1 (1 = not grouped).
    if (r.g === 15) out.buckets.set(r.bucket as string, agg);
    else if (r.g === 23) addStatus(out.totals, num(r.status), agg);
    else if (r.g === 27) out.byType.push({ hibah_type: r.hibah_type === null ? null : num(r.hibah_type), ...agg });
    else if (r.g === 29) out.byPaymentOption.push({ payment_options_id: r.po === null ? null : num(r.po), ...agg });
    else if (r.g === 30) out.byBranch.push({ branch_id: r.branch_id, ...agg });
  }
  return out;
}

function addStatus(c: HibahCounts, status: number, a: HibahSums) {
  c.total += a.total;
  c.paid += a.paid;
  c.amount_sen += a.amount_sen;
  const k = HIBAH_STATUS_KEYS[status];
  if (k) c[k] += a.total;
}

/**
 * The roll-up plan of a query, or null when the raw rows must answer: the scope is expressible, no filter
 * beyond the organisation, whole months. `days`: whether the day roll-up (every organisation together) can
 * give a day-by-day timeline.
 */
function rollupPlan(user: AuthUser, q: ReportQuery, range: Range) {
  const scope = rollupScope(user);
  const months = wholeMonths(range);
  const filtered =
    q.branch_id ||
    q.agent_id ||
    q.payment_options_id !== undefined ||
    q.hibah_type !== undefined ||
    q.hibah_status !== undefined;
  if (scope === null || !months || filtered) return null;
  const orgWhere = and(
    scope === 'all' ? undefined : sql`organization_id IN ${scope.organisations}`,
    q.organization_id ? sql`organization_id = ${q.organization_id}` : undefined,
  );
  return { months, orgWhere, days: scope === 'all' && !q.organization_id };
}

/**
 * The hibah part of a summary report (by day, month or year), from the roll-ups when possible (see the file
 * comment), else the raw rows. All zero when a will-only filter is set.
 */
export async function hibahSummary(
  db: Db,
  user: AuthUser,
  q: ReportQuery,
  range: Range,
  unit: 'day' | 'month' | 'year',
): Promise<HibahSummaryData> {
  if (!subjects(q).hibahs) return emptyData();
  const plan = rollupPlan(user, q, range);
  if (!plan || (unit === 'day' && !plan.days)) return rawHibahSummary(db, hibahWhere(user, q, range), unit);
  const m = plan.months;
  const allTime = !m.from && !m.to;
  const monthBounds = and(
    m.from ? sql`month >= ${m.from}::date` : undefined,
    m.to ? sql`month < ${m.to}::date` : undefined,
  );
  type Sums = { n: string; paid: string; amount_sen: string };
  const sums = sql`sum(n)::bigint AS n, sum(paid)::bigint AS paid, sum(amount_sen)::bigint AS amount_sen`;
  // By status, product, payment option and branch: all time from the totals, else the months of the period.
  const parts = allTime ? sql`report_hibah_totals` : sql`report_hibah_months`;
  const partsWhere = and(plan.orgWhere, allTime ? undefined : monthBounds) ?? sql`true`;
  // The timeline: the day roll-up (every organisation) summed into the unit, else the months by status.
  const d = wholeDays(range);
  const trunc = (col: SQL) => (unit === 'day' ? col : sql`date_trunc(${sql.raw(`'${unit}'`)}, ${col})::date`);
  const timeline = plan.days
    ? sql`SELECT ${trunc(sql`day`)} AS b, ${sums} FROM report_hibah_days
          WHERE true ${d.from ? sql`AND day >= ${d.from}::date` : sql``} ${d.to ? sql`AND day < ${d.to}::date` : sql``}
          GROUP BY 1 HAVING sum(n) <> 0`
    : sql`SELECT ${trunc(sql`month`)} AS b, ${sums} FROM report_hibah_months
          WHERE dim = 'status' AND ${and(plan.orgWhere, monthBounds) ?? sql`true`} GROUP BY 1 HAVING sum(n) <> 0`;
  // Both in ONE statement (one round trip): dim 'time' rows are the timeline.
  const list = await rows<Sums & { dim: string; val: string | null }>(
    db,
    sql`SELECT 'time' AS dim, to_char(b, 'YYYY-MM-DD') AS val, n, paid, amount_sen FROM (${timeline}) g
        UNION ALL
        SELECT dim, val, ${sums} FROM ${parts} WHERE ${partsWhere} GROUP BY dim, val HAVING sum(n) <> 0`,
  );
  const pick = (dim: string) => list.filter((r) => r.dim === dim);
  const [times, statuses, types, options, branches] = [
    pick('time').map((r) => ({ ...r, bucket: r.val as string })),
    pick('status'),
    pick('type'),
    pick('option'),
    pick('branch'),
  ];
  const agg = (r: Sums): HibahSums => ({ total: num(r.n), paid: num(r.paid), amount_sen: num(r.amount_sen) });
  const out = emptyData();
  for (const r of times) out.buckets.set(r.bucket, agg(r));
  for (const r of statuses) addStatus(out.totals, num(r.val), agg(r));
  for (const r of types) out.byType.push({ hibah_type: r.val === null ? null : num(r.val), ...agg(r) });
  for (const r of options)
    out.byPaymentOption.push({ payment_options_id: r.val === null ? null : num(r.val), ...agg(r) });
  for (const r of branches) out.byBranch.push({ branch_id: r.val, ...agg(r) });
  return out;
}
