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
 */

import type { Readable } from 'node:stream';
import { formatKlDateTime, formatPeriodKey, formatRinggit, labelOf, PAYMENT_TYPES, WILL_PLANS } from '@wasiat/domain';
import { and, isNotNull, type SQL } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { wills } from '../db/schema/index.ts';
import { renderPdf } from '../documents/pdf/fonts.ts';
import { CONTENT_TYPES, type ExportCell, type ExportSheet, exportStream } from '../http/export.ts';
import { pageParams, toPage } from '../http/pagination.ts';
import { klToday, type Range, type ReportQuery, resolveRange } from './filters.ts';
import { hibahSummary, hibahWhere } from './hibah.ts';
import { statementOrganisation } from './policy.ts';
import {
  branchNames,
  type DetailRow,
  detailRows,
  detailTotals,
  emptyCounts,
  KEYSET_SORTS,
  type StatusCounts,
  soaQuery,
  summaryQuery,
  willWhere,
} from './queries.ts';
import { rollupSoaTotals, rollupSummary, rollupTotals } from './rollup.ts';

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
type Lang = 'ms' | 'en';

const periodOut = (r: Range) => ({
  label: r.label,
  start: r.start?.toISOString() ?? null,
  end: r.end?.toISOString() ?? null,
});

/** Local bucket start 'YYYY-MM-DD' → UTC instant (UTC+8, no daylight saving). */
const bucketStart = (key: string) => new Date(`${key}T00:00:00+08:00`);

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
  const rows = keys.map((key) => {
    const c = data.buckets.get(key) ?? emptyCounts();
    for (const f of Object.keys(totals) as (keyof StatusCounts)[]) totals[f] += c[f];
    return { key, start: bucketStart(key).toISOString(), ...c };
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
      rows: keys.map((key) => ({
        key,
        start: bucketStart(key).toISOString(),
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
 * may see, all time and this Kuala Lumpur month. Served from the roll-ups for staff-side roles and Partners
 * (ADR 0060), from the raw rows for a Client or an Agent (their own few records).
 */
export async function dashboardSummary(db: Db, user: AuthUser) {
  const [all, month] = await Promise.all([
    summaryReport(db, user, 'yearly', { period: 'all' } as ReportQuery),
    summaryReport(db, user, 'yearly', { period: klToday().slice(0, 7) } as ReportQuery),
  ]);
  return {
    totals: all.totals,
    this_month: { period: month.period, ...month.totals },
    hibah: { totals: all.hibah.totals, this_month: { period: month.period, ...month.hibah.totals } },
  };
}

/** WHERE of a detailed list: approved = status 2 by registration time; financing = payment option 4. */
export function detailWhere(user: AuthUser, kind: DetailKind, q: ReportQuery, range: Range): SQL {
  // Approved: every will of status 2 has its approval time (wills/transitions.ts sets both at once); saying
  // so lets the all-time list start at the newest approval in the index instead of stepping over the
  // index entries of the wills never approved (NULL, last in the index = first in a backward walk).
  if (kind === 'approved-monthly')
    return and(
      willWhere(user, q, range, { status: 2, dateColumn: 'registered_at', utcBounds: true }),
      isNotNull(wills.registered_at),
    ) as SQL;
  if (kind === 'financing') return willWhere(user, q, range, { paymentOption: 4, utcBounds: true });
  return willWhere(user, q, range, { utcBounds: true });
}

/** Totals of a detailed list: from the roll-ups when they can answer (ADR 0060), else the raw rows. */
async function listTotals(db: Db, user: AuthUser, kind: DetailKind, q: ReportQuery, range: Range, where: SQL) {
  // The approved list runs on the approval time, which the roll-ups do not have — except over all time,
  // where it is every approved will (status 2, each with its approval time: see detailWhere).
  const forced = kind === 'financing' ? { paymentOption: 4 } : kind === 'approved-monthly' ? { status: 2 } : {};
  const fromRollup = kind === 'approved-monthly' && range.start ? null : await rollupTotals(db, user, q, range, forced);
  return fromRollup ?? detailTotals(db, where);
}

/**
 * Sort of a detailed list: as asked, else newest first — by approval time for the approved report (its
 * period is on the approval time, so that column is never null there and the index serves the order).
 */
export function detailSort(kind: DetailKind, q: ReportQuery) {
  const approved = kind === 'approved-monthly';
  return {
    sort: q.sort ?? (approved ? 'registered_at' : 'created_at'),
    order: q.order,
    notNull: approved ? ['registered_at'] : [],
  };
}

const serializeDetail = (r: DetailRow) => ({
  ...r,
  created_at: r.created_at.toISOString(),
  registered_at: r.registered_at?.toISOString() ?? null,
  payment_received_at: r.payment_received_at?.toISOString() ?? null,
});

/** A detailed list (paginated, sortable) with totals over the whole period. */
export async function detailReport(db: Db, user: AuthUser, kind: DetailKind, q: ReportQuery) {
  const range = reportRange(kind, q);
  const where = detailWhere(user, kind, q, range);
  const p = pageParams(q);
  const [list, totals] = await Promise.all([
    detailRows(db, where, { ...detailSort(kind, q), limit: p.per_page, offset: p.offset }),
    listTotals(db, user, kind, q, range, where),
  ]);
  return { report: kind, period: periodOut(range), rows: toPage(list.map(serializeDetail), totals.count, p), totals };
}

/**
 * The statement of account of one organisation: the paid payments of its wills and hibahs (ADR 0063) in the
 * period, with the opening balance (everything paid before), a running balance and the closing balance (sen).
 * Filters narrow the wills and hibahs as in the other reports (a will-only filter leaves no hibah, and the
 * other way round).
 * @throws 404 for an organisation the caller may not see; 422 when staff name none.
 */
export async function soaReport(db: Db, user: AuthUser, q: ReportQuery) {
  const org = await statementOrganisation(db, user, q.organization_id);
  const range = reportRange('soa', q);
  const scoped = { ...q, organization_id: org.id };
  const p = pageParams(q);
  const known = await rollupSoaTotals(db, org.id, q, range);
  const s = await soaQuery(
    db,
    willWhere(user, scoped, null),
    hibahWhere(user, scoped, null),
    range,
    { limit: p.per_page, offset: p.offset },
    known,
    // Without filters beyond the organisation (the roll-up could answer) the lines table lists the page.
    known ? org.id : null,
  );
  return {
    report: 'soa' as const,
    period: periodOut(range),
    organization: { id: org.id, name: org.name, code: org.code },
    opening_balance_sen: s.opening_balance_sen,
    total_sen: s.total_sen,
    closing_balance_sen: s.closing_balance_sen,
    transactions: toPage(
      s.transactions.map((t) => ({ ...t, paid_at: t.paid_at.toISOString() })),
      s.count,
      p,
    ),
  };
}

// ---------------------------------------------------------------------------------------------------
// Exports

const H = {
  ms: {
    period: 'Tempoh',
    total: 'Jumlah',
    new: 'Baharu',
    in_process: 'Dalam proses',
    approved: 'Diluluskan',
    cancelled: 'Dibatalkan',
    paid: 'Dibayar',
    amount: 'Amaun (RM)',
    wasiat_no: 'No. wasiat',
    record_no: 'No. wasiat / hibah',
    payer: 'Pewasiat / penghibah',
    created_at: 'Tarikh daftar',
    registered_at: 'Tarikh lulus',
    testator: 'Pewasiat',
    ic: 'No. MyKad',
    organisation: 'Organisasi',
    branch: 'Cawangan',
    agent: 'Ejen',
    plan: 'Pelan',
    status: 'Status',
    payment: 'Mod bayaran',
    price: 'Harga (RM)',
    discount: 'Diskaun (RM)',
    paid_at: 'Tarikh bayaran',
    receipt: 'No. resit',
    reference: 'Rujukan',
    balance: 'Baki (RM)',
    opening: 'Baki awal',
    closing: 'Baki akhir',
    totals: 'JUMLAH',
    hibah: 'Hibah/amanah',
    hibah_paid: 'Hibah dibayar',
    hibah_amount: 'Kutipan hibah (RM)',
    financing_status: 'Status pembiayaan',
    financing_reason: 'Sebab ditolak',
    financing: { pending: 'Dalam semakan', approved: 'Diluluskan', rejected: 'Ditolak' } as Record<string, string>,
  },
  en: {
    period: 'Period',
    total: 'Total',
    new: 'New',
    in_process: 'In process',
    approved: 'Approved',
    cancelled: 'Cancelled',
    paid: 'Paid',
    amount: 'Amount (RM)',
    wasiat_no: 'Will no.',
    record_no: 'Will / hibah no.',
    payer: 'Testator / grantor',
    created_at: 'Registered at',
    registered_at: 'Approved at',
    testator: 'Testator',
    ic: 'MyKad no.',
    organisation: 'Organisation',
    branch: 'Branch',
    agent: 'Agent',
    plan: 'Plan',
    status: 'Status',
    payment: 'Payment mode',
    price: 'Price (RM)',
    discount: 'Discount (RM)',
    paid_at: 'Paid at',
    receipt: 'Receipt no.',
    reference: 'Reference',
    balance: 'Balance (RM)',
    opening: 'Opening balance',
    closing: 'Closing balance',
    totals: 'TOTAL',
    hibah: 'Hibah/trusts',
    hibah_paid: 'Hibah paid',
    hibah_amount: 'Hibah collected (RM)',
    financing_status: 'Financing status',
    financing_reason: 'Rejection reason',
    financing: { pending: 'Under review', approved: 'Approved', rejected: 'Rejected' } as Record<string, string>,
  },
};
const TITLES: Record<ReportKind, { ms: string; en: string }> = {
  daily: { ms: 'Laporan harian', en: 'Daily report' },
  monthly: { ms: 'Laporan bulanan', en: 'Monthly report' },
  yearly: { ms: 'Laporan tahunan', en: 'Yearly report' },
  detailed: { ms: 'Laporan terperinci', en: 'Detailed report' },
  'approved-monthly': { ms: 'Laporan kelulusan bulanan', en: 'Approved monthly report' },
  soa: { ms: 'Penyata akaun', en: 'Statement of account' },
  financing: { ms: 'Laporan pembiayaan', en: 'Financing report' },
  graph: { ms: 'Laporan graf', en: 'Graph report' },
};
const STATUS_LABEL = {
  ms: ['Baharu', 'Dalam proses', 'Diluluskan', 'Dibatalkan'],
  en: ['New', 'In process', 'Approved', 'Cancelled'],
};
/** A payment type in `lang` (the domain's catalogue; never the code or an English word in a Malay file). */
const paymentLabel = (id: number | null, lang: Lang) => (id ? labelOf(PAYMENT_TYPES, id, lang) : null);
const RM = '#,##0.00';
const rm = (sen: number) => Math.round(sen) / 100;

/** An export of a report as a file: name, content type, body (stream for CSV/XLSX, Buffer for PDF). */
export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
}

/** Largest detailed list put in a PDF (a PDF of 50,000 lines helps nobody; use XLSX). */
export const PDF_MAX_ROWS = 2000;
const EXPORT_BATCH = 5000;

/**
 * The lines of a detailed list in batches of `size` ({@link EXPORT_BATCH}), each read while the previous one is
 * written. The usual sorts (newest first by creation or, in the approved report, approval time) continue each
 * batch after the previous one's last line (keyset: one index range per batch); other sorts skip with OFFSET.
 */
export async function* detailBatches(
  db: Db,
  where: SQL,
  sort: ReturnType<typeof detailSort>,
  max = Number.POSITIVE_INFINITY,
  size = EXPORT_BATCH,
) {
  const key =
    KEYSET_SORTS[sort.sort] && (sort.sort === 'created_at' || sort.notNull.includes(sort.sort)) ? sort.sort : null;
  const fetch = (offset: number, after?: { value: Date; id: string }) =>
    detailRows(db, where, { ...sort, limit: Math.min(size, max - offset), offset, after });
  let offset = 0;
  let next: Promise<DetailRow[]> | null = fetch(0);
  while (next) {
    const list: DetailRow[] = await next;
    if (list.length === 0) return;
    offset += size;
    const last = list[list.length - 1];
    const value = key === 'registered_at' ? last.registered_at : key === 'created_at' ? last.created_at : null;
    // The next batch is read while this one is written (the database and the writer overlap).
    next = list.length < size || offset >= max ? null : fetch(offset, value ? { value, id: last.id } : undefined);
    yield list;
  }
}

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
        t.wasiat_no ?? t.hibah_number,
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

/** Collect every row of a sheet (for the PDF). */
async function allRows(sheet: ExportSheet): Promise<ExportCell[][]> {
  const out: ExportCell[][] = [];
  for await (const b of sheet.rows) out.push(...b);
  return out;
}

/**
 * The report as a file in `format`: XLSX streamed by exceljs's WorkbookWriter, CSV streamed, PDF
 * (pdfmake, landscape A4; at most {@link PDF_MAX_ROWS} detailed lines). Amounts in ringgit, times as
 * dates (XLSX: Kuala Lumpur wall-clock dates shown as day, short month, 2-digit year, hour:minute; CSV: ISO 8601
 * UTC; PDF: Kuala Lumpur local time, DESIGN.md §7).
 */
export async function exportReport(
  db: Db,
  user: AuthUser,
  kind: ReportKind,
  q: ReportQuery,
  format: 'xlsx' | 'csv' | 'pdf',
  lang: Lang,
): Promise<ReportFile> {
  const range = reportRange(kind, q);
  const base = `report-${kind}-${range.label.replace(/[^0-9a-z-]+/gi, '_')}`;
  const sheet = await reportSheet(db, user, kind, q, lang, format === 'pdf');
  if (format !== 'pdf') {
    return { filename: `${base}.${format}`, contentType: CONTENT_TYPES[format], body: exportStream(format, sheet) };
  }
  const rows = await allRows(sheet);
  const money = new Set(
    Object.entries(sheet.numFmts ?? {})
      .filter(([, f]) => f === RM)
      .map(([i]) => Number(i) - 1),
  );
  const cell = (c: ExportCell, i: number) => ({
    text:
      c instanceof Date
        ? formatKlDateTime(c, lang)
        : typeof c === 'number' && money.has(i)
          ? formatRinggit(Math.round(c * 100)).replace('RM ', '')
          : c === null
            ? ''
            : String(c),
    alignment: typeof c === 'number' ? ('right' as const) : ('left' as const),
  });
  const body = await renderPdf({
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [24, 28, 24, 28],
    defaultStyle: { fontSize: sheet.headings.length > 10 ? 6.5 : 8 },
    content: [
      { text: sheet.title, bold: true, fontSize: 13, color: '#0b5d3b' },
      {
        text: `${H[lang].period}: ${range.label}${range.start ? ` (${formatKlDateTime(range.start, lang)} – ${formatKlDateTime(range.end, lang)})` : ''}`,
        margin: [0, 2, 0, 8],
      },
      {
        table: {
          headerRows: 1,
          widths: sheet.headings.map(() => '*'),
          body: [sheet.headings.map((x) => ({ text: x, bold: true })), ...rows.map((r) => r.map(cell))],
        },
        layout: 'lightHorizontalLines',
      },
      {
        text: `${lang === 'en' ? 'Generated' : 'Dijana'}: ${formatKlDateTime(new Date())}`,
        fontSize: 6,
        color: '#666666',
        margin: [0, 6, 0, 0],
      },
    ],
  });
  return { filename: `${base}.pdf`, contentType: CONTENT_TYPES.pdf, body };
}
