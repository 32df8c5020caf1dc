import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { wills } from '../../db/schema/index.ts';
import { rtlLine } from '../../platform/documents/pdf/fonts.ts';
import { formatKlDateTime } from '../../platform/documents/pdf/layout.ts';
import { insertUser, insertWill } from './fixtures.ts';

let t: TestApp;
let will: string; // registered, paid
let pending: string; // status 1
let unpaid: string; // registered, latest payment pending
let waived: string; // registered, fully paid by a promo code
let tokens: Record<string, string>;

/** The text of a PDF, via poppler's pdftotext. */
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
/** Number of images embedded in a PDF, via poppler's pdfimages. */
const pdfImageCount = (bytes: Buffer) =>
  execFileSync('pdfimages', ['-list', '-'], { input: bytes })
    .toString('utf8')
    .split('\n')
    .filter((l) => /^\s*\d+\s+\d+\s+image/.test(l)).length;

beforeAll(async () => {
  t = await makeTestApp();
  will = (await insertWill(t.ctx)).willId;
  pending = (await insertWill(t.ctx, { status: 1, receiptNo: 'R2026-000099' })).willId;
  unpaid = (await insertWill(t.ctx, { wasiatNo: 'W2026-000002', paymentStatus: 'pending' })).willId;
  waived = (
    await insertWill(t.ctx, {
      wasiatNo: 'W2026-000003',
      paymentStatus: 'waived',
      receiptNo: 'R2026-000003',
      discountSen: 30000,
    })
  ).willId;
  const signUp = await t.call('POST', '/api/users', {
    body: {
      user: {
        name: 'Orang Lain',
        username: 'other',
        email: 'other@example.com',
        ic_number: '910101145013',
        mobile_number: '012-3456780',
        password: 'Rahsia123',
        password_confirmation: 'Rahsia123',
        pdpa: true,
      },
    },
  });
  tokens = { other: signUp.body.token };
  await insertUser(t.ctx, { username: 'partner2', role: 'Partner', ic: '790101145021', orgCode: 'PROVIDER' });
  await insertUser(t.ctx, { username: 'agent2', role: 'Agent', ic: '790101145031', orgCode: 'DEMO' });
  for (const u of ['client', 'agent', 'partner', 'staff', 'officer', 'partner2', 'agent2'])
    tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

describe('will PDF', () => {
  it('renders the registered will for its owner with the particulars, property, signatures and QR code', async () => {
    const r = await t.call('GET', `/api/wasiat/${will}/certificate/final`, { token: tokens.client });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(r.raw);
    for (const s of [
      'Aminah binti Ahmad',
      '920815145678',
      'W2026-000001',
      '23 Nov 26, 14:05',
      "Maklumat Pewasiat / Testator's Particulars",
      'Waris / Heirs',
      'Hassan bin Omar',
      'Akaun Bank',
      'Maybank Islamic',
      'Ali bin Hassan (Anak / Son) — 1/2',
      'RM 50,000.00',
      'Fatimah binti Omar',
      'Masjid Al-Falah',
      'Zainab binti Karim',
      'Rahman bin Daud',
      'Wasiat Komprehensif / Comprehensive will',
      'Shah Alam',
      'faraid',
      `http://localhost:3000/public/wasiat/${will}`,
    ]) {
      expect(text, s).toContain(s);
    }
    // Noto Sans and the Arabic font embedded
    const fonts = execFileSync('pdffonts', ['-'], { input: r.raw }).toString('utf8');
    expect(fonts).toMatch(/NotoSans/);
    expect(fonts).toMatch(/Amiri/);
    // QR code + the testator's and both witnesses' signatures (+ soft masks of the transparent PNGs).
    expect(pdfImageCount(r.raw)).toBeGreaterThanOrEqual(4);
  });

  it('states the executor fee and the bequests to non-heirs against one third; never a consent of the heirs (ADR 0257)', async () => {
    const url = `/api/wasiat/${will}/certificate/final`;
    const plain = pdfText((await t.call('GET', url, { token: tokens.client })).raw).replace(/\s+/g, ' ');
    // RM 50,000.00 of property: 2% = RM 1,000.00, all borne by the provider (spec §9, ADR 0011)
    for (const s of ['Fi wasi / Executor fee', 'Fi wasi: RM 1,000.00', '(2% daripada RM 50,000.00)']) {
      expect(plain, s).toContain(s);
    }
    // 10% to the mosque of RM 50,000.00 (the son's half of the bank account is to an heir): RM 5,000.00 of
    // one third, RM 16,666.66 (s.26(1)); the value with the date of its estimate
    for (const s of [
      'Wasiat kepada bukan waris / Bequests',
      'RM 5,000.00 (wasiat am RM 5,000.00; harta RM 0.00), tidak melebihi satu',
      'pertiga harta bersih: RM 16,666.66 (Enakmen Wasiat Orang Islam (Selangor) 1999, seksyen 26(1))',
      'RM 5,000.00 (general bequests RM 5,000.00; property RM 0.00), not more than one third of the net estate: RM 16,666.66',
      // the date of the estimate under the value (a narrow column: its words may wrap)
      'anggaran pada',
      '15 Jan 2026',
      'estimated on',
    ]) {
      expect(plain, s).toContain(s);
    }
    // A consent recorded on the row before ADR 0257 is not printed: the will never says that the heirs agree.
    await t.ctx.db
      .update(wills)
      .set({ heirs_consent: true, heirs_consent_note: 'Dipersetujui oleh semua waris.' })
      .where(eq(wills.id, will));
    try {
      const text = pdfText((await t.call('GET', url, { token: tokens.client })).raw).replace(/\s+/g, ' ');
      for (const s of ['Persetujuan waris', "Heirs' consent", 'waris bersetuju', 'Dipersetujui oleh semua waris.']) {
        expect(text, s).not.toContain(s);
      }
      expect(text).toContain('not more than one third of the net estate');
    } finally {
      await t.ctx.db.update(wills).set({ heirs_consent: false, heirs_consent_note: null }).where(eq(wills.id, will));
    }
  });

  it('is open to the agent who registered it, a partner of its organisation and staff', async () => {
    for (const u of ['agent', 'partner', 'staff', 'officer']) {
      const r = await t.call('GET', `/api/wasiat/${will}/certificate/final`, { token: tokens[u] });
      expect(r.status, u).toBe(200);
    }
  });

  it('is a 404 for another client, an unknown id, and a will not registered yet', async () => {
    for (const u of ['other', 'partner2', 'agent2']) {
      const r = await t.call('GET', `/api/wasiat/${will}/certificate/final`, { token: tokens[u] });
      expect(r.status, u).toBe(404);
    }
    expect((await t.call('GET', '/api/wasiat/nope/certificate/final', { token: tokens.client })).status).toBe(404);
    expect((await t.call('GET', `/api/wasiat/${pending}/certificate/final`, { token: tokens.client })).status).toBe(
      404,
    );
  });

  it('answers 401 without a token or a signature', async () => {
    expect((await t.call('GET', `/api/wasiat/${will}/certificate/final`)).status).toBe(401);
  });
});

describe('receipt PDF', () => {
  it('renders the receipt with number, payer, plan, amounts and mode', async () => {
    const r = await t.call('GET', `/api/wasiat/${will}/receipt`, { token: tokens.client });
    expect(r.status).toBe(200);
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(r.raw);
    for (const s of [
      'R2026-000001',
      'Aminah binti Ahmad',
      'Wasiat Komprehensif / Comprehensive will',
      'RM 300.00',
      'RM 0.00',
      'Gerbang Bayaran / Online payment gateway',
      '19 Nov 26, 11:30',
      'FPX-123456',
    ]) {
      expect(text, s).toContain(s);
    }
  });

  it('shows a promo code that waived the whole price', async () => {
    const r = await t.call('GET', `/api/wasiat/${waived}/receipt`, { token: tokens.staff });
    expect(r.status).toBe(200);
    const text = pdfText(r.raw);
    for (const s of ['R2026-000003', 'RM 300.00', '-RM 300.00', 'RM 0.00', 'Dikecualikan / Waived']) {
      expect(text, s).toContain(s);
    }
  });

  it('is a 404 for another client and when the latest payment is not paid or waived', async () => {
    expect((await t.call('GET', `/api/wasiat/${will}/receipt`, { token: tokens.other })).status).toBe(404);
    expect((await t.call('GET', `/api/wasiat/${unpaid}/receipt`, { token: tokens.client })).status).toBe(404);
  });
});

describe('signed download links', () => {
  const sign = (route_name: string, wasiat_id: string, token: string) =>
    t.call('POST', '/api/route/sign', { token, body: { route_name, wasiat_id } });

  it('signs a 5-minute link that opens the PDF without a bearer token', async () => {
    const before = Math.floor(Date.now() / 1000);
    const s = await sign('wasiat.certificate', will, tokens.client);
    expect(s.status).toBe(200);
    expect(s.body.url).toMatch(new RegExp(`^/api/wasiat/${will}/certificate/final\\?expires=\\d+&signature=`));
    const expires = Number(new URL(s.body.url, t.baseUrl).searchParams.get('expires'));
    expect(expires - before).toBeGreaterThanOrEqual(299);
    expect(expires - before).toBeLessThanOrEqual(301);
    const r = await t.call('GET', s.body.url);
    expect(r.status).toBe(200);
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');

    const rs = await sign('wasiat.receipt', will, tokens.agent);
    expect(rs.body.url).toMatch(new RegExp(`^/api/wasiat/${will}/receipt\\?expires=`));
    expect(pdfText((await t.call('GET', rs.body.url)).raw)).toContain('RM 300.00');
  });

  it('refuses a tampered or expired link with 403', async () => {
    const { url } = (await sign('wasiat.certificate', will, tokens.client)).body;
    const sig = url.slice(-1) === 'A' ? 'B' : 'A';
    expect((await t.call('GET', url.slice(0, -1) + sig)).status).toBe(403);
    // the same signature on another will's path, or on the receipt path
    expect((await t.call('GET', url.replace(will, unpaid))).status).toBe(403);
    expect((await t.call('GET', url.replace('certificate/final', 'receipt'))).status).toBe(403);
    // a later expiry than was signed
    expect(
      (
        await t.call(
          'GET',
          url.replace(/expires=\d+/, (m: string) => `expires=${Number(m.slice(8)) + 60}`),
        )
      ).status,
    ).toBe(403);
    const expired = t.ctx.signer.sign(`/api/wasiat/${will}/certificate/final`, -5);
    const r = await t.call('GET', expired, { lang: 'ms' });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Pautan muat turun ini tidak sah atau telah tamat tempoh.');
  });

  it('gives an empty url to a caller who may not see the will, or when there is nothing to download', async () => {
    expect((await sign('wasiat.certificate', will, tokens.other)).body).toEqual({ url: '' });
    expect((await sign('wasiat.receipt', will, tokens.other)).body).toEqual({ url: '' });
    expect((await sign('wasiat.certificate', pending, tokens.client)).body).toEqual({ url: '' });
    expect((await sign('wasiat.receipt', unpaid, tokens.client)).body).toEqual({ url: '' });
    expect((await sign('wasiat.certificate', 'nope', tokens.staff)).body).toEqual({ url: '' });
  });
});

describe('public verification', () => {
  it('shows only what verifies a registered will, masked', async () => {
    const r = await t.call('GET', `/api/public/wasiat/${will}`);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      wasiat: {
        id: will,
        wasiat_no: 'W2026-000001',
        status: 2,
        registered_at: '2026-11-23T06:05:00.000Z',
        // no MyKad digits at all: they tell the date of birth (issue 36 item 6)
        testator: { name: 'A***** b**** A****' },
        organization: { name: expect.any(String) },
      },
    });
    const raw = r.raw.toString('utf8');
    for (const leak of [
      'Aminah',
      '920815145678',
      '920815',
      '****78',
      'Jalan Melati',
      'Shah Alam',
      '40400',
      'Hassan',
      'Maybank',
      'client@',
    ]) {
      expect(raw, leak).not.toContain(leak);
    }
  });

  it('is a 404 for a will not registered and an unknown id', async () => {
    expect((await t.call('GET', `/api/public/wasiat/${pending}`)).status).toBe(404);
    expect((await t.call('GET', '/api/public/wasiat/unknown-id')).status).toBe(404);
  });
});

