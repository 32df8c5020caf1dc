/**
 * Issue 17: "the cancel → correct → re-sign → confirm path with the sealed PDF's signatures all of the current
 * version (pdftotext)". A comprehensive will with bequests to heirs (item 5) is submitted, cancelled for
 * update by staff, an heir is corrected, the testator and both witnesses sign again, it is resubmitted and
 * confirmed; the sealed will PDF's text then names, for every printed signature, the version of the will's
 * content now — read from the records (signature_events, the will's rows), not from constants — and lists
 * the bequests to heirs with the clause (ADR 0127, ADR 0155).
 */
import { execFileSync } from 'node:child_process';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { signature_events, wills, witnesses } from '../../db/schema/index.ts';
import { willWithHeirBequests } from '../wills/heir-bequest-fixtures.ts';
import { documentVersion } from '../wills/signature-facts.ts';
import { newClient, ok, SIGNATURE_PNG, verifiedSubmitOtp, witness } from '../wills/test-fixtures.ts';

let t: TestApp;
// The shared machine can be slow to build the test database: a generous hook timeout.
beforeAll(async () => {
  t = await makeTestApp();
}, 180_000);
afterAll(() => t?.close());

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
const count = (hay: string, needle: string) => hay.split(needle).length - 1;

describe('cancel → correct → re-sign → resubmit → confirm: the sealed PDF signatures are of the current version', () => {
  it('prints every signature as of the version confirmed, and the bequests to heirs with the clause', async () => {
    const staff = await t.login('staff');
    const c = await newClient(t);
    const w = await willWithHeirBequests(t, c);
    const patch = (token: string, body: Record<string, unknown>) =>
      t.call('POST', `/api/wasiat/${w.id}`, { token, body: { _method: 'PATCH', ...body } });
    await ok(
      t.call('POST', `/api/wasiat/${w.id}/heir-bequests/acknowledge`, { token: c.token, body: { acknowledged: 1 } }),
    );
    await ok(patch(c.token, { status: 1 }));
    const firstVersion = await documentVersion(t.ctx.db, w.id);

    // Staff cancel for update; the client corrects the wife's address (an heir), so the content changes.
    await ok(patch(staff, { status: 3, rejected_reason: 'Alamat waris tidak lengkap', option_delete_id: 2 }));
    const wife = (await ok(t.call('GET', `/api/heir/${w.heirs.wife}`, { token: c.token }))).heir;
    await ok(
      t.call('POST', `/api/heir/${wife.id}`, {
        token: c.token,
        body: { _method: 'PATCH', ...wife, address: 'No. 9, Jalan Baru, Taman Melati', email: null },
      }),
    );
    const version = await documentVersion(t.ctx.db, w.id);
    expect(version).not.toBe(firstVersion);

    // The testator and both witnesses sign again; a new code; resubmit; staff confirm.
    await ok(
      t.call('POST', `/api/wasiat/${w.id}/signature`, {
        token: c.token,
        body: { is_base64: true, document: SIGNATURE_PNG },
      }),
    );
    const ws = (await ok(t.call('GET', `/api/wasiat/${w.id}/witness`, { token: c.token }))).witnesses.data;
    for (const x of ws) {
      await ok(
        t.call('POST', `/api/witness/${x.id}`, {
          token: c.token,
          body: {
            _method: 'PATCH',
            ...witness(w.id, { ic_number: x.ic_number, name: x.name, signature: SIGNATURE_PNG }),
          },
        }),
      );
    }
    await verifiedSubmitOtp(t, c.id, w.id);
    // The heir's address is not part of the bequests to heirs: the acknowledgement still stands.
    expect((await ok(t.call('GET', `/api/wasiat/${w.id}/heir-bequests`, { token: c.token }))).acknowledged).toBe(true);
    await ok(patch(c.token, { status: 1 }));
    const confirmed = await ok(patch(staff, { status: 2 }));
    expect(confirmed.wasiat.status).toBe(2);

    const r = await t.call('GET', `/api/wasiat/${w.id}/certificate/final`, { token: c.token });
    expect(r.status).toBe(200);
    const text = pdfText(r.raw);
    const flat = text.replace(/\s+/g, '');
    const words = text.replace(/\s+/g, ' ');

    // The records: the signatures the will holds now and every signature event ever made on it.
    const [row] = await t.ctx.db.select().from(wills).where(eq(wills.id, w.id));
    const witnessRows = await t.ctx.db
      .select()
      .from(witnesses)
      .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, w.id)));
    const events = await t.ctx.db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Wasiat'), eq(signature_events.signable_id, w.id)))
      .orderBy(asc(signature_events.signed_at));
    const held = new Set([row.signature_id, ...witnessRows.map((x) => x.signature_id)]);
    const current = events.filter((e) => held.has(e.attachment_id));
    const earlier = events.filter((e) => !held.has(e.attachment_id));
    expect(current.map((e) => e.role).sort()).toEqual(['testator', 'witness', 'witness']);
    expect(earlier).toHaveLength(3);
    // Each printed signature is of the version now …
    for (const e of current) expect(e.document_sha256).toBe(version);
    for (const e of earlier) expect(e.document_sha256).toBe(firstVersion);

    // … and the PDF says so: the completion page's "current version" is the version now, each of the three
    // signers' "version signed" is the same and marked so, and nothing of the earlier version is printed.
    expect(words).toContain('Versi dokumen semasa (SHA-256)');
    expect(count(flat, version)).toBe(1 + current.length);
    expect(count(words, 'sama dengan versi semasa')).toBe(current.length);
    expect(words).not.toContain('berbeza daripada versi semasa');
    expect(flat).not.toContain(firstVersion.slice(0, 16));
    for (const e of current) expect(words).toContain(e.signer_name);

    // The bequests to heirs (item 5), from the records, with the clause in Malay and English (table cells
    // wrap in pdftotext's layout, so names are compared without spaces).
    expect(words).toContain('Wasiat kepada Waris / Bequests to heirs');
    expect(flat).toContain('SitibintiAhmad(Isteri/Wife)');
    expect(flat).toContain('AisyahbintiAhmad(Anak');
    expect(words).toContain('perempuan / Daughter)');
    for (const f of ['3/8 (37.50%)', '19/40 (47.50%)', '13/120 (10.83%)', '1/8 (12.50%)', '7/24 (29.16%)']) {
      expect(words).toContain(f);
    }
    expect(words).toContain('Akaun Bank — Bank Islam');
    expect(words).toContain('Simpanan — Lembaga Tabung');
    // (the two columns of the clause interleave in pdftotext's layout: fragments of each line)
    expect(words).toContain('26(2), dibaca bersama seksyen 11(2)');
    expect(words).toContain('section 26(2), read with section 11(2)');
    expect(words).toContain('Pewasiat tidak boleh memberi');
    // … each with its amount: the excess × the property's estimated value (RM 100,000.00 each; ADR 0257)
    for (const a of ['RM 37,500.00', 'RM 47,500.00', 'RM 10,833.33']) expect(words).toContain(a);
    // … and never a consent recorded by the testator
    expect(words).not.toMatch(/Pewasiat merekodkan bahawa waris bersetuju|Heirs' consent/);
    expect(words).toMatch(
      /Diakui oleh pewasiat pada \d{2} \w{3} \d{2}, \d{2}:\d{2}\. \/ Acknowledged by the testator on/,
    );
    // Item 6: the heirs' table says son or daughter from the MyKad.
    expect(words).toContain('Anak lelaki');
  }, 240_000);
});
