/**
 * Fixtures of the will-amendment contract suites (issue 20; ADR 0163, 0179): the testator of a registered will in
 * a 2021 session and the 2021 part C receiver body. The steps done beside the replay (codes, witnesses' links)
 * are in `beside.ts`, shared by every contract suite.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { users } from '../../src/db/schema/index.ts';
import { registeredWill } from '../../src/modules/amendments/test-fixtures.ts';
import type { TestApp } from '../harness.ts';

/** The testator of a registered will, logged in through the 2021 client (its login body carries `role`; ADR 0135). */
export async function testatorOfRegisteredWill(t: TestApp, staff: string) {
  const { c, id } = await registeredWill(t, staff);
  const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
  const login = await t.call('POST', '/api/login', {
    body: { username: u.username, password: 'Rahsia123', role: 'Admin' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { c, id, me: login.body.token as string };
}

/** The 2021 part C receiver body (reference §2.5 `POST receiver`, wasiat amendment). */
export const receiverBody = (willId: string, name: string, ic: string) => ({
  name,
  ic_number: ic,
  relationship: 'Saudara',
  relationshipTemp: 'Saudara',
  otherRelationship: '',
  address: 'No. 12, Jalan Melati',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  wasiat_id: willId,
  receivable_type: 'Wasiat',
  receivable_id: willId,
});
