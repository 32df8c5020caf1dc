/**
 * Steps the contract suites do BESIDE the replay (issue 20; ADRs 0162, 0163, 0180, 0181): what our API adds by
 * design and the 2021 client never sends — reading the code of a text message or a mail, a witness confirming
 * through the signed link mailed to them. Shared by every suite under `test/contract/`; none of these calls is
 * counted in a suite's "N of M".
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { hibah_witnesses } from '../../src/db/schema/index.ts';
import { SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import type { TestApp } from '../harness.ts';

/** Quoted-printable soft breaks and escapes removed from a raw mail. */
export const decodeMail = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));

/** The 6-digit code of the newest text message to `phone` (the outbox SMS sender writes one file each). */
export async function smsCode(t: TestApp, phone: string): Promise<string> {
  const dir = join(t.ctx.env.DATA_DIR, 'outbox');
  const digits = phone.replace(/\D/g, '');
  for (let i = 0; i < 100; i++) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.sms.txt')).sort();
    for (const f of files.reverse()) {
      const path = join(dir, f);
      // A message already read is never the answer: the one just asked for may still be on its way (delivery is
      // after the request's commit), and the newest one on disk would then be the previous, spent code.
      if (readSms.has(path)) continue;
      const text = await readFile(path, 'utf8');
      if (text.replace(/\D/g, '').includes(digits.slice(-9))) {
        readSms.add(path);
        return (/\b(\d{6})\b/.exec(text) as RegExpExecArray)[1];
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no code arrived');
}

/** Outbox messages `smsCode` has already returned (full paths; each outbox is a test app's own folder). */
const readSms = new Set<string>();

/** The 6-digit code of the first mail carrying one since mail number `since`. */
export async function mailCode(t: TestApp, since: number): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const m = t.mails.slice(since).find((x) => /\b\d{6}\b/.test(x.raw));
    if (m) return (/\b(\d{6})\b/.exec(m.raw) as RegExpExecArray)[1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no code arrived');
}

/** A hibah witness confirms through their signed link (`hibah.witness`): a code by e-mail, then code + signature. */
export async function confirmHibahWitness(t: TestApp, grantor: string, hibahId: string, witnessId: string) {
  const signed = await t.call('POST', '/api/route/sign', {
    token: grantor,
    body: { route_name: 'hibah.witness', hibah_id: hibahId, witness_id: witnessId },
  });
  const q = new URL(signed.body.url, t.baseUrl).search;
  const sent = t.mails.length;
  const otp = await t.call('POST', `/api/public/hibah/${hibahId}/witness/${witnessId}/otp${q}`, { body: {} });
  expect(otp.status, JSON.stringify(otp.body)).toBe(200);
  const code = await mailCode(t, sent);
  const conf = await t.call('POST', `/api/public/hibah/${hibahId}/witness/${witnessId}/confirm${q}`, {
    body: { code, signature: SIGNATURE_PNG },
  });
  expect(conf.status, JSON.stringify(conf.body)).toBe(200);
  const [w] = await t.ctx.db.select().from(hibah_witnesses).where(eq(hibah_witnesses.id, witnessId));
  expect(w.confirmed_at).toBeTruthy();
}

/** The amendment witness links (`/pindaan/saksi/{id}?expires&signature`) mailed since mail number `since`. */
export function amendmentWitnessLinks(t: TestApp, since: number): URL[] {
  const found = t.mails
    .slice(since)
    .map((m) => decodeMail(m.raw).match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/)?.[0])
    .filter((x): x is string => !!x);
  return [...new Set(found)].map((x) => new URL(x));
}

/** An amendment's witness confirms through the link mailed to them: a code by e-mail, verified, then a signature. */
export async function confirmAmendmentWitness(t: TestApp, url: URL) {
  const wid = url.pathname.split('/').at(-1) as string;
  const q = url.search;
  const before = t.mails.length;
  expect((await t.call('POST', `/api/amendment-witness/${wid}/otp${q}`, { body: {} })).status).toBe(200);
  await expect.poll(() => t.mails.length, { timeout: 20_000 }).toBeGreaterThan(before);
  const code = decodeMail(t.mails[before]?.raw ?? '').match(/\b(\d{6})\b/)?.[1] as string;
  expect((await t.call('POST', `/api/amendment-witness/${wid}/otp/verify${q}`, { body: { code } })).status).toBe(200);
  const conf = await t.call('POST', `/api/amendment-witness/${wid}/confirm${q}`, {
    body: { signature: SIGNATURE_PNG },
  });
  expect(conf.status, JSON.stringify(conf.body)).toBe(200);
}
