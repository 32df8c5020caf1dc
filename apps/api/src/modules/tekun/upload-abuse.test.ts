/**
 * Hostile TEKUN uploads over HTTP, as the TEKUN partner (issue 36 item 5; ADR 0229):
 * - XLSX zip bombs (tens of MB of rows compressed to tens of KB; one declaring its real size, one lying in its
 *   central directory) are refused with a 4xx in under 1 s while `GET /healthz` keeps answering;
 * - a sheet over the row limit is refused before parsing; a formula cell is refused naming the cell (ms/en);
 * - certificate PDFs with JavaScript, a launch action, an embedded file, HTML (polyglots) are refused, through
 *   the single and the bulk upload, and through a will document upload (the check is the shared upload check);
 * - a benign XLSX and benign PDFs are still accepted.
 */
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { seedProgrammes } from '../../db/seed/programmes.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { newClient, ok, orgAndBranch, pay, userDetail } from '../wills/test-fixtures.ts';
import { certificatePdf, certificateXlsx, HEADINGS, uploadForm } from './test-fixtures.ts';

let t: TestApp;
let tekun: string;
beforeAll(async () => {
  t = await makeTestApp();
  await seedProgrammes(t.ctx.db, DEMO_PASSWORD);
  tekun = await t.login('tekun');
});
afterAll(async () => {
  await t?.close();
});

const IC = '850101105123';

/** Run `upload` while polling `GET /healthz`; the upload's answer and time, the slowest health answer. */
async function withHealthChecks(upload: () => Promise<{ status: number; body: any }>) {
  let done = false;
  const health: number[] = [];
  const poll = (async () => {
    while (!done) {
      const s = performance.now();
      const h = await t.call('GET', '/healthz');
      health.push(performance.now() - s);
      expect(h.status).toBe(200);
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const start = performance.now();
  const r = await upload().finally(() => {
    done = true;
  });
  const ms = performance.now() - start;
  await poll;
  return { r, ms, healthMax: Math.max(...health), healthCalls: health.length };
}

/** An XLSX whose first sheet is `rows` copies of a small row: tens of MB of XML deflated to tens of KB. */
async function bombXlsx(rows: number, lieAboutSize: boolean): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await certificateXlsx([['Bom', IC, 'TK-B1', '2026-01-01']]));
  const row = '<row><c t="inlineStr"><is><t>Aminah binti Ahmad</t></is></c><c><v>1</v></c></row>';
  const sheet =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
    row.repeat(rows) +
    '</sheetData></worksheet>';
  zip.file('xl/worksheets/sheet1.xml', sheet);
  const out = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE', compressionOptions: { level: 9 } });
  if (lieAboutSize) {
    // Write 1000 as the sheet's uncompressed size in its local header and central directory record.
    const name = Buffer.from('xl/worksheets/sheet1.xml');
    for (let i = 0; i < out.length - 46; i++) {
      const sig = out.readUInt32LE(i);
      if (sig === 0x04034b50 && out.subarray(i + 30, i + 30 + name.length).equals(name))
        out.writeUInt32LE(1000, i + 22);
      if (sig === 0x02014b50 && out.subarray(i + 46, i + 46 + name.length).equals(name))
        out.writeUInt32LE(1000, i + 24);
    }
  }
  return out;
}

const bulk = (sheet: Buffer, pdfs: { name: string; data: Buffer }[] = [], lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/tekun/upload', {
    token: tekun,
    lang,
    form: uploadForm({ name: 'sijil.xlsx', data: sheet }, pdfs),
  });

