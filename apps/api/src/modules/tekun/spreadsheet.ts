/**
 * Reading the certificate spreadsheet of a bulk upload (issue 10): XLSX by exceljs, CSV by csv-parse.
 * Columns (first row = headings, in Malay or English, any order): member name (`member_name`, "Nama",
 * "Nama Ahli"), MyKad (`ic_number`, "MyKad", "No. KP"), certificate number (`certificate_no`,
 * "No. Sijil"), issue date (`issue_date`, "Tarikh Keluaran"; a date cell, 'YYYY-MM-DD' or 'DD/MM/YYYY').
 * A numeric MyKad cell (a spreadsheet drops leading zeros) is padded back to 12 digits.
 */

import { PG } from '@wasiat/domain';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { fieldError } from '../../platform/http/errors.ts';

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

/**
 * The rows of an XLSX (first worksheet) or CSV file (UTF-8, optional BOM, comma or semicolon).
 * @throws 422 `programmes.spreadsheet_invalid` / `programmes.spreadsheet_empty` on `document`.
 */
export async function readSpreadsheet(data: Buffer): Promise<SheetRow[]> {
  if (isZip(data)) {
    const wb = new ExcelJS.Workbook();
    try {
      await wb.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw fieldError('document', PG.spreadsheetInvalid);
    }
    const ws = wb.worksheets[0];
    if (!ws) throw fieldError('document', PG.spreadsheetEmpty);
    const table: unknown[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const vals = row.values as unknown[];
      table[n - 1] = vals.slice(1);
    });
    return toRows(Array.from(table, (r) => r ?? []));
  }
  const text = data.toString('utf8').replace(/^\ufeff/, '');
  if (text.includes('\u0000')) throw fieldError('document', PG.spreadsheetInvalid);
  const first = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (first.match(/;/g)?.length ?? 0) > (first.match(/,/g)?.length ?? 0) ? ';' : ',';
  let table: string[][];
  try {
    table = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    throw fieldError('document', PG.spreadsheetInvalid);
  }
  return toRows(table);
}
