/**
 * The abuse limits of the eKYC routes added by issue 3 (http/rate-limits.ts): MyKad OCR 20 an hour per
 * user, the public eKYC link's token exchange and its attempts 30 an hour per IP each. Run with RATE_LIMIT_SCALE=0.1.
 * The bodies are invalid on purpose (422): the limit counts every request, and no model is loaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { RATE_LIMITS, type RateLimitName } from '../../platform/http/rate-limits.ts';

const SCALE = 0.1;
const allowed = (name: RateLimitName) => Math.max(1, Math.round(RATE_LIMITS[name].max * SCALE));

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp({ env: { RATE_LIMIT_SCALE: String(SCALE) } });
});
afterAll(() => t?.close());

async function exhaust(name: RateLimitName, send: (i: number) => ReturnType<TestApp['call']>) {
  for (let i = 0; i < allowed(name); i++) expect((await send(i)).status).not.toBe(429);
  const r = await send(allowed(name));
  expect(r.status).toBe(429);
  expect(Number(r.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe('eKYC abuse limits', () => {
  it('MyKad OCR: 20 an hour per user', async () => {
    expect(RATE_LIMITS.documentOcr).toMatchObject({ max: 20, timeWindow: '1 hour', key: 'user' });
    const client = await t.login('client');
    await exhaust('documentOcr', () => t.call('POST', '/api/document-ocr', { token: client, body: {} }));
    const agent = await t.login('agent');
    expect((await t.call('POST', '/api/document-ocr', { token: agent, body: {} })).status).toBe(422);
  });

  it('public eKYC: 30 an hour per IP on the token exchange, and on the attempts', async () => {
    expect(RATE_LIMITS.publicEkyc).toMatchObject({ max: 30, timeWindow: '1 hour', key: 'ip' });
    await exhaust('publicEkyc', () => t.call('POST', '/api/ekyc/public/token', { body: {} }));
    await exhaust('publicEkyc', () => t.call('POST', '/api/ekyc/public/face-verification', { body: {} }));
  });
});