describe('right-to-left line', () => {
  it('reverses the words and keeps the spaces as inlines of their own', () => {
    expect(rtlLine('بِسْمِ ٱللَّهِ  ٱلرَّحْمَٰنِ')).toEqual(['ٱلرَّحْمَٰنِ', ' ', 'ٱللَّهِ', ' ', 'بِسْمِ']);
  });
});

describe('date style', () => {
  it('shows UTC instants in Kuala Lumpur time as "23 Nov 26, 14:05"', () => {
    expect(formatKlDateTime(new Date('2026-11-23T06:05:00Z'))).toBe('23 Nov 26, 14:05');
    expect(formatKlDateTime(new Date('2026-12-31T16:30:00Z'))).toBe('01 Jan 27, 00:30');
    expect(formatKlDateTime(null)).toBe('-');
  });

  it('writes Malay month names, as the domain formatter does (issue 38: "21 Dec 26" on Malay documents)', () => {
    // 2026-12-20T16:19:39.305Z is 21 December 00:19 in Kuala Lumpur.
    expect(formatKlDateTime(new Date('2026-12-20T16:19:39.305Z'))).toBe('21 Dis 26, 00:19');
    expect(formatKlDateTime(new Date('2026-08-05T01:30:00Z'))).toBe('05 Ogo 26, 09:30');
    expect(formatKlDateTime(new Date('2026-09-05T01:30:00Z'))).toBe('05 Sep 26, 09:30');
  });
});
