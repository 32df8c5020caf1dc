/**
 * TEKUN programme over HTTP on a real database (issue 10): the bulk upload with good, bad and duplicate
 * rows, the same files twice, a later file naming an existing certificate, single uploads, scope (another
 * partner sees 404), staff verification, a member's will at the programme's pricing, the programme's will
 * list and the monthly report (JSON and XLSX).
 */
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, certificates, wills } from '../../db/schema/index.ts';
import { seedProgrammes, TEKUN_WILL_PRICE_SEN } from '../../db/seed/programmes.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { certificateCsv, certificatePdf, certificateXlsx, notPdf, uploadForm } from './test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const CLIENT_IC = '920815145678'; // the demo client (seed)

beforeAll(async () => {
  t = await makeTestApp();
  await seedProgrammes(t.ctx.db, DEMO_PASSWORD);
  for (const u of ['tekun', 'partner', 'staff', 'officer', 'client', 'accountant']) tok[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

const pdf = (no: string, name = `${no}.pdf`) => ({ name, data: certificatePdf(no) });

let firstUpload: string;
let sheet: Buffer;
let pdfs: { name: string; data: Buffer }[];

describe('bulk upload', () => {
  it('accepts good rows and refuses bad, duplicate and PDF-less rows with translated reasons', async () => {
    sheet = await certificateXlsx([
      ['Aminah binti Ahmad', CLIENT_IC, 'TK-0001', new Date(Date.UTC(2026, 0, 15))],
      ['Ali bin Abu', '850101105123', 'tk-0002', '2026-02-01'],
      ['Bad MyKad', '12345', 'TK-0003', '2026-02-01'],
      ['Dup One', '860202105124', 'TK-0004', '2026-02-01'],
      ['Dup Two', '870303105125', 'TK-0004', '2026-02-01'],
      ['No Pdf', '880404105126', 'TK-0005', '2026-02-01'],
      ['Fake Pdf', '890505105127', 'TK-0006', '2026-02-01'],
      ['Future Date', '900606105128', 'TK-0008', '2999-01-01'],
      ['Bad Date', '910707105129', 'TK-0009', '2026-02-30'],
    ]);
    pdfs = [
      pdf('TK-0001'),
      pdf('TK-0002', 'Sijil TK-0002 Ali.pdf'),
      pdf('TK-0003'),
      pdf('TK-0004'),
      { name: 'TK-0006.pdf', data: notPdf() },
      pdf('TK-0008'),
      pdf('TK-0009'),
    ];
    const r = await t.call('POST', '/api/tekun/upload', {
      token: tok.tekun,
      form: uploadForm({ name: 'sijil.xlsx', data: sheet }, pdfs),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    firstUpload = r.body.upload.id;
    expect(r.body.upload).toMatchObject({ total_rows: 9, accepted_count: 2, refused_count: 7, repeated: false });
    const byNo = (no: string) => r.body.rows.filter((x: { certificate_no: string }) => x.certificate_no === no);
    expect(byNo('TK-0001')[0]).toMatchObject({ row_no: 2, status: 'accepted', reason: null, issue_date: '2026-01-15' });
    expect(byNo('TK-0002')[0].status).toBe('accepted');
    expect(byNo('TK-0003')[0]).toMatchObject({
      status: 'refused',
      reason: 'MyKad number must be 12 digits without dashes.',
    });
    expect(byNo('TK-0003')[0].reasons.every((x: { field: string }) => x.field === 'ic_number')).toBe(true);
    expect(byNo('TK-0004')).toHaveLength(2);
    for (const d of byNo('TK-0004')) {
      expect(d.status).toBe('refused');
      expect(d.reason).toBe('This certificate number appears more than once in the file.');
    }
    expect(byNo('TK-0005')[0].reason).toBe('No certificate PDF was found for this certificate number.');
    expect(byNo('TK-0006')[0].reasons[0].field).toBe('document');
    expect(byNo('TK-0008')[0].reason).toBe('The issue date cannot be in the future.');
    expect(byNo('TK-0009')[0].reasons[0].field).toBe('issue_date');
    const certs = await t.ctx.db.select().from(certificates);
    expect(certs.map((c) => c.certificate_no).sort()).toEqual(['TK-0001', 'TK-0002']);
    expect(certs.every((c) => c.status === 'pending' && c.attachment_id)).toBe(true);
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, firstUpload));
    expect(events.map((e) => e.action)).toEqual(['certificate.upload']);
  });

  it('answers in Malay when asked', async () => {
    const r = await t.call('GET', `/api/tekun/upload/${firstUpload}?status=refused`, { token: tok.tekun, lang: 'ms' });
    expect(r.status).toBe(200);
    expect(r.body.rows).toHaveLength(7);
    expect(r.body.rows.find((x: { certificate_no: string }) => x.certificate_no === 'TK-0005').reason).toBe(
      'Tiada PDF sijil ditemui untuk no. sijil ini.',
    );
  });

  it('the same files twice add nothing', async () => {
    const r = await t.call('POST', '/api/tekun/upload', {
      token: tok.tekun,
      form: uploadForm({ name: 'sijil.xlsx', data: sheet }, [...pdfs].reverse()),
    });
    expect(r.status).toBe(200);
    expect(r.body.upload).toMatchObject({ id: firstUpload, repeated: true, accepted_count: 2 });
    expect(await t.ctx.db.select().from(certificates)).toHaveLength(2);
    const list = await t.call('GET', '/api/tekun/upload', { token: tok.tekun });
    expect(list.body.uploads.total).toBe(1);
  });

  it('a new file naming an uploaded certificate refuses that row only (CSV)', async () => {
    const csv = certificateCsv([
      ['Aminah binti Ahmad', CLIENT_IC, 'TK-0001', '2026-01-15'],
      ['Siti binti Musa', '930808105130', 'TK-0007', '15/03/2026'],
    ]);
    const r = await t.call('POST', '/api/tekun/upload', {
      token: tok.staff,
      form: uploadForm({ name: 'tambahan.csv', data: csv }, [pdf('TK-0001'), pdf('TK-0007')]),
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.rows.map((x: { status: string }) => x.status)).toEqual(['refused', 'accepted']);
    expect(r.body.rows[0].reason).toBe('This certificate number has already been uploaded.');
    expect(r.body.rows[1].issue_date).toBe('2026-03-15');
    expect(await t.ctx.db.select().from(certificates)).toHaveLength(3);
  });

  it('refuses a missing or unreadable spreadsheet', async () => {
    const f = new FormData();
    f.append('certificates[]', new Blob([new Uint8Array(certificatePdf('X'))]), 'X.pdf');
    let r = await t.call('POST', '/api/tekun/upload', { token: tok.tekun, form: f });
    expect(r.status).toBe(422);
    expect(r.body.errors.document[0]).toBe('Please attach the spreadsheet (XLSX or CSV).');
    r = await t.call('POST', '/api/tekun/upload', {
      token: tok.tekun,
      form: uploadForm({ name: 'x.csv', data: Buffer.from('a,b\n1,2') }, []),
    });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['document']);
  });
});

describe('single upload', () => {
  it('accepts one certificate, or answers 422 by field', async () => {
    const form = (no: string, ic: string, data = certificatePdf(no)) => {
      const f = new FormData();
      f.append('member_name', 'Rahim bin Said');
      f.append('ic_number', ic);
      f.append('certificate_no', no);
      f.append('issue_date', '2026-03-01');
      f.append('document', new Blob([new Uint8Array(data)]), 'scan.pdf');
      return f;
    };
    let r = await t.call('POST', '/api/tekun/certificate', { token: tok.tekun, form: form('TK-0100', '940909105131') });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.certificate).toMatchObject({ certificate_no: 'TK-0100', status: 'pending' });
    r = await t.call('POST', '/api/tekun/certificate', { token: tok.tekun, form: form('TK-0101', '94090910513') });
    expect(r.status).toBe(422);
    expect(r.body.errors.ic_number[0]).toBe('MyKad number must be 12 digits without dashes.');
    r = await t.call('POST', '/api/tekun/certificate', {
      token: tok.tekun,
      form: form('TK-0100', '940909105131', notPdf()),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.certificate_no[0]).toBe('This certificate number has already been uploaded.');
    expect(r.body.errors.document[0]).toBe('The certificate file is not a valid PDF (or is larger than 5 MB).');
  });
});

describe('scope', () => {
  it("another partner sees none of TEKUN's records (404) and cannot upload to it", async () => {
    expect((await t.call('GET', `/api/tekun/upload/${firstUpload}`, { token: tok.partner })).status).toBe(404);
    const list = await t.call('GET', '/api/tekun/upload', { token: tok.partner });
    expect(list.body.uploads.total).toBe(0);
    const certs = await t.call('GET', '/api/tekun/certificate', { token: tok.partner });
    expect(certs.body.certificates.total).toBe(0);
    const [c] = await t.ctx.db.select().from(certificates).where(eq(certificates.certificate_no, 'TK-0002'));
    expect((await t.call('GET', `/api/tekun/certificate/${c.id}`, { token: tok.partner })).status).toBe(404);
    expect((await t.call('GET', `/api/tekun/certificate/${c.id}/document`, { token: tok.partner })).status).toBe(404);
    const r = await t.call('POST', '/api/tekun/upload', {
      token: tok.partner,
      form: uploadForm(
        { name: 'a.csv', data: certificateCsv([['Abu bin Ali', '850101105123', 'Z-1', '2026-01-01']]) },
        [],
      ),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.programme_id).toBeDefined();
    expect((await t.call('GET', '/api/tekun/upload', { token: tok.client })).status).toBe(403);
  });

  it('the programme partner downloads a certificate PDF', async () => {
    const [c] = await t.ctx.db.select().from(certificates).where(eq(certificates.certificate_no, 'TK-0002'));
    const r = await t.call('GET', `/api/tekun/certificate/${c.id}/document`, { token: tok.tekun });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('verification and the member will', () => {
  const cert = async (no: string) =>
    (await t.ctx.db.select().from(certificates).where(eq(certificates.certificate_no, no)))[0];

  it('staff verify or reject with a reason; partners may not', async () => {
    const c1 = await cert('TK-0001');
    const c2 = await cert('TK-0002');
    expect(
      (await t.call('PATCH', `/api/tekun/certificate/${c1.id}`, { token: tok.tekun, body: { status: 'verified' } }))
        .status,
    ).toBe(403);
    let r = await t.call('PATCH', `/api/tekun/certificate/${c2.id}`, {
      token: tok.staff,
      body: { status: 'rejected' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.rejected_reason[0]).toBe('Please state the reason for rejection.');
    r = await t.call('POST', `/api/tekun/certificate/${c2.id}`, {
      token: tok.officer,
      body: { _method: 'PATCH', status: 'rejected', rejected_reason: 'Nama tidak sepadan' },
    });
    expect(r.status).toBe(200);
    expect(r.body.certificate).toMatchObject({ status: 'rejected', rejected_reason: 'Nama tidak sepadan' });
    r = await t.call('PATCH', `/api/tekun/certificate/${c1.id}`, { token: tok.staff, body: { status: 'verified' } });
    expect(r.body.certificate.status).toBe('verified');
    r = await t.call('PATCH', `/api/tekun/certificate/${c1.id}`, {
      token: tok.staff,
      body: { status: 'rejected', rejected_reason: 'x' },
    });
    expect(r.status).toBe(422);
    const pending = await t.call('GET', '/api/tekun/certificate?status=pending', { token: tok.staff });
    expect(pending.body.certificates.data.map((c: { certificate_no: string }) => c.certificate_no).sort()).toEqual([
      'TK-0007',
      'TK-0100',
    ]);
  });

  it('the member registers a will under the programme at its price; listed for the programme', async () => {
    const c1 = await cert('TK-0001');
    const c2 = await cert('TK-0002');
    // the member sees their own certificate only
    const mine = await t.call('GET', '/api/tekun/certificate', { token: tok.client });
    expect(mine.body.certificates.data.map((c: { id: string }) => c.id)).toEqual([c1.id]);
    expect((await t.call('POST', `/api/tekun/certificate/${c2.id}/wasiat`, { token: tok.client })).status).toBe(404);
    const r = await t.call('POST', `/api/tekun/certificate/${c1.id}/wasiat`, { token: tok.client });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.wasiat).toMatchObject({ status: 0, price_sen: TEKUN_WILL_PRICE_SEN, plan: 'basic' });
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, r.body.wasiat.id));
    expect(w.parts_done).toEqual(expect.arrayContaining(['a', 'b']));
    const again = await t.call('POST', `/api/tekun/certificate/${c1.id}/wasiat`, { token: tok.client });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('A will is already registered under this certificate.');
    for (const who of ['tekun', 'staff', 'client']) {
      const l = await t.call('GET', '/api/tekun/wasiat', { token: tok[who] });
      expect(l.body.wasiats.data).toHaveLength(1);
      expect(l.body.wasiats.data[0]).toMatchObject({ id: w.id, status: 0, certificate_no: 'TK-0001' });
    }
    expect((await t.call('GET', '/api/tekun/wasiat', { token: tok.partner })).body.wasiats.total).toBe(0);
    // the will is in TEKUN's organisation: its partner sees it through the wills module
    expect((await t.call('GET', `/api/wasiat/${w.id}`, { token: tok.tekun })).status).toBe(200);
  });

  it('a verified member without an account is refused', async () => {
    const c = await cert('TK-0007');
    await t.call('PATCH', `/api/tekun/certificate/${c.id}`, { token: tok.staff, body: { status: 'verified' } });
    const r = await t.call('POST', `/api/tekun/certificate/${c.id}/wasiat`, { token: tok.tekun });
    expect(r.status).toBe(422);
    expect(r.body.errors.certificate[0]).toMatch(/no account/);
  });
});

describe('monthly report', () => {
  it('counts per month, exportable as XLSX and CSV', async () => {
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const r = await t.call('GET', `/api/tekun/report/monthly?year=${year}`, { token: tok.tekun });
    expect(r.status).toBe(200);
    expect(r.body.report.months).toHaveLength(12);
    const m = r.body.report.months.find((x: { month: string }) => x.month === month);
    expect(m).toMatchObject({ rows: 12, accepted: 4, refused: 8, verified: 2, rejected: 1, wills: 1, amount_sen: 0 });
    const x = await t.call('GET', `/api/tekun/report/monthly?year=${year}&format=xlsx`, { token: tok.accountant });
    expect(x.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.raw as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(1).value).toBe('Month');
    expect(wb.worksheets[0].rowCount).toBe(13);
    const c = await t.call('GET', `/api/tekun/report/monthly?year=${year}&format=csv`, {
      token: tok.staff,
      lang: 'ms',
    });
    expect(c.raw.toString('utf8')).toContain('Bulan');
    // months by name in the requester's language (issue 17 item 9)
    expect(c.raw.toString('utf8')).toContain(`\nMac ${year},`);
    expect(wb.worksheets[0].getRow(4).getCell(1).value).toBe(`Mar ${year}`);
  });
});
