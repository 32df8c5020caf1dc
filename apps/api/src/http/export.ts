/**
 * File exports shared by the modules (promo codes, reports): CSV by csv-stringify, XLSX by exceljs's
 * streaming `WorkbookWriter` (rows are committed as they come, so a 50,000-row sheet is never held in
 * memory as a workbook), and a Fastify helper to send a file with its download name (DESIGN.md §8
 * "Tables, exports").
 *
 * Rows are given as an (async) iterable of batches, so a caller can page through the database.
 * Cells: string | number | Date | null (a Date is written as an Excel date; in CSV as ISO 8601 UTC).
 */
import { PassThrough, type Readable } from 'node:stream';
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
  headings: string[];
  rows: RowBatches;
  /** e.g. `{ 2: '#,##0.00', 3: 'yyyy-mm-dd hh:mm' }`. */
  numFmts?: Record<number, string>;
  /** Column width in characters (default 18). */
  width?: number;
}

/** ISO 8601 UTC without milliseconds, or ''. */
export const isoUtc = (d: Date | null | undefined) => (d ? d.toISOString().replace(/\.\d{3}Z$/, 'Z') : '');

const csvCell = (c: ExportCell) => (c instanceof Date ? isoUtc(c) : (c ?? ''));

/** CSV (UTF-8 with BOM, so Excel reads Malay text correctly) as a stream. */
export function csvStream(sheet: ExportSheet): Readable {
  const out = stringify();
  const body = new PassThrough();
  body.write('\ufeff');
  out.pipe(body);
  void (async () => {
    try {
      out.write(sheet.headings);
      for await (const batch of sheet.rows) {
        for (const r of batch) {
          if (!out.write(r.map(csvCell))) await new Promise((res) => out.once('drain', res));
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
          const row = ws.addRow(r.map((c) => c ?? ''));
          row.eachCell((cell, col) => {
            cell.style = styles[col - 1] ?? plain;
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
  for await (const batch of sheet.rows) for (const r of batch) ws.addRow(r.map((c) => c ?? ''));
  for (const [col, fmt] of Object.entries(sheet.numFmts ?? {})) ws.getColumn(Number(col)).numFmt = fmt;
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
