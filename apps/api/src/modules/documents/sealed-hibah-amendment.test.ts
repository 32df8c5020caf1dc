/**
 * Sealed documents beyond the will and the receipt (issue 11 "Sealed documents for every registered
 * document"; ADR 0074), over HTTP on a real database and SMTP server:
 * - the hibah certificate is sealed (poppler's `pdfsig`: valid; "Digest Mismatch" after one changed byte),
 *   carries a certificate of completion (grantor, receivers by link and in person, witnesses with the
 *   e-mailed OTP), is registered once per content, and the hibah's public upload check recognises it;
 * - the amended will (`GET /api/amendment/{id}/certificate/comprehensive`) is sealed, names the previous
 *   version's hashes (the previous document: one of the previous version, never a PDF of an older version
 *   printed later; ADR 0099), carries the amendment's certificate of completion (the amendment's own eKYC,
 *   the will's for one without) and is recognised by the will's public upload check;
 *   `GET /wasiat/{id}/certificate/final?version=n` (an earlier version: kind `will_version`, its own signers);
 * - the amended hibah (the same route for a hibah's amendment; ADR 0098): sealed, names the previous
 *   version's content hash and the last hibah document issued before it (or "none issued"), carries the
 *   amendment's completion page (grantor with the amendment's eKYC and spent code, its witnesses), is
 *   registered and recognised by the hibah's upload check; `GET /hibah/{id}/certificate?version=n` (the
 *   current version for whoever sees the hibah, earlier ones for staff only).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendments,
  audit_events,
  ekyc_attempts,
  hibah_versions,
  issued_documents,
  signature_events,
  will_versions,
  wills,
} from '../../db/schema/index.ts';
import { sha256Hex } from '../../platform/documents/issued.ts';
import { approvedHibahAmendment } from '../amendments/hibah-test-fixtures.ts';
import { draftWitness, passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from '../amendments/test-fixtures.ts';
import { caretakerAccepts, readyHibah } from '../hibah/test-fixtures.ts';
import { type Client, newClient, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;
let partner: string;

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  officer = await t.login('officer');
  partner = await t.login('partner');
});
afterAll(() => t?.close());

/** `pdfsig` on bytes: its report — "Signature is Valid." or "Digest Mismatch.". */
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
const flipOneByte = (bytes: Buffer, at: number) => {
  const copy = Buffer.from(bytes);
  copy[at] ^= 0x01;
  return copy;
};
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** Wait until `cond` holds (mail arrives asynchronously); fails after ~5 s. */
async function until(cond: () => boolean) {
  for (let i = 0; i < 250 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(cond()).toBe(true);
}

function upload(path: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), 'doc.pdf');
  return t.call('POST', path, { form });
}

/** Text without the SHA-256 values (hex that may hold 12 digits in a row by chance). */
const withoutHashes = (text: string) => text.replace(/[0-9a-f]{64}/g, '');
/** The certificate-of-completion page of a PDF's text. */
const completionOf = (text: string) => text.slice(text.indexOf('Sijil Penyempurnaan / Certificate of Completion'));

/**
 * A registered hibah: submitted, approved, draft accepted, the adult receiver signs in person on the
 * grantor's device, the minor's caretaker through the link (opened first) with her code (ADR 0167), both witnesses confirm by link + e-mailed code.
 */
async function registeredHibah() {
  const c = await newClient(t);
  const h = await readyHibah(t, c, staff);
  const token = c.token;
  await ok(
    t.call('POST', `/api/hibah/${h.id}`, {
      token,
      body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 3, is_draft_accepted: 1 } }));
  // The adult signs in person on the grantor's device; the minor's caretaker opens the link mailed to her,
  // verifies the code sent to her (issue 3, ADR 0096) and signs (ADR 0167).
  await ok(
    t.call('POST', `/api/hibah/${h.id}/receiver/${h.adult.id}/signature`, {
      token,
      body: { signature: SIGNATURE_PNG },
    }),
  );
  await caretakerAccepts(t, token, h.id, h.minor.id, h.caretaker.email);
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 4 } }));
  for (const w of h.witnesses) {
    const wl = (
      await ok(
        t.call('POST', '/api/route/sign', {
          token,
          body: { route_name: 'hibah.witness', hibah_id: h.id, witness_id: w.id },
        }),
      )
    ).url as string;
    const [wp, wq] = wl.split('?');
    await ok(t.call('GET', wl));
    const n = t.mails.length;
    await ok(t.call('POST', `${wp}/otp?${wq}`, { body: {} }));
    await until(() => t.mails.slice(n).some((m) => m.to.includes(w.email)));
    const mail = t.mails.slice(n).find((m) => m.to.includes(w.email));
    const code = /(?:code is|ialah) (\d{6})/.exec(decode(mail?.raw ?? ''))?.[1] as string;
    await ok(t.call('POST', `${wp}/confirm?${wq}`, { body: { code, signature: SIGNATURE_PNG } }));
  }
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 5 } }));
  return { c, h };
}