describe('spreadsheet limits', () => {
  it('refuses zip bombs in under 1 s while the health check answers quickly', async () => {
    for (const lie of [false, true]) {
      const bomb = await bombXlsx(600_000, lie);
      const { r, ms, healthMax, healthCalls } = await withHealthChecks(() => bulk(bomb));
      console.log(
        `zip bomb (${lie ? 'lying' : 'honest'} sizes, ${(bomb.length / 1024).toFixed(0)} KB → ~48 MB of XML):` +
          ` ${r.status} in ${ms.toFixed(0)} ms; healthz slowest ${healthMax.toFixed(0)} ms of ${healthCalls} calls`,
      );
      expect(r.status).toBe(422);
      expect(r.body.errors.document[0]).toMatch(/too large to read/);
      expect(ms).toBeLessThan(1000);
      expect(healthMax).toBeLessThan(500);
    }
  });

  it('refuses a sheet over the row limit before parsing, and a CSV of too many lines', async () => {
    const many = await certificateXlsx(
      Array.from({ length: 3000 }, (_, i) => ['Ali bin Abu', IC, `TK-R${i}`, '2026-01-01'] as const).map((r) => [...r]),
    );
    const start = performance.now();
    const r = await bulk(many);
    console.log(`3,000-row sheet: ${r.status} in ${(performance.now() - start).toFixed(0)} ms`);
    expect(r.status).toBe(422);
    expect(r.body.errors.document[0]).toBe('Too many rows in one file (at most 2000).');
    const csv = Buffer.from(`${HEADINGS.join(',')}\n${'Ali,850101105123,TK-1,2026-01-01\n'.repeat(20_000)}`);
    const c = await t.call('POST', '/api/tekun/upload', {
      token: tekun,
      form: uploadForm({ name: 'sijil.csv', data: csv }, []),
    });
    expect(c.status).toBe(422);
    expect(c.body.errors.document[0]).toBe('Too many rows in one file (at most 2000).');
  });

  it('refuses a formula cell, naming the cell (en and ms)', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Sijil');
    ws.addRow(HEADINGS);
    for (let i = 1; i <= 5; i++) ws.addRow([`Ahli ${i}`, IC, `TK-F${i}`, '2026-01-01']);
    ws.addRow([{ formula: 'CONCATENATE("Ali"," bin Abu")' }, IC, 'TK-F6', '2026-01-01']);
    ws.getCell('B7').value = { formula: 'TEXT(850101105123,"0")', result: IC } as ExcelJS.CellFormulaValue;
    const sheet = Buffer.from(await wb.xlsx.writeBuffer());
    const en = await bulk(sheet);
    expect(en.status).toBe(422);
    expect(en.body.errors.document[0]).toBe(
      'Cell A7 contains a formula. Formulas are not accepted: copy the sheet and paste it as values (Paste Special → Values), then upload again.',
    );
    const ms = await bulk(sheet, [], 'ms');
    expect(ms.body.errors.document[0]).toMatch(/^Sel A7 mengandungi formula\./);
    console.log(`formula sheet: ${en.status} "${en.body.errors.document[0].slice(0, 40)}…"`);
  });

  it('still accepts a benign XLSX (parsed in the worker) with its PDFs', async () => {
    const sheet = await certificateXlsx([
      ['Aminah binti Ahmad', IC, 'TK-OK1', '2026-01-15'],
      ['Ali bin Abu', '860202105124', 'TK-OK2', new Date(Date.UTC(2026, 1, 1))],
    ]);
    const pdfs = [
      { name: 'TK-OK1.pdf', data: certificatePdf('TK-OK1') },
      { name: 'TK-OK2.pdf', data: await pdfLibDoc() },
    ];
    const { r, healthMax } = await withHealthChecks(() => bulk(sheet, pdfs));
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.upload).toMatchObject({ total_rows: 2, accepted_count: 2 });
    console.log(
      `benign XLSX: ${r.status}, accepted ${r.body.upload.accepted_count}/2; healthz slowest ${healthMax.toFixed(0)} ms`,
    );
  });
});

/** A one-page PDF by pdf-lib (compressed object streams), optionally with JavaScript or an attached file. */
async function pdfLibDoc(extra?: 'javascript' | 'attachment'): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage();
  page.drawText('Sijil TEKUN', { font: await doc.embedFont(StandardFonts.Helvetica), x: 72, y: 720 });
  if (extra === 'javascript') doc.addJavaScript('open', 'app.alert("hi")');
  if (extra === 'attachment') await doc.attach(Buffer.from('MZ'), 'run.exe', { mimeType: 'application/octet-stream' });
  return Buffer.from(await doc.save());
}

/** The fixture's PDF with `extra` added to its catalog (e.g. an /OpenAction). */
const withCatalog = (extra: string) =>
  Buffer.from(certificatePdf('TK-X').toString('latin1').replace('/Type /Catalog', `/Type /Catalog ${extra}`), 'latin1');

const HOSTILE: [string, () => Promise<Buffer> | Buffer][] = [
  ['JavaScript (document names, object stream)', () => pdfLibDoc('javascript')],
  [
    'JavaScript (open action, escaped name)',
    () => withCatalog('/OpenAction << /S /J#61vaScript /JS (app.alert(1)) >>'),
  ],
  ['Launch action', () => withCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>')],
  ['EmbeddedFiles (attachment)', () => pdfLibDoc('attachment')],
  [
    'HTML+PDF polyglot (markup inside)',
    () =>
      Buffer.from(
        certificatePdf('TK-X')
          .toString('latin1')
          .replace('%PDF-1.4\n', '%PDF-1.4\n%<html><body><script>alert(document.cookie)</script></body></html>\n'),
        'latin1',
      ),
  ],
  [
    'HTML+PDF polyglot (markup after %%EOF)',
    () => Buffer.concat([certificatePdf('TK-X'), Buffer.from('<img src=x onerror="alert(1)">')]),
  ],
  [
    'HTML+PDF polyglot (markup before %PDF)',
    () => Buffer.concat([Buffer.from('<html><script>alert(1)</script>\n'), certificatePdf('TK-X')]),
  ],
];

const single = (no: string, pdf: Buffer, lang: 'ms' | 'en' = 'en') => {
  const form = new FormData();
  for (const [k, v] of Object.entries({
    member_name: 'Aminah binti Ahmad',
    ic_number: IC,
    certificate_no: no,
    issue_date: '2026-01-15',
  }))
    form.append(k, v);
  form.append('document', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), `${no}.pdf`);
  return t.call('POST', '/api/tekun/certificate', { token: tekun, lang, form });
};

