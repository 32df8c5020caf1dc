/**
 * The report screens (spec §2 /dashboard/* report routes): path, API report, and which period the
 * filter asks for. Labels are `reports.<key>.title` / `.description` (locales/<lang>/reports.json).
 */
import type { ReportKind } from './api.ts';

/** range: start/end dates; month: YYYY-MM; year: YYYY; month_or_year: either; optional: may be empty (all time). */
export type PeriodKind = 'range' | 'month' | 'year' | 'month_or_year' | 'optional_range';

export interface ReportScreen {
  path: string;
  kind: ReportKind;
  key: string;
  period: PeriodKind;
}

export const REPORT_SCREENS: ReportScreen[] = [
  { path: '/dashboard/report-daily', kind: 'daily', key: 'daily', period: 'range' },
  { path: '/dashboard/report-monthly', kind: 'monthly', key: 'monthly', period: 'month' },
  { path: '/dashboard/report-yearly', kind: 'yearly', key: 'yearly', period: 'year' },
  { path: '/dashboard/detailed-monthly-report', kind: 'detailed', key: 'detailed_monthly', period: 'month' },
  { path: '/dashboard/detailed-yearly-report', kind: 'detailed', key: 'detailed_yearly', period: 'year' },
  { path: '/dashboard/approved-monthly-report', kind: 'approved-monthly', key: 'approved_monthly', period: 'month' },
  { path: '/dashboard/report-soa', kind: 'soa', key: 'soa', period: 'month' },
  { path: '/dashboard/loan-bmmb', kind: 'financing', key: 'financing', period: 'optional_range' },
  { path: '/dashboard/graph-report', kind: 'graph', key: 'graph', period: 'month_or_year' },
];

/** Today in Kuala Lumpur, 'YYYY-MM-DD'. */
export const klToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
