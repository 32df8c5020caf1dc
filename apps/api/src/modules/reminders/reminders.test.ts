/**
 * Will-review reminders (issue 17 item 17; ADR 0174, 0175), over the real SMTP path of the test harness:
 * the daily job mails the testator of a registered will on the anniversary of its registration and when an
 * heir turns 18 (MyKad birth date), once per occasion whatever the number of runs; the testator turns the
 * reminders off on the profile (audited) or by the mail's link without a login; the mails lead with the
 * testator's language and carry the other one.
 *
 * The fixture will (documents/fixtures.ts) was registered on 23 Nov 2026 at 14:05 in Kuala Lumpur; its heirs
 * are the husband (MyKad 880101…, an adult) and a son Ali (MyKad 150505…, 18 on 5 May 2033).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, review_reminders, users } from '../../db/schema/index.ts';
import { runJob } from '../../platform/jobs/scheduler.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import { insertWill } from '../documents/fixtures.ts';
import { REVIEW_REMINDERS_JOB, runReviewReminders } from './index.ts';

let t: TestApp;
let will: string;
let owner: string;
let email: string;
let token: string;

/** Headers unfolded (RFC 5322: a long header continues on lines starting with white space). */
const unfold = (raw: string) => {
  const end = raw.indexOf('\r\n\r\n');
  return `${raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ')}${raw.slice(end)}`;
};
/** Mails to the testator that arrived since mail number `after`, decoded. */
const mailsSince = (after: number) =>
  t.mails
    .slice(after)
    .filter((m) => m.to.includes(email))
    .map((m) => decodeMail(unfold(m.raw)));
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await makeTestApp();
  ({ willId: will, ownerId: owner } = await insertWill(t.ctx));
  const [u] = await t.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, owner));
  email = u.email as string;
  token = await t.login('client');
}, 240_000);
afterAll(async () => {
  await t?.close();
});

