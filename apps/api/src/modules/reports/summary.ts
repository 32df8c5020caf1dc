/**
 * The summary reports (daily | monthly | yearly | graph; issue 8, reference §2.13) and the dashboards' figures
 * (spec §2 "Dashboard content"). Answer: `{ report, period: { label, start, end }, unit, rows: [{ key, start,
 * total, new, in_process, approved, cancelled, paid, amount_sen }], totals, by_plan, by_payment_option,
 * by_branch: [{ branch_id, branch_name, organization_name, … }], hibah: { rows, totals, by_type,
 * by_payment_option, by_branch } }` (hibah.ts; ADR 0063). Money in integer sen; buckets are Kuala Lumpur days,
 * months or years; figures from the roll-ups when they can answer (rollup.ts, ADR 0060), else the raw rows
 * (summary-queries.ts).
 */

import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { klToday, type Range, type ReportQuery } from './filters.ts';
import { hibahSummary } from './hibah.ts';
import { periodOut, reportRange, type SummaryKind } from './kinds.ts';
import { ledgerCollections } from './ledger.ts';
import { rollupSummary } from './rollup.ts';
import { branchNames, emptyCounts, type StatusCounts, summaryQuery } from './summary-queries.ts';
import { willWhere } from './will-where.ts';

/** Local bucket start 'YYYY-MM-DD' → its UTC instant as ISO text (UTC+8, no daylight saving). Computed from the
 * digits, not by parsing a date string: a daily report of all time has thousands of buckets (ADR 0199). */
const bucketStart = (key: string) =>
  new Date(Date.UTC(+key.slice(0, 4), +key.slice(5, 7) - 1, +key.slice(8, 10)) - 8 * 3600_000).toISOString();

/** Every bucket key of a bounded range (at most 400), so days without wills show as zero. */
function bucketKeys(range: Range, unit: 'day' | 'month' | 'year'): string[] {
  if (!range.localStart || !range.localEnd) return [];
  const keys: string[] = [];
  const d = new Date(`${range.localStart.slice(0, 10)}T00:00:00Z`);
  if (unit !== 'day') d.setUTCDate(1);
  if (unit === 'year') d.setUTCMonth(0);
  const end = range.localEnd.slice(0, 10);
  while (d.toISOString().slice(0, 10) < end && keys.length < 400) {
    keys.push(d.toISOString().slice(0, 10));
    if (unit === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (unit === 'month') d.setUTCMonth(d.getUTCMonth() + 1);
    else d.setUTCFullYear(d.getUTCFullYear() + 1);
  }
  return keys;
}

function unitFor(kind: SummaryKind, range: Range): 'day' | 'month' | 'year' {
  if (kind === 'daily' || kind === 'monthly') return 'day';
  if (kind === 'yearly') return range.start ? 'month' : 'year';
  if (!range.start || !range.end) return 'month';
  return range.end.getTime() - range.start.getTime() <= 62 * 86400_000 ? 'day' : 'month';
}

/**
 * A summary report: counts of wills by status per day (daily, monthly) or month (yearly; graph by day
 * up to 62 days, else by month), with totals and sales by plan, payment option and branch.
 */
export async function summaryReport(db: Db, user: AuthUser, kind: SummaryKind, q: ReportQuery) {
  const range = reportRange(kind, q);
  const unit = unitFor(kind, range);
  // Whole months by month or year come from the roll-ups (ADR 0060, 0063); anything else from the raw rows.
  const [data, hib] = await Promise.all([
    rollupSummary(db, user, q, range, unit).then((r) => r ?? summaryQuery(db, willWhere(user, q, range), unit)),
    hibahSummary(db, user, q, range, unit),
  ]);
  const keySet = new Set(bucketKeys(range, unit));
  for (const k of data.buckets.keys()) keySet.add(k);
  for (const k of hib.buckets.keys()) keySet.add(k);
  const keys = [...keySet].sort();
  const totals = emptyCounts();
  const starts = keys.map(bucketStart);
  const fields = Object.keys(totals) as (keyof StatusCounts)[];
  const rows = keys.map((key, i) => {
    const c = data.buckets.get(key) ?? emptyCounts();
    for (const f of fields) totals[f] += c[f];
    return { key, start: starts[i], ...c };
  });
  const names = await branchNames(db, [
    ...new Set([...data.byBranch, ...hib.byBranch].map((b) => b.branch_id).filter((x): x is string => !!x)),
  ]);
  const withNames = <T extends { branch_id: string | null }>(b: T) => ({
    ...b,
    branch_name: b.branch_id ? (names.get(b.branch_id)?.branch_name ?? null) : null,
    organization_name: b.branch_id ? (names.get(b.branch_id)?.organization_name ?? null) : null,
  });
  const sortDesc = <T extends { total: number }>(a: T[]) => a.sort((x, y) => y.total - x.total);
  return {
    report: kind,
    period: periodOut(range),
    unit,
    rows,
    totals,
    by_plan: sortDesc(data.byPlan),
    by_payment_option: sortDesc(data.byPaymentOption),
    by_branch: sortDesc(data.byBranch.map(withNames)),
    hibah: {
      rows: keys.map((key, i) => ({
        key,
        start: starts[i],
        ...(hib.buckets.get(key) ?? { total: 0, paid: 0, amount_sen: 0 }),
      })),
      totals: hib.totals,
      by_type: sortDesc(hib.byType),
      by_payment_option: sortDesc(hib.byPaymentOption),
      by_branch: sortDesc(hib.byBranch.map(withNames)),
    },
  };
}

/**
 * The figures of the dashboards (spec §2 "Dashboard content"): counts by status, paid records and the
 * collected amount (sen) of the wills — and, under `hibah`, of the hibahs and trusts (ADR 0063) — the caller
 * may see, all time and this Kuala Lumpur month; `collected_sen` (the "Kutipan" card) is the ledger's sum of
 * every paid payment of every payable kind in the caller's organisations (ADR 0248), null for roles whose
 * scope is not organisations (Agent, Client: the card shows the will figure). Served from the roll-ups for staff-side roles and Partners
 * (ADR 0060), from the raw rows for a Client or an Agent (their own few records).
 */
export async function dashboardSummary(db: Db, user: AuthUser) {
  const monthQ = { period: klToday().slice(0, 7) } as ReportQuery;
  const [all, month, money] = await Promise.all([
    summaryReport(db, user, 'yearly', { period: 'all' } as ReportQuery),
    summaryReport(db, user, 'yearly', monthQ),
    ledgerCollections(db, user, reportRange('yearly', monthQ)),
  ]);
  return {
    totals: { ...all.totals, collected_sen: money?.all ?? null },
    this_month: { period: month.period, ...month.totals, collected_sen: money?.month ?? null },
    hibah: { totals: all.hibah.totals, this_month: { period: month.period, ...month.hibah.totals } },
  };
}
