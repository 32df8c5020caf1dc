/** Search (carian): staff find any will by MyKad or registration number; a partner only its organisation's; clients may not. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { wills } from '../../db/schema/index.ts';
import { ok } from '../wills/test-fixtures.ts';
import { registeredWill } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/carian', () => {
  it('checks a will by MyKad or registration number, scoped to the caller', async () => {
    const { c, id } = await registeredWill(t, staff);
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    const byIc = await ok(t.call('GET', `/api/carian?ic_number=${c.ic}`, { token: staff }));
    expect(byIc.wasiats.data.map((x: { id: string }) => x.id)).toEqual([id]);
    expect(byIc.wasiats.data[0]).toMatchObject({ status: 2, current_version: 1, latest_amendment: null });
    const byNo = await ok(
      t.call('GET', `/api/carian?wasiat_no=${w.wasiat_no?.toLowerCase()}`, { token: await t.login('officer') }),
    );
    expect(byNo.wasiats.total).toBe(1);
    // The will belongs to the provider organisation: the demo partner does not find it.
    const partner = await t.login('partner');
    expect((await ok(t.call('GET', `/api/carian?ic_number=${c.ic}`, { token: partner }))).wasiats.total).toBe(0);
    expect((await ok(t.call('GET', `/api/carian?wasiat_no=${w.wasiat_no}`, { token: partner }))).wasiats.total).toBe(0);
    // Lists by status.
    const registered = await ok(t.call('GET', '/api/carian?status=2&limit=100', { token: staff }));
    expect(registered.wasiats.data.every((x: { status: number }) => x.status === 2)).toBe(true);
    // Clients and agents may not search (403).
    expect((await t.call('GET', `/api/carian?ic_number=${c.ic}`, { token: c.token })).status).toBe(403);
    expect((await t.call('GET', `/api/carian?ic_number=${c.ic}`, { token: await t.login('agent') })).status).toBe(403);
  });
});
