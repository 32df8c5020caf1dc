/**
 * The SQL of the summary reports (daily, monthly, yearly, graph; issue 8, reference §2.13) over the raw wills —
 * the fallback of the roll-ups (rollup.ts, ADR 0060): {@link StatusCounts} per time bucket (spec §4 will
 * statuses) and counts per plan, payment option and branch ({@link SummaryData}), in ONE GROUPING SETS scan;
 * and the branch and organisation names of the by-branch figures. Money in integer sen; bucket keys are the
 * local (Asia/Kuala_Lumpur) dates 'YYYY-MM-DD' of the bucket starts.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wills } from '../../db/schema/index.ts';
import { num, rows } from './sql-rows.ts';
import { klTime, paidSen } from './will-where.ts';

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
