/**
 * The executed original of a will (issue 41 item 1; ADR 0266): the sealed will prints what the screen signature is
 * (ECA 2006 s. 2(2) and Schedule; DSA 1997 s. 62), signing blocks for the testator and two witnesses, and the sealed
 * version's SHA-256 on every page; a scan of the signed paper is uploaded, checked by staff against that hash
 * (refused with another), recorded with its custody, and the will's answer shows it held. Runs on PGlite and, with
 * DATABASE_URL, on PostgreSQL.
 */
import { execFileSync } from 'node:child_process';
import { WILL_STATUS } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, issued_documents, wills } from '../../db/schema/index.ts';
import { type Client, newClient, PNG_A, readyWill } from '../wills/test-fixtures.ts';

let t: TestApp;
let c: Client;
let willId: string;
let otherWillId: string;
let staff: string;
let officer: string;
let pdf: Buffer;
let sealedSha: string;

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
const register = (id: string, no: string) =>
  t.ctx.db
    .update(wills)
    .set({ status: WILL_STATUS.registered, wasiat_no: no, registered_at: new Date('2026-11-23T06:05:00Z') })
    .where(eq(wills.id, id));
const scanBody = (over: Record<string, unknown> = {}) => ({
  scan: PNG_A,
  scan_filename: 'wasiat-ditandatangani.png',
  custody: 'provider',
  custody_place: 'Peti besi pejabat Kuala Lumpur, kotak 12',
  ...over,
});

beforeAll(async () => {
  t = await makeTestApp();
  c = await newClient(t);
  willId = await readyWill(t, c);
  await register(willId, 'W-EXEC-1');
  otherWillId = await readyWill(t, c);
  staff = await t.login('staff');
  officer = await t.login('officer');
  const r = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token: c.token });
  expect(r.status).toBe(200);
  pdf = r.raw;
  const [doc] = await t.ctx.db
    .select()
    .from(issued_documents)
    .where(and(eq(issued_documents.subject_id, willId), eq(issued_documents.kind, 'will')));
  sealedSha = doc.content_sha256;
});
afterAll(() => t?.close());

describe('the sealed will says what the signature is and carries the hand-signing page', () => {
  it('prints the ECA 2006 and DSA 1997 statement in Malay and English', () => {
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Akta Perdagangan Elektronik 2006 (Akta 658)');
    expect(text).toContain('Electronic Commerce Act 2006 (Act 658)');
    expect(text).toContain('Digital Signature Act 1997 (Act 562) s. 62');
    expect(text).toContain('Akta Tandatangan Digital 1997 (Akta 562) s. 62');
  });

  it('prints signing blocks for the testator and two witnesses (name, MyKad, date, signature)', () => {
    const text = pdfText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Executing this will by hand');
    expect(text).toContain('Saksi 1 / Witness 1');
    expect(text).toContain('Saksi 2 / Witness 2');
    expect(text).toContain('No. MyKad / MyKad No.');
    expect(text).toContain('Tarikh / Date');
    expect(text).toContain(c.ic);
  });

  it("prints the sealed version's SHA-256 (the registry's content fingerprint) at the foot of every page", () => {
    const pages = pdfText(pdf)
      .split('\f')
      .filter((p) => p.trim());
    expect(pages.length).toBeGreaterThan(1);
    for (const page of pages) expect(page).toContain(`Sealed version SHA-256: ${sealedSha}`);
  });
});

