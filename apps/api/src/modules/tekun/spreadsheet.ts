/**
 * Reading the certificate spreadsheet of a bulk upload (issue 10): XLSX by exceljs, CSV by csv-parse.
 * Columns (first row = headings, in Malay or English, any order): member name (`member_name`, "Nama",
 * "Nama Ahli"), MyKad (`ic_number`, "MyKad", "No. KP"), certificate number (`certificate_no`,
 * "No. Sijil"), issue date (`issue_date`, "Tarikh Keluaran"; a date cell, 'YYYY-MM-DD' or 'DD/MM/YYYY').
 * A numeric MyKad cell (a spreadsheet drops leading zeros) is padded back to 12 digits.
 *
 * Untrusted input (issue 36 item 5; ADR 0229): the file is checked against size and row limits before any parser
 * sees it (spreadsheet-limits.ts), then parsed in the untrusted-file worker within a time limit
 * (platform/files/untrusted-worker.ts); a formula cell on the sheet is refused, naming the cell.
 */

import { MAX_UPLOAD_ROWS, PG } from '@wasiat/domain';
import { parseUntrusted, UntrustedFileError } from '../../platform/files/untrusted-worker.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { checkCsvLimits, checkXlsxLimits, MAX_XLSX_UNCOMPRESSED } from './spreadsheet-limits.ts';

/** One spreadsheet row as text, with its 1-based row number in the file (heading = row 1). */
export interface SheetRow {
  row_no: number;
  member_name: string;
  ic_number: string;
  certificate_no: string;
  issue_date: string;
}

type Column = Exclude<keyof SheetRow, 'row_no'>;

const HEADINGS: Record<string, Column> = {
  membername: 'member_name',
  name: 'member_name',
  nama: 'member_name',
  namaahli: 'member_name',
  icnumber: 'ic_number',
  mykad: 'ic_number',
  mykadnumber: 'ic_number',
  nokp: 'ic_number',
  nokadpengenalan: 'ic_number',
  ic: 'ic_number',
  certificateno: 'certificate_no',
  certificatenumber: 'certificate_no',
  nosijil: 'certificate_no',
  nomborsijil: 'certificate_no',
  issuedate: 'issue_date',
  tarikhkeluaran: 'issue_date',
  tarikhsijil: 'issue_date',
  tarikh: 'issue_date',
};

const norm = (h: string) => h.toLowerCase().replace(/[^a-z0-9]/g, '');

/** A date cell or text as 'YYYY-MM-DD' when recognisable ('DD/MM/YYYY' or 'DD-MM-YYYY' converted), else as given. */
function dateText(v: unknown): string {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? '' : v.toISOString().slice(0, 10);
  const s = String(v ?? '').trim();
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return `${m[3]}-${m[2].padStart(2, '0')}-${m[1].padStart(2, '0')}`;
  return s.slice(0, 10) === s ? s : s.replace(/T.*$/, '');
}

function cellText(v: unknown, col: Column): string {
  if (v === null || v === undefined) return '';
  if (col === 'issue_date') return dateText(v);
  if (typeof v === 'number') return col === 'ic_number' ? String(Math.trunc(v)).padStart(12, '0') : String(v);
  if (typeof v === 'object' && v !== null) {
    const o = v as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (o.richText)
      return o.richText
        .map((r) => r.text)
        .join('')
        .trim();
    if (o.text !== undefined) return String(o.text).trim();
    if (o.result !== undefined) return cellText(o.result, col);
    const e = v as { error?: unknown };
    // An error cell (`#N/A`) reads as its code; any other object as nothing, never "[object Object]".
    return e.error !== undefined ? String(e.error) : '';
  }
  return String(v).trim();
}

function toRows(table: unknown[][]): SheetRow[] {
  const [head, ...body] = table;
  if (!head) throw fieldError('document', PG.spreadsheetEmpty);
  const map = new Map<number, Column>();
  head.forEach((h, i) => {
    const c = HEADINGS[norm(String(h ?? ''))];
    if (c && ![...map.values()].includes(c)) map.set(i, c);
  });
  if (map.size < 4) throw fieldError('document', PG.spreadsheetInvalid);
  const rows: SheetRow[] = [];
  body.forEach((cells, idx) => {
    const r: SheetRow = { row_no: idx + 2, member_name: '', ic_number: '', certificate_no: '', issue_date: '' };
    for (const [i, c] of map) r[c] = cellText(cells[i], c);
    if (r.member_name || r.ic_number || r.certificate_no || r.issue_date) rows.push(r);
  });
  if (!rows.length) throw fieldError('document', PG.spreadsheetEmpty);
  return rows;
}

/** Whether the bytes are a ZIP container (XLSX). */
const isZip = (b: Buffer) => b.length > 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** What the worker reads of an XLSX (untrusted.worker.mjs): the first sheet's values, its formula cells. */
interface XlsxResult {
  table: unknown[][];
  formulas: { row: number; col: number; address: string }[];
}

/** Run a parse in the untrusted-file worker; its refusals as 422 on `document`. */
async function inWorker<T>(task: 'xlsx' | 'csv', data: Buffer, extra?: Record<string, string>): Promise<T> {
  try {
    return await parseUntrusted<T>(task, data, extra);
  } catch (err) {
    if (!(err instanceof UntrustedFileError)) throw err;
    if (err.reason === 'unreadable') throw fieldError('document', PG.spreadsheetInvalid);
    throw fieldError('document', PG.spreadsheetTooLarge, {
      mb: MAX_XLSX_UNCOMPRESSED / 1024 / 1024,
      max: MAX_UPLOAD_ROWS,
    });
  }
}

/**
 * The rows of an XLSX (first worksheet) or CSV file (UTF-8, optional BOM, comma or semicolon).
 * Source of the limits: issue 36 item 5 (spreadsheet-limits.ts).
 * @throws 422 on `document`: `programmes.spreadsheet_invalid` / `programmes.spreadsheet_empty`;
 *   `programmes.spreadsheet_too_large` (over the size/cell limits or the parse time limit);
 *   `programmes.too_many_rows` (over the row limit, `max`); `programmes.spreadsheet_formula` (`cell`: the first
 *   formula cell of the sheet, e.g. "B7").
 */
export async function readSpreadsheet(data: Buffer): Promise<SheetRow[]> {
  if (isZip(data)) {
    await checkXlsxLimits(data);
    const { table, formulas } = await inWorker<XlsxResult>('xlsx', data);
    if (formulas.length) throw fieldError('document', PG.spreadsheetFormula, { cell: formulas[0].address });
    if (!table.length) throw fieldError('document', PG.spreadsheetEmpty);
    return toRows(table);
  }
  const text = data.toString('utf8').replace(/^\ufeff/, '');
  if (text.includes('\u0000')) throw fieldError('document', PG.spreadsheetInvalid);
  checkCsvLimits(text);
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  const { table } = await inWorker<{ table: string[][] }>('csv', Buffer.from(text, 'utf8'), { delimiter });
  return toRows(table);
}