describe('hibah certificate', () => {
  let hibahId: string;
  let token: string;
  let pdf: Buffer;

  beforeAll(async () => {
    const { c, h } = await registeredHibah();
    hibahId = h.id;
    token = c.token;
    const r = await t.call('GET', `/api/hibah/${hibahId}/certificate`, { token });
    expect(r.status).toBe(200);
    pdf = r.raw;
  });

  it('is sealed: pdfsig finds a valid signature over the whole file; one changed byte is a digest mismatch', () => {
    const report = pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Wasiat platform (development seal)');
    const broken = pdfsig(flipOneByte(pdf, 1000));
    expect(broken).toContain('Digest Mismatch.');
    expect(broken).not.toContain('Signature is Valid.');
  });

  it('carries the certificate of completion: grantor, receivers (link and in person), witnesses (link + OTP)', () => {
    const page = completionOf(pdfText(pdf));
    expect(page).toContain('Sijil Penyempurnaan / Certificate of Completion');
    expect(page).toMatch(/Penghibah \/ Grantor: /);
    expect(page).toMatch(/Penerima \/ Receiver: Fatimah binti Ahmad/);
    expect(page).toMatch(/Penerima \/ Receiver: Adam bin Ahmad/);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Hibah 1/);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Hibah 2/);
    expect(page).toContain('Melalui pautan bertandatangan yang dihantar melalui e-mel');
    expect(page).toContain('Bersemuka, dalam sesi penghibah');
    expect(page).toMatch(/OTP e-mel disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/);
    // MyKad masked on this page; never a full 12-digit number
    expect(page).toMatch(/\d{6}\*{4}\d{2}/);
    expect(withoutHashes(page)).not.toMatch(/\d{12}/);
    expect(page).toContain('127.0.0.1');
    expect(page).toContain('node'); // the test's fetch User-Agent, recorded at signing
    expect(page).toContain('sama dengan versi semasa / same as the current version');
  });

  it("records the link times: the minor's caretaker and the witnesses were sent and opened their links", async () => {
    const events = await t.ctx.db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Hibah'), eq(signature_events.signable_id, hibahId)));
    const byLink = events.filter((e) => e.role === 'witness' || (e.role === 'receiver' && !e.actor_id));
    expect(byLink).toHaveLength(3);
    for (const e of byLink) {
      expect(e.viewed_at).not.toBeNull();
      expect(e.user_agent).toBeTruthy();
      expect((e.viewed_at as Date).getTime()).toBeLessThanOrEqual(e.signed_at.getTime());
    }
    // the witnesses' links and the minor's (to the caretaker) were mailed by the transitions
    expect(byLink.every((e) => e.sent_at !== null)).toBe(true);
    const inPerson = events.find((e) => e.role === 'receiver' && e.actor_id);
    expect(inPerson?.viewed_at).toBeNull();
  });

  it('is registered once per content and served as the same bytes, with a document.issue audit event', async () => {
    const again = await t.call('GET', `/api/hibah/${hibahId}/certificate`, { token });
    expect(Buffer.compare(again.raw, pdf)).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_type, 'Hibah'), eq(issued_documents.subject_id, hibahId)));
    const certs = rows.filter((r) => r.kind === 'hibah');
    expect(certs).toHaveLength(1);
    expect(certs[0].size_bytes).toBe(pdf.length);
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, hibahId), eq(audit_events.action, 'document.issue')));
    expect(events.some((e) => (e.after as { sha256?: string }).sha256 === certs[0].sha256)).toBe(true);
  });

  it('the public upload check recognises the certificate and refuses a one-byte change', async () => {
    const r = await upload(`/api/public/hibah/${hibahId}/verify`, pdf);
    expect(r.status).toBe(200);
    expect(r.body.verification).toMatchObject({ registered: true, kind: 'hibah' });
    expect(Date.parse(r.body.verification.issued_at)).not.toBeNaN();
    for (const at of [1000, Math.floor(pdf.length / 2), pdf.length - 10]) {
      const bad = await upload(`/api/public/hibah/${hibahId}/verify`, flipOneByte(pdf, at));
      expect(bad.status).toBe(200);
      expect(bad.body.verification).toMatchObject({ registered: false, kind: null, issued_at: null });
    }
  });

  it("another hibah's certificate is not this hibah's; 404 for a hibah not registered; 422 without a file", async () => {
    const c = await newClient(t);
    const pending = await readyHibah(t, c, staff);
    expect((await upload(`/api/public/hibah/${pending.id}/verify`, pdf)).status).toBe(404);
    expect((await upload('/api/public/hibah/nope/verify', pdf)).status).toBe(404);
    const none = await t.call('POST', `/api/public/hibah/${hibahId}/verify`, { form: new FormData(), lang: 'ms' });
    expect(none.status).toBe(422);
    expect(none.body.errors.file).toEqual(['Sila pilih fail PDF.']);
    // a will's verification does not accept the hibah certificate
    const { id: willId } = await registeredWill(t, staff);
    const asWill = await upload(`/api/public/wasiat/${willId}/verify`, pdf);
    expect(asWill.body.verification.registered).toBe(false);
  });
});

