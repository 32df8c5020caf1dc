/**
 * The lists in the shapes the screens send (issue 42 item 2; ADR 0277; bench/lists/shapes.ts): which rows each role
 * gets with the status, organisation, MyKad and kind filters, the second and a far page — the queries ADR 0277
 * changed (the MyKad filter as a semi-join, the amendment scope of one kind) — and the statement budget of each shape,
 * counted at the driver (test/statements.ts), so a list that gathers round trips fails here.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments, hibahs, user_accesses, users, will_user_details, wills } from '../src/db/schema/index.ts';
import { type Client, grantAccess, newClient, newMykad } from '../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from './harness.ts';
import { countStatements, type StatementCounter } from './statements.ts';

/**
 * Statements per request of each screen's list shape, session check included, for the pages below (≤ 3 rows).
 * Each is constant in the page's length except where named.
 */
const BUDGET = {
  /** `GET /api/wasiat?status=1&page=1&limit=10&load_with=userDetail,user,organization`: session, total, page, 3 relations. */
  willScreen: 6,
  /**
   * `GET /api/carian?ic_number=…`: the session check and ONE statement with the total and the page, each will with
   * its payment status, relations and latest amendment as JSON (amendments/search.ts; ADR 0289).
   */
  search: 2,
  /** `GET /api/hibah?page=1&limit=15&except_status=-1&load_with=user,userDetail`: session, page, total, 4 look-ups. */
  hibahScreen: 7,
  /** `GET /api/amendment?amendmentable_type=Wasiat&status=1&…&load_with=amendmentable.user` (no drafts on the page). */
  amendmentScreen: 6,
};

let t: TestApp;
let counter: StatementCounter;
const tok: Record<string, string> = {};
let granted: Client;
let other: Client;
let org: string;
let agentId: string;
const ids: Record<string, string> = {};

/** A will row of `c` in the demo organisation at `minutesAgo`. */
const will = (c: Client, status: number, minutesAgo: number, extra: Partial<typeof wills.$inferInsert> = {}) => ({
  user_id: c.id,
  created_by: c.id,
  organization_id: org,
  status,
  created_at: new Date(Date.now() - minutesAgo * 60_000),
  ...extra,
});

beforeAll(async () => {
  t = await makeTestApp();
  tok.staff = await t.login('staff');
  tok.partner = await t.login('partner');
  tok.agent = await t.login('agent');
  const [agent] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
  agentId = agent.id;
  const [access] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, agentId));
  org = access.organization_id;
  granted = await newClient(t);
  other = await newClient(t);
  await grantAccess(t, granted); // the demo organisation acts for `granted`, not for `other`
  const rows = await t.ctx.db
    .insert(wills)
    .values([
      will(granted, 1, 1, { agent_id: agentId }),
      will(granted, 1, 2, { agent_id: agentId }),
      will(granted, 2, 3, { agent_id: agentId }),
      will(other, 1, 4, { agent_id: agentId }),
      will(granted, 1, 5, { deleted_at: new Date() }),
    ])
    .returning({ id: wills.id });
  [ids.g1, ids.g2, ids.g3, ids.o1, ids.deleted] = rows.map((r) => r.id);
  const [h] = await t.ctx.db
    .insert(hibahs)
    .values({ hibah_type: 1, user_id: granted.id, created_by: granted.id, organization_id: org, status: 2 })
    .returning({ id: hibahs.id });
  ids.hibah = h.id;
  const amendment = (type: 'Wasiat' | 'Hibah', of: string, owner: Client, n: number, status = 1) => ({
    amendmentable_type: type,
    amendmentable_id: of,
    user_id: owner.id,
    organization_id: org,
    reference_no: `PT277-${n}-${owner.id.slice(-6)}`,
    status,
    created_at: new Date(Date.now() - n * 60_000),
  });
  await t.ctx.db
    .insert(amendments)
    .values([
      amendment('Wasiat', ids.g1, granted, 1),
      amendment('Hibah', ids.hibah, granted, 2),
      amendment('Wasiat', ids.o1, other, 3),
      amendment('Wasiat', ids.g3, granted, 4, 2),
      amendment('Wasiat', ids.deleted, granted, 5),
    ]);
  counter = countStatements(t.ctx.db);
});
afterAll(async () => {
  counter?.stop();
  await t?.close();
});

