/**
 * Reports (issue 8; reference §2.13): the figures as JSON, and the same tables as XLSX (streamed),
 * CSV and PDF. Money in integer sen (exports show ringgit); times in answers are ISO 8601 UTC; periods
 * are calendar periods in Asia/Kuala_Lumpur (filters.ts). Every figure counts only the wills the caller
 * may see (policy.ts: a Partner's own organisation, staff-side roles everything).
 *
 * Summary answer (daily | monthly | yearly | graph):
 * `{ report, period: { label, start, end }, unit, rows: [{ key, start, total, new, in_process, approved,
 *   cancelled, paid, amount_sen }], totals, by_plan: [{ plan, total, paid, amount_sen }],
 *   by_payment_option: [{ payment_options_id, … }], by_branch: [{ branch_id, branch_name,
 *   organization_name, … }], hibah: { rows, totals, by_type, by_payment_option, by_branch } }` (hibah.ts; ADR 0063).
 * Detailed answer (detailed | approved-monthly | financing): `{ report, period, rows: { data: [DetailRow],
 *   current_page, per_page, total, last_page }, totals: { count, paid, price_sen, discount_sen, paid_sen } }`.
 * Statement of account: `{ report: 'soa', period, organization: { id, name, code }, opening_balance_sen,
 *   total_sen, closing_balance_sen, transactions: { data: [SoaRow], … } }` — payments of wills and hibahs.
 *
 * This file is the reports' service as the routes (routes.ts) and the benchmark see it; the code is split by
 * concern: kinds.ts (report kinds, default periods), summary.ts, detail.ts and soa.ts (one report family each),
 * export-labels.ts, export-sheet.ts and export-file.ts (the XLSX, CSV and PDF exports).
 */
export { detailBatches, detailReport, detailSort, detailWhere } from './detail.ts';
export { exportReport, type ReportFile } from './export-file.ts';
export { PDF_MAX_ROWS, reportSheet } from './export-sheet.ts';
export { type DetailKind, REPORT_KINDS, type ReportKind, reportRange, type SummaryKind } from './kinds.ts';
export { soaReport } from './soa.ts';
export { dashboardSummary, summaryReport } from './summary.ts';