/**
 * A succeeded amendment of will `willId` of client `c`: two draft witnesses "Saksi Pindaan {tag}1/2", the
 * amendment's own eKYC (a passing face match of `score`), a verified submit code, the testator's signature,
 * both witnesses confirming through their e-mailed link and code, the officer's approval.
 */
async function approvedWillAmendment(c: Client, willId: string, tag = '', score = 86.6) {
  const a = (
    await ok(
      t.call('POST', '/api/amendment', {
        token: c.token,
        body: { amendmentable_type: 'Wasiat', amendmentable_id: willId },
      }),
      201,
    )
  ).amendment;
  await ok(
    t.call('POST', '/api/payment', {
      token: c.token,
      body: { paymentable_type: 'Amendment', paymentable_id: a.id, payment_options_id: 1 },
    }),
  );
  const emails = [`pindaan${tag}.w1@example.com`, `pindaan${tag}.w2@example.com`];
  await ok(
    t.call('PATCH', `/api/amendment/${a.id}/draft`, {
      token: c.token,
      body: { witnesses: emails.map((e, i) => draftWitness(`Saksi Pindaan ${tag}${i + 1}`, e)) },
    }),
  );
  await verifiedAmendmentOtp(t, c.id, willId);
  await passAmendmentEkyc(t, a.id);
  // The amendment's own face match, as the eKYC step records a passing attempt (score printed on the page).
  await t.ctx.db.insert(ekyc_attempts).values({
    user_id: c.id,
    actor_id: c.id,
    ekycable_type: 'Amendment',
    ekycable_id: a.id,
    verification_score: score,
    passed: true,
    outcome: 'passed',
  });
  const patch = (token: string, body: object) =>
    ok(t.call('POST', `/api/amendment/${a.id}`, { token, body: { _method: 'PATCH', ...body } }));
  await patch(c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 });
  await patch(officer, { status: 3 });
  await ok(
    t.call('POST', `/api/amendment/${a.id}/signature`, {
      token: c.token,
      body: { is_base64: true, document: SIGNATURE_PNG },
    }),
  );
  const before = t.mails.length;
  await patch(c.token, { status: 4 });
  await until(() => t.mails.length >= before + emails.length);
  for (const e of emails) {
    const mail = t.mails.filter((m) => m.to.includes(e)).at(-1);
    const m = decode(mail?.raw ?? '').match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/);
    if (!m) throw new Error(`no link for ${e}`);
    const u = new URL(m[0]);
    const wid = u.pathname.split('/').at(-1) as string;
    const n = t.mails.length;
    await ok(t.call('POST', `/api/amendment-witness/${wid}/otp${u.search}`, { body: {} }));
    await until(() => t.mails.length === n + 1);
    const code = decode(t.mails.at(-1)?.raw ?? '').match(/\b(\d{6})\b/)?.[1] as string;
    await ok(t.call('POST', `/api/amendment-witness/${wid}/otp/verify${u.search}`, { body: { code } }));
    await ok(
      t.call('POST', `/api/amendment-witness/${wid}/confirm${u.search}`, { body: { signature: SIGNATURE_PNG } }),
    );
  }
  return (await patch(officer, { status: 2 })).amendment as { id: string; reference_no: string; version_no: number };
}

