/**
 * A promo code's expiry date means the whole of that day in Malaysia (issue 38 item 11.1): a code
 * generated "expiring 31 Jan 2027" is still usable at noon on 31 Jan in Kuala Lumpur (it used to stop at
 * 08:00, midnight UTC) and refused from 1 Feb 00:00 MYT. The clock (only `Date`) is set per check.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { organizations, users, wills } from '../../db/schema/index.ts';

let t: TestApp;
let demoOrg: string;
let clientId: string;

beforeAll(async () => {
  t = await makeTestApp();
  [{ id: demoOrg }] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  [{ id: clientId }] = await t.ctx.db.select().from(users).where(eq(users.username, 'client'));
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(async () => {
  await t?.close();
});

/** Check `code` for a fresh will of the demo client at the instant `at` (ISO, UTC). */
async function checkAt(code: string, at: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(at));
  const token = await t.login('client');
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: clientId,
      created_by: clientId,
      organization_id: demoOrg,
      plan: 'basic',
      price_sen: 35000,
      status: 0,
      parts_done: ['a', 'b'],
    })
    .returning();
  const r = await t.call('POST', '/api/promo-code/check', { token, body: { code, wasiat_id: w.id } });
  vi.useRealTimers();
  return r;
}

describe('promo code expiry in Malaysian time', () => {
  it('a code expiring 31 Jan is valid all that day in Kuala Lumpur and expired from 1 Feb 00:00 MYT', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-10T02:00:00Z'));
    const staff = await t.login('staff');
    const g = await t.call('POST', `/api/organizations/${demoOrg}/promo-codes/generate`, {
      token: staff,
      body: { count: 1, discount_sen: 1000, expires_at: '2027-01-31' },
    });
    vi.useRealTimers();
    expect(g.status).toBe(201);
    const { code, expires_at } = g.body.promo_codes[0];
    // 31 Jan 23:59:59.999 in Kuala Lumpur
    expect(expires_at).toBe('2027-01-31T15:59:59.999Z');
    // 31 Jan 12:00 MYT: valid
    expect((await checkAt(code, '2027-01-31T04:00:00Z')).status).toBe(200);
    // 31 Jan 23:59 MYT: still valid
    expect((await checkAt(code, '2027-01-31T15:59:00Z')).status).toBe(200);
    // 1 Feb 00:00:01 MYT: expired
    const late = await checkAt(code, '2027-01-31T16:00:01Z');
    expect(late.status).toBe(422);
    expect(late.body.errors.promo_code[0]).toContain('expired');
  });

  it('a date that is today in Kuala Lumpur is accepted as an expiry (valid until tonight)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 20 Jan 2027 10:00 MYT
    vi.setSystemTime(new Date('2027-01-20T02:00:00Z'));
    const staff = await t.login('staff');
    const g = await t.call('POST', `/api/organizations/${demoOrg}/promo-codes/generate`, {
      token: staff,
      body: { count: 1, discount_sen: 1000, expires_at: '2027-01-20' },
    });
    vi.useRealTimers();
    expect(g.status).toBe(201);
    expect(g.body.promo_codes[0].expires_at).toBe('2027-01-20T15:59:59.999Z');
  });
});
