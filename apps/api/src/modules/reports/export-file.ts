/**
 * A report as a downloadable file (`format=xlsx|csv|pdf`; issue 8, reference §2.13): {@link ReportFile}
 * `{ filename, contentType, body }` — XLSX and CSV streamed from the sheet of export-sheet.ts, PDF rendered
 * whole (pdfmake, landscape A4). Amounts in ringgit; dates in Kuala Lumpur time in XLSX and PDF, ISO 8601
 * UTC in CSV (DESIGN.md §7).
 */
import type { Readable } from 'node:stream';
import { formatKlDateTime, formatRinggit } from '@wasiat/domain';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { CONTENT_TYPES, type ExportCell, type ExportSheet, exportStream } from '../../platform/http/export.ts';
import { renderPdf, TAG_STYLE } from '../documents/index.ts';
import { H, type Lang, RM } from './export-labels.ts';
import { reportSheet } from './export-sheet.ts';
import type { ReportQuery } from './filters.ts';
import { type ReportKind, reportRange } from './kinds.ts';
import { fitTable } from './pdf-table.ts';

/** An export of a report as a file: name, content type, body (stream for CSV/XLSX, Buffer for PDF). */
export interface ReportFile {
  filename: string;
  contentType: string;
  body: Buffer | Readable;
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
  const fontSize = sheet.headings.length > 10 ? 6.5 : 8;
  // A4 landscape is 841.89 pt wide; less the margins of 24 pt a side.
  const table = fitTable(
    sheet.headings,
    rows.map((r) => r.map(cell)),
    fontSize,
    841.89 - 48,
  );
  const body = await renderPdf({
    info: { title: sheet.title },
    language: lang === 'en' ? 'en-MY' : 'ms-MY',
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [24, 28, 24, 28],
    defaultStyle: { fontSize },
    content: [
      { text: sheet.title, bold: true, fontSize: 13, color: '#0b5d3b', style: TAG_STYLE.h1 },
      {
        text: `${H[lang].period}: ${range.label}${range.start ? ` (${formatKlDateTime(range.start, lang)} – ${formatKlDateTime(range.end, lang)})` : ''}`,
        margin: [0, 2, 0, 8],
      },
      {
        table: { headerRows: 1, widths: table.widths, body: table.body },
        layout: table.layout,
      },
      {
        text: `${lang === 'en' ? 'Generated' : 'Dijana'}: ${formatKlDateTime(new Date(), lang)}`,
        fontSize: 6,
        color: '#666666',
        margin: [0, 6, 0, 0],
      },
    ],
  });
  return { filename: `${base}.pdf`, contentType: CONTENT_TYPES.pdf, body };
}
