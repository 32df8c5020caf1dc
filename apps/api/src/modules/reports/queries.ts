/**
 * The SQL of the reports (DESIGN.md §9.2: SQL lives in the module's queries). Every query starts from
 * the caller's {@link reportScope} and the filters, and compares the LOCAL time
 * `created_at AT TIME ZONE 'Asia/Kuala_Lumpur'` with the local period boundaries of filters.ts — the
 * same expression as the index `wills_created_kl_idx`, so monthly and yearly reports use it.
 *
 * Money is integer sen. A will's collected amount ("paid_sen") is `price_sen − discount_sen` once its
 * payment is received (`payment_received_at` set, payments module), else 0.
 *
 * The SQL is split by report family; this file re-exports it for the module's other files:
 * will-where.ts (scope + filters + period, the local time, the collected amount), summary-queries.ts
 * (summaries), detail-queries.ts (detailed lists), soa-queries.ts (statement of account); sql-rows.ts reads
 * the rows on both drivers.
 */
export {
  DETAIL_SORTS,
  type DetailRow,
  detailRows,
  detailTotals,
  KEYSET_SORTS,
} from './detail-queries.ts';
export { type SoaRow, soaQuery } from './soa-queries.ts';
export {
  branchNames,
  emptyCounts,
  type StatusCounts,
  type SummaryData,
  summaryQuery,
} from './summary-queries.ts';
export { klTime, type WillWhere, willWhere } from './will-where.ts';