describe('amended will', () => {
  let willId: string;
  let amendmentId: string;
  let clientToken: string;
  let willPdfBefore: Buffer;
  let pdf: Buffer;
  let client: Client;

  beforeAll(async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    willId = id;
    clientToken = c.token;
    client = c;
    // The will as registered is downloaded (and so issued) before the amendment.
    const before0 = await t.call('GET', `/api/wasiat/${id}/certificate/final`, { token: c.token });
    expect(before0.status).toBe(200);
    willPdfBefore = before0.raw;
    // The will's own face match (score 72): not the amendment's, which has its own eKYC (ADR 0099).
    await t.ctx.db.insert(ekyc_attempts).values({
      user_id: c.id,
      actor_id: c.id,
      ekycable_type: 'Wasiat',
      ekycable_id: id,
      verification_score: 72.2,
      passed: true,
      outcome: 'passed',
    });
    const a = await approvedWillAmendment(c, id);
    amendmentId = a.id;
    const r = await t.call('GET', `/api/amendment/${a.id}/certificate/comprehensive`, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    pdf = r.raw;
  });

  it('is sealed (pdfsig valid; one changed byte is a digest mismatch)', () => {
    const report = pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(pdfsig(flipOneByte(pdf, 1000))).toContain('Digest Mismatch.');
  });

  it("names the amendment and the previous version's hashes: content and the registered PDF issued before", async () => {
    const text = pdfText(pdf);
    const flat = text.replace(/\s+/g, '');
    expect(text).toContain('Pindaan / Amendment');
    expect(text).toMatch(/Versi \/ Version: 2/);
    const [v1] = await t.ctx.db
      .select()
      .from(will_versions)
      .where(and(eq(will_versions.wasiat_id, willId), eq(will_versions.version_no, 1)));
    expect(flat).toContain(v1.sha256);
    const [issuedBefore] = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_id, willId), eq(issued_documents.kind, 'will')));
    expect(issuedBefore.size_bytes).toBe(willPdfBefore.length);
    expect(flat).toContain(issuedBefore.sha256);
  });

  it("carries the amendment's certificate of completion: testator (eKYC, OTP) and witnesses (link + OTP)", () => {
    const page = completionOf(pdfText(pdf));
    expect(page).toMatch(/Pewasiat \/ Testator: /);
    // The amendment's own eKYC (ADR 0099): its face match's score, not the will's (72).
    expect(page).toContain('Padanan wajah, skor 87');
    expect(page).toContain('Face match, score 87');
    expect(page).not.toContain('skor 72');
    expect(page).toMatch(/Saksi \/ Witness: Saksi Pindaan 1/);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Pindaan 2/);
    expect(page).toMatch(/OTP disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/);
    expect(page).toContain('Melalui pautan bertandatangan yang dihantar melalui e-mel');
    expect(page).toMatch(/OTP e-mel disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/);
    expect(page).toMatch(/\d{6}\*{4}\d{2}/);
    expect(withoutHashes(page)).not.toMatch(/\d{12}/);
    expect(page).toContain('node');
    expect(page).toContain('sama dengan versi semasa / same as the current version');
    expect(page).not.toContain('berbeza daripada versi semasa');
  });

  it("is registered once (subject Amendment) and recognised by the will's public upload check", async () => {
    // A later change of the will's bookkeeping (not printed on this document) keeps the same bytes.
    await t.ctx.db
      .update(wills)
      .set({ updated_at: new Date(Date.now() + 60_000) })
      .where(eq(wills.id, willId));
    const again = await t.call('GET', `/api/amendment/${amendmentId}/certificate/comprehensive`, {
      token: clientToken,
    });
    expect(Buffer.compare(again.raw, pdf)).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_type, 'Amendment'), eq(issued_documents.subject_id, amendmentId)));
    expect(rows.filter((r) => r.kind === 'amendment')).toHaveLength(1);
    const r = await upload(`/api/public/wasiat/${willId}/verify`, pdf);
    expect(r.body.verification).toMatchObject({ registered: true, kind: 'amendment' });
    const bad = await upload(`/api/public/wasiat/${willId}/verify`, flipOneByte(pdf, pdf.length - 10));
    expect(bad.body.verification.registered).toBe(false);
    // the earlier will PDF stays registered too
    expect((await upload(`/api/public/wasiat/${willId}/verify`, willPdfBefore)).body.verification).toMatchObject({
      registered: true,
      kind: 'will',
    });
  });

  it('a signed link opens it; others and unfinished amendments get 404; a tampered link 403', async () => {
    const link = await ok(
      t.call('POST', '/api/route/sign', {
        token: clientToken,
        body: { route_name: 'amendment.certificate', amendment_id: amendmentId },
      }),
    );
    expect(link.url).toMatch(new RegExp(`^/api/amendment/${amendmentId}/certificate/comprehensive\\?expires=`));
    const viaLink = await t.call('GET', link.url);
    expect(viaLink.status).toBe(200);
    expect(Buffer.compare(viaLink.raw, pdf)).toBe(0);
    expect((await t.call('GET', link.url.replace(/signature=(.)/, 'signature=Z$1'))).status).toBe(403);
    const stranger = await newClient(t);
    expect(
      (await t.call('GET', `/api/amendment/${amendmentId}/certificate/comprehensive`, { token: stranger.token }))
        .status,
    ).toBe(404);
    const open = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: clientToken,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: willId },
        }),
        201,
      )
    ).amendment;
    expect(
      (await t.call('GET', `/api/amendment/${open.id}/certificate/comprehensive`, { token: clientToken })).status,
    ).toBe(404);
    const none = await ok(
      t.call('POST', '/api/route/sign', {
        token: clientToken,
        body: { route_name: 'amendment.certificate', amendment_id: open.id },
      }),
    );
    expect(none.url).toBe('');
    await ok(t.call('POST', `/api/amendment/${open.id}`, { token: officer, body: { _method: 'PATCH', status: 5 } }));
  });

  it('?version=n (ADR 0099): an earlier version is its own kind with its own signers; a made version is the amended will', async () => {
    const cert = (q: string, token: string) => t.call('GET', `/api/wasiat/${willId}/certificate/final${q}`, { token });
    // Staff print version 1 after the amendment: sealed, of that version, with that version's signers.
    const v1 = await cert('?version=1', staff);
    expect(v1.status).toBe(200);
    expect(pdfsig(v1.raw)).toContain('Signature is Valid.');
    const text = pdfText(v1.raw);
    expect(text).toMatch(/Versi \/ Version: 1/);
    expect(text).not.toContain('Pindaan / Amendment');
    expect(text).not.toContain('Saksi Pindaan');
    const page = completionOf(text);
    expect(page).toMatch(/Pewasiat \/ Testator: /);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Dua/);
    expect(page).toContain('Padanan wajah, skor 72');
    expect(page).toContain('sama dengan versi semasa / same as the current version');
    expect(page).not.toContain('berbeza daripada versi semasa');
    // Registered once under its own kind; served as the same bytes.
    expect(Buffer.compare((await cert('?version=1', staff)).raw, v1.raw)).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_type, 'Wasiat'), eq(issued_documents.subject_id, willId)));
    expect(rows.filter((r) => r.kind === 'will_version').map((r) => r.sha256)).toEqual([sha256Hex(v1.raw)]);
    // Version 2 was made by the amendment: its PDF is the amended will, the same bytes.
    const v2 = await cert('?version=2', clientToken);
    expect(v2.status).toBe(200);
    expect(Buffer.compare(v2.raw, pdf)).toBe(0);
    expect((await cert('?version=1', clientToken)).status).toBe(404);
    expect((await cert('?version=3', staff)).status).toBe(404);
    // The will's upload check recognises the version PDF (and names its kind); one changed byte is refused.
    const ok1 = await upload(`/api/public/wasiat/${willId}/verify`, v1.raw);
    expect(ok1.body.verification).toMatchObject({ registered: true, kind: 'will_version' });
    for (const at of [1000, v1.raw.length - 10]) {
      const bad = await upload(`/api/public/wasiat/${willId}/verify`, flipOneByte(v1.raw, at));
      expect(bad.body.verification).toMatchObject({ registered: false, kind: null, issued_at: null });
    }
  });

  it('a second amendment names the first amended will, not the version-1 PDF printed after it', async () => {
    // The version-1 PDF (previous test) was issued after the first amended will: under ADR 0074's rule it
    // would have been "the last will document issued before". It is not a document of version 2.
    const [v1Pdf] = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_id, willId), eq(issued_documents.kind, 'will_version')));
    expect(v1Pdf.issued_at.getTime()).toBeGreaterThan(
      (
        await t.ctx.db
          .select()
          .from(issued_documents)
          .where(and(eq(issued_documents.subject_type, 'Amendment'), eq(issued_documents.subject_id, amendmentId)))
      )[0].issued_at.getTime(),
    );
    const second = await approvedWillAmendment(client, willId, 'b', 93.1);
    expect(second.version_no).toBe(3);
    const r = await t.call('GET', `/api/amendment/${second.id}/certificate/comprehensive`, { token: clientToken });
    expect(r.status).toBe(200);
    const text = pdfText(r.raw);
    expect(text).toMatch(/Versi \/ Version: 3/);
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain(sha256Hex(pdf));
    expect(flat).not.toContain(v1Pdf.sha256);
    expect(flat).not.toContain(sha256Hex(willPdfBefore));
    const [v2] = await t.ctx.db
      .select()
      .from(will_versions)
      .where(and(eq(will_versions.wasiat_id, willId), eq(will_versions.version_no, 2)));
    expect(flat).toContain(v2.sha256);
    expect(completionOf(text)).toContain('Padanan wajah, skor 93');
    // The current version's PDF is this amended will.
    const v3 = await t.call('GET', `/api/wasiat/${willId}/certificate/final?version=3`, { token: clientToken });
    expect(Buffer.compare(v3.raw, r.raw)).toBe(0);
  });

  it("an amendment without its own eKYC (before ADR 0094) prints the will's; the document issued before stays verifiable", async () => {
    await t.ctx.db
      .update(amendments)
      .set({ ekyc_method: null, ekyc_verified_at: null, face_verification_count: 0 })
      .where(eq(amendments.id, amendmentId));
    const r = await t.call('GET', `/api/amendment/${amendmentId}/certificate/comprehensive`, { token: clientToken });
    expect(r.status).toBe(200);
    // A new registered version (its completion page changed); the earlier one is still recognised.
    expect(Buffer.compare(r.raw, pdf)).not.toBe(0);
    const page = completionOf(pdfText(r.raw));
    expect(page).toContain('Padanan wajah, skor 72');
    expect(page).not.toContain('skor 87');
    for (const bytes of [pdf, r.raw]) {
      expect((await upload(`/api/public/wasiat/${willId}/verify`, bytes)).body.verification).toMatchObject({
        registered: true,
        kind: 'amendment',
      });
    }
    // A manual review prints "Manual", with no score.
    await t.ctx.db
      .update(amendments)
      .set({ ekyc_method: 'Manual', ekyc_verified_at: new Date() })
      .where(eq(amendments.id, amendmentId));
    const manual = completionOf(
      pdfText(
        (await t.call('GET', `/api/amendment/${amendmentId}/certificate/comprehensive`, { token: clientToken })).raw,
      ),
    );
    expect(manual).toContain('Semakan manual oleh kakitangan');
    expect(manual).not.toMatch(/skor \d+/);
  });

  it('"none issued" when no will document was issued before; then a live will PDF of version 2 is the previous one', async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    const a = await approvedWillAmendment(c, id, 'c');
    const r = await t.call('GET', `/api/amendment/${a.id}/certificate/comprehensive`, { token: c.token });
    expect(r.status).toBe(200);
    expect(pdfText(r.raw)).toContain('Tiada dokumen dikeluarkan sebelum pindaan ini');
    // Staff print version 1 (not a document of version 2), the client downloads the live will (version 2).
    expect((await t.call('GET', `/api/wasiat/${id}/certificate/final?version=1`, { token: staff })).status).toBe(200);
    const live = await t.call('GET', `/api/wasiat/${id}/certificate/final`, { token: c.token });
    expect(live.status).toBe(200);
    const b = await approvedWillAmendment(c, id, 'd');
    const flat = pdfText(
      (await t.call('GET', `/api/amendment/${b.id}/certificate/comprehensive`, { token: c.token })).raw,
    ).replace(/\s+/g, '');
    expect(flat).toContain(sha256Hex(live.raw));
    expect(flat).not.toContain(sha256Hex(r.raw));
  });
});

