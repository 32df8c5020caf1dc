/**
 * The sheet of a report for the exports (`ExportSheet` of http/export.ts: title, headings, rows in batches,
 * number formats) in Malay or English: the statement of account (opening, transactions, closing), a detailed
 * list streamed in batches with its totals line (at most {@link PDF_MAX_ROWS} lines in a PDF), or a summary by
 * period with the wills by status and the hibahs and trusts (ADR 0063). Amounts in ringgit (the JSON's sen
 * / 100); times as `Date`s, which each format writes in its own way (export-file.ts).
 */
import { formatPeriodKey, labelOf, WILL_PLANS } from '@wasiat/domain';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import type { ExportCell, ExportSheet } from '../../platform/http/export.ts';
import { detailBatches, detailSort, detailWhere, listTotals } from './detail.ts';
import type { DetailRow } from './detail-queries.ts';
import { H, type Lang, paymentLabel, RM, rm, STATUS_LABEL, TITLES } from './export-labels.ts';
import type { ReportQuery } from './filters.ts';
import { type ReportKind, reportRange } from './kinds.ts';
import { soaReport } from './soa.ts';
import { summaryReport } from './summary.ts';
import type { StatusCounts } from './summary-queries.ts';

/** Largest detailed list put in a PDF (a PDF of 50,000 lines helps nobody; use XLSX). */
export const PDF_MAX_ROWS = 2000;

/** The sheet (headings, rows, formats) of a report in `lang`. */
export async function reportSheet(
  db: Db,
  user: AuthUser,
  kind: ReportKind,
  q: ReportQuery,
  lang: Lang,
  forPdf = false,
): Promise<ExportSheet> {
  const h = H[lang];
  const title = TITLES[kind][lang];
  if (kind === 'soa') {
    const r = await soaReport(db, user, { ...q, limit: 1_000_000, page: 1 });
    const rows: ExportCell[][] = [
      [null, null, h.opening, null, null, null, null, rm(r.opening_balance_sen)],
      ...r.transactions.data.map((t) => [
        new Date(t.paid_at),
        t.receipt_no,
        t.record_no,
        t.testator_name,
        paymentLabel(t.payment_options_id, lang),
        t.reference,
        rm(t.amount_sen),
        rm(t.balance_sen),
      ]),
      [null, null, h.closing, null, null, null, rm(r.total_sen), rm(r.closing_balance_sen)],
    ];
    return {
      title: `${title} ${r.organization.code}`,
      headings: [h.paid_at, h.receipt, h.record_no, h.payer, h.payment, h.reference, h.amount, h.balance],
      rows: [rows],
      lang,
      numFmts: { 7: RM, 8: RM },
    } satisfies ExportSheet;
  }
  if (kind === 'detailed' || kind === 'approved-monthly' || kind === 'financing') {
    const range = reportRange(kind, q);
    const where = detailWhere(user, kind, q, range);
    const totals = await listTotals(db, user, kind, q, range, where);
    const toCells = (r: DetailRow): ExportCell[] => [
      r.wasiat_no,
      r.created_at,
      r.registered_at,
      r.testator_name,
      r.testator_ic,
      r.organization_name,
      r.branch_name,
      r.agent_name,
      r.plan ? labelOf(WILL_PLANS, r.plan, lang) : null,
      STATUS_LABEL[lang][r.status] ?? String(r.status),
      paymentLabel(r.payment_options_id, lang),
      rm(r.price_sen),
      rm(r.discount_sen),
      rm(r.paid_sen),
      // The financing report lists each application's outcome (issue 8 /dashboard/loan-bmmb).
      ...(kind === 'financing'
        ? [r.financing_status ? (h.financing[r.financing_status] ?? r.financing_status) : null, r.financing_reason]
        : []),
    ];
    const sort = detailSort(kind, q);
    async function* rows() {
      for await (const b of detailBatches(db, where, sort, forPdf ? PDF_MAX_ROWS : undefined)) yield b.map(toCells);
      yield [
        [
          h.totals,
          null,
          null,
          String(totals.count),
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          rm(totals.price_sen),
          rm(totals.discount_sen),
          rm(totals.paid_sen),
          ...(kind === 'financing' ? [null, null] : []),
        ] as ExportCell[],
      ];
    }
    return {
      title,
      headings: [
        h.wasiat_no,
        h.created_at,
        h.registered_at,
        h.testator,
        h.ic,
        h.organisation,
        h.branch,
        h.agent,
        h.plan,
        h.status,
        h.payment,
        h.price,
        h.discount,
        h.amount,
        ...(kind === 'financing' ? [h.financing_status, h.financing_reason] : []),
      ],
      rows: rows(),
      lang,
      numFmts: { 12: RM, 13: RM, 14: RM },
    } satisfies ExportSheet;
  }
  const r = await summaryReport(db, user, kind, q);
  // Per period: the wills by status, paid and collected, then the hibahs and trusts (ADR 0063).
  const line = (
    label: string,
    c: StatusCounts,
    hb: { total: number; paid: number; amount_sen: number },
  ): ExportCell[] => [
    label,
    c.total,
    c.new,
    c.in_process,
    c.approved,
    c.cancelled,
    c.paid,
    rm(c.amount_sen),
    hb.total,
    hb.paid,
    rm(hb.amount_sen),
  ];
  const label = (key: string) =>
    formatPeriodKey(r.unit === 'day' ? key : r.unit === 'month' ? key.slice(0, 7) : key.slice(0, 4), lang);
  return {
    title,
    headings: [
      h.period,
      h.total,
      h.new,
      h.in_process,
      h.approved,
      h.cancelled,
      h.paid,
      h.amount,
      h.hibah,
      h.hibah_paid,
      h.hibah_amount,
    ],
    rows: [[...r.rows.map((x, i) => line(label(x.key), x, r.hibah.rows[i])), line(h.totals, r.totals, r.hibah.totals)]],
    lang,
    numFmts: { 8: RM, 11: RM },
  } satisfies ExportSheet;
}
