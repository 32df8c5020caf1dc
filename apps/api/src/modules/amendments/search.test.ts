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

  it('reads status and name the same way as the will list (instruments/list-filters; ADR 0233)', async () => {
    const { id } = await registeredWill(t, staff);
    const ids = (r: { wasiats: { data: { id: string }[] } }) => r.wasiats.data.map((x) => x.id);
    for (const list of ['/api/carian', '/api/wasiat']) {
      // "0, 2" is a list of codes (spaces allowed); parts that are not integers are dropped; none left finds none.
      expect(ids(await ok(t.call('GET', `${list}?status=0,%202&limit=100`, { token: staff })))).toContain(id);
      expect(ids(await ok(t.call('GET', `${list}?status=x,2&limit=100`, { token: staff })))).toContain(id);
      expect((await ok(t.call('GET', `${list}?status=x`, { token: staff }))).wasiats.total).toBe(0);
      // LIKE wildcards in a name are matched as themselves: they do not widen the search to every will.
      let widened = 0;
      for (const wildcard of ['%25', '_', '%25%25', '\\']) {
        if ((await ok(t.call('GET', `${list}?name=${wildcard}`, { token: staff }))).wasiats.total > 0) widened += 1;
      }
      console.log(`${list} name wildcards: 4 attempts, ${widened} widened the search`);
      expect(widened).toBe(0);
    }
  });
});