describe('the executed original', () => {
  let scanId: string;

  it('before any scan: not held, the expected hash is the sealed one, the testator may upload', async () => {
    const r = await t.call('GET', `/api/wasiat/${willId}/executed-original`, { token: c.token });
    expect(r.status).toBe(200);
    expect(r.body.executed_original).toMatchObject({
      held: false,
      expected_sha256: sealedSha,
      can_upload: true,
      can_verify: false,
      scans: [],
    });
    const w = await t.call('GET', `/api/wasiat/${willId}`, { token: c.token });
    expect(w.body.wasiat.executed_original_at).toBeNull();
  });

  it('refuses bad input with 422 naming the field, and a will not yet registered', async () => {
    const url = `/api/wasiat/${willId}/executed-original`;
    let r = await t.call('POST', url, { token: c.token, body: scanBody({ custody: 'bank' }) });
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('custody');
    r = await t.call('POST', url, { token: c.token, body: scanBody({ custody_place: ' ' }) });
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('custody_place');
    r = await t.call('POST', url, { token: c.token, body: scanBody({ scan: 'data:text/plain;base64,aGVsbG8=' }) });
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('scan');
    r = await t.call('POST', `/api/wasiat/${otherWillId}/executed-original`, { token: c.token, body: scanBody() });
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('wasiat_id');
  });

  it('another client neither sees nor uploads (404)', async () => {
    const other = await newClient(t, false);
    const url = `/api/wasiat/${willId}/executed-original`;
    expect((await t.call('GET', url, { token: other.token })).status).toBe(404);
    expect((await t.call('POST', url, { token: other.token, body: scanBody() })).status).toBe(404);
  });

  it('the testator uploads the scan: pending, one at a time, audited', async () => {
    const url = `/api/wasiat/${willId}/executed-original`;
    const r = await t.call('POST', url, { token: c.token, body: scanBody() });
    expect(r.status).toBe(201);
    const eo = r.body.executed_original;
    expect(eo.held).toBe(false);
    expect(eo.scans).toHaveLength(1);
    expect(eo.scans[0]).toMatchObject({ status: 'pending', custody: 'provider', version_no: 1 });
    scanId = eo.scans[0].id;
    const file = await t.call('GET', eo.scans[0].scan.url, { token: staff });
    expect(file.status).toBe(200);
    const again = await t.call('POST', url, { token: c.token, body: scanBody() });
    expect(again.status).toBe(422);
    expect(again.body.errors).toHaveProperty('scan');
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, willId), eq(audit_events.action, 'will.executed_original_upload')));
    expect(events).toHaveLength(1);
  });

  it('only staff who verify wills check it; a wrong hash is refused with 422 on printed_sha256', async () => {
    const url = `/api/executed-original/${scanId}/verify`;
    expect((await t.call('POST', url, { token: c.token, body: { printed_sha256: sealedSha } })).status).toBe(403);
    const wrong = await t.call('POST', url, { token: staff, body: { printed_sha256: 'a'.repeat(64) } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toHaveProperty('printed_sha256');
    const notHex = await t.call('POST', url, { token: staff, body: { printed_sha256: 'not a hash' } });
    expect(notHex.status).toBe(422);
    expect(notHex.body.errors).toHaveProperty('printed_sha256');
  });

  it('the right hash (as typed off the scan: spaces, capitals) records the executed original and its custody', async () => {
    const typed = sealedSha.toUpperCase().replace(/(.{8})/g, '$1 ');
    const r = await t.call('POST', `/api/executed-original/${scanId}/verify`, {
      token: staff,
      body: { printed_sha256: typed, custody: 'testator', custody_place: 'Rumah pewasiat, Kajang' },
    });
    expect(r.status).toBe(200);
    expect(r.body.executed_original).toMatchObject({
      held: true,
      custody: 'testator',
      custody_place: 'Rumah pewasiat, Kajang',
      can_upload: false,
    });
    expect(r.body.executed_original.scans[0]).toMatchObject({ status: 'verified', printed_sha256: sealedSha });
    const w = await t.call('GET', `/api/wasiat/${willId}`, { token: c.token });
    expect(w.body.wasiat.executed_original_at).not.toBeNull();
    const list = await t.call('GET', '/api/wasiat', { token: c.token });
    const row = list.body.wasiats.data.find((x: { id: string }) => x.id === willId);
    expect(row.executed_original_at).not.toBeNull();
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, willId), eq(audit_events.action, 'will.executed_original_verify')));
    expect(events).toHaveLength(1);
    expect(events[0].after).toMatchObject({ printed_sha256: sealedSha, custody: 'testator' });
  });

  it('recording it does not make a new sealed version: the will PDF is the same bytes', async () => {
    const r = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token: c.token });
    expect(Buffer.compare(r.raw, pdf)).toBe(0);
  });

  it('a second scan of a version already held is refused (422 on wasiat_id)', async () => {
    const r = await t.call('POST', `/api/wasiat/${willId}/executed-original`, { token: c.token, body: scanBody() });
    expect(r.status).toBe(422);
    expect(r.body.errors).toHaveProperty('wasiat_id');
  });
});

describe('refusing a scan', () => {
  it('staff who uploaded cannot check their own; another refuses it with a reason, audited', async () => {
    await register(otherWillId, 'W-EXEC-2');
    const up = await t.call('POST', `/api/wasiat/${otherWillId}/executed-original`, {
      token: staff,
      body: scanBody(),
    });
    expect(up.status).toBe(201);
    const id = up.body.executed_original.scans[0].id;
    const own = await t.call('POST', `/api/executed-original/${id}/refuse`, {
      token: staff,
      body: { reason: 'Tandatangan saksi tiada' },
    });
    expect(own.status).toBe(403);
    const short = await t.call('POST', `/api/executed-original/${id}/refuse`, { token: officer, body: { reason: '' } });
    expect(short.status).toBe(422);
    expect(short.body.errors).toHaveProperty('reason');
    // No sealed document of this will was issued yet: the hash cannot match anything.
    const noDoc = await t.call('POST', `/api/executed-original/${id}/verify`, {
      token: officer,
      body: { printed_sha256: sealedSha },
    });
    expect(noDoc.status).toBe(422);
    expect(noDoc.body.errors).toHaveProperty('printed_sha256');
    const r = await t.call('POST', `/api/executed-original/${id}/refuse`, {
      token: officer,
      body: { reason: 'Tandatangan saksi kedua tiada' },
    });
    expect(r.status).toBe(200);
    expect(r.body.executed_original.held).toBe(false);
    expect(r.body.executed_original.scans[0]).toMatchObject({
      status: 'refused',
      refusal_reason: 'Tandatangan saksi kedua tiada',
    });
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, otherWillId), eq(audit_events.action, 'will.executed_original_refuse')));
    expect(events).toHaveLength(1);
    // A new scan may follow a refusal.
    const next = await t.call('POST', `/api/wasiat/${otherWillId}/executed-original`, {
      token: c.token,
      body: scanBody(),
    });
    expect(next.status).toBe(201);
  });
});
