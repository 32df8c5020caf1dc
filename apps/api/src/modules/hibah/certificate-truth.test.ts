/**
 * The sealed hibah certificate tells the truth (issue 21 items 1, 2, 5; ADR 0119), over HTTP on a real
 * database and SMTP server: a property hibah with an adult receiver and a minor receiver whose caretaker
 * has an allowance is taken to registration; the sealed certificate is read back with `pdftotext` and each
 * printed fact is checked against the record of that fact — the codes the grantor, the receiver and the
 * witnesses verified (`otp_codes`, `hibah_receivers.otp_verified_at`, `hibah_witnesses.otp_verified_at`),
 * the version each one signed, the receivers with their shares, the minor flag, the caretaker and the
 * allowance (ringgit from sen, frequency label), the property by its catalogue labels. A change after the
 * grantor signed asks for the signature again before submitting. Issue 34: a child receiver is worded as the
 * will words them, from their MyKad (Fatimah, even last digit: "Anak perempuan / Daughter"; Adam, odd: "Anak
 * lelaki / Son") on the certificate and in the summary the screens read; and a signature typed — the
 * grantor's signature given again, the adult receiver's, a witness's — is recorded and printed as typed.
 */
import { execFileSync } from 'node:child_process';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  hibah_caretakers,
  hibah_receivers,
  hibah_witnesses,
  hibahs,
  otp_codes,
  signature_events,
} from '../../db/schema/index.ts';
import { formatKlDateTime } from '../../platform/documents/pdf/layout.ts';
import { newClient, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { hibahDocumentVersion } from './document-version.ts';
import { caretakerAccepts, readyHibah } from './test-fixtures.ts';

let t: TestApp;
let staff: string;

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(() => t?.close());

/** The PDF's text, whitespace runs (line wraps included) made single spaces. */
const pdfText = (bytes: Buffer) =>
  execFileSync('pdftotext', ['-', '-'], { input: bytes }).toString('utf8').replace(/\s+/g, ' ');
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The 6-digit code of the latest mail to `to` after mail number `from` (waits up to ~10 s). */
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

describe('the sealed hibah certificate states the facts of the records', () => {
  let hibahId: string;
  let text: string;
  let completion: string;
  let ids: Awaited<ReturnType<typeof readyHibah>>;
  let staleStatus = 0;
  let staleField: string[] | undefined;
  let minorOnDevice: Awaited<ReturnType<TestApp['call']>>;
  let grantorToken = '';

  beforeAll(async () => {
    const c = await newClient(t);
    ids = await readyHibah(t, c, staff);
    hibahId = ids.id;
    const token = c.token;
    grantorToken = token;
    // The caretaker is given an allowance after the grantor signed: the signature is of another version.
    await ok(
      t.call('PATCH', `/api/hibah/${hibahId}/caretaker/${ids.caretaker.id}`, {
        token,
        body: {
          ...ids.caretaker,
          has_allowance: true,
          allowance_amount_sen: 123450,
          allowance_frequency: 'monthly',
        },
      }),
    );
    const view = await ok(t.call('GET', `/api/hibah/${hibahId}`, { token }));
    expect(view.hibah.signature_current).toBe(0);
    const submit = { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 };
    const stale = await t.call('POST', `/api/hibah/${hibahId}`, { token, body: submit, lang: 'en' });
    staleStatus = stale.status;
    staleField = stale.body.errors?.signature;
    // The grantor signs again, this time typing their name (ADR 0123; issue 34).
    await ok(
      t.call('POST', `/api/hibah/${hibahId}/signature`, {
        token,
        body: { signature: SIGNATURE_PNG, signature_method: 'typed' },
      }),
    );
    expect((await ok(t.call('GET', `/api/hibah/${hibahId}`, { token }))).hibah.signature_current).toBe(1);
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: submit }));
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: { status: 3, is_draft_accepted: 1 } }));
    // The adult receiver signs through the link with the mailed code; the minor's caretaker likewise.
    const link = (
      await ok(
        t.call('POST', '/api/route/sign', {
          token,
          body: { route_name: 'hibah.receiver', hibah_id: hibahId, receiver_id: ids.adult.id },
        }),
      )
    ).url as string;
    const [path, query] = link.split('?');
    await ok(t.call('GET', link));
    const n = t.mails.length;
    await ok(t.call('POST', `${path}/otp?${query}`, { body: {} }));
    const code = await codeMailed(n, ids.adult.email);
    await ok(
      t.call('POST', `${path}/sign?${query}`, { body: { code, signature: SIGNATURE_PNG, signature_method: 'typed' } }),
    );
    // The grantor's device may not sign for the minor (ADR 0167): the caretaker accepts by link and code.
    minorOnDevice = await t.call('POST', `/api/hibah/${hibahId}/receiver/${ids.minor.id}/signature`, {
      token,
      body: { signature: SIGNATURE_PNG },
    });
    await caretakerAccepts(t, token, hibahId, ids.minor.id, ids.caretaker.email);
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: { status: 4 } }));
    for (const [i, w] of ids.witnesses.entries()) {
      const wl = (
        await ok(
          t.call('POST', '/api/route/sign', {
            token,
            body: { route_name: 'hibah.witness', hibah_id: hibahId, witness_id: w.id },
          }),
        )
      ).url as string;
      const [wp, wq] = wl.split('?');
      const m = t.mails.length;
      await ok(t.call('POST', `${wp}/otp?${wq}`, { body: {} }));
      const wcode = await codeMailed(m, w.email);
      // The first witness types; the second draws and sends no method (drawn when absent).
      const method = i === 0 ? { signature_method: 'typed' } : {};
      await ok(t.call('POST', `${wp}/confirm?${wq}`, { body: { code: wcode, signature: SIGNATURE_PNG, ...method } }));
    }
    await ok(t.call('POST', `/api/hibah/${hibahId}`, { token, body: { status: 5 } }));
    const r = await t.call('GET', `/api/hibah/${hibahId}/certificate`, { token });
    expect(r.status).toBe(200);
    text = pdfText(r.raw);
    completion = text.slice(text.indexOf('Sijil Penyempurnaan / Certificate of Completion'));
  });

  it('asks for the signature again when the content changed after the grantor signed (item 5)', () => {
    expect(staleStatus).toBe(422);
    expect(staleField).toEqual([
      'The hibah changed after you signed it. Please sign this version again before submitting.',
    ]);
  });

  it("prints the grantor's codes as verified in otp_codes, never 'OTP: none' (item 1)", async () => {
    const codes = await t.ctx.db
      .select()
      .from(otp_codes)
      .where(and(eq(otp_codes.hibah_id, hibahId), isNotNull(otp_codes.used_at)));
    const submit = codes.find((x) => x.purpose === 'hibah-submit');
    const finalise = codes.find((x) => x.purpose === 'hibah-finalise');
    expect(submit?.verified_at).toBeTruthy();
    expect(finalise?.verified_at).toBeTruthy();
    const grantor = completion.slice(
      completion.indexOf('Penghibah / Grantor'),
      completion.indexOf('Penerima / Receiver'),
    );
    expect(grantor).toContain(`OTP disahkan: ${formatKlDateTime(submit?.verified_at)}`);
    expect(grantor).toContain(`OTP penerimaan draf disahkan: ${formatKlDateTime(finalise?.verified_at)}`);
    expect(grantor).not.toContain('OTP: tiada');
  });

  it("prints the receiver's and the witnesses' codes from their rows' otp_verified_at (item 1)", async () => {
    const [adult] = await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.id, ids.adult.id));
    expect(adult.otp_verified_at).toBeTruthy();
    expect(adult.otp_channel).toBe('email');
    const fatimah = completion.slice(completion.indexOf('Penerima / Receiver: Fatimah binti Ahmad'));
    expect(fatimah).toContain(`OTP e-mel disahkan: ${formatKlDateTime(adult.otp_verified_at)}`);
    const ws = await t.ctx.db.select().from(hibah_witnesses).where(eq(hibah_witnesses.hibah_id, hibahId));
    for (const w of ws) {
      expect(w.otp_verified_at).toBeTruthy();
      const block = completion.slice(completion.indexOf(`Saksi / Witness: ${w.name}`));
      expect(block).toContain(`OTP e-mel disahkan: ${formatKlDateTime(w.otp_verified_at)}`);
    }
  });

  it('every signer signed the version now printed: the re-signed grantor too (item 5)', async () => {
    const now = await hibahDocumentVersion(t.ctx.db, hibahId);
    const [h] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, hibahId));
    const events = await t.ctx.db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Hibah'), eq(signature_events.signable_id, hibahId)));
    const printed = events.filter(
      (e) => e.attachment_id === h.signature_id || e.role === 'receiver' || e.role === 'witness',
    );
    expect(printed).toHaveLength(5);
    for (const e of printed) expect(e.document_sha256).toBe(now);
    expect(h.approved_sha256).toBe(now);
    expect(h.draft_accepted_sha256).toBe(now);
    expect(completion).not.toContain('berbeza daripada versi semasa');
    expect(completion.split('sama dengan versi semasa').length - 1).toBe(5);
  });

  it('states per receiver the property and share, the minor flag, the caretaker and allowance (item 2)', async () => {
    const [care] = await t.ctx.db.select().from(hibah_caretakers).where(eq(hibah_caretakers.id, ids.caretaker.id));
    expect(care.allowance_amount_sen).toBe(123450);
    const land = 'Sebidang Tanah / Land · Geran / Grant · GRN 12345 · Lot 678';
    const fatimah = text.slice(text.indexOf('1. Fatimah binti Ahmad'), text.indexOf('2. Adam bin Ahmad'));
    // Fatimah's MyKad ends in an even digit: a daughter, as the will words her (issue 34).
    expect(ids.adult.ic_number).toMatch(/[02468]$/);
    expect(fatimah).toContain(`(${ids.adult.ic_number}) — Anak perempuan / Daughter`);
    expect(fatimah).not.toContain('/ Son');
    expect(fatimah).toContain(`Bahagian / Share: ${land} — 50%`);
    expect(fatimah).toContain('Bawah umur / Minor: Tidak / No');
    expect(fatimah).not.toContain('Penjaga / Caretaker');
    const adam = text.slice(text.indexOf('2. Adam bin Ahmad'), text.indexOf('Harta / Property'));
    expect(adam).toContain(`(${ids.minor.ic_number}) — Anak lelaki / Son`);
    expect(adam).toContain(`Bahagian / Share: ${land} — 50%`);
    expect(adam).toContain('Bawah umur / Minor: Ya / Yes');
    expect(adam).toContain(
      `Penjaga / Caretaker: ${care.name} (${care.ic_number}) — Penjaga / Guardian; Elaun / Allowance: RM 1,234.50, Bulanan / Monthly`,
    );
    expect(adam).toContain(`Qabul oleh penjaga / Accepted (qabul) by the caretaker: ${care.name}`);
  });

  it("refuses the minor's signature on the grantor's device: the caretaker accepts (item 4, ADR 0167)", () => {
    expect(minorOnDevice.status).toBe(422);
    expect(minorOnDevice.body.errors._).toEqual([
      "A receiver under 18 does not sign here: their caretaker accepts (qabul) through the link, with the caretaker's own code.",
    ]);
  });

  it('names the property by its catalogue labels, never the raw codes (item 2)', () => {
    const property = text.slice(text.indexOf('Harta / Property'), text.indexOf('Saksi / Witnesses'));
    expect(property).toContain('Sebidang Tanah / Land · Geran / Grant · GRN 12345 · Lot 678');
    expect(property).toContain('Harta tak alih / Immoveable property');
    expect(property).not.toMatch(/\bimmoveable\b(?! property)/);
    expect(property).not.toMatch(/\bgeran\b/);
  });

  it('words each child receiver as the will does in the summary the screens read (issue 34)', async () => {
    const { summary } = await ok(t.call('GET', `/api/hibah/${hibahId}/summary`, { token: grantorToken }));
    const rel = (name: string) =>
      (summary.receivers as { name: string; relationship: string }[]).find((r) => r.name === name)?.relationship;
    expect(rel('Fatimah binti Ahmad')).toBe('Anak perempuan / Daughter');
    expect(rel('Adam bin Ahmad')).toBe('Anak lelaki / Son');
  });

  it('records and prints each signature with the method sent: the typed re-signature as typed (ADR 0123)', async () => {
    const [h] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, hibahId));
    const events = await t.ctx.db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Hibah'), eq(signature_events.signable_id, hibahId)));
    const grantor = events.filter((e) => e.role === 'grantor').sort((a, b) => +a.signed_at - +b.signed_at);
    // drawn when first signed (no method sent), typed when signed again
    expect(grantor.map((e) => e.method)).toEqual(['drawn', 'typed']);
    expect(grantor[1].attachment_id).toBe(h.signature_id);
    const receivers = events.filter((e) => e.role === 'receiver');
    expect(receivers.find((e) => e.witness_id === ids.adult.id)?.method).toBe('typed');
    expect(receivers.find((e) => e.witness_id === ids.minor.id)?.method).toBe('drawn');
    const byWitness = new Map(events.filter((e) => e.role === 'witness').map((e) => [e.witness_id, e.method]));
    expect(ids.witnesses.map((w) => byWitness.get(w.id))).toEqual(['typed', 'drawn']);

    const typed = 'Ditaip (nama dalam tulisan skrip) / Typed (name in a script font)';
    const drawn = 'Dilukis pada pad / Drawn on the pad';
    const block = (from: string, to?: string) =>
      completion.slice(completion.indexOf(from), to ? completion.indexOf(to, completion.indexOf(from) + 1) : undefined);
    const granted = block('Penghibah / Grantor', 'Penerima / Receiver');
    expect(granted).toContain(typed);
    expect(granted).not.toContain(drawn);
    expect(block('Penerima / Receiver: Fatimah binti Ahmad', 'Saksi / Witness')).toContain(typed);
    expect(block(`Saksi / Witness: ${ids.witnesses[0].name}`, `Saksi / Witness: ${ids.witnesses[1].name}`)).toContain(
      typed,
    );
    expect(block(`Saksi / Witness: ${ids.witnesses[1].name}`)).toContain(drawn);
  });
});
