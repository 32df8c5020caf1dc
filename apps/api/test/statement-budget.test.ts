/**
 * Statement budgets of the hot routes (issue 18 item 1; ADR 0112): how many SQL statements the session check,
 * the will read, the will list and the dashboard send to the database, counted at the driver
 * (test/statements.ts) on a real database. Each budget is written beside its route; going above it fails
 * here, so a route that slowly gathers round trips (issue 18: one read had grown to eight statements and
 * from 4,900 to 900 req/s) is caught in CI instead of in bench/api.ts months later. The will read is also
 * checked against the general serializer (`serializeWill`), so the one-statement read answers the same.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auth_tokens,
  bequests,
  heirs,
  immoveable_properties,
  moveable_properties,
  payments,
  users,
  wills,
} from '../src/db/schema/index.ts';
import { type WillJsonSessionRow, willReadWithSession } from '../src/modules/wills/hot-read.ts';
import { type ListSessionRow, listReadWithSession } from '../src/modules/wills/list-json.ts';
import { findVisibleWill } from '../src/modules/wills/queries.ts';
import { serializeWill } from '../src/modules/wills/serializers.ts';
import { newClient } from '../src/modules/wills/test-fixtures.ts';
import { sha256 } from '../src/platform/auth/tokens.ts';
import { makeTestApp, type TestApp } from './harness.ts';
import { countStatements, type StatementCounter } from './statements.ts';

/** The budgets: statements per request, token touch excluded (at most once a minute per token). */
const BUDGET = {
  /**
   * `GET /api/authenticate`: the session check (the token, its user and their access counts: one statement)
   * plus the user's organisations for the answer (auth/service.ts `serializeUser`).
   */
  session: 2,
  /**
   * `GET /api/wasiat/{id}` (no load_with): ONE statement — the session check carries the will with its payment
   * status, properties, bequests and heirs (wills/hot-read.ts; ADR 0187).
   */
  willRead: 1,
  /**
   * `GET /api/wasiat?limit=15`, staff over all organisations or a client's own: ONE statement — the session check
   * carries the first page with each will's payment status and the total (wills/list-json.ts; ADR 0139, 0192).
   */
  willList: 1,
  /** `GET /api/dashboard/summary`: session + the report roll-ups (wills and hibahs, all time and this month). */
  dashboard: 9,
};

let t: TestApp;
let counter: StatementCounter;
let staff: string;
let client: Awaited<ReturnType<typeof newClient>>;
let willId: string;

beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  client = await newClient(t);
  const r = await t.call('POST', '/api/wasiat', { token: client.token, body: { user_id: client.id } });
  willId = r.body.wasiat.id;
  // Something in every table the read gathers, so each subquery has rows to return.
  await t.ctx.db.insert(heirs).values([
    { heirable_type: 'Wasiat', heirable_id: willId, name: 'Anak', relationship: 'son', ic_number: '100101141234' },
    { heirable_type: 'Wasiat', heirable_id: willId, name: 'Isteri', relationship: 'wife', ic_number: null },
  ]);
  await t.ctx.db.insert(bequests).values([
    { wasiat_id: willId, beneficiary_name: 'Masjid', relationship: null, portion: '1/4' },
    { wasiat_id: willId, beneficiary_name: 'Anak', relationship: 'son', ic_number: '100101141234', portion: '10%' },
  ]);
  await t.ctx.db.insert(moveable_properties).values([
    { moveable_type: 'Wasiat', moveable_id: willId, property_type: 'savings', value_sen: 1_000_000 },
    { moveable_type: 'Wasiat', moveable_id: willId, property_type: 'vehicle', value_sen: null },
  ]);
  await t.ctx.db.insert(immoveable_properties).values({
    immoveable_type: 'Wasiat',
    immoveable_id: willId,
    category: 'land',
    property_type: 'GRN',
    property_no: '123',
    lot_number: '456',
    value_sen: 50_000_000,
  });
  await t.ctx.db.insert(payments).values({
    paymentable_type: 'Wasiat',
    paymentable_id: willId,
    payment_options_id: 1,
    amount_sen: 35000,
    status: 'pending',
  });
  counter = countStatements(t.ctx.db);
});
afterAll(async () => {
  counter?.stop();
  await t?.close();
});