/** GET as `who` → the page (the envelope's first value), the statements sent and their texts. */
async function get(path: string, token: string) {
  counter.reset();
  const r = await t.call('GET', path, { token });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  const page = Object.values(r.body)[0] as { data: { id: string }[]; total: number; last_page: number };
  return { page, ids: page.data.map((x) => x.id), n: counter.count, texts: [...counter.texts] };
}
const mine = (xs: string[]) => xs.filter((x) => Object.values(ids).includes(x));

describe('the will list as the screens ask for it', () => {
  const screen = (q: string) => `/api/wasiat?${q}&load_with=userDetail%2Cuser%2Corganization`;

  it('filters by status for each role, newest first, within the statement budget', async () => {
    const staff = await get(screen(`status=1&organization_id=${org}&page=1&limit=10`), tok.staff);
    expect(mine(staff.ids)).toEqual([ids.g1, ids.g2, ids.o1]);
    expect(staff.n, staff.texts.join('\n')).toBeLessThanOrEqual(BUDGET.willScreen);
    // partner and agent: only the client whose grant their organisation holds (ADR 0101)
    expect(mine((await get(screen('status=1&page=1&limit=10'), tok.partner)).ids)).toEqual([ids.g1, ids.g2]);
    expect(mine((await get(screen('status=1&page=1&limit=10'), tok.agent)).ids)).toEqual([ids.g1, ids.g2]);
    const own = await get(`/api/wasiat?user_id=${granted.id}&load_with=payment&limit=50`, granted.token);
    expect(own.ids).toEqual([ids.g1, ids.g2, ids.g3]);
  });

  it('answers the second and a far page with the same total', async () => {
    const first = await get(screen(`status=1&organization_id=${org}&page=1&limit=1`), tok.staff);
    const second = await get(screen(`status=1&organization_id=${org}&page=2&limit=1`), tok.staff);
    expect(first.ids).toEqual([ids.g1]);
    expect(second.ids).toEqual([ids.g2]);
    expect(second.page.total).toBe(first.page.total);
    const far = await get(screen(`status=1&organization_id=${org}&page=100&limit=10`), tok.staff);
    expect(far.ids).toEqual([]);
    expect(far.page.total).toBe(first.page.total);
  });

  it("finds a testator's wills by MyKad, from the account or from the will's particulars", async () => {
    const ic = newMykad();
    await t.ctx.db.insert(will_user_details).values({ wasiat_id: ids.o1, name: 'Butiran Lain', ic_number: ic });
    for (const path of ['/api/wasiat?ic_number=', '/api/carian?page=1&limit=20&ic_number=']) {
      const byAccount = await get(`${path}${granted.ic}`, tok.staff);
      expect(byAccount.ids.sort()).toEqual([ids.g1, ids.g2, ids.g3].sort()); // not the deleted one
      expect(byAccount.page.total).toBe(3);
      expect((await get(`${path}${ic}`, tok.staff)).ids).toEqual([ids.o1]);
      // a partner finds by MyKad only what its organisation may see
      expect((await get(`${path}${ic}`, tok.partner)).ids).toEqual([]);
    }
    const search = await get(`/api/carian?ic_number=${granted.ic}&page=1&limit=20`, tok.staff);
    expect(search.n, search.texts.join('\n')).toBeLessThanOrEqual(BUDGET.search);
  });

  it("finds a testator's wills by part of the name, from the account or the will's particulars, by trigram index", async () => {
    const tag = newMykad().slice(-6);
    await t.ctx.db
      .insert(will_user_details)
      .values({ wasiat_id: ids.g2, name: `Nur Qistina ${tag}`, ic_number: granted.ic });
    for (const path of ['/api/wasiat?limit=50&name=', '/api/carian?page=1&limit=20&name=']) {
      // the account's name ("Klien <MyKad>"), any case: every live will of the account
      const byAccount = await get(`${path}${encodeURIComponent(`kLIEN ${granted.ic}`)}`, tok.staff);
      expect(byAccount.ids.sort()).toEqual([ids.g1, ids.g2, ids.g3].sort());
      // the will's particulars' name: that will only
      expect((await get(`${path}${encodeURIComponent(`QISTINA ${tag}`)}`, tok.staff)).ids).toEqual([ids.g2]);
      expect((await get(`${path}${encodeURIComponent(`qistina ${tag}`)}`, tok.partner)).ids).toEqual([ids.g2]);
      // a partner finds by name only what its organisation may see
      expect((await get(`${path}${encodeURIComponent(`Klien ${other.ic}`)}`, tok.partner)).ids).toEqual([]);
      // % and _ are letters, not wildcards
      expect((await get(`${path}${encodeURIComponent(`Klien%${granted.ic.slice(-4)}`)}`, tok.staff)).ids).toEqual([]);
    }
    // both sides of the search can be read from their trigram index (migration 0059)
    const plans = await t.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const lines = async (q: ReturnType<typeof sql>) => {
        const r = (await tx.execute(q)) as unknown as { rows: Record<string, string>[] };
        return r.rows.map((x) => Object.values(x)[0]).join('\n');
      };
      return [
        await lines(sql`explain select id from users where name ilike '%qistina%'`),
        await lines(sql`explain select wasiat_id from will_user_details where name ilike '%qistina%'`),
      ];
    });
    expect(plans[0]).toContain('users_name_trgm_idx');
    expect(plans[1]).toContain('will_user_details_name_trgm_idx');
  });
});

