/**
 * Planned row mapping (db/row-mapper.ts; ADR 0200): on the test database (PGlite, or PostgreSQL with
 * DATABASE_URL), the same select prepared twice — once mapped by drizzle, once by the plan — gives the same rows:
 * the same nested objects, keys in the same order, the same decoded values (dates as Date, numbers, JSON, nulls).
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../test/harness.ts';
import { newClient } from '../modules/wills/test-fixtures.ts';
import { sessionColumns, sha256 } from '../platform/auth/tokens.ts';
import { withPlannedRows } from './row-mapper.ts';
import { auth_tokens, users, wills } from './schema/index.ts';

let t: TestApp;
let hash: string;
let willId: string;

beforeAll(async () => {
  t = await makeTestApp();
  // A client and their will: the left-joined will is there for its id and null for another.
  const client = await newClient(t);
  willId = (await t.call('POST', '/api/wasiat', { token: client.token, body: { user_id: client.id } })).body.wasiat.id;
  hash = sha256(client.token);
});
afterAll(() => t.close());

/** The session columns, a will left-joined as flat fields (null when absent), and SQL fields with decoders. */
const select = (name: string) =>
  t.ctx.db
    .select({
      n: sql<string>`1`,
      ...sessionColumns(),
      will_id: wills.id,
      will_created: wills.created_at,
      will_price: wills.price_sen,
      as_number: sql<number>`41 + 1`.mapWith(Number),
      as_json: sql<unknown>`json_build_object('a', 1, 'b', json_build_array(1, null))`,
      nothing: sql<string | null>`null::text`,
    })
    .from(auth_tokens)
    .innerJoin(users, eq(users.id, auth_tokens.user_id))
    .leftJoin(wills, and(eq(wills.user_id, users.id), eq(wills.id, sql.placeholder('will'))))
    .where(eq(auth_tokens.token_hash, sql.placeholder('hash')))
    .prepare(name);

describe('withPlannedRows', () => {
  it('maps rows exactly as drizzle does: objects, key order, dates, numbers, JSON and nulls', async () => {
    for (const will of [willId, 'no-such-will']) {
      const byDrizzle = await select('row_mapper_drizzle').execute({ hash, will });
      const planned = await withPlannedRows(select('row_mapper_planned')).execute({ hash, will });
      expect(byDrizzle).toHaveLength(1);
      expect(planned).toEqual(byDrizzle);
      // Same keys in the same order, at every level (JSON text compares order too).
      expect(JSON.stringify(planned)).toBe(JSON.stringify(byDrizzle));
      const row = planned[0] as unknown as { user: { created_at: unknown }; token: { last_used_at: unknown } };
      expect(row.user.created_at).toBeInstanceOf(Date);
      expect(row.token.last_used_at).toBeInstanceOf(Date);
      expect(planned[0].as_number).toBe(42);
      expect(planned[0].nothing).toBeNull();
      expect(planned[0].will_id).toBe(will === willId ? willId : null);
    }
  });

  it('refuses a select whose left-joined table is an object (drizzle would make it null)', () => {
    const q = t.ctx.db
      .select({ token: auth_tokens, will: wills })
      .from(auth_tokens)
      .leftJoin(wills, eq(wills.user_id, auth_tokens.user_id))
      .prepare('row_mapper_refused');
    expect(() => withPlannedRows(q)).toThrow(/left-joined/);
  });
});
