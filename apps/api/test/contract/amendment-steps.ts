/**
 * Steps of the will-amendment contract suites (issue 20; ADR 0163, 0179) that our API adds beside the 2021
 * client's calls and are not counted: the code of a text message from the outbox, the witnesses' signed links
 * mailed to them and their confirmation through those links (OTP by e-mail, then their signature).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { registeredWill } from '../../src/amendments/test-fixtures.ts';
import { users } from '../../src/db/schema/index.ts';
import { SIGNATURE_PNG } from '../../src/wills/test-fixtures.ts';
import type { TestApp } from '../harness.ts';

/** A quoted-printable mail body, decoded. */
export const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The 6-digit code of the newest text message to `phone` (the outbox SMS sender writes one file each). */
export async function smsCode(t: TestApp, phone: string): Promise<string> {
  const dir = join(t.ctx.env.DATA_DIR, 'outbox');
  const digits = phone.replace(/\D/g, '');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sms.txt')).sort();
    for (const f of files.reverse()) {
      const text = await readFile(join(dir, f), 'utf8');
      if (text.replace(/\D/g, '').includes(digits.slice(-9))) return (/\b(\d{6})\b/.exec(text) as RegExpExecArray)[1];
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no code arrived');
}

/** The witness links (`/pindaan/saksi/{id}?expires&signature`) mailed since mail number `since`. */
export function witnessLinks(t: TestApp, since: number): URL[] {
  const found = t.mails
    .slice(since)
    .map((m) => decode(m.raw).match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/)?.[0])
    .filter((x): x is string => !!x);
  return [...new Set(found)].map((x) => new URL(x));
}

/** A witness confirms through the link mailed to them: a code by e-mail, verified, then their signature. */
export async function confirmAsWitness(t: TestApp, url: URL) {
  const wid = url.pathname.split('/').at(-1) as string;
  const q = url.search;
  const before = t.mails.length;
  expect((await t.call('POST', `/api/amendment-witness/${wid}/otp${q}`, { body: {} })).status).toBe(200);
  await expect.poll(() => t.mails.length).toBe(before + 1);
  const code = decode(t.mails.at(-1)?.raw ?? '').match(/\b(\d{6})\b/)?.[1] as string;
  expect((await t.call('POST', `/api/amendment-witness/${wid}/otp/verify${q}`, { body: { code } })).status).toBe(200);
  const conf = await t.call('POST', `/api/amendment-witness/${wid}/confirm${q}`, {
    body: { signature: SIGNATURE_PNG },
  });
  expect(conf.status, JSON.stringify(conf.body)).toBe(200);
}

/** The testator of a registered will, logged in through the 2021 client (its login body carries `role`; ADR 0135). */
export async function testatorOfRegisteredWill(t: TestApp, staff: string) {
  const { c, id } = await registeredWill(t, staff);
  const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
  const login = await t.call('POST', '/api/login', {
    body: { username: u.username, password: 'Rahsia123', role: 'Admin' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { c, id, me: login.body.token as string };
}

/** The 2021 part C receiver body (reference §2.5 `POST receiver`, wasiat amendment). */
export const receiverBody = (willId: string, name: string, ic: string) => ({
  name,
  ic_number: ic,
  relationship: 'Saudara',
  relationshipTemp: 'Saudara',
  otherRelationship: '',
  address: 'No. 12, Jalan Melati',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  wasiat_id: willId,
  receivable_type: 'Wasiat',
  receivable_id: willId,
});