describe('certificate PDFs', () => {
  it('refuses JavaScript, launch actions, embedded files and HTML polyglots; accepts benign PDFs', async () => {
    let accepted = 0;
    for (const [i, [label, make]] of HOSTILE.entries()) {
      const r = await single(`TK-H${i}`, await make());
      if (r.status < 300) accepted++;
      expect(r.status, label).toBe(422);
      expect(r.body.errors.document[0], label).toMatch(
        /^(This PDF contains active content|The certificate file is not a valid PDF)/,
      );
    }
    console.log(`hostile certificate PDFs (single upload): ${HOSTILE.length} attempts, accepted ${accepted}`);
    expect(accepted).toBe(0);
    const ms = await single('TK-HMS', withCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>'), 'ms');
    expect(ms.body.errors.document[0]).toMatch(/^PDF ini mengandungi kandungan aktif/);

    expect((await single('TK-GOOD1', certificatePdf('TK-GOOD1'))).status).toBe(201);
    expect((await single('TK-GOOD2', await pdfLibDoc())).status).toBe(201);
  });

  it('refuses them row by row in a bulk upload', async () => {
    const rows = HOSTILE.map(
      ([, _], i) => [`Ahli ${i}`, IC, `TK-BH${i}`, '2026-01-15'] as [string, string, string, string],
    );
    const pdfs = await Promise.all(HOSTILE.map(async ([, make], i) => ({ name: `TK-BH${i}.pdf`, data: await make() })));
    const r = await bulk(await certificateXlsx([...rows, ['Ali bin Abu', IC, 'TK-BOK', '2026-01-15']]), [
      ...pdfs,
      { name: 'TK-BOK.pdf', data: certificatePdf('TK-BOK') },
    ]);
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const hostileRows = r.body.rows.filter((x: { certificate_no: string }) => x.certificate_no.startsWith('TK-BH'));
    const acceptedHostile = hostileRows.filter((x: { status: string }) => x.status === 'accepted').length;
    console.log(`hostile certificate PDFs (bulk): ${hostileRows.length} attempts, accepted ${acceptedHostile}`);
    expect(acceptedHostile).toBe(0);
    for (const row of hostileRows) expect(row.reasons[0].field).toBe('document');
    expect(r.body.upload.accepted_count).toBe(1);
  });

  it('refuses a PDF that cannot be inspected within the time limit, and inspects the next one', async () => {
    // 4 MB of noise after a PDF header: pdf-lib would search it for objects for about 10 s.
    const noise = Buffer.alloc(4 * 1024 * 1024);
    let x = 0x2545f491;
    for (let i = 0; i < noise.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      noise[i] = x & 0xff;
    }
    noise.write('%PDF-1.4\n', 0, 'latin1');
    const { r, ms, healthMax } = await withHealthChecks(() => single('TK-NOISE', noise));
    console.log(
      `4 MB of noise as a PDF: ${r.status} in ${ms.toFixed(0)} ms; healthz slowest ${healthMax.toFixed(0)} ms`,
    );
    expect(r.status).toBe(422);
    expect(r.body.errors.document[0]).toMatch(/^This PDF could not be checked/);
    expect(ms).toBeLessThan(5000);
    expect(healthMax).toBeLessThan(500);
    expect((await single('TK-AFTER', certificatePdf('TK-AFTER'))).status).toBe(201);
  });

  it('applies to every PDF upload of the product: a will document', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    await ok(
      t.call('PATCH', `/api/wasiat/${w.id}`, {
        token: c.token,
        body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' },
      }),
    );
    await pay(t, w.id, 'paid');
    await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
    const send = (pdf: Buffer) => {
      const form = new FormData();
      form.append('type', 'payment');
      form.append('document', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'resit.pdf');
      return t.call('POST', `/api/wasiat/${w.id}/document`, { token: c.token, form });
    };
    const bad = await send(await pdfLibDoc('javascript'));
    expect(bad.status).toBe(422);
    expect(bad.body.errors.document[0]).toMatch(/^This PDF contains active content/);
    expect((await send(certificatePdf('RESIT'))).status).toBe(201);
  });
});