describe('will-review reminders', () => {
  it('mails the testator on the anniversary of registration, once, in Malay then English', async () => {
    // The day before the anniversary in Kuala Lumpur (23:00 on 22 Nov 2027): nothing is due.
    expect(await runReviewReminders(t.ctx, at('2027-11-22T15:00:00Z'))).toEqual({
      yearly: 0,
      heir_adult: 0,
      failed: 0,
    });
    const before = t.mails.length;
    // 08:30 on 23 Nov 2027 in Kuala Lumpur, through the registered job.
    expect(await runJob(t.ctx, REVIEW_REMINDERS_JOB, at('2027-11-23T00:30:00Z'))).toEqual({
      yearly: 1,
      heir_adult: 0,
      failed: 0,
    });
    const [mail] = mailsSince(before);
    expect(mailsSince(before)).toHaveLength(1);
    const ms = mail.indexOf('Assalamualaikum Aminah binti Ahmad');
    const en = mail.indexOf('Dear Aminah binti Ahmad');
    expect(ms).toBeGreaterThan(-1);
    expect(en).toBeGreaterThan(ms); // Malay first (the default language)
    expect(mail).toContain('Masa untuk menyemak wasiat anda W2026-000001');
    expect(mail).toContain('Wasiat anda W2026-000001 didaftarkan pada 23 Nov 2026');
    expect(mail).toContain('Your will W2026-000001 was registered on 23 Nov 2026');
    expect(mail).toContain(`http://localhost:3000/wasiat/${will}/details`);
    // The header is read from the raw mail: headers are not quoted-printable, and decoding one would turn a
    // token that starts "=4A…" (a base64url id) into other characters.
    const raw = unfold(t.mails.slice(before).find((m) => m.to.includes(email))?.raw ?? '');
    const header = raw.slice(0, raw.indexOf('\r\n\r\n'));
    expect(header).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/reminders\/unsubscribe\?token=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}>$/m,
    );
    // A second run, later runs within the window, and the next days send nothing again.
    for (const when of ['2027-11-23T00:30:00Z', '2027-11-23T09:00:00Z', '2027-12-10T00:00:00Z'])
      expect(await runReviewReminders(t.ctx, at(when))).toEqual({ yearly: 0, heir_adult: 0, failed: 0 });
    expect(mailsSince(before)).toHaveLength(1);
    const rows = await t.ctx.db.select().from(review_reminders).where(eq(review_reminders.wasiat_id, will));
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'yearly', occasion: '2027', due_on: '2027-11-23', email, attempts: 1 }),
    ]);
    expect(rows[0].sent_at).toEqual(at('2027-11-23T00:30:00Z'));
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, will));
    expect(events.map((e) => e.action)).toContain('reminder.yearly_sent');
  });

  it('lets a missed anniversary be made up within 30 days, not after', async () => {
    // 2028: the job did not run until 20 Dec (27 days late) → still sent; 2029: first run on 24 Dec (31 days) → not.
    expect(await runReviewReminders(t.ctx, at('2028-12-20T00:00:00Z'))).toMatchObject({ yearly: 1 });
    expect(await runReviewReminders(t.ctx, at('2029-12-24T00:00:00Z'))).toMatchObject({ yearly: 0 });
  });

  it('mails once when a minor heir turns 18 (from the MyKad), never for an heir adult at registration', async () => {
    const before = t.mails.length;
    expect(await runReviewReminders(t.ctx, at('2033-05-04T15:59:00Z'))).toMatchObject({ heir_adult: 0 });
    // 00:00 on 5 May 2033 in Kuala Lumpur.
    expect(await runReviewReminders(t.ctx, at('2033-05-04T16:00:00Z'))).toEqual({
      yearly: 0,
      heir_adult: 1,
      failed: 0,
    });
    expect(await runReviewReminders(t.ctx, at('2033-05-06T00:00:00Z'))).toEqual({
      yearly: 0,
      heir_adult: 0,
      failed: 0,
    });
    const mails = mailsSince(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Ali bin Hassan, yang dinamakan sebagai waris dalam wasiat anda W2026-000001');
    expect(mails[0]).toContain('telah berumur 18 tahun pada 05 Mei 2033');
    expect(mails[0]).toContain('Ali bin Hassan, named as an heir in your will W2026-000001, turned 18 on 05 May 2033');
    const rows = await t.ctx.db.select().from(review_reminders).where(eq(review_reminders.kind, 'heir_adult'));
    expect(rows.map((r) => r.occasion)).toEqual(['150505140123']);
  });

  it('keeps the setting on the server, audits a change, and leads the mails with the language of the setting', async () => {
    expect((await t.call('GET', '/api/profile/reminders', { token })).body).toEqual({
      reminders: { enabled: true, language: 'ms' },
    });
    const bad = await t.call('PATCH', '/api/profile/reminders', { token, body: { enabled: 'yes' }, lang: 'ms' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.enabled).toEqual(['Ruangan ini wajib diisi.']);
    const off = await t.call('POST', '/api/profile/reminders', {
      token,
      body: { _method: 'PATCH', enabled: false },
      lang: 'en',
    });
    expect(off.status).toBe(200);
    expect(off.body).toEqual({
      message: 'Will-review reminders are off.',
      reminders: { enabled: false, language: 'en' },
    });
    // Off: the 2030 anniversary sends nothing (and records nothing).
    expect(await runReviewReminders(t.ctx, at('2030-11-23T01:00:00Z'))).toMatchObject({ yearly: 0 });
    const on = await t.call('PATCH', '/api/profile/reminders', { token, body: { enabled: true }, lang: 'en' });
    expect(on.body.reminders).toEqual({ enabled: true, language: 'en' });
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, owner));
    expect(events.filter((e) => e.action.startsWith('reminder.')).map((e) => [e.action, e.actor_id])).toEqual([
      ['reminder.opt_out', owner],
      ['reminder.opt_in', owner],
    ]);
    const before = t.mails.length;
    expect(await runReviewReminders(t.ctx, at('2031-11-23T01:00:00Z'))).toMatchObject({ yearly: 1 });
    const [mail] = mailsSince(before);
    expect(mail.indexOf('Dear Aminah binti Ahmad')).toBeLessThan(mail.indexOf('Assalamualaikum Aminah binti Ahmad'));
    expect(mail).toContain('Subject: Time to review your will W2026-000001 / Masa untuk menyemak wasiat anda');
  });

  it("turns the reminders off by the mail's link without a login; a tampered token is refused", async () => {
    const before = t.mails.length;
    await runReviewReminders(t.ctx, at('2032-11-23T01:00:00Z'));
    const [mail] = mailsSince(before);
    const link = /http:\/\/localhost:3000\/reminders\/unsubscribe\?token=([A-Za-z0-9_.%-]+)/.exec(mail);
    expect(link).not.toBeNull();
    const linkToken = decodeURIComponent(link?.[1] ?? '');
    // Tamper with a character that always counts: the last base64url character of an id or a MAC carries
    // padding bits (an id always ends in A, Q, g or w), so changing it may not change the bytes.
    const [id, mac] = linkToken.split('.');
    const other = (c: string) => (c === 'B' ? 'C' : 'B');
    for (const [tampered, lang, message] of [
      [`${id}.${other(mac[0])}${mac.slice(1)}`, 'en', 'This link is not valid.'],
      [`${other(id[0])}${id.slice(1)}.${mac}`, 'ms', 'Pautan ini tidak sah.'],
    ] as const) {
      const r = await t.call('POST', '/api/reminders/unsubscribe', { body: { token: tampered }, lang });
      expect(r.status).toBe(422);
      expect(r.body.errors.token[0]).toContain(message);
    }
    expect((await t.call('GET', '/api/profile/reminders', { token })).body.reminders.enabled).toBe(true);
    const r = await t.call('POST', '/api/reminders/unsubscribe', { body: { token: linkToken }, lang: 'ms' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message: 'Peringatan semakan wasiat telah dimatikan. Anda boleh menghidupkannya semula di halaman profil anda.',
      reminders: { enabled: false, language: 'ms' },
    });
    expect((await t.call('GET', '/api/profile/reminders', { token })).body.reminders.enabled).toBe(false);
    const [event] = (await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, owner))).filter(
      (e) => e.action === 'reminder.opt_out' && e.actor_id === null,
    );
    expect(event.after).toEqual({ enabled: false, via: 'link' });
    expect(await runReviewReminders(t.ctx, at('2034-11-23T01:00:00Z'))).toMatchObject({ yearly: 0 });
    await t.call('PATCH', '/api/profile/reminders', { token, body: { enabled: true } });
  });

  it('retries a reminder whose mail failed on a later run, after the claim time-out, and then sends it once', async () => {
    await t.ctx.db.update(users).set({ email: null }).where(eq(users.id, owner));
    const first = at('2035-11-23T01:00:00Z');
    expect(await runReviewReminders(t.ctx, first)).toEqual({ yearly: 0, heir_adult: 0, failed: 1 });
    const [row] = (await t.ctx.db.select().from(review_reminders)).filter((r) => r.occasion === '2035');
    expect(row).toMatchObject({ sent_at: null, error: 'no e-mail address' });
    await t.ctx.db.update(users).set({ email }).where(eq(users.id, owner));
    // Within the claim's 15 minutes nobody takes it again; after, the next run sends it.
    expect(await runReviewReminders(t.ctx, new Date(first.getTime() + 5 * 60_000))).toMatchObject({ yearly: 0 });
    const before = t.mails.length;
    expect(await runReviewReminders(t.ctx, at('2035-11-24T01:00:00Z'))).toMatchObject({ yearly: 1, failed: 0 });
    expect(await runReviewReminders(t.ctx, at('2035-11-25T01:00:00Z'))).toMatchObject({ yearly: 0 });
    expect(mailsSince(before)).toHaveLength(1);
    const [sent] = (await t.ctx.db.select().from(review_reminders)).filter((r) => r.occasion === '2035');
    expect(sent).toMatchObject({ attempts: 2, error: null });
  });

  it('sends one mail when two runs (two processes) meet the same reminder at once', async () => {
    const before = t.mails.length;
    const when = at('2036-11-23T01:00:00Z');
    const runs = await Promise.all([runReviewReminders(t.ctx, when), runReviewReminders(t.ctx, when)]);
    expect(runs.map((r) => r.yearly).sort()).toEqual([0, 1]);
    expect(mailsSince(before)).toHaveLength(1);
  });

  it('refuses the setting without a login', async () => {
    expect((await t.call('GET', '/api/profile/reminders')).status).toBe(401);
    expect((await t.call('PATCH', '/api/profile/reminders', { body: { enabled: false } })).status).toBe(401);
  });
});
