/**
 * "Tarikh daftar" (registration date) in the report exports is the date the will was registered
 * (`wills.registered_at`, set on approval), not the date its record was created (issue 38 item 11.4).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { branches, organizations, users, wills } from '../../db/schema/index.ts';

let t: TestApp;
let token: string;
let wasiatNo: string;

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  const [client] = await db.select().from(users).where(eq(users.username, 'client'));
  const [org] = await db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  const [branch] = await db.select().from(branches).where(eq(branches.organization_id, org.id));
  const [w] = await db
    .insert(wills)
    .values({
      wasiat_no: 'WR-REG-0001',
      user_id: client.id,
      created_by: client.id,
      organization_id: org.id,
      branch_id: branch.id,
      plan: 'basic',
      status: 2,
      price_sen: 35000,
      payment_options_id: 1,
      payment_received_at: new Date('2026-11-03T02:00:00Z'),
      // created 2 Nov 10:00, registered (approved) 20 Nov 14:05, Kuala Lumpur time
      created_at: new Date('2026-11-02T02:00:00Z'),
      registered_at: new Date('2026-11-20T06:05:00Z'),
    })
    .returning();
  wasiatNo = w.wasiat_no as string;
  token = await t.login('staff');
});
afterAll(async () => {
  await t?.close();
});

/** The cells of the CSV line of the test's will, by heading. */
async function lineOf(kind: string, lang: 'ms' | 'en'): Promise<Record<string, string>> {
  const r = await t.call('GET', `/api/reports/${kind}?date=2026-11&period=2026-11&format=csv`, { token, lang });
  expect(r.status).toBe(200);
  const split = (l: string) => [...l.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)].map((m) => m[1].replace(/^"|"$/g, ''));
  const lines = r.raw
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/);
  const headings = split(lines[0]);
  const line = lines.find((l) => split(l).includes(wasiatNo));
  expect(line).toBeDefined();
  const cells = split(line ?? '');
  return Object.fromEntries(headings.map((h, i) => [h, cells[i]]));
}

describe('report exports: registration date', () => {
  it('"Tarikh daftar" / "Registered at" is the will\'s registration date in the detailed and approved reports', async () => {
    for (const kind of ['detailed', 'approved-monthly']) {
      const ms = await lineOf(kind, 'ms');
      expect(ms['Tarikh daftar']).toBe('20 Nov 26, 14:05');
      expect(ms['Tarikh dicipta']).toBe('02 Nov 26, 10:00');
      const en = await lineOf(kind, 'en');
      expect(en['Registered at']).toBe('20 Nov 26, 14:05');
      expect(en['Created at']).toBe('02 Nov 26, 10:00');
    }
  });
});