/** Statements sent while answering one request (200 expected). */
async function statementsOf(path: string, token: string) {
  counter.reset();
  const r = await t.call('GET', path, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return { n: counter.count, texts: [...counter.texts], body: r.body };
}

/**
 * A new client with two wills: one with every field set (sub-millisecond times, parts done out of sequence, a
 * quoted multi-line reason with non-ASCII characters, a large bigint, a failed latest payment), one plain basic.
 */
async function willsWithEveryField() {
  const c = await newClient(t, false);
  const at = (s: string) => new Date(s);
  // every field set, sub-millisecond times, both plans, parts done in and out of sequence, a latest payment
  const [w1, w2] = await t.ctx.db
    .insert(wills)
    .values([
      {
        user_id: c.id,
        created_by: c.id,
        plan: 'comprehensive',
        wasiat_type: 1,
        status: 2,
        price_sen: 12345,
        discount_sen: 20000,
        payment_options_id: 2,
        payment_received_at: at('2026-01-02T03:04:05.678Z'),
        acknowledged_pdpa: true,
        acknowledged_confirmation: true,
        signature_id: 'sig-1',
        ekyc_verified_at: at('2026-02-03T04:05:06.007Z'),
        ekyc_method: 'face',
        face_verification_count: 2,
        parts_done: ['a', 'b', 'payment', 'c', 'document', 'd', 'e', 'f', 'g'],
        submitted_at: at('2026-03-04T05:06:07.890Z'),
        wasiat_no: `W-${c.id}`,
        registered_at: at('2026-04-05T06:07:08.009Z'),
        rejected_reason: 'baris "satu"\nbaris dua — ć',
        option_delete_id: 2,
        rejected_at: at('2026-05-06T07:08:09.100Z'),
        estimated_estate_sen: 9_007_199_254_740,
        funeral_sen: 500_000,
        debts_sen: 0,
        harta_sepencarian_sen: 12_500_000,
        heirs_consent: true,
        heirs_consent_note: 'setuju',
        current_version: 3,
      },
      { user_id: c.id, created_by: c.id, plan: 'basic', parts_done: ['a', 'c', 'b'], price_sen: 35000 },
    ])
    .returning();
  await t.ctx.db.execute(
    sql`update wills set created_at = now() - interval '1 microsecond' * (extract(microseconds from now())::int % 997 + 1) where id in (${w1.id}, ${w2.id})`,
  );
  await t.ctx.db.insert(payments).values([
    { paymentable_type: 'Wasiat', paymentable_id: w1.id, payment_options_id: 2, amount_sen: 1, status: 'failed' },
    { paymentable_type: 'Wasiat', paymentable_id: w2.id, payment_options_id: 1, amount_sen: 1, status: 'pending' },
  ]);
  return { c, w1, w2 };
}

describe('statement budgets of the hot routes', () => {
  it('session check', async () => {
    for (const token of [staff, client.token]) {
      const { n, texts } = await statementsOf('/api/authenticate', token);
      expect(n, texts.join('\n')).toBeLessThanOrEqual(BUDGET.session);
    }
  });

  it('will read, staff and the client', async () => {
    for (const token of [staff, client.token]) {
      const { n, texts } = await statementsOf(`/api/wasiat/${willId}`, token);
      expect(n, texts.join('\n')).toBeLessThanOrEqual(BUDGET.willRead);
    }
  });

  it('will list, staff over all organisations and the client', async () => {
    for (const token of [staff, client.token]) {
      const { n, texts } = await statementsOf('/api/wasiat?limit=15', token);
      expect(n, texts.join('\n')).toBeLessThanOrEqual(BUDGET.willList);
    }
  });

  it('dashboard', async () => {
    const { n, texts } = await statementsOf('/api/dashboard/summary', staff);
    expect(n, texts.join('\n')).toBeLessThanOrEqual(BUDGET.dashboard);
  });
});

describe('the one-statement will list', () => {
  it('carries the same total and rows as the general query, and the total past the last page', async () => {
    for (const token of [staff, client.token]) {
      const plain = await statementsOf('/api/wasiat?limit=2', token);
      // A filter the prepared list does not serve takes the general query (willScope + count); same wills.
      const general = await statementsOf('/api/wasiat?limit=2&status=0,1,2,3,4', token);
      expect(plain.body.wasiats.total).toBeGreaterThan(0);
      expect(plain.body.wasiats.total).toBe(general.body.wasiats.total);
      expect(plain.body.wasiats.data).toEqual(general.body.wasiats.data);
      const past = await statementsOf('/api/wasiat?limit=2&page=9999', token);
      expect(past.body.wasiats.data).toEqual([]);
      expect(past.body.wasiats.total).toBe(plain.body.wasiats.total);
      expect(past.body.wasiats.last_page).toBe(plain.body.wasiats.last_page);
    }
  });

  it('writes every field of a will as the general serializer does (PostgreSQL JSON, ADR 0189)', async () => {
    const { c, w2 } = await willsWithEveryField();
    for (const token of [c.token, staff]) {
      const plain = await statementsOf('/api/wasiat?limit=15', token);
      const general = await statementsOf('/api/wasiat?limit=15&status=0,1,2,3,4', token);
      const mine = (b: { wasiats: { data: { user_id: string }[] } }) =>
        b.wasiats.data.filter((w) => w.user_id === c.id);
      expect(mine(plain.body)).toHaveLength(2);
      expect(mine(plain.body)).toEqual(mine(general.body));
    }
    const plainOwn = await statementsOf('/api/wasiat?limit=15', c.token);
    const first = plainOwn.body.wasiats.data.find((w: { id: string }) => w.id === w2.id);
    expect(first.unlocked).toEqual(['a', 'b', 'payment']);
    expect(first.price).toBe(350);
    expect(plainOwn.body.wasiats).toMatchObject({ current_page: 1, per_page: 15, total: 2, last_page: 1 });
  });

  it('answers the first page carried by the session check as the other pages and the general query do', async () => {
    for (const token of [staff, client.token]) {
      // the session check's page (≤ 100, first page), the statement with the page size as a placeholder (> 100),
      // and the general query (a filter); the test's wills all fit on one page of each
      const carried = await statementsOf('/api/wasiat?limit=100&page=1', token);
      const placeholders = await statementsOf('/api/wasiat?limit=101', token);
      const general = await statementsOf('/api/wasiat?limit=100&status=0,1,2,3,4', token);
      expect(carried.n, carried.texts.join('\n')).toBe(1);
      expect(placeholders.n).toBe(2);
      expect(general.n).toBeGreaterThan(2);
      expect(carried.body.wasiats.data.length).toBeGreaterThan(0);
      expect(carried.body.wasiats.data).toEqual(placeholders.body.wasiats.data);
      expect(carried.body.wasiats.data).toEqual(general.body.wasiats.data);
      expect(carried.body.wasiats.total).toBe(general.body.wasiats.total);
      expect(carried.body.wasiats).toMatchObject({ current_page: 1, per_page: 100 });
    }
  });

  it('takes the general path for a query the carried page does not answer, and refuses a bad one', async () => {
    for (const q of ['limit=015', 'page=2', 'limit=15&name=x', 'limit=15&load_with=heirs']) {
      const r = await statementsOf(`/api/wasiat?${q}`, staff);
      expect(r.n, q).toBeGreaterThan(1);
    }
    expect((await t.call('GET', '/api/wasiat?limit=0', { token: staff })).status).toBe(422);
    expect((await t.call('GET', '/api/wasiat?limit=abc', { token: client.token })).status).toBe(422);
  });

  it('shows a client only their own wills', async () => {
    const { body } = await statementsOf('/api/wasiat?limit=15', client.token);
    expect(body.wasiats.total).toBe(1);
    expect(body.wasiats.data.map((w: { id: string }) => w.id)).toEqual([willId]);
  });
});

/** For the concurrent asks (ADR 0198): clients `a` and `b` with a will each (`wa`, `wb`), and a client whose
 * tokens are all revoked. */
async function twoClientsAndARevokedToken() {
  const a = await newClient(t, false);
  const b = await newClient(t, false);
  const willOf = async (c: typeof a) =>
    (await t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } })).body.wasiat.id as string;
  const [wa, wb] = [await willOf(a), await willOf(b)];
  const revoked = await newClient(t, false);
  await t.ctx.db.update(auth_tokens).set({ revoked_at: new Date() }).where(eq(auth_tokens.user_id, revoked.id));
  return { a, b, wa, wb, revoked };
}

