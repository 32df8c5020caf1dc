/**
 * Signature facts (issue 3 "Signatures"; ADR 0015): blank pads refused, every saved signature recorded
 * with who, when, IP and the document version hash, and the facts listed on the will PDF.
 */
import { execFileSync } from 'node:child_process';
import { WILL_STATUS } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { signature_events, wills } from '../../db/schema/index.ts';
import { canonicalJson, documentVersion } from './signature-facts.ts';
import { heir, newClient, ok, PNG_B, readyWill, SIGNATURE_PNG, witness } from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

const dataUrl = (b: Buffer) => `data:image/png;base64,${b.toString('base64')}`;
const blankWhite = async () =>
  dataUrl(
    await sharp({ create: { width: 300, height: 120, channels: 4, background: { r: 255, g: 255, b: 255, alpha: 1 } } })
      .png()
      .toBuffer(),
  );

describe('signature facts', () => {
  it('canonical JSON sorts keys at every level', () => {
    expect(canonicalJson({ b: 1, a: { d: [{ z: 1, y: 2 }], c: new Date('2026-01-01T00:00:00Z') } })).toBe(
      '{"a":{"c":"2026-01-01T00:00:00.000Z","d":[{"y":2,"z":1}]},"b":1}',
    );
  });

  it('records testator and witness signatures with actor, IP and the document version; the PDF lists them', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    const events = await t.ctx.db.select().from(signature_events).where(eq(signature_events.signable_id, id));
    expect(events.map((e) => e.role).sort()).toEqual(['testator', 'witness', 'witness']);
    const version = await documentVersion(t.ctx.db, id);
    for (const e of events) {
      expect(e).toMatchObject({ signable_type: 'Wasiat', actor_id: c.id, document_sha256: version });
      expect(e.ip).toBeTruthy();
      expect(e.signed_at).toBeInstanceOf(Date);
      expect(e.document_sha256).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(events.find((e) => e.role === 'witness' && e.signer_name === 'Saksi Dua')).toBeTruthy();

    // a change to the will's parts changes the version a later signature records
    await ok(t.call('POST', '/api/heir', { token: c.token, body: heir(id, { name: 'Waris Baharu' }) }), 201);
    const changed = await documentVersion(t.ctx.db, id);
    expect(changed).not.toBe(version);

    // registered: the PDF lists the facts (role, name, time, IP, hash prefix)
    await t.ctx.db
      .update(wills)
      .set({ status: WILL_STATUS.registered, wasiat_no: 'W-TEST-1', registered_at: new Date() })
      .where(eq(wills.id, id));
    const pdf = await t.call('GET', `/api/wasiat/${id}/certificate/final`, { token: c.token });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.raw }).toString('utf8');
    expect(text).toContain('Butiran Tandatangan / Signature Facts');
    expect(text).toContain(version.slice(0, 16));
    expect(text).toContain('Saksi Dua');
  });

  it('refuses a blank testator signature and a blank witness signature (422 validation.signature_required)', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    const before = (await t.ctx.db.select().from(signature_events).where(eq(signature_events.signable_id, id))).length;
    for (const blank of [PNG_B, await blankWhite()]) {
      const r = await t.call('POST', `/api/wasiat/${id}/signature`, {
        token: c.token,
        body: { is_base64: true, document: blank },
      });
      expect(r.status).toBe(422);
      expect(r.body.errors.document).toEqual(['A signature is required before submitting.']);
      const w = await t.call('POST', '/api/witness', {
        token: c.token,
        body: witness(id, { name: 'Saksi Tiga', signature: blank }),
      });
      expect(w.status).toBe(422);
      expect(w.body.errors.signature).toEqual(['A signature is required before submitting.']);
    }
    const after = (await t.ctx.db.select().from(signature_events).where(eq(signature_events.signable_id, id))).length;
    expect(after).toBe(before);
    // a drawn one is accepted and recorded
    await ok(
      t.call('POST', `/api/wasiat/${id}/signature`, {
        token: c.token,
        body: { is_base64: true, document: SIGNATURE_PNG },
      }),
    );
    const last = await t.ctx.db.select().from(signature_events).where(eq(signature_events.signable_id, id));
    expect(last.length).toBe(before + 1);
  });

  it('records a typed signature as typed (ADR 0123) with the same facts, and prints the method on the PDF', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    const bad = await t.call('POST', `/api/wasiat/${id}/signature`, {
      token: c.token,
      body: { is_base64: true, document: SIGNATURE_PNG, signature_method: 'stamped' },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['signature_method']);
    await ok(
      t.call('POST', `/api/wasiat/${id}/signature`, {
        token: c.token,
        body: { is_base64: true, document: SIGNATURE_PNG, signature_method: 'typed' },
      }),
    );
    const w = await ok(
      t.call('POST', '/api/witness', {
        token: c.token,
        body: witness(id, { name: 'Saksi Taip', signature: SIGNATURE_PNG, signature_method: 'typed' }),
      }),
      201,
    );
    expect(w.witness.id).toBeTruthy();
    const events = await t.ctx.db.select().from(signature_events).where(eq(signature_events.signable_id, id));
    const byName = (n: string) => events.filter((e) => e.signer_name === n);
    expect(byName('Saksi Taip').map((e) => e.method)).toEqual(['typed']);
    expect(byName('Saksi Dua').map((e) => e.method)).toEqual(['drawn']);
    const testator = events.filter((e) => e.role === 'testator').sort((a, b) => +a.signed_at - +b.signed_at);
    expect(testator.map((e) => e.method)).toEqual(['drawn', 'typed']);
    const typed = testator[1];
    expect(typed).toMatchObject({ actor_id: c.id, document_sha256: await documentVersion(t.ctx.db, id) });
    expect(typed.ip).toBeTruthy();

    await t.ctx.db
      .update(wills)
      .set({ status: WILL_STATUS.registered, wasiat_no: 'W-TEST-2', registered_at: new Date() })
      .where(eq(wills.id, id));
    const pdf = await t.call('GET', `/api/wasiat/${id}/certificate/final`, { token: c.token });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf.raw }).toString('utf8');
    // the certificate of completion names the method of each signature printed
    expect(text).toContain('Kaedah tandatangan / Signature');
    expect(text).toMatch(/Ditaip \(nama dalam tulisan skrip\) \/ Typed/);
    expect(text).toMatch(/Dilukis pada pad \/ Drawn on the pad/);
  });
});
