/**
 * File exports shared by the modules (promo codes, reports): CSV by csv-stringify, XLSX by exceljs's
 * streaming `WorkbookWriter` (rows are committed as they come, so a 50,000-row sheet is never held in
 * memory as a workbook), and a Fastify helper to send a file with its download name (DESIGN.md §8
 * "Tables, exports").
 *
 * Rows are given as an (async) iterable of batches, so a caller can page through the database.
 * Cells: string | number | Date | null. Dates follow spec §9 / DESIGN.md §7 in the requester's language
 * (issue 17 item 9; ADR 0159): in CSV the text "23 Nov 26, 14:05" (Asia/Kuala_Lumpur, months in `lang`);
 * in XLSX a real Excel date holding the Kuala Lumpur wall-clock time (Excel dates have no time zone), shown
 * as `dd mmm yy hh:mm`, so the sheet still sorts and filters by date.
 */
import { PassThrough, type Readable } from 'node:stream';
import { formatKlDateTime, KL_OFFSET_MS, type Language } from '@wasiat/domain';
import { stringify } from 'csv-stringify';
import ExcelJS from 'exceljs';
import type { FastifyReply } from 'fastify';

export type ExportCell = string | number | Date | null;
export type ExportFormat = 'csv' | 'xlsx';
export type RowBatches = Iterable<ExportCell[][]> | AsyncIterable<ExportCell[][]>;

export const CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const;

/** A sheet to export: its title, the bold heading row, the rows and per-column number formats (1-based). */
export interface ExportSheet {
  title: string;
  /** The requester's language: the dates' month names (CSV); headings and values are given translated. */
  lang: Language;
  headings: string[];
  rows: RowBatches;
  /** e.g. `{ 2: '#,##0.00', 3: 'yyyy-mm-dd hh:mm' }`. */
  numFmts?: Record<number, string>;
  /** Column width in characters (default 18). */
  width?: number;
}

/** Excel's format of every date cell: day, short month, 2-digit year, hour:minute (spec §9). */
export const XLSX_DATE_FORMAT = 'dd mmm yy hh:mm';
const DATE_STYLE = Object.freeze({ numFmt: XLSX_DATE_FORMAT }) as Partial<ExcelJS.Style>;

/** A date as the Kuala Lumpur wall-clock time in an Excel date (which has no time zone). */
const klWallClock = (d: Date) => new Date(d.getTime() + KL_OFFSET_MS);

const csvCell = (c: ExportCell, lang: Language) => (c instanceof Date ? formatKlDateTime(c, lang) : (c ?? ''));

/**
 * The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection": `=`, `+`, `-`,
 * `@`, tab, carriage return; and the full-width forms Apple Numbers normalises), as csv-stringify's
 * `escape_formulas` knows them (issue 36 item 1; ADR 0226).
 */
export const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The options of the ONE CSV writer (every CSV export goes through {@link csvStream}): csv-stringify's
 * `escape_formulas` prefixes a text cell starting with {@link FORMULA_START} with a single quote `'`, and the cast
 * quotes that cell (OWASP: "prefix with a single quote and wrap the cell in double quotes"). A negative number
 * given as a typed `number` (the product's own amounts) stays a number (csv-stringify leaves `-` of a number
 * alone); a string from a user beginning with `-` is escaped like the rest (ADR 0226).
 */
export const CSV_OPTIONS = {
  escape_formulas: true,
  cast: { string: (v: string) => (FORMULA_START.test(v) ? { value: v, quoted: true } : v) },
} as const;

/**
 * CSV (UTF-8 with BOM, so Excel reads Malay text correctly) as a stream. A cell that would start a formula
 * is written as text (`'=…`, quoted; {@link CSV_OPTIONS}).
 */