describe('amended hibah (ADR 0098)', () => {
  let hibahId: string;
  let grantor: string;
  let client: Client;
  let certBefore: Buffer;
  let first: { id: string; reference_no: string; version_no: number };
  let second: { id: string; reference_no: string; version_no: number };
  let pdf: Buffer;
  let secondPdf: Buffer;

  beforeAll(async () => {
    const { c, h } = await registeredHibah();
    hibahId = h.id;
    grantor = c.token;
    // The registered hibah's certificate is downloaded (and so issued) before the amendment.
    const before = await t.call('GET', `/api/hibah/${h.id}/certificate`, { token: c.token });
    expect(before.status).toBe(200);
    certBefore = before.raw;
    client = c;
    first = await approvedHibahAmendment(t, c, h.id, officer);
    // The amendment's face match, as the eKYC step records a passing attempt (score printed on the page).
    await t.ctx.db.insert(ekyc_attempts).values({
      user_id: c.id,
      actor_id: c.id,
      ekycable_type: 'Amendment',
      ekycable_id: first.id,
      verification_score: 91.4,
      passed: true,
      outcome: 'passed',
    });
    const r = await t.call('GET', `/api/amendment/${first.id}/certificate/comprehensive`, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    pdf = r.raw;
  }, 120_000);

  it('is sealed (pdfsig valid; one changed byte is a digest mismatch)', () => {
    const report = pdfsig(pdf);
    expect(report).toContain('Signature is Valid.');
    expect(pdfsig(flipOneByte(pdf, 1000))).toContain('Digest Mismatch.');
  });

  it("names the amendment, version 2 and the previous one's hashes: content and the certificate issued before", async () => {
    const text = pdfText(pdf);
    const flat = text.replace(/\s+/g, '');
    expect(text).toContain('SIJIL HIBAH / HIBAH CERTIFICATE');
    expect(text).toContain('Pindaan / Amendment');
    expect(text).toContain(first.reference_no);
    expect(text).toMatch(/Versi \/ Version: 2/);
    expect(text).toMatch(/Meminda versi \/ Amends version\s+1/);
    expect(text).toContain('Dokumen ini ialah hibah sebagaimana dipinda');
    const [v1] = await t.ctx.db
      .select()
      .from(hibah_versions)
      .where(and(eq(hibah_versions.hibah_id, hibahId), eq(hibah_versions.version_no, 1)));
    expect(flat).toContain(v1.sha256);
    const [issuedBefore] = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_id, hibahId), eq(issued_documents.kind, 'hibah')));
    expect(issuedBefore.size_bytes).toBe(certBefore.length);
    expect(flat).toContain(issuedBefore.sha256);
    // The amendment's witnesses are the version's witnesses.
    expect(text).toContain('Saksi Pindaan Hibah 1');
    expect(text).not.toContain('Saksi Hibah 1');
  });

  it("carries the amendment's completion page: the grantor (amendment eKYC, spent code) and its witnesses", () => {
    const page = completionOf(pdfText(pdf));
    expect(page).toMatch(/1\. Penghibah \/ Grantor: /);
    expect(page).toContain('Padanan wajah, skor 91');
    expect(page).toMatch(/OTP disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Pindaan Hibah 1/);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Pindaan Hibah 2/);
    expect(page).toContain('Melalui pautan bertandatangan yang dihantar melalui e-mel');
    expect(page).toMatch(/OTP e-mel disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/);
    expect(page).not.toMatch(/Penerima \/ Receiver/);
    expect(page).toMatch(/\d{6}\*{4}\d{2}/);
    expect(withoutHashes(page)).not.toMatch(/\d{12}/);
    expect(page).toContain('sama dengan versi semasa / same as the current version');
  });

  it("is registered once (subject Amendment) and the hibah's upload check recognises it, not a one-byte change", async () => {
    const again = await t.call('GET', `/api/amendment/${first.id}/certificate/comprehensive`, { token: grantor });
    expect(Buffer.compare(again.raw, pdf)).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_type, 'Amendment'), eq(issued_documents.subject_id, first.id)));
    expect(rows.map((r) => r.kind)).toEqual(['hibah_amendment']);
    const r = await upload(`/api/public/hibah/${hibahId}/verify`, pdf);
    expect(r.body.verification).toMatchObject({ registered: true, kind: 'hibah_amendment' });
    for (const at of [1000, pdf.length - 10]) {
      const bad = await upload(`/api/public/hibah/${hibahId}/verify`, flipOneByte(pdf, at));
      expect(bad.body.verification).toMatchObject({ registered: false, kind: null });
    }
    // The certificate issued before the amendment stays registered; a will's check does not know the hibah's.
    expect((await upload(`/api/public/hibah/${hibahId}/verify`, certBefore)).body.verification).toMatchObject({
      registered: true,
      kind: 'hibah',
    });
  });

  it('a signed link opens it; a stranger or a partner of another organisation gets 404; an open amendment 404', async () => {
    const link = await ok(
      t.call('POST', '/api/route/sign', {
        token: grantor,
        body: { route_name: 'amendment.certificate', amendment_id: first.id },
      }),
    );
    expect(link.url).toMatch(new RegExp(`^/api/amendment/${first.id}/certificate/comprehensive\\?expires=`));
    const viaLink = await t.call('GET', link.url);
    expect(Buffer.compare(viaLink.raw, pdf)).toBe(0);
    const stranger = await newClient(t);
    const path = `/api/amendment/${first.id}/certificate/comprehensive`;
    expect((await t.call('GET', path, { token: stranger.token })).status).toBe(404);
    expect((await t.call('GET', path, { token: partner })).status).toBe(404);
    const open = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: grantor,
          body: { amendmentable_type: 'Hibah', amendmentable_id: hibahId },
        }),
        201,
      )
    ).amendment;
    expect(
      (await t.call('GET', `/api/amendment/${open.id}/certificate/comprehensive`, { token: grantor })).status,
    ).toBe(404);
    await ok(t.call('POST', `/api/amendment/${open.id}`, { token: officer, body: { _method: 'PATCH', status: 5 } }));
  });

  it('a second amendment names the first amended hibah (the only document of version 2) as the previous one', async () => {
    const [prevDoc] = await t.ctx.db
      .select()
      .from(issued_documents)
      .where(and(eq(issued_documents.subject_type, 'Amendment'), eq(issued_documents.subject_id, first.id)));
    second = await approvedHibahAmendment(t, client, hibahId, officer);
    expect(second.version_no).toBe(3);
    const r = await t.call('GET', `/api/amendment/${second.id}/certificate/comprehensive`, { token: grantor });
    expect(r.status).toBe(200);
    secondPdf = r.raw;
    const text = pdfText(r.raw);
    expect(text).toMatch(/Versi \/ Version: 3/);
    const flat = text.replace(/\s+/g, '');
    expect(flat).toContain(prevDoc.sha256);
    // Not the certificate of version 1 issued before the first amendment.
    expect(flat).not.toContain(sha256Hex(certBefore));
    const [v2] = await t.ctx.db
      .select()
      .from(hibah_versions)
      .where(and(eq(hibah_versions.hibah_id, hibahId), eq(hibah_versions.version_no, 2)));
    expect(flat).toContain(v2.sha256);
  });

  it('?version=n: the current one for whoever sees the hibah, earlier ones for staff only; 404 otherwise', async () => {
    const cert = (q: string, token: string) => t.call('GET', `/api/hibah/${hibahId}/certificate${q}`, { token });
    // Version 3 (current) and 2 were made by amendments: their certificates are the amended hibahs, same bytes.
    const v3 = await cert('?version=3', grantor);
    expect(v3.status).toBe(200);
    expect(Buffer.compare(v3.raw, secondPdf)).toBe(0);
    expect((await cert('?version=2', grantor)).status).toBe(404);
    expect((await cert('?version=1', grantor)).status).toBe(404);
    expect((await cert('?version=4', staff)).status).toBe(404);
    const stranger = await newClient(t);
    expect((await cert('?version=3', stranger.token)).status).toBe(404);
    expect((await cert('?version=3', partner)).status).toBe(404);
    expect((await cert('?version=1', partner)).status).toBe(404);
    const v2 = await cert('?version=2', staff);
    expect(v2.status).toBe(200);
    expect(Buffer.compare(v2.raw, pdf)).toBe(0);
    // Staff read version 1: printed from its snapshot with its own witnesses and signatures, sealed, registered.
    const v1 = await cert('?version=1', staff);
    expect(v1.status).toBe(200);
    expect(pdfsig(v1.raw)).toContain('Signature is Valid.');
    const text = pdfText(v1.raw);
    expect(text).toMatch(/Versi \/ Version: 1/);
    expect(text).not.toContain('Pindaan / Amendment');
    expect(text).toContain('Saksi Hibah 1');
    expect(text).not.toContain('Saksi Pindaan Hibah');
    const page = completionOf(text);
    expect(page).toMatch(/Penghibah \/ Grantor: /);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Hibah 1/);
    expect(page).toMatch(/Penerima \/ Receiver: Fatimah binti Ahmad/);
    expect(page).toContain('sama dengan versi semasa / same as the current version');
    expect(Buffer.compare((await cert('?version=1', staff)).raw, v1.raw)).toBe(0);
    expect((await upload(`/api/public/hibah/${hibahId}/verify`, v1.raw)).body.verification).toMatchObject({
      registered: true,
      kind: 'hibah_version',
    });
    // A signed link reaches the current version only; a bad value is a 422.
    const link = (
      await ok(
        t.call('POST', '/api/route/sign', {
          token: grantor,
          body: { route_name: 'hibah.certificate', hibah_id: hibahId },
        }),
      )
    ).url as string;
    expect((await t.call('GET', link)).status).toBe(200);
    expect((await t.call('GET', `${link}&version=1`)).status).toBe(404);
    expect((await cert('?version=0', staff)).status).toBe(422);
  });

  it('"none issued" when no hibah document was issued before; then a certificate of the live version is the previous one', async () => {
    const { c, h } = await registeredHibah();
    const a = await approvedHibahAmendment(t, c, h.id, officer);
    const r = await t.call('GET', `/api/amendment/${a.id}/certificate/comprehensive`, { token: c.token });
    expect(r.status).toBe(200);
    expect(pdfText(r.raw)).toContain('Tiada dokumen dikeluarkan sebelum pindaan ini');
    // Staff print version 1 (not a document of version 2), the grantor downloads the live certificate (version 2).
    expect((await t.call('GET', `/api/hibah/${h.id}/certificate?version=1`, { token: staff })).status).toBe(200);
    const live = await t.call('GET', `/api/hibah/${h.id}/certificate`, { token: c.token });
    expect(live.status).toBe(200);
    const b = await approvedHibahAmendment(t, c, h.id, officer);
    const flat = pdfText(
      (await t.call('GET', `/api/amendment/${b.id}/certificate/comprehensive`, { token: c.token })).raw,
    ).replace(/\s+/g, '');
    expect(flat).toContain(sha256Hex(live.raw));
    expect(flat).not.toContain(sha256Hex(r.raw));
  });
});
