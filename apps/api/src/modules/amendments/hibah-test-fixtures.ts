/**
 * Fixtures of the hibah amendment tests: a registered hibah (status 5) driven over the real HTTP API —
 * the hibah module's `readyHibah`, submission, staff approval, draft acceptance, the adult's signature on
 * the grantor's device and the minor's acceptance by the caretaker's link and code, witnesses confirming through their signed links with the code e-mailed to them,
 * completion — and helpers for the amendment's steps (a real OTP bound to the hibah read from the
 * grantor's mail; the amendment's eKYC, ADR 0097).
 */
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { caretakerAccepts, readyHibah } from '../hibah/test-fixtures.ts';
import { type Client, newClient, newMykad, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { passAmendmentEkyc } from './test-fixtures.ts';

/** Quoted-printable soft breaks and escapes removed from a raw mail. */
export const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The newest mail to `to` after `after` mails had arrived (waits up to ~10 s; usable in hooks too). */
export async function mailTo(t: TestApp, to: string, after = 0) {
  const arrived = () => t.mails.slice(after).some((m) => m.to.includes(to));
  for (let i = 0; i < 500 && !arrived(); i++) await new Promise((r) => setTimeout(r, 20));
  if (!arrived()) throw new Error(`no mail to ${to}`);
  return decodeMail(
    t.mails
      .slice(after)
      .filter((m) => m.to.includes(to))
      .at(-1)?.raw ?? '',
  );
}

/**
 * A new client whose hibah of product `type` (default 9, a property hibah: two receivers — `adult`, and `minor` with a caretaker — one
 * land title shared 50/50, two witnesses) is registered. With `mykad` (data URLs of the front and the
 * back) the grantor's MyKad images are uploaded while the hibah is filled in (`POST /hibah/{id}/document`),
 * so an amendment can copy them. @returns the client and the hibah's ids.
 */
export async function registeredHibah(t: TestApp, staff: string, type = 9, mykad?: { front: string; back: string }) {
  const c = await newClient(t);
  const h = await readyHibah(t, c, staff, type);
  const token = c.token;
  if (mykad) {
    for (const [kind, document] of [
      ['mykad-front', mykad.front],
      ['mykad-back', mykad.back],
    ]) {
      await ok(
        t.call('POST', `/api/hibah/${h.id}/document`, { token, body: { is_base64: true, type: kind, document } }),
        201,
      );
    }
  }
  await ok(
    t.call('POST', `/api/hibah/${h.id}`, {
      token,
      body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 3, is_draft_accepted: 1 } }));
  await ok(
    t.call('POST', `/api/hibah/${h.id}/receiver/${h.adult.id}/signature`, {
      token,
      body: { signature: SIGNATURE_PNG },
    }),
  );
  // The minor's acceptance is the caretaker's, by link and code (ADR 0167).
  await caretakerAccepts(t, token, h.id, h.minor.id, h.caretaker.email);
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 4 } }));
  for (const w of h.witnesses) {
    const url = (
      await ok(
        t.call('POST', '/api/route/sign', {
          token,
          body: { route_name: 'hibah.witness', hibah_id: h.id, witness_id: w.id },
        }),
      )
    ).url as string;
    const [path, query] = url.split('?');
    const before = t.mails.length;
    await ok(t.call('POST', `${path}/otp?${query}`, { body: {} }));
    const code = /(?:code is|ialah) (\d{6})/.exec(await mailTo(t, w.email, before))?.[1] as string;
    await ok(t.call('POST', `${path}/confirm?${query}`, { body: { code, signature: SIGNATURE_PNG } }));
  }
  const done = await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 5 } }));
  expect(done.hibah.status).toBe(5);
  return { c, ...h, hibah_number: done.hibah.hibah_number as string };
}

/**
 * A verified `hibah-amendment-submit` code of grantor `c` bound to hibah `hibahId` (ADR 0097), requested
 * and verified over HTTP with the code read from the client's mail.
 */
