/**
 * Issue 34 item 2: every status change of an instrument tells the people it concerns, once, in their language,
 * by e-mail and — where they chose it — by SMS. Walked over HTTP as the client and staff would: a will submitted,
 * sent back "cancelled, update needed" with a reason, resubmitted and registered; an English-speaking client who
 * chose SMS and a Malay-speaking one who did not. (Hibah: witness-step.test.ts; amendments: amendments.test.ts.)
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { status_notices, users } from '../../db/schema/index.ts';
import { type Client, newClient, ok, readyWill, verifiedSubmitOtp } from '../wills/test-fixtures.ts';
import { deliverNotices } from './deliver.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(() => t.close());

/** Quoted-printable soft breaks and escapes undone (nodemailer's text bodies). */
const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
const subjectOf = (raw: string) => /^Subject: (.*)$/m.exec(raw)?.[1] ?? '';

async function emailOf(c: Client) {
  const [u] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, c.id));
  return u.email as string;
}
/** The subjects and bodies of the mails to `email` so far, oldest first. */
const mailsTo = (email: string) =>
  t.mails.filter((m) => m.to.includes(email)).map((m) => ({ subject: subjectOf(m.raw), body: decode(m.raw) }));
/** The SMS texts written to the outbox for `mobile` since `sinceMs` (the file names begin with their time). */
async function smsTo(mobile: string, sinceMs: number) {
  const dir = join(t.ctx.env.DATA_DIR, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[])).filter(
    (f) => f.endsWith('.sms.txt') && Number(f.split('-')[0]) >= sinceMs,
  );
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), 'utf8')));
  return texts.filter((x) => x.startsWith(`To: ${mobile}\n`)).map((x) => x.split('\n\n')[1]?.trim() ?? '');
}
const patch = (id: string, token: string, body: Record<string, unknown>) =>
  t.call('PATCH', `/api/wasiat/${id}`, { token, body });

describe('status notices of a will (issue 34 item 2)', () => {
  it('submitted, sent back with a reason, resubmitted, registered: each told once, in English, by mail and SMS', async () => {
    const c = await newClient(t);
    const email = await emailOf(c);
    // The client uses English and chooses SMS as well (their mobile is 012-345 6789, kept as +60123456789).
    const settings = await ok(
      t.call('PATCH', '/api/profile/notices', { token: c.token, body: { sms: true }, lang: 'en' }),
    );
    expect(settings.notices).toMatchObject({ sms: true, language: 'en', has_mobile: true });
    const id = await readyWill(t, c);
    const since = Date.now();

    await ok(patch(id, c.token, { status: 1 }));
    await expect
      .poll(() => mailsTo(email).some((m) => m.subject === 'Your will: Awaiting confirmation by the provider'))
      .toBe(true);

    await ok(patch(id, staff, { status: 3, rejected_reason: 'Alamat tidak lengkap', option_delete_id: 2 }));
    await expect.poll(() => mailsTo(email).some((m) => m.subject === 'Your will: Cancelled, update needed')).toBe(true);
    const sentBack = mailsTo(email).find((m) => m.subject === 'Your will: Cancelled, update needed');
    expect(sentBack?.body).toContain('Reason: Alamat tidak lengkap');
    expect(sentBack?.body).toContain('Please update your will');

    await verifiedSubmitOtp(t, c.id, id);
    await ok(patch(id, c.token, { status: 1 }));
    const registered = await ok(patch(id, staff, { status: 2 }));
    const number = registered.wasiat.wasiat_no as string;
    expect(number).toMatch(/^W\d{4}-\d{6}$/);
    await expect.poll(() => mailsTo(email).some((m) => m.subject === `Will ${number}: Registered`)).toBe(true);
    expect(mailsTo(email).find((m) => m.subject === `Will ${number}: Registered`)?.body).toContain(
      'Your will is registered.',
    );

    // Once each: four changes, four notices, none repeated — and a later delivery pass sends nothing more.
    await deliverNotices(t.ctx);
    const subjects = mailsTo(email)
      .map((m) => m.subject)
      .filter((s) => /^(Your will|Will W)/.test(s));
    expect(subjects).toEqual([
      'Your will: Awaiting confirmation by the provider',
      'Your will: Cancelled, update needed',
      'Your will: Awaiting confirmation by the provider',
      `Will ${number}: Registered`,
    ]);
    const rows = await t.ctx.db.select().from(status_notices).where(eq(status_notices.record_id, id));
    expect(rows).toHaveLength(4);
    expect(rows.every((r) => r.sent_at !== null)).toBe(true);
    // And texted, since the client chose SMS.
    const texts = await smsTo('+60123456789', since);
    expect(texts.some((x) => x.startsWith(`Will ${number}: Registered.`))).toBe(true);
    expect(texts.filter((x) => x.startsWith(`Will ${number}: Registered.`))).toHaveLength(1);
  });

  it('a client who did not choose otherwise is told in Malay, by mail only', async () => {
    const c = await newClient(t);
    const email = await emailOf(c);
    const id = await readyWill(t, c);
    await ok(patch(id, c.token, { status: 1 }));
    await expect
      .poll(() => mailsTo(email).map((m) => m.subject))
      .toContain('Wasiat anda: Menunggu pengesahan penyedia');
    const mail = mailsTo(email).find((m) => m.subject === 'Wasiat anda: Menunggu pengesahan penyedia');
    expect(mail?.body).toContain('Status wasiat anda kini: Menunggu pengesahan penyedia.');
    const [row] = await t.ctx.db.select().from(status_notices).where(eq(status_notices.record_id, id));
    expect(row.sent_at).not.toBeNull();
    // SMS only for those who chose it.
    const settings = await ok(t.call('GET', '/api/profile/notices', { token: c.token }));
    expect(settings.notices.sms).toBe(false);
  });

  it('a notice the mail server refused is sent by the next delivery pass', async () => {
    const c = await newClient(t);
    const email = await emailOf(c);
    const id = await readyWill(t, c);
    const send = t.ctx.mailer.send;
    t.ctx.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      await ok(patch(id, c.token, { status: 1 }));
    } finally {
      t.ctx.mailer.send = send;
    }
    const [failed] = await t.ctx.db.select().from(status_notices).where(eq(status_notices.record_id, id));
    expect(failed.sent_at).toBeNull();
    expect(failed.last_error).toContain('SMTP down');
    const before = mailsTo(email).length;
    expect((await deliverNotices(t.ctx)).sent).toBeGreaterThanOrEqual(1);
    await expect.poll(() => mailsTo(email).length).toBe(before + 1);
  });
});
