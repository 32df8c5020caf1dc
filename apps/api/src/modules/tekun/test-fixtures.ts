/**
 * Fixtures for the programme tests (issue 10): certificate spreadsheets built with exceljs (XLSX) or as
 * CSV text, and small PDF files (the "%PDF-" magic bytes file-type recognises). Shared by the API tests;
 * the Playwright journey builds its own in the browser's upload.
 */
import ExcelJS from 'exceljs';

export type CertRow = [name: string, ic: string, certNo: string, issueDate: string | Date];

export const HEADINGS = ['Nama Ahli', 'No. KP', 'No. Sijil', 'Tarikh Keluaran'];

/** An XLSX workbook with the heading row and `rows` (MyKad written as text, dates as given). */
export async function certificateXlsx(rows: CertRow[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sijil');
  ws.addRow(HEADINGS);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same as CSV (comma separated, UTF-8). */
export const certificateCsv = (rows: CertRow[]) =>
  Buffer.from(
    [
      HEADINGS.join(','),
      ...rows.map((r) => r.map((c) => (c instanceof Date ? c.toISOString().slice(0, 10) : c)).join(',')),
    ].join('\n'),
  );

/** A tiny but well-formed one-page PDF naming the certificate. */
export function certificatePdf(certNo: string): Buffer {
  const text = `BT /F1 18 Tf 72 720 Td (Sijil ${certNo}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A PNG's first bytes (not a PDF by content). */
export const notPdf = () => Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');

/** A multipart form: `document` = the spreadsheet, `certificates[]` = the PDFs. */
export function uploadForm(
  sheet: { name: string; data: Buffer },
  pdfs: { name: string; data: Buffer }[],
  extra: Record<string, string> = {},
) {
  const f = new FormData();
  for (const [k, v] of Object.entries(extra)) f.append(k, v);
  f.append('document', new Blob([new Uint8Array(sheet.data)]), sheet.name);
  for (const p of pdfs)
    f.append('certificates[]', new Blob([new Uint8Array(p.data)], { type: 'application/pdf' }), p.name);
  return f;
}