export async function verifiedSubmitCode(t: TestApp, c: Client, hibahId: string) {
  const before = t.mails.length;
  const purpose = 'hibah-amendment-submit';
  await ok(t.call('POST', '/api/otp/request', { token: c.token, body: { purpose, hibah_id: hibahId } }));
  // The code's own mail (body "Kod pengesahan anda ialah 123456"; no code in a subject, ADR 0226), not a
  // status mail still on its way.
  const codeIn = (m: { to: string[]; raw: string }) =>
    m.to.includes(`c${c.ic}@example.com`)
      ? /(?:Kod pengesahan anda ialah|Your verification code is) (\d{6})/.exec(decodeMail(m.raw))?.[1]
      : undefined;
  let code: string | undefined;
  for (let i = 0; i < 750 && !code; i++) {
    code = t.mails.slice(before).map(codeIn).find(Boolean);
    if (!code) await new Promise((r) => setTimeout(r, 20));
  }
  if (!code) throw new Error('no code mail');
  await ok(t.call('POST', '/api/otp/verify', { token: c.token, body: { code, purpose, hibah_id: hibahId } }));
}

/**
 * What the grantor needs before submitting hibah amendment `amendmentId` besides the draft (issue 3; ADR
 * 0097): the amendment's eKYC passed (as a passing face match would leave it, `passAmendmentEkyc`) and a
 * verified code bound to the hibah.
 */
export async function grantorIdentity(t: TestApp, c: Client, hibahId: string, amendmentId: string) {
  await passAmendmentEkyc(t, amendmentId);
  await verifiedSubmitCode(t, c, hibahId);
}

export type { Client };

/** A draft witness of a hibah amendment with a fresh MyKad. */
export const amendmentWitness = (n: number, email: string) => ({
  name: `Saksi Pindaan Hibah ${n}`,
  ic_number: newMykad(),
  email,
  address: 'No. 9, Jalan Dahlia',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
});

/**
 * Drive a new amendment of registered hibah `hibahId` (grantor `c`) to success over HTTP (ADRs 0036, 0097):
 * apply, replace the draft's witnesses by two new ones (and apply `draft`, sections of the draft), the
 * grantor's identity (amendment eKYC passed, a code bound to the hibah), submit, the officer passes, the
 * grantor signs and accepts, each witness confirms through the link and code e-mailed to them, the
 * officer approves. @returns the succeeded amendment as the API answers it.
 */
export async function approvedHibahAmendment(
  t: TestApp,
  c: Client,
  hibahId: string,
  officer: string,
  draft: Record<string, unknown> = {},
) {
  const token = c.token;
  const a = (
    await ok(
      t.call('POST', '/api/amendment', {
        token,
        body: { amendmentable_type: 'Hibah', amendmentable_id: hibahId, notes: null, status: 0 },
      }),
      201,
    )
  ).amendment;
  const tag = `${Date.now()}.${Math.random().toString(36).slice(2, 7)}`;
  const emails = [`ahw1.${tag}@example.com`, `ahw2.${tag}@example.com`];
  await ok(
    t.call('PATCH', `/api/amendment/${a.id}/draft`, {
      token,
      body: { ...draft, witnesses: emails.map((e, i) => amendmentWitness(i + 1, e)) },
    }),
  );
  await grantorIdentity(t, c, hibahId, a.id);
  const patch = (who: string, body: object) =>
    ok(t.call('POST', `/api/amendment/${a.id}`, { token: who, body: { _method: 'PATCH', ...body } }));
  await patch(token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 });
  await patch(officer, { status: 3 });
  await ok(
    t.call('POST', `/api/amendment/${a.id}/signature`, {
      token,
      body: { is_base64: true, description: 'amendment', document: SIGNATURE_PNG },
    }),
  );
  const before = t.mails.length;
  await patch(token, { status: 4 });
  for (const e of emails) {
    const m = (await mailTo(t, e, before)).match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/);
    if (!m) throw new Error(`no link for ${e}`);
    const u = new URL(m[0]);
    const wid = u.pathname.split('/').at(-1) as string;
    const n = t.mails.length;
    await ok(t.call('POST', `/api/amendment-witness/${wid}/otp${u.search}`, { body: {} }));
    const code = (await mailTo(t, e, n)).match(/ialah (\d{6})/)?.[1] as string; // the body (no code in a subject, ADR 0226)
    await ok(t.call('POST', `/api/amendment-witness/${wid}/otp/verify${u.search}`, { body: { code } }));
    await ok(
      t.call('POST', `/api/amendment-witness/${wid}/confirm${u.search}`, { body: { signature: SIGNATURE_PNG } }),
    );
  }
  const done = (await patch(officer, { status: 2 })).amendment;
  expect(done.status).toBe(2);
  return done as { id: string; reference_no: string; version_no: number; approved_at: string };
}
