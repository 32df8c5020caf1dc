/**
 * The worker thread that parses untrusted uploads (issue 36 item 5; ADR 0229), started by untrusted-worker.ts.
 * Plain JavaScript: a Node 20 worker cannot load a `.ts` entry through the tsx hooks the API runs with.
 * Parsing here keeps the API's event loop free (health checks, other requests); the main side limits its time
 * and memory and ends this thread when a file takes too long.
 *
 * Messages in: `{ id, task: 'xlsx' | 'csv' | 'pdf', data: Uint8Array, delimiter? }`.
 * Messages out: `'ready'` once loaded, then `{ id, ok: true, result }` or `{ id, ok: false, reason }`:
 * - `xlsx` → `{ table: unknown[][], formulas: { row, col, address }[] }` (first worksheet, cell values as exceljs
 *   gives them; `formulas` = every formula cell of that sheet, in row order), reason `unreadable`;
 * - `csv` → `{ table: string[][] }` (UTF-8 text, `delimiter`), reason `unreadable`;
 * - `pdf` → `{ verdict: 'clean' }` or `{ verdict: 'active', found }` (what was found: a name such as
 *   `/JavaScript`, or `html`), reason `unreadable` (pdf-lib cannot parse it, or a compressed object stream it
 *   cannot decode and so cannot inspect).
 */
import { parentPort } from 'node:worker_threads';

/** PDF names that carry active content or files (ISO 32000-1 §12.6 actions, §7.11 embedded files, XFA). */
const ACTIVE_NAMES = new Set([
  'JavaScript',
  'JS',
  'Launch',
  'EmbeddedFile',
  'EmbeddedFiles',
  'FileAttachment',
  'RichMedia',
  'GoToE',
  'XFA',
]);
const ACTIVE_IN_TEXT =
  /\/(JavaScript|JS|Launch|EmbeddedFiles?|FileAttachment|RichMedia|GoToE|XFA)(?=[\s/<>[\]()%{}]|$)/;

/**
 * HTML a browser would act on if it ever read the bytes as a page (a PDF+HTML polyglot): the tags that run or
 * load something or frame a page (names of three letters or more, so compressed binary data does not match by
 * chance), an element with an event handler attribute, or a `javascript:` address.
 */
const HTML_MARKUP =
  /<(?:!doctype|html|head|body|script|iframe|frame|frameset|object|embed|applet|svg|math|img|video|audio|style|link|meta|base|form|input|button|textarea|select|details|marquee|template|xmp|plaintext|noscript|title)[\s/>]|<[a-z][a-z0-9-]*\s[^<>]{0,200}?\bon[a-z]{3,}\s*=|javascript:/i;

/** A PDF name with every `#xx` escape decoded (pdf-lib decodes upper-case hex only; readers decode both). */
const plainName = (s) => s.replace(/#([0-9a-fA-F]{2})/g, (_, h) => String.fromCharCode(Number.parseInt(h, 16)));

let pdfLib;
let ExcelJS;
let csvParse;

/** The first active name in a parsed PDF object (dictionary keys and name values, nested), or undefined. */
function activeIn(obj, seen) {
  const { PDFName, PDFDict, PDFArray, PDFStream } = pdfLib;
  if (!obj || seen.has(obj)) return undefined;
  if (obj instanceof PDFName) {
    const n = plainName(obj.asString().slice(1));
    return ACTIVE_NAMES.has(n) ? `/${n}` : undefined;
  }
  if (obj instanceof PDFStream) return activeIn(obj.dict, seen);
  if (obj instanceof PDFDict) {
    seen.add(obj);
    for (const [k, v] of obj.entries()) {
      const found = activeIn(k, seen) ?? activeIn(v, seen);
      if (found) return found;
    }
    return undefined;
  }
  if (obj instanceof PDFArray) {
    seen.add(obj);
    for (let i = 0; i < obj.size(); i++) {
      const found = activeIn(obj.get(i), seen);
      if (found) return found;
    }
  }
  return undefined;
}

/** Whether a stream holds compressed objects: `/Type /ObjStm`, or the `/N` and `/First` a reader goes by. */
function isObjectStream(stream) {
  const { PDFName } = pdfLib;
  const type = stream.dict.get(PDFName.of('Type'));
  if (type instanceof PDFName && plainName(type.asString()) === '/ObjStm') return true;
  return Boolean(stream.dict.get(PDFName.of('N')) && stream.dict.get(PDFName.of('First')));
}

/** Inspect a PDF: HTML markup anywhere in its bytes, then every object pdf-lib parses (object streams included). */
async function inspectPdf(data) {
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('latin1');
  if (HTML_MARKUP.test(text)) return { verdict: 'active', found: 'html' };
  pdfLib ??= await import('pdf-lib');
  const { PDFParser, PDFRawStream, PDFInvalidObject, decodePDFRawStream } = pdfLib;
  const context = await PDFParser.forBytesWithOptions(data, Number.POSITIVE_INFINITY, false).parseDocument();
  const seen = new Set();
  const found = activeIn(context.trailerInfo.Root, seen) ?? activeIn(context.trailerInfo.Info, seen);
  if (found) return { verdict: 'active', found };
  for (const [, obj] of context.enumerateIndirectObjects()) {
    if (obj instanceof PDFInvalidObject) {
      const m = ACTIVE_IN_TEXT.exec(plainName(Buffer.from(obj.data).toString('latin1')));
      if (m) return { verdict: 'active', found: `/${m[1]}` };
      continue;
    }
    const hit = activeIn(obj, seen);
    if (hit) return { verdict: 'active', found: hit };
    // An object stream pdf-lib did not unpack (a disguised type): read its decoded text, or refuse it unread.
    if (obj instanceof PDFRawStream && isObjectStream(obj)) {
      let decoded;
      try {
        decoded = Buffer.from(decodePDFRawStream(obj).decode()).toString('latin1');
      } catch {
        throw new Error('object stream cannot be decoded');
      }
      const m = ACTIVE_IN_TEXT.exec(plainName(decoded));
      if (m) return { verdict: 'active', found: `/${m[1]}` };
    }
  }
  return { verdict: 'clean' };
}

/** The first worksheet's cell values by row (1-based rows become 0-based), and its formula cells. */
async function readXlsx(data) {
  ExcelJS ??= (await import('exceljs')).default;
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(data);
  const ws = wb.worksheets[0];
  const table = [];
  const formulas = [];
  ws?.eachRow({ includeEmpty: true }, (row, n) => {
    table[n - 1] = row.values.slice(1);
    row.eachCell((cell, col) => {
      if (cell.type === ExcelJS.ValueType.Formula) formulas.push({ row: n, col, address: cell.address });
    });
  });
  return { table: Array.from(table, (r) => r ?? []), formulas, sheets: wb.worksheets.length };
}

async function readCsv(data, delimiter) {
  csvParse ??= (await import('csv-parse/sync')).parse;
  const text = Buffer.from(data.buffer, data.byteOffset, data.byteLength).toString('utf8');
  return { table: csvParse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true }) };
}

const TASKS = {
  pdf: (m) => inspectPdf(m.data),
  xlsx: (m) => readXlsx(m.data),
  csv: (m) => readCsv(m.data, m.delimiter),
};

// pdf-lib reports each damaged object on the console; the verdict is what matters here.
console.warn = () => {};

parentPort.on('message', async (m) => {
  try {
    parentPort.postMessage({ id: m.id, ok: true, result: await TASKS[m.task](m) });
  } catch {
    parentPort.postMessage({ id: m.id, ok: false, reason: 'unreadable' });
  }
});
parentPort.postMessage('ready');
