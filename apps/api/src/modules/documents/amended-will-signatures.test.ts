/**
 * Issue 34 "One instrument" (ADR 0232): every PDF of an amended will states the signatures of its version.
 * Over HTTP, as the client would: a registered will, an amendment driven to status 2 (in force) with the
 * testator's signature and both witnesses confirming through their e-mailed link and code; then the will's
 * main download (`GET /api/wasiat/{id}/certificate/final`, the SPA's "download will" button,
 * features/wills/components/Downloads.tsx) must print the amendment's signers — not "No signatures recorded" —
 * as the amended-will PDF (`GET /api/amendment/{id}/certificate/comprehensive`) does.
 */
import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { draftWitness, passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from '../amendments/test-fixtures.ts';
import { ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  officer = await t.login('officer');
});
afterAll(() => t?.close());

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
/** Wait until `cond` holds (mail arrives asynchronously); fails after ~5 s. */
async function until(cond: () => boolean) {
  for (let i = 0; i < 250 && !cond(); i++) await new Promise((r) => setTimeout(r, 20));
  expect(cond()).toBe(true);
}
/** The certificate-of-completion page of a PDF's text. */
const completionOf = (text: string) => text.slice(text.indexOf('Sijil Penyempurnaan / Certificate of Completion'));

describe('the main download of an amended will (issue 34)', () => {
  let willId: string;
  let token: string;
  let amendmentId: string;

  beforeAll(async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    willId = id;
    token = c.token;
    const a = (
      await ok(
        t.call('POST', '/api/amendment', { token, body: { amendmentable_type: 'Wasiat', amendmentable_id: id } }),
        201,
      )
    ).amendment;
    amendmentId = a.id;
    await ok(
      t.call('POST', '/api/payment', {
        token,
        body: { paymentable_type: 'Amendment', paymentable_id: a.id, payment_options_id: 1 },
      }),
    );
    const emails = ['satu.pindaan@example.com', 'dua.pindaan@example.com'];
    const names = ['Saksi Pindaan Satu', 'Saksi Pindaan Dua'];
    await ok(
      t.call('PATCH', `/api/amendment/${a.id}/draft`, {
        token,
        body: { witnesses: emails.map((e, i) => draftWitness(names[i], e)) },
      }),
    );
    await verifiedAmendmentOtp(t, c.id, id);
    await passAmendmentEkyc(t, a.id);
    const patch = (who: string, body: object) =>
      ok(t.call('POST', `/api/amendment/${a.id}`, { token: who, body: { _method: 'PATCH', ...body } }));
    await patch(token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 });
    await patch(officer, { status: 3 });
    await ok(
      t.call('POST', `/api/amendment/${a.id}/signature`, { token, body: { is_base64: true, document: SIGNATURE_PNG } }),
    );
    const before = t.mails.length;
    await patch(token, { status: 4 });
    await until(() => t.mails.length >= before + emails.length);
    // Each witness opens the link mailed to them, verifies the code mailed to them and signs.
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
    const done = (await patch(officer, { status: 2 })).amendment;
    expect(done).toMatchObject({ status: 2, version_no: 2 });
  });

  it("prints the amended version's signatures (testator and both witnesses), as the amended-will PDF does", async () => {
    const r = await t.call('GET', `/api/wasiat/${willId}/certificate/final`, { token });
    expect(r.status).toBe(200);
    const text = pdfText(r.raw);
    expect(text).toMatch(/Versi \/ Version: 2/);
    expect(text).not.toContain('Tiada tandatangan direkodkan');
    expect(text).not.toContain('No signatures recorded');
    const page = completionOf(text);
    expect(page).toMatch(/Pewasiat \/ Testator: \S/);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Pindaan Satu/);
    expect(page).toMatch(/Saksi \/ Witness: Saksi Pindaan Dua/);
    // Each signer was verified by a code: the testator's submit code, the witnesses' e-mailed codes.
    expect(page).toMatch(/OTP disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/);
    expect(page.match(/OTP e-mel disahkan: \d{2} \w{3} \d{2}, \d{2}:\d{2}/g)).toHaveLength(2);
    // The same signers as the amended-will PDF of that version: written once.
    const a = await t.call('GET', `/api/amendment/${amendmentId}/certificate/comprehensive`, { token });
    expect(a.status).toBe(200);
    const amended = completionOf(pdfText(a.raw));
    const signerLines = (p: string) => p.match(/(?:Pewasiat \/ Testator|Saksi \/ Witness): .+/g) ?? [];
    expect(signerLines(page)).toEqual(signerLines(amended));
    expect(signerLines(page)).toHaveLength(3);
  });
});
