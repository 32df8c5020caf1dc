/**
 * Abuse limits (issue 11 "Abuse limits … sign-up, password reset, public verification lookups (30 per minute
 * per IP), eKYC attempts, OTP sends (20 per hour per IP). Answers are 429 with a translated message and
 * `Retry-After`"). Run with RATE_LIMIT_SCALE=0.1, so each limit is a tenth (at least 1).
 */
import { translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { buildApp } from '../../app.ts';
import { rate_limit_counters } from '../../db/schema/index.ts';
import { hitRateLimit, sweepRateLimitCounters } from './rate-limit-store.ts';
import { RATE_LIMITS, type RateLimitName } from './rate-limits.ts';

const SCALE = 0.1;
const allowed = (name: RateLimitName) => Math.max(1, Math.round(RATE_LIMITS[name].max * SCALE));

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_SCALE: String(SCALE) } });
});
afterAll(async () => {
  await t.close();
});

type Res = Awaited<ReturnType<TestApp['call']>>;

/** Send `n` allowed requests (none is 429), then one more that must be 429 with Retry-After. */
async function exhaust(name: RateLimitName, send: (i: number) => Promise<Res>) {
  for (let i = 0; i < allowed(name); i++) expect((await send(i)).status).not.toBe(429);
  const r = await send(allowed(name));
  expect(r.status).toBe(429);
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
  return r;
}

describe('abuse limits (429 + Retry-After + translated message)', () => {
  it('sign-up: 10 an hour per IP', async () => {
    expect(RATE_LIMITS.signUp).toMatchObject({ max: 10, timeWindow: '1 hour' });
    const r = await exhaust('signUp', () => t.call('POST', '/api/users', { body: { user: {} }, lang: 'ms' }));
    expect(r.body).toEqual({ message: translate('errors.rate_limited', 'ms') });
  });

  it('password create and reset: 5 per 15 minutes per IP, each', async () => {
    expect(RATE_LIMITS.passwordReset).toMatchObject({ max: 5, timeWindow: '15 minutes' });
    const r = await exhaust('passwordReset', () =>
      t.call('POST', '/api/password/create', { body: { email: 'nobody@example.com' } }),
    );
    expect(r.body).toEqual({ message: translate('errors.rate_limited', 'en') });
    await exhaust('passwordReset', () => t.call('POST', '/api/password/reset', { body: {} }));
  });

  it('public will lookup: 30 a minute per IP', async () => {
    expect(RATE_LIMITS.publicLookup).toMatchObject({ max: 30, timeWindow: '1 minute' });
    await exhaust('publicLookup', (i) => t.call('GET', `/api/public/wasiat/unknown${i}`));
  });

  it('face verification: 10 an hour per user (another user is not affected)', async () => {
    expect(RATE_LIMITS.faceVerification).toMatchObject({ max: 10, timeWindow: '1 hour', key: 'user' });
    const client = await t.login('client');
    await exhaust('faceVerification', () => t.call('POST', '/api/face-verification', { token: client, body: {} }));
    const agent = await t.login('agent');
    expect((await t.call('POST', '/api/face-verification', { token: agent, body: {} })).status).toBe(422);
  });

  it('OTP request: 20 an hour per IP, whichever user asks', async () => {
    expect(RATE_LIMITS.otpRequest).toMatchObject({ max: 20, timeWindow: '1 hour', key: 'ip' });
    const tokens = [await t.login('staff'), await t.login('partner')];
    await exhaust('otpRequest', (i) => t.call('POST', '/api/otp/request', { token: tokens[i % 2], body: {} }));
  });

  it('leaves other routes alone', async () => {
    for (let i = 0; i < 5; i++) expect((await t.call('GET', '/api/health')).status).toBe(200);
  });
});

describe('shared counters (ADR 0024)', () => {
  it('a second API process on the same database counts on the same limit', async () => {
    // A second app over the same database stands for a second process behind the load balancer.
    const second = await buildApp(t.ctx);
    await second.listen({ port: 0, host: '127.0.0.1' });
    const url2 = `http://127.0.0.1:${(second.server.address() as { port: number }).port}`;
    try {
      const n = allowed('publicLookup');
      const hit = (base: string, i: number) =>
        fetch(`${base}/api/public/wasiat/shared${i}`, { headers: { 'X-Forwarded-For': '10.9.9.9' } });
      // Half of the allowance through each process; the next request on either is refused.
      for (let i = 0; i < n; i++) expect((await hit(i % 2 ? url2 : t.baseUrl, i)).status).not.toBe(429);
      expect((await hit(url2, n)).status).toBe(429);
      expect((await hit(t.baseUrl, n + 1)).status).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('concurrent hits lose nothing, a new window starts at 1, and the sweep removes ended windows', async () => {
    const key = `test|${Date.now()}`;
    const rs = await Promise.all(Array.from({ length: 25 }, () => hitRateLimit(t.ctx.db, key, 60_000)));
    expect(rs.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
    expect(rs.every((r) => r.ttl > 0 && r.ttl <= 60_000)).toBe(true);
    const short = `${key}|short`;
    await hitRateLimit(t.ctx.db, short, 1);
    await new Promise((r) => setTimeout(r, 20));
    expect((await hitRateLimit(t.ctx.db, short, 1)).current).toBe(1);
    const swept = await sweepRateLimitCounters(t.ctx.db, new Date(Date.now() + 120_000));
    expect(swept).toBeGreaterThanOrEqual(2);
    const left = await t.ctx.db.select().from(rate_limit_counters).where(eq(rate_limit_counters.key, key));
    expect(left).toEqual([]);
  });
});

describe('client IP behind a proxy (TRUST_PROXY, ADR 0024)', () => {
  it('a client that is not a trusted proxy cannot dodge a per-IP limit with X-Forwarded-For', async () => {
    const u = await makeTestApp({ env: { RATE_LIMIT_SCALE: String(SCALE), TRUST_PROXY: '10.0.0.1' } });
    try {
      const n = allowed('publicLookup');
      const codes: number[] = [];
      for (let i = 0; i <= n; i++) {
        const r = await fetch(`${u.baseUrl}/api/public/wasiat/x${i}`, {
          headers: { 'X-Forwarded-For': `203.0.113.${i + 1}` },
        });
        codes.push(r.status);
      }
      expect(codes.slice(0, n).every((c) => c !== 429)).toBe(true);
      expect(codes[n]).toBe(429);
    } finally {
      await u.close();
    }
  });
});
