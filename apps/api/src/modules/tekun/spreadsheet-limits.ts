/**
 * Limits checked on an uploaded spreadsheet before any parser reads it (issue 36 item 5; ADR 0229): a 1.4 MB
 * "zip bomb" XLSX used to be inflated and parsed for 11 s before it was refused. Here, with jszip (the library
 * exceljs itself reads the file with, so both see the same entries):
 * 1. at most {@link MAX_XLSX_ENTRIES} files in the zip;
 * 2. the uncompressed sizes its central directory declares add up to at most {@link MAX_XLSX_UNCOMPRESSED} —
 *    a bomb that declares its size is refused here without inflating anything;
 * 3. the entries are inflated (Node's zlib, off the event loop) with that same budget and stopped as soon as it is
 *    passed — a bomb that declares small sizes is stopped after at most the budget;
 * 4. the worksheets hold at most {@link MAX_SHEET_ROWS} `<row>` and {@link MAX_SHEET_CELLS} `<c>` elements.
 * A CSV holds at most {@link MAX_SHEET_ROWS} lines. Parsing itself then runs in the untrusted-file worker with a
 * time limit (platform/files/untrusted-worker.ts).
 */
import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import { MAX_UPLOAD_ROWS, PG } from '@wasiat/domain';
import JSZip from 'jszip';
import { fieldError } from '../../platform/http/errors.ts';

/** Uncompressed bytes of all entries of an XLSX: 8 MB, about ten times a 2,000-row sheet made by Excel. */
export const MAX_XLSX_UNCOMPRESSED = 8 * 1024 * 1024;
/** Files in an XLSX zip (a workbook of a few sheets has about 15). */
export const MAX_XLSX_ENTRIES = 200;
/** Row elements over all worksheets, or lines of a CSV: the data rows, a heading, and 99 spare (blank rows). */
export const MAX_SHEET_ROWS = MAX_UPLOAD_ROWS + 100;
/** Cell elements over all worksheets: 25 columns of {@link MAX_SHEET_ROWS} rows. */
export const MAX_SHEET_CELLS = MAX_SHEET_ROWS * 25;

const tooLarge = () =>
  fieldError('document', PG.spreadsheetTooLarge, { mb: MAX_XLSX_UNCOMPRESSED / 1024 / 1024, max: MAX_UPLOAD_ROWS });
const tooManyRows = () => fieldError('document', PG.tooManyRows, { max: MAX_UPLOAD_ROWS });
const invalid = () => fieldError('document', PG.spreadsheetInvalid);

/** What jszip keeps of an entry's zip record on its private `_data` (jszip 3: `CompressedObject`). */
interface ZipRecord {
  uncompressedSize?: unknown;
  compressedContent?: unknown;
  compression?: { magic?: unknown };
}
const recordOf = (entry: JSZip.JSZipObject) => (entry as unknown as { _data?: ZipRecord })._data;

/** The size an entry's central directory record declares (0 when jszip does not say). */
const declaredSize = (entry: JSZip.JSZipObject) => {
  const size = recordOf(entry)?.uncompressedSize;
  return typeof size === 'number' && size > 0 ? size : 0;
};

const inflateRawAsync = promisify(inflateRaw);
const DEFLATE = '\x08\x00';
const STORED = '\x00\x00';

/**
 * Inflate one entry, giving up (422 too large) as soon as it passes `budget` bytes: with Node's zlib on the
 * thread pool (`maxOutputLength`) for the usual deflated or stored entry, else with jszip's own stream.
 */
async function inflateWithin(entry: JSZip.JSZipObject, budget: number): Promise<Buffer> {
  const record = recordOf(entry);
  const content = record?.compressedContent;
  const method = record?.compression?.magic;
  if (content instanceof Uint8Array && method === STORED) {
    if (content.length > budget) throw tooLarge();
    return Buffer.from(content);
  }
  if (content instanceof Uint8Array && method === DEFLATE) {
    let out: Buffer;
    try {
      out = await inflateRawAsync(content, { maxOutputLength: Math.max(budget, 1) });
    } catch (err) {
      throw (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? tooLarge() : invalid();
    }
    if (out.length > budget) throw tooLarge();
    return out;
  }
  return streamWithin(entry, budget);
}

/** Inflate one entry with jszip's stream, destroyed (and so paused) once it passes `budget` bytes. */
function streamWithin(entry: JSZip.JSZipObject, budget: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stream = entry.nodeStream('nodebuffer') as Readable;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > budget) {
        stream.destroy();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', () => reject(invalid()));
  });
}

/** Occurrences of `re` (global) in `text`, counted up to `stop` (the count then is `stop`). */
function count(text: string, re: RegExp, stop: number): number {
  let n = 0;
  re.lastIndex = 0;
  while (n < stop && re.exec(text)) n++;
  return n;
}

/**
 * Check an XLSX against the limits of the module comment, inflating nothing beyond them.
 * @throws 422 on `document`: `programmes.spreadsheet_too_large` (entries, bytes), `programmes.too_many_rows`
 *   (rows), `programmes.spreadsheet_too_large` (cells), `programmes.spreadsheet_invalid` (not a readable zip).
 */
export async function checkXlsxLimits(data: Buffer): Promise<void> {
  let zip: JSZip;
  try {
    zip = await JSZip.loadAsync(data);
  } catch {
    throw invalid();
  }
  const entries = Object.values(zip.files).filter((e) => !e.dir);
  if (entries.length > MAX_XLSX_ENTRIES) throw tooLarge();
  if (entries.reduce((sum, e) => sum + declaredSize(e), 0) > MAX_XLSX_UNCOMPRESSED) throw tooLarge();
  let total = 0;
  let rows = 0;
  let cells = 0;
  for (const entry of entries) {
    const bytes = await inflateWithin(entry, MAX_XLSX_UNCOMPRESSED - total);
    total += bytes.length;
    if (!/\.xml$/i.test(entry.name)) continue;
    const text = bytes.toString('latin1');
    rows += count(text, /<row[\s>/]/g, MAX_SHEET_ROWS + 1);
    cells += count(text, /<c[\s>/]/g, MAX_SHEET_CELLS + 1);
  }
  if (rows > MAX_SHEET_ROWS) throw tooManyRows();
  if (cells > MAX_SHEET_CELLS) throw tooLarge();
}

/** Check a CSV's text: at most {@link MAX_SHEET_ROWS} lines. @throws 422 `programmes.too_many_rows` on `document`. */
export function checkCsvLimits(text: string): void {
  if (count(text, /\n/g, MAX_SHEET_ROWS) >= MAX_SHEET_ROWS) throw tooManyRows();
}
