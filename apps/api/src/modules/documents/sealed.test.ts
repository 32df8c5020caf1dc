/**
 * Sealed documents (issue 11 "Sealed documents"; ADRs 0070–0072): every PDF the documents module serves
 * is sealed (checked with poppler's `pdfsig`), registered by its SHA-256, carries a certificate-of-
 * completion page, and an upload to `POST /api/public/wasiat/{id}/verify` is recognised — or, with one
 * byte changed, not.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WILL_STATUS } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, ekyc_attempts, issued_documents, payments, wills } from '../../db/schema/index.ts';
import { renderPdf } from '../../platform/documents/pdf/fonts.ts';
import { generateDevelopmentP12, loadSealKey, sealPdf } from '../../platform/documents/seal.ts';
import { documentVersion } from '../wills/signature-facts.ts';
import { newClient, readyWill } from '../wills/test-fixtures.ts';

let t: TestApp;
let willId: string;
let clientToken: string;
let pdf: Buffer;

/** `pdfsig` on bytes: its report (stdout) — "Signature is Valid." or "Digest Mismatch.". */
function pdfsig(bytes: Buffer): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdfsig-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, bytes);
    const r = spawnSync('pdfsig', [file], { encoding: 'utf8' });
    return `${r.stdout}${r.stderr}`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');

/** The same bytes with one byte changed (inside the will's content, not the signature). */
function flipOneByte(bytes: Buffer, at = 1000): Buffer {
  const copy = Buffer.from(bytes);
  copy[at] = copy[at] ^ 0x01;
  return copy;
}

function upload(id: string, bytes: Buffer, name = 'wasiat.pdf', type = 'application/pdf') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return t.call('POST', `/api/public/wasiat/${id}/verify`, { form, headers: { Type: 'api-public' } });
}

beforeAll(async () => {
  t = await makeTestApp();
  const c = await newClient(t);
  clientToken = c.token;
  willId = await readyWill(t, c);
  // Registered (as a staff verification would leave it), with the passing face-match attempt's score.
  await t.ctx.db
    .update(wills)
    .set({ status: WILL_STATUS.registered, wasiat_no: 'W-SEAL-1', registered_at: new Date('2026-11-23T06:05:00Z') })
    .where(eq(wills.id, willId));
  // readyWill records a paid payment as a bare row; a settled payment carries its receipt number (issue 7).
  await t.ctx.db.update(payments).set({ receipt_no: 'R2026-000001' }).where(eq(payments.paymentable_id, willId));
  await t.ctx.db.insert(ekyc_attempts).values({
    user_id: c.id,
    actor_id: c.id,
    ekycable_type: 'Wasiat',
    ekycable_id: willId,
    verification_score: 87.4,
    distance: 0.31,
    passed: true,
    outcome: 'passed',
  });
  const r = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token: clientToken });
  expect(r.status).toBe(200);
  pdf = r.raw;
});
afterAll(() => t?.close());

