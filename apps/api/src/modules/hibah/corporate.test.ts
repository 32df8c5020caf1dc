/**
 * The corporate hibah and trust (issue 21 item 6; ADR 0165), over HTTP on a real database, file store and
 * SMTP server: a company — not a person — makes a corporate trust (product 2). Its particulars (name, SSM
 * number, registered address, authorised signatories, board resolution) are checked by the server (422 per
 * field, Malay and English) instead of a person's MyKad, religion and marital status; submitting needs them;
 * the sealed certificate, read back with `pdftotext`, names the company, its SSM number and its signatories
 * and the board resolution as the records hold them.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { attachments, hibah_companies, hibahs } from '../../db/schema/index.ts';
import { certificatePdf } from '../tekun/test-fixtures.ts';
import { type Client, newClient, newMykad, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { hibahDocumentVersion } from './document-version.ts';
import { landBody, passHibahEkyc, receiverBody, verifiedHibahOtp, witnessBody } from './test-fixtures.ts';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(() => t?.close());

const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
const dataUrl = (mime: string, b: Buffer) => `data:${mime};base64,${b.toString('base64')}`;

/** The 6-digit code of the latest mail to `to` after mail number `from`. */
async function codeMailed(from: number, to: string) {
  for (let i = 0; i < 200; i++) {
    const m = t.mails
      .slice(from)
      .filter((x) => x.to.includes(to))
      .at(-1);
    const code = /(?:code is|ialah) (\d{6})/.exec(decode(m?.raw ?? ''))?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no code mailed to ${to}`);
}

const companyBody = (c: Client, over: Record<string, unknown> = {}) => ({
  name: 'Syarikat Maju Jaya Sdn. Bhd.',
  registration_number: '2020 0123 4567',
  address: 'Lot 5, Jalan Teknologi 3/1',
  postcode: '47810',
  city: 'Petaling Jaya',
  state: 'Selangor',
  signatories: [
    { name: 'Ahmad bin Ismail', ic_number: c.ic, designation: 'Pengarah Urusan' },
    { name: 'Siti Aminah binti Yusof', ic_number: newMykad(false), designation: 'Setiausaha Syarikat' },
  ],
  ...over,
});

describe('a corporate trust is made by a company (issue 21 item 6)', () => {
  let c: Client;
  let hibahId: string;

  beforeAll(async () => {
    c = await newClient(t);
    hibahId = (await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 2 } }), 201))
      .hibah.id;
  });

  it('refuses a bad SSM number, a business number and a company without signatories, on the field, in Malay and English', async () => {
    const post = (body: unknown, lang: 'ms' | 'en') =>
      t.call('POST', `/api/hibah/${hibahId}/company`, { token: c.token, body, lang });
    const bad = await post(companyBody(c, { registration_number: '12345678-A' }), 'ms');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.registration_number[0]).toMatch(/^Nombor pendaftaran SSM tidak sah/);
    const badEn = await post(companyBody(c, { registration_number: '20200123456' }), 'en');
    expect(badEn.body.errors.registration_number[0]).toMatch(/^Not a valid SSM registration number/);
    const business = await post(companyBody(c, { registration_number: '202003123456' }), 'en');
    expect(business.body.errors.registration_number[0]).toMatch(/business registration number, not a company/);
    const none = await post(companyBody(c, { signatories: [] }), 'en');
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ signatories: ['Please name at least one authorised signatory.'] });
    const noneMs = await post(companyBody(c, { signatories: [] }), 'ms');
    expect(noneMs.body.errors.signatories).toEqual([
      'Sila namakan sekurang-kurangnya seorang penandatangan diberi kuasa.',
    ]);
    const signatory = await post(
      companyBody(c, { signatories: [{ name: 'Ahmad bin Ismail', ic_number: '801301141231', designation: '' }] }),
      'en',
    );
    expect(Object.keys(signatory.body.errors).sort()).toEqual(['signatories.0.designation', 'signatories.0.ic_number']);
    const [row] = await t.ctx.db.select().from(hibah_companies).where(eq(hibah_companies.hibah_id, hibahId));
    expect(row).toBeUndefined();
  });

  it('keeps the company with its signatories, the SSM number formatted; no person particulars asked', async () => {
    const r = await ok(t.call('POST', `/api/hibah/${hibahId}/company`, { token: c.token, body: companyBody(c) }));
    expect(r.company.registration_number).toBe('202001234567');
    expect(r.company.signatories.map((s: { designation: string }) => s.designation)).toEqual([
      'Pengarah Urusan',
      'Setiausaha Syarikat',
    ]);
    expect(r.company.board_resolution).toBeNull();
    const again = await ok(t.call('GET', `/api/hibah/${hibahId}/company`, { token: c.token }));
    expect(again.company).toEqual(r.company);
    // Someone else's hibah is a 404 (DESIGN.md §3), reading or writing.
    const other = await newClient(t);
    expect((await t.call('GET', `/api/hibah/${hibahId}/company`, { token: other.token })).status).toBe(404);
    expect(
      (await t.call('POST', `/api/hibah/${hibahId}/company`, { token: other.token, body: companyBody(other) })).status,
    ).toBe(404);
  });

  it('takes the board resolution through the file store, checked by its bytes', async () => {
    const wrong = await t.call('POST', `/api/hibah/${hibahId}/company/resolution`, {
      token: c.token,
      body: { document: dataUrl('application/pdf', Buffer.from('not a pdf at all')), filename: 'resolusi.pdf' },
      lang: 'en',
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.errors)).toEqual(['document']);
    const pdf = certificatePdf('RESOLUSI-2026-01');
    const r = await ok(
      t.call('POST', `/api/hibah/${hibahId}/company/resolution`, {
        token: c.token,
        body: { document: dataUrl('application/pdf', pdf), filename: 'Resolusi Lembaga 2026.pdf' },
      }),
      201,
    );
    expect(r.company.board_resolution.original_filename).toBe('Resolusi Lembaga 2026.pdf');
    expect(r.company.board_resolution.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    const file = await t.call('GET', `/api/attachment/${r.company.board_resolution.id}/file`, { token: c.token });
    expect(file.status).toBe(200);
    expect(file.raw.equals(pdf)).toBe(true);
  });

  it('refuses company particulars on a hibah that is not corporate', async () => {
    const cash = (
      await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 3 } }), 201)
    ).hibah.id;
    const r = await t.call('POST', `/api/hibah/${cash}/company`, { token: c.token, body: companyBody(c), lang: 'en' });
    expect(r.status).toBe(422);
    expect(r.body.errors._).toEqual(['Company particulars are only for corporate hibah and trust products.']);
  });

  it("refuses a company's signatory as a witness", async () => {
    const saved = await ok(t.call('GET', `/api/hibah/${hibahId}/company`, { token: c.token }));
    const signatoryIc = saved.company.signatories[1].ic_number as string;
    expect(signatoryIc).not.toBe(c.ic);
    const r = await t.call('POST', `/api/hibah/${hibahId}/witness`, {
      token: c.token,
      body: witnessBody(9, { ic_number: signatoryIc }),
      lang: 'en',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.ic_number).toEqual(["A company's signatory cannot be a witness."]);
  });
});

describe("the corporate trust's sealed certificate names the company and its signatories", () => {
  let c: Client;
  let hibahId: string;
  let text: string;

  beforeAll(async () => {
    c = await newClient(t);
    const token = c.token;
    hibahId = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: 2 } }), 201)).hibah.id;
    const submit = { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 };
    const receiver = (await ok(t.call('POST', `/api/hibah/${hibahId}/receiver`, { token, body: receiverBody() }), 201))
      .receiver;
    const land = (await ok(t.call('POST', `/api/hibah/${hibahId}/immoveable-property`, { token, body: landBody }), 201))
      .immoveable_property;
    await ok(
      t.call('POST', `/api/hibah/${hibahId}/property/${land.id}/receiver`, {
        token,
        body: { receiver_id: receiver.id, portion: '100%' },
      }),
      201,
    );
    const pay = await ok(
      t.call('POST', '/api/payment', {
        token,
        body: { paymentable_type: 'Hibah', paymentable_id: hibahId, payment_options_id: 3 },
      }),
    );
    await ok(t.call('POST', `/api/payment/${pay.payment.id}/confirm`, { token: staff, body: {} }));
    const witnesses = [];
    for (const n of [1, 2]) {
      witnesses.push(
        (await ok(t.call('POST', `/api/hibah/${hibahId}/witness`, { token, body: witnessBody(n) }), 201)).witness,
      );
    }
    await passHibahEkyc(t, hibahId);
    await verifiedHibahOtp(t, c.id, hibahId, 'hibah-submit');
    await verifiedHibahOtp(t, c.id, hibahId, 'hibah-finalise');
    await ok(t.call('POST', `/api/hibah/${hibahId}/signature`, { token, body: { signature: SIGNATURE_PNG } }));
    // Without the company, then without its board resolution, the trust cannot be submitted.
    const noCompany = await t.call('POST', `/api/hibah/${hibahId}`, { token, body: submit, lang: 'en' });
    expect(noCompany.status).toBe(422);
    expect(noCompany.body.errors._).toEqual([
      "Please fill in the company's particulars and its authorised signatories first.",
    ]);
    await ok(
      t.call('POST', `/api/hibah/${hibahId}/company`, {
        token,
        body: companyBody(c, { registration_number: '201901000005 (1312525a)' }),
      }),
    );
    const noResolution = await t.call('POST', `/api/hibah/${hibahId}`, { token, body: submit, lang: 'ms' });
    expect(noResolution.body.errors._).toEqual(['Sila muat naik resolusi lembaga pengarah dahulu.']);
    await ok(
      t.call('POST', `/api/hibah/${hibahId}/company/resolution`, {
        token,
        body: { document: dataUrl('application/pdf', certificatePdf('RL-7')), filename: 'Resolusi RL-7.pdf' },
      }),
      201,
    );
    // The company is part of what the grantor signs: the earlier signature is of another version.
    const stale = await t.call('POST', `/api/hibah/${hibahId}`, { token, body: submit, lang: 'en' });
    expect(stale.status).toBe(422);
    expect(Object.keys(stale.body.errors)).toEqual(['signature']);
    await ok(t.call('POST', `/api/hibah/${hibahId}/signature`, { token, body: { signature: SIGNATURE_PNG } }));
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: submit }));
    // Staff see the company in the summary they approve from.
    const summary = await ok(t.call('GET', `/api/hibah/${hibahId}/summary`, { token: staff }));
    expect(summary.summary.company.name).toBe('Syarikat Maju Jaya Sdn. Bhd.');
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: { status: 3, is_draft_accepted: 1 } }));
    await ok(
      t.call('POST', `/api/hibah/${hibahId}/receiver/${receiver.id}/signature`, {
        token,
        body: { signature: SIGNATURE_PNG },
      }),
    );
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: { status: 4 } }));
    for (const w of witnesses) {
      const wl = (
        await ok(
          t.call('POST', '/api/route/sign', {
            token,
            body: { route_name: 'hibah.witness', hibah_id: hibahId, witness_id: w.id },
          }),
        )
      ).url as string;
      const [wp, wq] = wl.split('?');
      // The witness's page names the company (public record), not a person.
      const page = await ok(t.call('GET', wl));
      expect(page.subject).toEqual({
        name: 'Syarikat Maju Jaya Sdn. Bhd.',
        ic_number: '201901000005 (1312525-A)',
        company: 1,
      });
      const m = t.mails.length;
      await ok(t.call('POST', `${wp}/otp?${wq}`, { body: {} }));
      const code = await codeMailed(m, w.email);
      await ok(t.call('POST', `${wp}/confirm?${wq}`, { body: { code, signature: SIGNATURE_PNG } }));
    }
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: { status: 5 } }));
    const r = await t.call('GET', `/api/hibah/${hibahId}/certificate`, { token });
    expect(r.status).toBe(200);
    text = pdfText(r.raw);
  });

  it('prints the company, its SSM number, address and every signatory as recorded', async () => {
    const [co] = await t.ctx.db.select().from(hibah_companies).where(eq(hibah_companies.hibah_id, hibahId));
    const block = text.slice(
      text.indexOf('Syarikat pemberi hibah / Grantor company'),
      text.indexOf('Penerima / Receivers'),
    );
    expect(block).toContain(co.name);
    expect(co.registration_number).toBe('201901000005 (1312525-A)');
    expect(block).toContain(`No. pendaftaran SSM / SSM registration no. ${co.registration_number}`);
    expect(block).toContain(`${co.address}, ${co.postcode} ${co.city}, ${co.state}`);
    expect(co.signatories).toHaveLength(2);
    for (const s of co.signatories) expect(block).toContain(`${s.name} (${s.ic_number}) — ${s.designation}`);
    // No person's particulars stand in for the company.
    expect(text).not.toContain('Pemberi hibah / Grantor ');
  });

  it('prints the board resolution by its name and the SHA-256 of the stored file', async () => {
    const [co] = await t.ctx.db.select().from(hibah_companies).where(eq(hibah_companies.hibah_id, hibahId));
    const [a] = await t.ctx.db
      .select()
      .from(attachments)
      .where(eq(attachments.id, co.board_resolution_id ?? ''));
    expect(a.type).toBe('board-resolution');
    const stored = await t.ctx.store.get(a.storage_key);
    expect(createHash('sha256').update(stored).digest('hex')).toBe(a.sha256);
    expect(text).toContain(`Resolusi lembaga pengarah / Board resolution ${a.original_filename} SHA-256: ${a.sha256}`);
  });

  it("lists the hibah's payments for the client's transaction history (issue 21 item 9)", async () => {
    const list = await ok(t.call('GET', `/api/hibah?user_id=${c.id}&load_with=payment,userDetail`, { token: c.token }));
    const mine = list.hibahs.data.find((h: { id: string }) => h.id === hibahId);
    expect(mine.company).toEqual({
      name: 'Syarikat Maju Jaya Sdn. Bhd.',
      registration_number: '201901000005 (1312525-A)',
    });
    expect(mine.payments).toHaveLength(1);
    expect(mine.payments[0]).toMatchObject({ paymentable_type: 'Hibah', paymentable_id: hibahId, status: 'paid' });
    expect(mine.payments[0].receipt_no).toMatch(/^R\d{4}-\d{6}$/);
  });

  it('was signed for the version that includes the company, and the public page names the company', async () => {
    const [h] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, hibahId));
    expect(h.approved_sha256).toBe(await hibahDocumentVersion(t.ctx.db, hibahId));
    const pub = await ok(t.call('GET', `/api/public/hibah/${hibahId}`));
    expect(pub.hibah.company).toEqual({
      name: 'Syarikat Maju Jaya Sdn. Bhd.',
      registration_number: '201901000005 (1312525-A)',
    });
    expect(text).toContain(h.hibah_number ?? 'no number');
  });
});