describe('the one-statement will read', () => {
  it('answers what the general serializer answers', async () => {
    const { body } = await statementsOf(`/api/wasiat/${willId}`, staff);
    const [staffUser] = await t.ctx.db.query.users.findMany({ where: (u, { eq }) => eq(u.username, 'staff') });
    const expected = await serializeWill(t.ctx.db, await findVisibleWill(t.ctx.db, staffUser, willId));
    expect(body.wasiat).toEqual(JSON.parse(JSON.stringify(expected)));
    expect(body.wasiat.payment_status).toBe('pending');
    expect(body.wasiat.estate.property_sen).toBe(51_000_000);
    expect(body.wasiat.estate.bequests_to_heirs).toBe('1/10');
    expect(body.wasiat.estate.bequests_to_non_heirs).toBe('1/4');
  });

  it('writes every field of a will, its estate figures and their order as the general serializer does (ADR 0193)', async () => {
    const { c, w1, w2 } = await willsWithEveryField();
    await t.ctx.db.insert(heirs).values({
      heirable_type: 'Wasiat',
      heirable_id: w1.id,
      name: 'Anak',
      relationship: 'daughter',
      ic_number: '100101141235',
    });
    await t.ctx.db.insert(bequests).values({ wasiat_id: w1.id, beneficiary_name: 'Masjid', portion: '1/5' });
    const [staffUser] = await t.ctx.db.query.users.findMany({ where: (u, { eq }) => eq(u.username, 'staff') });
    for (const token of [c.token, staff]) {
      for (const w of [w1, w2]) {
        const r = await t.call('GET', `/api/wasiat/${w.id}`, { token });
        expect(r.status).toBe(200);
        const expected = JSON.parse(
          JSON.stringify({ wasiat: await serializeWill(t.ctx.db, await findVisibleWill(t.ctx.db, staffUser, w.id)) }),
        );
        expect(r.body).toEqual(expected);
        expect(Object.keys(r.body.wasiat)).toEqual(Object.keys(expected.wasiat));
      }
    }
    const one = await statementsOf(`/api/wasiat/${w1.id}`, c.token);
    expect(one.body.wasiat.estate.bequests_to_non_heirs).toBe('1/5');
    expect(one.body.wasiat.rejected_reason).toBe('baris "satu"\nbaris dua — ć');
    // load_with takes the general read: the same will with the relation beside it
    const withHeirs = await statementsOf(`/api/wasiat/${w1.id}?load_with=heir`, c.token);
    expect(withHeirs.n).toBeGreaterThan(1);
    // (`heir` also as the 2021 client names it, with what its hook adds: amendments/original-contract.ts)
    expect(withHeirs.body.wasiat).toMatchObject(one.body.wasiat);
    expect(withHeirs.body.wasiat.heirs).toHaveLength(1);
  });

  it('is still a 404 for a will out of the caller scope', async () => {
    const other = await newClient(t, false);
    const r = await t.call('GET', `/api/wasiat/${willId}`, { token: other.token });
    expect(r.status).toBe(404);
  });

  it('checks the session as the plain token lookup does: a revoked token or a disabled user is a 401', async () => {
    const c = await newClient(t, false);
    const own = await t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } });
    expect((await t.call('GET', `/api/wasiat/${own.body.wasiat.id}`, { token: c.token })).status).toBe(200);
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, c.id));
    expect((await t.call('GET', `/api/wasiat/${own.body.wasiat.id}`, { token: c.token })).status).toBe(401);
    await t.ctx.db.update(users).set({ status: 1 }).where(eq(users.id, c.id));
    expect((await t.call('GET', `/api/wasiat/${own.body.wasiat.id}`, { token: c.token })).status).toBe(200);
    await t.ctx.db.update(auth_tokens).set({ revoked_at: new Date() }).where(eq(auth_tokens.user_id, c.id));
    expect((await t.call('GET', `/api/wasiat/${own.body.wasiat.id}`, { token: c.token })).status).toBe(401);
    expect((await t.call('GET', `/api/wasiat/${own.body.wasiat.id}`)).status).toBe(401);
  });

  it('checks the session of the list as the plain token lookup does (ADR 0192)', async () => {
    const c = await newClient(t, false);
    expect((await t.call('GET', '/api/wasiat?limit=15', { token: c.token })).status).toBe(200);
    await t.ctx.db.update(users).set({ status: 0 }).where(eq(users.id, c.id));
    expect((await t.call('GET', '/api/wasiat?limit=15', { token: c.token })).status).toBe(401);
    await t.ctx.db.update(users).set({ status: 1 }).where(eq(users.id, c.id));
    expect((await t.call('GET', '/api/wasiat', { token: c.token })).status).toBe(200);
    await t.ctx.db.update(auth_tokens).set({ revoked_at: new Date() }).where(eq(auth_tokens.user_id, c.id));
    expect((await t.call('GET', '/api/wasiat?limit=15', { token: c.token })).status).toBe(401);
  });

  it('answers concurrent reads each by its own token and scope (ADR 0198)', async () => {
    const { a, b, wa, wb, revoked } = await twoClientsAndARevokedToken();
    /** [will, token, user who reads (undefined: no session), the will they get (undefined: out of scope)] */
    const asks: [string, string, string | undefined, string | undefined][] = [
      [wa, a.token, a.id, wa],
      [wa, b.token, b.id, undefined],
      [wb, b.token, b.id, wb],
      [wb, a.token, a.id, undefined],
      [wb, staff, 'staff', wb],
      [willId, a.token, a.id, undefined],
      [wa, revoked.token, undefined, undefined],
      [wa, 'not-a-token', undefined, undefined],
      [wa, a.token, a.id, wa],
    ];
    // over HTTP (the requests interleave as the sockets deliver them): each its own answer
    const answers = await Promise.all(asks.map(([id, token]) => t.call('GET', `/api/wasiat/${id}`, { token })));
    answers.forEach((r, i) => {
      const [id, , reader, got] = asks[i];
      expect(r.status, `ask ${i} for ${id}`).toBe(reader === undefined ? 401 : got ? 200 : 404);
      if (got) expect(r.body.wasiat.id).toBe(got);
    });
    // asked in the same turn of the event loop, they are ONE statement, and each row is its own request's
    counter.reset();
    const now = new Date().toISOString();
    const rows = await Promise.all(
      asks.map(([id, token]) => willReadWithSession(t.ctx.db, { hash: sha256(token), now }, id, {})),
    );
    expect(counter.count, counter.texts.join('\n')).toBe(1);
    rows.forEach((row, i) => {
      const [id, , reader, got] = asks[i];
      if (reader === undefined) expect(row, `ask ${i}`).toBeUndefined();
      else {
        expect(row?.user.username === 'staff' ? 'staff' : row?.user.id, `ask ${i}`).toBe(reader);
        expect((row as WillJsonSessionRow).will_id ?? undefined, `ask ${i} for ${id}`).toBe(got);
      }
    });
  });

  it('answers concurrent first pages each by its own token and scope (ADR 0198)', async () => {
    const { a, b, wa, wb, revoked } = await twoClientsAndARevokedToken();
    const staffTotal = (await t.call('GET', '/api/wasiat?limit=5', { token: staff })).body.wasiats.total as number;
    /** [token, the scope its page is in (undefined: no session), the ids of its page when its own] */
    const asks: [string, 'any' | 'own' | undefined, string[]?][] = [
      [a.token, 'own', [wa]],
      [staff, 'any'],
      [b.token, 'own', [wb]],
      [revoked.token, undefined],
      ['not-a-token', undefined],
      [a.token, 'own', [wa]],
    ];
    const ids = (data: unknown) =>
      (typeof data === 'string' ? JSON.parse(data) : (data as { id: string }[])).map((w: { id: string }) => w.id);
    counter.reset();
    const now = new Date().toISOString();
    const rows = await Promise.all(
      asks.map(([token]) => listReadWithSession(t.ctx.db, { hash: sha256(token), now }, { limit: '5' })),
    );
    expect(counter.count, counter.texts.join('\n')).toBe(1);
    rows.forEach((row, i) => {
      const [, scope, own] = asks[i];
      const r = row as ListSessionRow | undefined;
      if (scope === undefined) expect(r, `ask ${i}`).toBeUndefined();
      else {
        expect(r?.list_scope, `ask ${i}`).toBe(scope);
        if (own) {
          expect(ids(r?.list_data), `ask ${i}`).toEqual(own);
          expect(r?.list_total).toBe(own.length);
        } else {
          expect(r?.list_total).toBe(staffTotal);
          expect(ids(r?.list_data)).toHaveLength(5);
        }
      }
    });
    // over HTTP: each its own list
    const answers = await Promise.all(asks.map(([token]) => t.call('GET', '/api/wasiat?limit=5', { token })));
    answers.forEach((r, i) => {
      const [, scope, own] = asks[i];
      expect(r.status, `ask ${i}`).toBe(scope ? 200 : 401);
      if (own) expect(ids(r.body.wasiats.data)).toEqual(own);
    });
  });
});
