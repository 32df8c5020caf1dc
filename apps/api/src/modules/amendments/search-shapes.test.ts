/**
 * `GET /api/carian` in one statement (ADR 0289): for every shape the search screens send (MyKad, will number, name,
 * status lists, amendment filter, later and far pages, a page past the first-page sizes) and for staff, an officer,
 * a partner and a 2021-client session, the answer is the one the search gave before it was one statement — the
 * general serializer (`serializeWills` with userDetail, user, organization, branch, agent) plus `current_version`
 * and the latest amendment, over the wills of `willScope`, counted and paged the same way ({@link before}) — to
 * the byte (same keys in the same order), and the request sends the session check and ONE search statement.
 */
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { countStatements, type StatementCounter } from '../../../test/statements.ts';
import {
  amendments,
  branches,
  payments,
  user_accesses,
  users,
  will_user_details,
  wills,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { issueToken } from '../../platform/auth/tokens.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { statusCodes, statusIn } from '../instruments/index.ts';
import { parseLoadWith, serializeWills, testatorMykadIs, testatorNameContains, willScope } from '../wills/index.ts';
import { type Client, grantAccess, newClient, newMykad } from '../wills/test-fixtures.ts';
import type { SearchQuery } from './search.ts';

/** The search as it was before ADR 0289 (nine statements), kept here as the oracle of the answer. */
async function before(t: TestApp, user: AuthUser, q: SearchQuery) {
  const db = t.ctx.db;
  const conds: SQL[] = [willScope(user), sql`${wills.status} <> -1`];
  if (q.wasiat_no) conds.push(eq(wills.wasiat_no, q.wasiat_no.trim().toUpperCase()));
  if (q.ic_number) conds.push(testatorMykadIs(q.ic_number.replace(/\D/g, '')));
  if (q.name) conds.push(testatorNameContains(q.name));
  if (q.status !== undefined) conds.push(statusIn(wills.status, statusCodes(q.status)));
  const withAmendment = sql`exists (select 1 from ${amendments} where ${amendments.amendmentable_type} = 'Wasiat' and ${amendments.amendmentable_id} = ${wills.id})`;
  if (q.having_amendment === 'true' || q.having_amendment === '1') conds.push(withAmendment);
  if (q.having_amendment === 'false' || q.having_amendment === '0') conds.push(sql`not ${withAmendment}`);
  const where = and(...conds);
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(wills).where(where);
  const list = await db
    .select()
    .from(wills)
    .where(where)
    .orderBy(desc(wills.created_at), desc(wills.id))
    .limit(p.per_page)
    .offset(p.offset);
  const body = await serializeWills(db, list, parseLoadWith('userDetail,user,organization,branch,agent'));
  const latest = list.length
    ? await db
        .select()
        .from(amendments)
        .where(
          and(
            eq(amendments.amendmentable_type, 'Wasiat'),
            inArray(
              amendments.amendmentable_id,
              list.map((w) => w.id),
            ),
          ),
        )
        .orderBy(desc(amendments.created_at))
    : [];
  const data = body.map((w, i) => {
    const a = latest.find((x) => x.amendmentable_id === list[i].id);
    return {
      ...w,
      current_version: list[i].current_version,
      latest_amendment: a ? { id: a.id, reference_no: a.reference_no, status: a.status } : null,
    };
  });
  return { wasiats: toPage(data, n, p) };
}

let t: TestApp;
let counter: StatementCounter;
let granted: Client;
let other: Client;
let org: string;
let tag: string;
const ids: Record<string, string> = {};
const who: Record<string, { user: AuthUser; token: string }> = {};

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

beforeAll(async () => {
  t = await makeTestApp();
  for (const name of ['staff', 'officer', 'partner']) {
    const token = await t.login(name);
    const [user] = await t.ctx.db.select().from(users).where(eq(users.username, name));
    who[name] = { user, token };
  }
  // a 2021-client session of the staff user (compat/v2021 edge.ts ORIGINAL_CONTRACT): its routes answer objects
  who.original = { user: who.staff.user, token: await issueToken(t.ctx.db, who.staff.user.id, { contract: '2021' }) };
  const [access] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, who.partner.user.id));
  org = access.organization_id;
  const [agent] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
  const [branch] = await t.ctx.db
    .insert(branches)
    .values({ organization_id: org, branch_name: 'Cawangan Carian', code: 'CC1', is_headquarter: true })
    .returning();
  granted = await newClient(t);
  other = await newClient(t);
  await grantAccess(t, granted); // the partner's organisation acts for `granted`, not for `other`
  tag = newMykad().slice(-7);
  const base = { organization_id: org, created_by: granted.id };
  const rows = await t.ctx.db
    .insert(wills)
    .values([
      {
        ...base,
        user_id: granted.id,
        branch_id: branch.id,
        agent_id: agent.id,
        status: 1,
        wasiat_no: `WX${tag}`,
        plan: 'comprehensive',
        parts_done: ['a', 'b', 'c'],
        price_sen: 35_050,
        discount_sen: 50,
        acknowledged_pdpa: true,
        current_version: 2,
        created_at: minutesAgo(1),
      },
      { ...base, user_id: granted.id, status: 2, wasiat_no: `WY${tag}`, created_at: minutesAgo(2) },
      { ...base, user_id: other.id, created_by: other.id, status: 1, created_at: minutesAgo(3) },
      { ...base, user_id: granted.id, status: 1, created_at: minutesAgo(4), deleted_at: new Date() },
      { ...base, user_id: granted.id, status: -1, created_at: minutesAgo(5) },
      { user_id: granted.id, created_by: granted.id, status: 0, organization_id: null, created_at: minutesAgo(6) },
    ])
    .returning({ id: wills.id });
  [ids.w1, ids.w2, ids.other, ids.deleted, ids.minus, ids.draft] = rows.map((r) => r.id);
  await t.ctx.db.insert(will_user_details).values([
    { wasiat_id: ids.w1, name: `Siti Carian ${tag}`, ic_number: granted.ic, gender: 2, race: 1 },
    { wasiat_id: ids.other, name: `Ali Carian ${tag}`, ic_number: other.ic },
  ]);
  await t.ctx.db.insert(payments).values([
    { paymentable_type: 'Wasiat', paymentable_id: ids.w1, payment_options_id: 2, amount_sen: 1, status: 'failed' },
    { paymentable_type: 'Wasiat', paymentable_id: ids.w2, payment_options_id: 1, amount_sen: 1, status: 'paid' },
  ]);
  const amendment = (of: string, n: number, status: number) => ({
    amendmentable_type: 'Wasiat',
    amendmentable_id: of,
    user_id: granted.id,
    organization_id: org,
    reference_no: `PC289-${tag}-${n}`,
    status,
    created_at: minutesAgo(10 - n),
  });
  await t.ctx.db.insert(amendments).values([amendment(ids.w1, 1, 5), amendment(ids.w1, 2, 1)]);
  counter = countStatements(t.ctx.db);
});
afterAll(async () => {
  counter?.stop();
  await t?.close();
});

