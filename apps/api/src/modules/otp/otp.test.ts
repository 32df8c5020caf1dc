/**
 * One-time codes over HTTP; the code is read from the mail that reached the harness SMTP server.
 */
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { otp_codes } from '../../db/schema/index.ts';
import { type Client, newClient } from '../wills/test-fixtures.ts';
import { consumeVerifiedOtp } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t?.close());

/** Request a code and read it from the newest mail to the client. */
async function requestCode(c: Client, body: Record<string, unknown> = { purpose: 'will-submit' }) {
  const before = t.mails.length;
  const r = await t.call('POST', '/api/otp/request', { token: c.token, body });
  expect(r.status).toBe(200);
  for (let i = 0; i < 50 && t.mails.length === before; i++) await new Promise((res) => setTimeout(res, 20));
  const mail = t.mails.filter((m) => m.to.includes(`c${c.ic}@example.com`)).at(-1);
  const code = /\b(\d{6})\b/.exec(mail?.raw ?? '')?.[1];
  if (!code) throw new Error('no code in mail');
  return { code, reply: r.body };
}

const verify = (c: Client, code: string, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/otp/verify', { token: c.token, lang, body: { code, purpose: 'will-submit' } });

describe('OTP', () => {
  it('a verified code holds across a reload until spent or out of time, for its owner only (issue 17 item 13)', async () => {
    const c = await newClient(t);
    const other = await newClient(t);
    const status = (who: Client) =>
      t.call('GET', '/api/otp/verified?purpose=will-submit', { token: who.token }).then((r) => {
        expect(r.status).toBe(200);
        return r.body.otp;
      });
    expect(await status(c)).toEqual({ verified: false, verified_at: null, valid_until: null });
    const { code } = await requestCode(c);
    expect((await status(c)).verified).toBe(false);
    expect((await verify(c, code)).status).toBe(200);
    const held = await status(c);
    expect(held.verified).toBe(true);
    expect(new Date(held.valid_until).getTime() - new Date(held.verified_at).getTime()).toBe(15 * 60 * 1000);
    expect((await status(other)).verified).toBe(false);
    expect((await t.call('GET', '/api/otp/verified?purpose=will-submit')).status).toBe(401);
    expect(await consumeVerifiedOtp(t.ctx.db, c.id, 'will-submit', null)).toBe(true);
    expect((await status(c)).verified).toBe(false);
  });

  it('sends a 6-digit code by e-mail, stores only a hash, verifies once', async () => {
    const c = await newClient(t);
    const { code, reply } = await requestCode(c);
    expect(code).toMatch(/^\d{6}$/);
    expect(reply.otp.channel).toBe('email');
    const [row] = await t.ctx.db.select().from(otp_codes).where(eq(otp_codes.user_id, c.id));
    expect(row.code_hash).not.toContain(code);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(5 * 60 * 1000);
    const ok = await verify(c, code);
    expect(ok.status).toBe(200);
    expect(ok.body.otp.verified).toBe(true);
    // reuse
    const again = await verify(c, code);
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('Your OTP code is incorrect. Please try again.');
    // the guarded action spends it once
    expect(await consumeVerifiedOtp(t.ctx.db, c.id, 'will-submit', null)).toBe(true);
    expect(await consumeVerifiedOtp(t.ctx.db, c.id, 'will-submit', null)).toBe(false);
  });

  it('answers a wrong code in both languages and locks the code after 5 wrong tries', async () => {
    const c = await newClient(t);
    const { code } = await requestCode(c);
    const wrong = code === '000000' ? '111111' : '000000';
    const ms = await verify(c, wrong, 'ms');
    expect(ms.status).toBe(422);
    expect(ms.body.message).toBe('Kod OTP anda tidak betul. Sila cuba lagi.');
    expect(ms.body.errors.code[0]).toBe('Kod OTP anda tidak betul. Sila cuba lagi.');
    for (let i = 0; i < 4; i++) expect((await verify(c, wrong)).status).toBe(422);
    const locked = await verify(c, code);
    expect(locked.status).toBe(422);
    expect(locked.body.message).toMatch(/Too many wrong OTP codes/);
  });

  it('refuses an expired code', async () => {
    const c = await newClient(t);
    const { code } = await requestCode(c);
    const [row] = await t.ctx.db
      .select()
      .from(otp_codes)
      .where(eq(otp_codes.user_id, c.id))
      .orderBy(desc(otp_codes.created_at));
    await t.ctx.db
      .update(otp_codes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(otp_codes.id, row.id));
    const r = await verify(c, code);
    expect(r.status).toBe(422);
    expect(r.body.message).toMatch(/expired/);
  });

  it('limits requests to 5 per 15 minutes per user', async () => {
    const c = await newClient(t);
    for (let i = 0; i < 5; i++) {
      expect(
        (await t.call('POST', '/api/otp/request', { token: c.token, body: { purpose: 'will-submit' } })).status,
      ).toBe(200);
    }
    const sixth = await t.call('POST', '/api/otp/request', { token: c.token, body: { purpose: 'will-submit' } });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many OTP requests. Please try again later.');
    // another user is not affected
    const other = await newClient(t);
    expect(
      (await t.call('POST', '/api/otp/request', { token: other.token, body: { purpose: 'will-submit' } })).status,
    ).toBe(200);
  });

  it('needs a login and a visible will', async () => {
    expect((await t.call('POST', '/api/otp/request', { body: { purpose: 'will-submit' } })).status).toBe(401);
    const c = await newClient(t);
    const r = await t.call('POST', '/api/otp/request', {
      token: c.token,
      body: { purpose: 'will-submit', wasiat_id: 'nope' },
    });
    expect(r.status).toBe(404);
  });
});
