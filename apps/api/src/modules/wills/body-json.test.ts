/**
 * `unlocked` as PostgreSQL writes it in the will's JSON (body-json.ts `UNLOCKED_JSON`; ADR 0200) against
 * service.ts `computeUnlocked`, on the test database (PGlite, or PostgreSQL with DATABASE_URL): both plans (and a
 * will without one), every prefix of the sequence done, parts done out of order, an unknown part, none and all.
 */
import { WILL_PARTS } from '@wasiat/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { UNLOCKED_JSON } from './body-json.ts';
import { computeUnlocked, partsOf } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(() => t.close());

describe('UNLOCKED_JSON', () => {
  it('answers as computeUnlocked for every plan and parts done', async () => {
    const cases: { plan: string | null; parts_done: string[] }[] = [];
    for (const plan of ['basic', 'comprehensive', null]) {
      const parts = partsOf({ plan });
      for (let i = 0; i <= parts.length; i++) cases.push({ plan, parts_done: parts.slice(0, i) });
      cases.push({ plan, parts_done: [...parts].reverse().slice(0, 3) });
      cases.push({ plan, parts_done: ['b', 'c', 'zzz'] });
      cases.push({ plan, parts_done: [...WILL_PARTS] });
    }
    for (const c of cases) {
      const r = await t.ctx.db.execute(
        sql`select (${UNLOCKED_JSON})::text as u from (values (${c.plan}::text, ${`{${c.parts_done.join(',')}}`}::text[])) as "wills"(plan, parts_done)`,
      );
      const u = (r as unknown as { rows: { u: string }[] }).rows[0].u;
      expect(JSON.parse(u), JSON.stringify(c)).toEqual(computeUnlocked(c as Parameters<typeof computeUnlocked>[0]));
    }
  });
});
