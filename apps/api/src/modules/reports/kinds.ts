/**
 * The report kinds (issue 8; reference §2.13): summaries (daily | monthly | yearly | graph), detailed lists
 * (detailed | approved-monthly | financing) and the statement of account (soa); the period each defaults to
 * when the query names none, the resolved period of a query (filters.ts: Asia/Kuala_Lumpur calendar periods),
 * and the period as answers carry it: `{ label, start, end }` with ISO 8601 UTC instants (null = unbounded).
 */
import { type Range, type ReportQuery, resolveRange } from './filters.ts';

export type SummaryKind = 'daily' | 'monthly' | 'yearly' | 'graph';
export type DetailKind = 'detailed' | 'approved-monthly' | 'financing';
export type ReportKind = SummaryKind | DetailKind | 'soa';
export const REPORT_KINDS: ReportKind[] = [
  'daily',
  'monthly',
  'yearly',
  'detailed',
  'approved-monthly',
  'soa',
  'financing',
  'graph',
];

export const periodOut = (r: Range) => ({
  label: r.label,
  start: r.start?.toISOString() ?? null,
  end: r.end?.toISOString() ?? null,
});

const FALLBACK: Record<ReportKind, 'today' | 'month' | 'year' | 'all'> = {
  daily: 'today',
  monthly: 'month',
  yearly: 'year',
  graph: 'month',
  detailed: 'month',
  'approved-monthly': 'month',
  financing: 'all',
  soa: 'month',
};

/** The resolved period of a report query (see filters.ts). @throws 422 on a reversed range. */
export const reportRange = (kind: ReportKind, q: ReportQuery) => resolveRange(q, FALLBACK[kind]);