describe('sealing', () => {
  it('the will PDF is sealed: pdfsig finds a valid signature over the whole document', () => {
    const report = pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Wasiat platform (development seal)');
    expect(report).toContain('SHA-256');
  });

  it('a one-byte change makes pdfsig report the document as modified', () => {
    const report = pdfsig(flipOneByte(pdf));
    expect(report).toContain('Digest Mismatch.');
    expect(report).not.toContain('Signature is Valid.');
  });

  it('the receipt is sealed too', async () => {
    const r = await t.call('GET', `/api/wasiat/${willId}/receipt`, { token: clientToken });
    expect(r.status).toBe(200);
    expect(pdfsig(r.raw)).toContain('Signature is Valid.');
  });

  it('an unchanged will is served as the same bytes, registered once, with a document.issue audit event', async () => {
    const again = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token: clientToken });
    expect(Buffer.compare(again.raw, pdf)).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_id, willId), eq(issued_documents.kind, 'will')));
    expect(rows).toHaveLength(1);
    expect(rows[0].size_bytes).toBe(pdf.length);
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, willId), eq(audit_events.action, 'document.issue')));
    expect(events.map((e) => (e.after as { kind: string }).kind).sort()).toEqual(['receipt', 'will']);
    const willEvent = events.find((e) => (e.after as { kind: string }).kind === 'will');
    expect((willEvent?.after as { sha256?: string } | undefined)?.sha256).toBe(rows[0].sha256);
  });

  it("without a licensed CA the seal is the platform's own, and GET /api/document-seal says so (ADR 0297)", async () => {
    const r = await t.call('GET', '/api/document-seal');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ seal: { kind: 'platform', ca_subject: null } });
    expect(pdfText(pdf)).not.toContain('tandatangan digital penyedia');
  });

  it('the development key is generated once into DATA_DIR/seal and reused; SEAL_P12_PATH takes precedence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'seal-'));
    try {
      const env = { DATA_DIR: dir, NODE_ENV: 'development' } as const;
      const first = loadSealKey(env);
      expect(first.source).toBe('development');
      expect(readFileSync(join(dir, 'seal', 'dev-seal.p12')).equals(first.p12)).toBe(true);
      const second = loadSealKey(env);
      expect(second.p12.equals(first.p12)).toBe(true);
      expect(second.passphrase).toBe(first.passphrase);

      const own = join(dir, 'operator.p12');
      writeFileSync(own, generateDevelopmentP12('s3cret', 'Operator Seal Sdn Bhd'));
      const configured = loadSealKey({ ...env, SEAL_P12_PATH: own, SEAL_P12_PASSPHRASE: 's3cret' });
      expect(configured.source).toBe('configured');
      const sealed = await sealPdf(
        await renderPdf({ info: { title: 'Ujian' }, content: ['Ujian'] }),
        { reason: 'Test' },
        configured,
      );
      expect(pdfsig(sealed)).toContain('Operator Seal Sdn Bhd');
      expect(pdfsig(sealed)).toContain('Signature is Valid.');
      await expect(
        sealPdf(
          await renderPdf({ info: { title: 'x' }, content: ['x'] }),
          { reason: 'x' },
          { ...configured, passphrase: 'wrong' },
        ),
      ).rejects.toThrow();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('certificate of completion', () => {
  it('lists each signer: role, name, masked MyKad, eKYC and OTP, IP, browser, times and the version signed', async () => {
    const text = pdfText(pdf);
    expect(text).toContain('Sijil Penyempurnaan / Certificate of Completion');
    expect(text).toMatch(/1\. Pewasiat \/ Testator: /);
    expect(text).toMatch(/Saksi \/ Witness: Saksi Dua/);
    // masked MyKad: 6 digits, stars, 2 digits; never the full number on this page
    const page = text.slice(text.indexOf('Sijil Penyempurnaan'));
    expect(page).toMatch(/\d{6}\*{4}\d{2}/);
    // (SHA-256 hex may hold 12 digits in a row by chance: leave the hashes out)
    expect(page.replace(/[0-9a-f]{64}/g, '')).not.toMatch(/\d{12}/);
    expect(page).toContain('eKYC: Padanan wajah, skor 87 / eKYC: Face match, score 87');
    expect(page).toMatch(/OTP disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/);
    expect(page).toContain('Bersemuka, dalam sesi pewasiat');
    expect(page).toContain('127.0.0.1');
    expect(page).toContain('node'); // the User-Agent of the test's fetch, recorded at signing
    expect(page).toContain('Dihantar / Sent');
    expect(page).toContain('Dilihat / Viewed');
    expect(page).toContain('Ditandatangani / Signed');
    // the hash the signers signed is the will's current version (nothing changed since)
    const version = await documentVersion(t.ctx.db, willId);
    expect(page.replace(/\s+/g, '')).toContain(version);
    expect(page).toContain('sama dengan versi semasa / same as the current version');
  });
});

describe('public upload check', () => {
  it('recognises the registered will PDF byte for byte', async () => {
    const r = await upload(willId, pdf);
    expect(r.status).toBe(200);
    expect(r.body.verification).toMatchObject({ registered: true, kind: 'will' });
    expect(r.body.verification.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(Date.parse(r.body.verification.issued_at)).not.toBeNaN();
  });

  it('a one-byte change is not the registered document', async () => {
    const r = await upload(willId, flipOneByte(pdf, pdf.length - 10));
    expect(r.status).toBe(200);
    expect(r.body.verification).toMatchObject({ registered: false, kind: null, issued_at: null });
    const mid = await upload(willId, flipOneByte(pdf, Math.floor(pdf.length / 2)));
    expect(mid.body.verification.registered).toBe(false);
  });

  it("another will's registered PDF is not this will's document", async () => {
    const c = await newClient(t);
    const other = await readyWill(t, c);
    await t.ctx.db
      .update(wills)
      .set({ status: WILL_STATUS.registered, wasiat_no: 'W-SEAL-2', registered_at: new Date() })
      .where(eq(wills.id, other));
    const r = await upload(other, pdf);
    expect(r.body.verification.registered).toBe(false);
    // …and stays unknown even though it is a valid sealed PDF of the platform
    expect(pdfsig(pdf)).toContain('Signature is Valid.');
  });

  it('refuses a missing file and a non-PDF (422, translated), and answers 404 for a will that is not registered', async () => {
    const none = await t.call('POST', `/api/public/wasiat/${willId}/verify`, { form: new FormData() });
    expect(none.status).toBe(422);
    expect(none.body.errors.file).toEqual(['Please choose a PDF file.']);
    const png = await upload(willId, Buffer.from('\x89PNG\r\n\x1a\n0000'), 'x.png', 'image/png');
    expect(png.status).toBe(422);
    expect(png.body.errors.file).toEqual(['This file is not a PDF.']);
    const ms = await t.call('POST', `/api/public/wasiat/${willId}/verify`, { form: new FormData(), lang: 'ms' });
    expect(ms.body.errors.file).toEqual(['Sila pilih fail PDF.']);
    expect((await upload('nosuchwill', pdf)).status).toBe(404);
    const c = await newClient(t);
    const pending = await readyWill(t, c);
    expect((await upload(pending, pdf)).status).toBe(404);
  });
});

describe('public upload check limits', () => {
  it('is limited like the public lookup (429 with Retry-After)', async () => {
    const small = await makeTestApp({ env: { RATE_LIMIT_SCALE: String(1 / 30) } });
    try {
      const form = () => {
        const f = new FormData();
        f.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.7'))]), 'x.pdf');
        return f;
      };
      const first = await small.call('POST', '/api/public/wasiat/unknown/verify', { form: form() });
      expect(first.status).toBe(404);
      const second = await small.call('POST', '/api/public/wasiat/unknown/verify', { form: form() });
      expect(second.status).toBe(429);
      expect(second.headers.get('retry-after')).toBeTruthy();
    } finally {
      await small.close();
    }
  });
});