describe('the amendment list as the screens ask for it', () => {
  const screen = (q: string) => `/api/amendment?${q}&load_with=amendmentable.user`;
  const refs = async (path: string, token: string) => {
    const r = await get(path, token);
    return { ...r, of: (r.page.data as unknown as { amendmentable_id: string }[]).map((a) => a.amendmentable_id) };
  };

  it('lists one kind in the scope of each role (a deleted will hides its amendments)', async () => {
    const staff = await refs(screen('amendmentable_type=Wasiat&status=1&page=1&limit=10'), tok.staff);
    expect(mine(staff.of)).toEqual([ids.g1, ids.o1]);
    expect(staff.n, staff.texts.join('\n')).toBeLessThanOrEqual(BUDGET.amendmentScreen);
    expect(mine((await refs(screen('amendmentable_type=Wasiat&status=1&page=1&limit=10'), tok.partner)).of)).toEqual([
      ids.g1,
    ]);
    expect(mine((await refs(screen('amendmentable_type=Wasiat&page=1&limit=10'), tok.agent)).of)).toEqual([
      ids.g1,
      ids.g3,
    ]);
    const hibah = await refs(screen('amendmentable_type=Hibah&status=1%2C4&page=1&limit=15'), tok.staff);
    expect(mine(hibah.of)).toEqual([ids.hibah]);
    // no kind: both kinds, as before
    expect(mine((await refs('/api/amendment?status=1&limit=50', tok.partner)).of)).toEqual([ids.g1, ids.hibah]);
    const own = await refs(`/api/wasiat/${ids.g1}/amendment?limit=20`, granted.token);
    expect(own.of).toEqual([ids.g1]);
  });

  it('pages one kind: the second page follows the first', async () => {
    const q = (page: number) => screen(`amendmentable_type=Wasiat&organization_id=${org}&page=${page}&limit=1`);
    const first = await refs(q(1), tok.partner);
    const second = await refs(q(2), tok.partner);
    expect([...first.of, ...second.of]).toEqual([ids.g1, ids.g3]);
    expect(first.page.total).toBe(2);
    expect((await refs(q(50), tok.partner)).of).toEqual([]);
  });
});

describe('the hibah list as the screens ask for it', () => {
  it('lists for each role within the statement budget', async () => {
    const path = '/api/hibah?page=1&limit=15&except_status=-1&load_with=user%2CuserDetail';
    const staff = await get(path, tok.staff);
    expect(staff.ids).toContain(ids.hibah);
    expect(staff.n, staff.texts.join('\n')).toBeLessThanOrEqual(BUDGET.hibahScreen);
    expect((await get(path, tok.partner)).ids).toContain(ids.hibah);
    expect((await get(`${path}&user_id=${other.id}`, tok.staff)).ids).toEqual([]);
    expect(
      (await get(`/api/hibah?status=2&organization_id=${org}&load_with=user%2CuserDetail&limit=100`, tok.partner)).ids,
    ).toContain(ids.hibah);
  });
});