/** GET the search as `role` → the reply body's text and the statements it sent (the token touch excluded). */
async function search(role: string, q: Record<string, string | number>) {
  const qs = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, String(v)])).toString();
  counter.reset();
  const r = await t.call('GET', `/api/carian?${qs}`, { token: who[role].token });
  expect(r.status, JSON.stringify(r.body).slice(0, 300)).toBe(200);
  const texts = counter.texts.filter((s) => !/^update "auth_tokens"/i.test(s));
  return { body: r.body, texts };
}

/** The shapes of the search screens (features/amendments/pages/SearchPages.tsx; bench/lists/shapes.ts) and more. */
const shapes = (): Record<string, string | number>[] => [
  { ic_number: granted.ic, page: 1, limit: 20 },
  { ic_number: `${granted.ic.slice(0, 6)}-${granted.ic.slice(6, 8)}-${granted.ic.slice(8)}` },
  { wasiat_no: ` wx${tag} `, page: 1, limit: 20 },
  { name: `carian ${tag}`, page: 1, limit: 20 },
  { name: `Klien ${granted.ic}`, limit: 20 },
  { name: `Klien%${tag}` },
  { status: '1', page: 1, limit: 20 },
  { status: '0, 2', limit: 100 },
  { status: 'x' },
  { ic_number: granted.ic, having_amendment: 'true' },
  { ic_number: granted.ic, having_amendment: '0' },
  { having_amendment: '1', limit: 100 },
  { ic_number: granted.ic, status: '1,2', page: 2, limit: 1 },
  { ic_number: granted.ic, page: 50, limit: 10 },
  { status: '1', page: 1, limit: 150 },
  { status: '1', page: 3, limit: 1 },
  { limit: 20 },
];