export function csvStream(sheet: ExportSheet): Readable {
  const out = stringify(CSV_OPTIONS);
  const body = new PassThrough();
  body.write('\ufeff');
  out.pipe(body);
  void (async () => {
    try {
      out.write(sheet.headings);
      for await (const batch of sheet.rows) {
        for (const r of batch) {
          if (!out.write(r.map((c) => csvCell(c, sheet.lang)))) await new Promise((res) => out.once('drain', res));
        }
      }
      out.end();
    } catch (e) {
      body.destroy(e as Error);
    }
  })();
  return body;
}

/**
 * XLSX written by the streaming WorkbookWriter into the returned stream. Inline strings (no shared-strings
 * table held in memory). Each column's number format is ONE frozen style object given to every cell of the
 * column: exceljs caches a style by object identity, so a row costs no style serialisation (a column style
 * would be copied into a new object per cell and serialised again for each — two thirds of the CPU time of
 * a 50,000-row export, measured by bench/reports.ts).
 */
export function xlsxStream(sheet: ExportSheet): Readable {
  const body = new PassThrough();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: body, useStyles: true, useSharedStrings: false });
  wb.creator = 'Wasiat platform';
  const ws = wb.addWorksheet(sheet.title.slice(0, 31));
  ws.columns = sheet.headings.map((h) => ({ header: h, width: sheet.width ?? 18 }));
  ws.getRow(1).font = { bold: true };
  ws.getRow(1).commit();
  const plain = Object.freeze({});
  const styles = sheet.headings.map((_, i) =>
    sheet.numFmts?.[i + 1] ? Object.freeze({ numFmt: sheet.numFmts[i + 1] }) : plain,
  ) as Partial<ExcelJS.Style>[];
  void (async () => {
    try {
      for await (const batch of sheet.rows) {
        for (const r of batch) {
          const row = ws.addRow(r.map((c) => (c instanceof Date ? klWallClock(c) : (c ?? ''))));
          row.eachCell((cell, col) => {
            cell.style = r[col - 1] instanceof Date ? DATE_STYLE : (styles[col - 1] ?? plain);
          });
          row.commit();
        }
        // let the consumer drain between batches
        if (body.writableNeedDrain) await new Promise((res) => body.once('drain', res));
      }
      ws.commit();
      await wb.commit();
    } catch (e) {
      body.destroy(e as Error);
    }
  })();
  return body;
}

/** The export as a stream in `format`. */
export const exportStream = (format: ExportFormat, sheet: ExportSheet) =>
  format === 'csv' ? csvStream(sheet) : xlsxStream(sheet);

/** Collect a stream into one Buffer (small exports, tests). */
export async function streamToBuffer(s: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

/**
 * The export as bytes in `format`, for small files (promo codes): CSV as above; XLSX built in memory
 * with `ExcelJS.Workbook` (it keeps empty-string cells, which the streaming writer drops).
 */
export async function exportBuffer(format: ExportFormat, sheet: ExportSheet): Promise<Buffer> {
  if (format === 'csv') return streamToBuffer(csvStream(sheet));
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Wasiat platform';
  const ws = wb.addWorksheet(sheet.title.slice(0, 31));
  ws.addRow(sheet.headings).font = { bold: true };
  const dateCells: ExcelJS.Cell[] = [];
  for await (const batch of sheet.rows)
    for (const r of batch) {
      const row = ws.addRow(r.map((c) => (c instanceof Date ? klWallClock(c) : (c ?? ''))));
      r.forEach((c, i) => {
        if (c instanceof Date) dateCells.push(row.getCell(i + 1));
      });
    }
  for (const [col, fmt] of Object.entries(sheet.numFmts ?? {})) ws.getColumn(Number(col)).numFmt = fmt;
  for (const cell of dateCells) cell.numFmt = XLSX_DATE_FORMAT;
  ws.columns.forEach((c) => {
    c.width = sheet.width ?? 18;
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Send a file download: content type, `attachment; filename=…`, body (Buffer or stream). */
export function sendDownload(
  reply: FastifyReply,
  file: { filename: string; contentType: string; body: Buffer | Readable },
) {
  return reply
    .header('Content-Type', file.contentType)
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'no-store')
    .send(file.body);
}
