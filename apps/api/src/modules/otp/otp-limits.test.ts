/**
 * OTP request limits per destination (5 per 15 minutes, 10 per 24 hours; issue 3) and the iSMS provider
 * adapter (ADR 0092) against a local node:http server standing in for the provider: the real adapter
 * sends the real HTTP request; the code the "provider" received verifies.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { newClient } from '../wills/test-fixtures.ts';
import { OTP_MAX_PER_DAY, requestOtp } from './service.ts';
import { outboxSmsSender, toMsisdn } from './sms.ts';

/** A stand-in SMS provider: records each request's query and answers `reply`. */
let provider: Server;
const received: URLSearchParams[] = [];
let reply = '2000 = SUCCESS';
let t: TestApp;

beforeAll(async () => {
  provider = createServer((req, res) => {
    received.push(new URL(req.url ?? '/', 'http://x').searchParams);
    res.writeHead(200, { 'Content-Type': 'text/plain' }).end(reply);
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  const { port } = provider.address() as AddressInfo;
  t = await makeTestApp({
    env: {
      SMS_PROVIDER: 'isms',
      SMS_ISMS_URL: `http://127.0.0.1:${port}/isms_send_all_id.php`,
      SMS_ISMS_USERNAME: 'wasiat',
      SMS_ISMS_PASSWORD: 'rahsia',
      SMS_SENDER_ID: 'WASIAT',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => provider.close(r));
});

const smsRequest = (token: string) =>
  t.call('POST', '/api/otp/request', { token, lang: 'en', body: { purpose: 'will-submit', channel: 'sms' } });

describe('iSMS adapter', () => {
  it('sends the code to the provider over HTTP; the code received verifies', async () => {
    const c = await newClient(t);
    await t.ctx.db.update(users).set({ mobile_number: '+60 12-555 0001' }).where(eq(users.id, c.id));
    received.length = 0;
    const r = await smsRequest(c.token);
    expect(r.status).toBe(200);
    expect(r.body.otp.channel).toBe('sms');
    expect(received).toHaveLength(1);
    const q = received[0];
    expect(q.get('dstno')).toBe('60125550001');
    expect(Object.fromEntries(q)).toMatchObject({ un: 'wasiat', pwd: 'rahsia', type: '1', sendid: 'WASIAT' });
    const code = /\b(\d{6})\b/.exec(q.get('msg') ?? '')?.[1] as string;
    expect(code).toMatch(/^\d{6}$/);
    const v = await t.call('POST', '/api/otp/verify', { token: c.token, body: { code, purpose: 'will-submit' } });
    expect(v.status).toBe(200);
    expect(v.body.otp.verified).toBe(true);
  });

  it('answers 422 on channel when the provider refuses', async () => {
    const c = await newClient(t);
    await t.ctx.db.update(users).set({ mobile_number: '0125550002' }).where(eq(users.id, c.id));
    reply = '-1004 = INSUFFICIENT CREDITS';
    try {
      const r = await smsRequest(c.token);
      expect(r.status).toBe(422);
      expect(r.body.errors.channel[0]).toBe('The SMS could not be sent. Please try again or choose e-mail.');
    } finally {
      reply = '2000 = SUCCESS';
    }
  });

  it('writes Malaysian numbers as 60…', () => {
    expect(toMsisdn('012-345 6789')).toBe('60123456789');
    expect(toMsisdn('+60123456789')).toBe('60123456789');
  });
});

describe('limits per destination', () => {
  it('5 per 15 minutes to one mobile number, whoever asks', async () => {
    const mobile = '0125550100';
    const clients = await Promise.all([1, 2, 3].map(() => newClient(t)));
    for (const c of clients) await t.ctx.db.update(users).set({ mobile_number: mobile }).where(eq(users.id, c.id));
    const tokens = [clients[0].token, clients[0].token, clients[0].token, clients[1].token, clients[1].token];
    for (const token of tokens) expect((await smsRequest(token)).status).toBe(200);
    const sixth = await smsRequest(clients[2].token);
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe('Too many OTP requests. Please try again later.');
    // E-mail to the third client's own address is another destination.
    const mail = await t.call('POST', '/api/otp/request', {
      token: clients[2].token,
      body: { purpose: 'will-submit' },
    });
    expect(mail.status).toBe(200);
  });

  it(`${OTP_MAX_PER_DAY} per 24 hours to one destination`, async () => {
    const c = await newClient(t);
    const [me] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
    const sms = outboxSmsSender('/tmp/wasiat-otp-limits-outbox');
    const ask = (minutesAgo: number) =>
      requestOtp(
        t.ctx,
        sms,
        { user: me },
        { purpose: 'will-submit' },
        'en',
        new Date(Date.now() - minutesAgo * 60_000),
      );
    // Five in each of two 15-minute windows, hours apart.
    for (let i = 0; i < 5; i++) await ask(300 - i);
    for (let i = 0; i < 5; i++) await ask(120 - i);
    const err = await ask(0).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).messageKey).toBe('otp.too_many_requests_day');
    // The oldest ones leave the 24-hour window: allowed again a day later.
    const later = await requestOtp(
      t.ctx,
      sms,
      { user: me },
      { purpose: 'will-submit' },
      'en',
      new Date(Date.now() + 23 * 3600_000),
    );
    expect(later.otp.channel).toBe('email');
  });
});