describe('GET /api/carian in one statement (ADR 0289)', () => {
  it('answers every shape exactly as before, for staff, an officer, a partner and a 2021 session', async () => {
    let compared = 0;
    for (const role of ['staff', 'officer', 'partner', 'original']) {
      for (const q of shapes()) {
        const { body, texts } = await search(role, q);
        const expected = JSON.parse(JSON.stringify(await before(t, who[role].user, q as SearchQuery)));
        expect(JSON.stringify(body), `${role} ${JSON.stringify(q)}`).toBe(JSON.stringify(expected));
        // the session check (auth_tokens) and ONE search statement
        expect(texts.length, texts.join('\n')).toBeLessThanOrEqual(2);
        expect(texts.filter((s) => !s.includes('"auth_tokens"')).length, texts.join('\n')).toBe(1);
        compared += 1;
      }
    }
    console.log(`carian: ${compared} answers compared with the former search, each in one search statement`);
  });

  it('carries the related records of the fixture world and keeps records that are not the caller’s out', async () => {
    const { body } = await search('staff', { ic_number: granted.ic });
    const page = body.wasiats;
    expect(page.data.map((w: { id: string }) => w.id)).toEqual([ids.w1, ids.w2, ids.draft]);
    expect(page).toMatchObject({ total: 3, current_page: 1, per_page: 15, last_page: 1 });
    const [w1, w2, draft] = page.data;
    expect(w1).toMatchObject({
      price: 350.5,
      amount_due_sen: 35_000,
      payment_status: 'failed',
      acknowledged_pdpa: 1,
      current_version: 2,
      user_detail: { wasiat_id: ids.w1, name: `Siti Carian ${tag}`, gender: 2, race: 1, email: null },
      user: { id: granted.id, ic_number: granted.ic },
      agent: { username: 'agent' },
      organization: { id: org },
      branch: { branch_name: 'Cawangan Carian', code: 'CC1', is_headquarter: 1 },
      latest_amendment: { reference_no: `PC289-${tag}-2`, status: 1 },
    });
    expect(w1.user_detail.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(w2).toMatchObject({ payment_status: 'paid', user_detail: null, agent: null, branch: null });
    expect(w2.latest_amendment).toBeNull();
    expect(draft).toMatchObject({ status: 0, organization: null, payment_status: null });
    // a partner: only the wills of the client whose grant its organisation holds; never a deleted or -1 will
    const partner = (await search('partner', { name: `Carian ${tag}` })).body.wasiats;
    expect(partner.data.map((w: { id: string }) => w.id)).toEqual([ids.w1]);
    const staff = (await search('staff', { name: `Carian ${tag}` })).body.wasiats;
    expect(staff.data.map((w: { id: string }) => w.id)).toEqual([ids.w1, ids.other]);
    expect((await search('partner', { ic_number: other.ic })).body.wasiats.total).toBe(0);
    for (const role of ['staff', 'partner']) {
      const all = (await search(role, { status: '-1,0,1,2', limit: 1000 })).body.wasiats;
      const found = all.data.map((w: { id: string }) => w.id);
      expect(found).not.toContain(ids.deleted);
      expect(found).not.toContain(ids.minus);
      expect(all.total).toBe(all.data.length);
    }
  });
});
