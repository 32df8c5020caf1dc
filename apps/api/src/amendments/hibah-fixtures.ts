/**
 * Fixtures of the hibah amendment tests: a registered hibah (status 5) driven over the real HTTP API —
 * the hibah module's `readyHibah`, submission, staff approval, draft acceptance, receivers' signatures on
 * the grantor's device, witnesses confirming through their signed links with the code e-mailed to them,
 * completion — and helpers for the amendment's steps (a real OTP read from the grantor's mail).
 */
import { expect } from 'vitest';
import type { TestApp } from '../../test/harness.ts';
import { readyHibah } from '../hibah/test-fixtures.ts';
import { type Client, newClient, ok, SIGNATURE_PNG } from '../wills/test-fixtures.ts';

/** Quoted-printable soft breaks and escapes removed from a raw mail. */
export const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The newest mail to `to` after `after` mails had arrived (waits for it). */
export async function mailTo(t: TestApp, to: string, after = 0) {
  await expect.poll(() => t.mails.slice(after).some((m) => m.to.includes(to))).toBe(true);
  return decodeMail(
    t.mails
      .slice(after)
      .filter((m) => m.to.includes(to))
      .at(-1)?.raw ?? '',
  );
}

/**
 * A new client whose hibah of product `type` (default 9, a property hibah: two receivers — `adult`, and `minor` with a caretaker — one
 * land title shared 50/50, two witnesses) is registered. @returns the client and the hibah's ids.
 */
export async function registeredHibah(t: TestApp, staff: string, type = 9) {
  const c = await newClient(t);
  const h = await readyHibah(t, c, staff, type);
  const token = c.token;
  await ok(
    t.call('POST', `/api/hibah/${h.id}`, {
      token,
      body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
  await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 3, is_draft_accepted: 1 } }));
  for (const r of [h.adult, h.minor]) {
    await ok(
      t.call('POST', `/api/hibah/${h.id}/receiver/${r.id}/signature`, { token, body: { signature: SIGNATURE_PNG } }),
    );
  }
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
 * A verified `amendment-submit` code of client `c` (not bound to a will; ADR 0036), requested and verified
 * over HTTP with the code read from the client's mail.
 */
export async function verifiedSubmitCode(t: TestApp, c: Client) {
  const before = t.mails.length;
  await ok(t.call('POST', '/api/otp/request', { token: c.token, body: { purpose: 'amendment-submit' } }));
  const code = /\b(\d{6})\b/.exec(await mailTo(t, `c${c.ic}@example.com`, before))?.[1] as string;
  await ok(t.call('POST', '/api/otp/verify', { token: c.token, body: { code, purpose: 'amendment-submit' } }));
}

export type { Client };
