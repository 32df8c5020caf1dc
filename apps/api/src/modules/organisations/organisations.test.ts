/**
 * Organisations, read side, over HTTP on a real database (docs/api/payments.md; spec §7 preference).
 * Seed: PROVIDER (the platform) and DEMO (partner; branch KL; pricing 35000/75000 sen; agent, partner).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { branches, organizations, preferences, pricings, user_accesses, users, wills } from '../../db/schema/index.ts';

let t: TestApp;
let tokens: Record<string, string>;
let demo: string;
let provider: string;
let hidden: string;

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  const orgs = await db.select().from(organizations);
  const byCode = (code: string) => orgs.find((o) => o.code === code)?.id ?? '';
  demo = byCode('DEMO');
  provider = byCode('PROVIDER');
  // A private organisation: not for public use, no will product.
  const [h] = await db
    .insert(organizations)
    .values({ type: 'government', name: 'Agensi Tertutup', code: 'HIDDEN' })
    .returning();
  hidden = h.id;
  await db.insert(preferences).values({ organization_id: hidden, allow_public: false, allow_wasiat: false });
  await db.insert(branches).values([
    { organization_id: demo, branch_name: 'Cawangan Johor Bahru', code: 'JB', status: 1 },
    { organization_id: demo, branch_name: 'Cawangan Lama', code: 'OLD', status: 0 },
  ]);
  const day = 24 * 3600 * 1000;
  await db.insert(pricings).values([
    { organization_id: demo, product: 'Wasiat', plan: 'basic', price_sen: 1, status: 0, description: 'inactive' },
    {
      organization_id: demo,
      product: 'Wasiat',
      plan: 'basic',
      price_sen: 2,
      description: 'future',
      effective_from: new Date(Date.now() + day),
    },
    {
      organization_id: demo,
      product: 'Wasiat',
      plan: 'basic',
      price_sen: 3,
      description: 'ended',
      effective_from: new Date(Date.now() - 10 * day),
      effective_to: new Date(Date.now() - day),
    },
    { organization_id: demo, product: 'Hibah', plan: 'cash', price_sen: 50000, description: 'Hibah Tunai' },
  ]);
  tokens = {};
  for (const u of ['client', 'agent', 'partner', 'staff', 'admin']) tokens[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, who: string) => t.call('GET', path, { token: tokens[who] });
const codes = (r: { body: { organizations: { data: { code: string }[] } } }) =>
  r.body.organizations.data.map((o) => o.code).sort();

describe('GET /api/organization', () => {
  it('staff and admin see every organisation, paginated', async () => {
    const r = await get('/api/organization', 'staff');
    expect(r.status).toBe(200);
    expect(codes(r)).toEqual(['DEMO', 'HIDDEN', 'PROVIDER']);
    expect(r.body.organizations).toMatchObject({ current_page: 1, per_page: 15, total: 3, last_page: 1 });
    expect(r.body.organizations.data[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        name: expect.any(String),
        code: expect.any(String),
        type: expect.any(String),
      }),
    );
    const p = await get('/api/organization?limit=2&page=2', 'admin');
    expect(p.body.organizations).toMatchObject({ current_page: 2, per_page: 2, total: 3, last_page: 2 });
    expect(p.body.organizations.data).toHaveLength(1);
  });

  it('members see their own organisation; clients the public ones', async () => {
    expect(codes(await get('/api/organization', 'agent'))).toEqual(['DEMO']);
    expect(codes(await get('/api/organization', 'partner'))).toEqual(['DEMO']);
    expect(codes(await get('/api/organization', 'client'))).toEqual(['DEMO', 'PROVIDER']);
  });

  it('filters allow_wasiat=1 by the preference', async () => {
    expect(codes(await get('/api/organization?allow_wasiat=1', 'staff'))).toEqual(['DEMO', 'PROVIDER']);
    expect(codes(await get('/api/organization?allow_wasiat=2', 'staff'))).toEqual(['HIDDEN']);
    expect(codes(await get('/api/organization?allow_hibah=1', 'staff'))).toEqual(['PROVIDER']);
  });

  it('a client sees the organisation of a will they own even when not public', async () => {
    const [client] = await t.ctx.db.select().from(users).where(eq(users.username, 'client'));
    expect((await get(`/api/organization/${hidden}`, 'client')).status).toBe(404);
    const [w] = await t.ctx.db
      .insert(wills)
      .values({ user_id: client.id, created_by: client.id, organization_id: hidden, status: 0, parts_done: ['a'] })
      .returning();
    const r = await get(`/api/organization/${hidden}`, 'client');
    expect(r.status).toBe(200);
    expect(r.body.organization).toMatchObject({ code: 'HIDDEN', allow_payment_gateway: 1, allow_cash_payment: 1 });
    await t.ctx.db.delete(wills).where(eq(wills.id, w.id));
  });

  it('needs a token', async () => {
    expect((await t.call('GET', '/api/organization')).status).toBe(401);
  });
});

describe('branches, users, pricing, preference', () => {
  it('lists branches, headquarters first; others than staff see active ones only', async () => {
    const r = await get(`/api/organization/${demo}/branch`, 'client');
    expect(r.status).toBe(200);
    expect(r.body.organization).toMatchObject({ id: demo, type: 'private' });
    const data = r.body.branches.data as { branch_name: string; is_headquarter: number }[];
    expect(data.map((b) => b.branch_name)).toEqual(['Cawangan Kuala Lumpur', 'Cawangan Johor Bahru']);
    expect(data.map((b) => b.is_headquarter)).toEqual([1, 0]);
    const all = await get(`/api/organization/${demo}/branch`, 'staff');
    expect(all.body.branches.total).toBe(3);
    const hq = await get(`/api/organization/${demo}/branch?is_headquarter=1`, 'staff');
    expect(hq.body.branches.data.map((b: { code: string }) => b.code)).toEqual(['KL']);
  });

  it('lists the agents of an organisation by name only', async () => {
    const r = await get(`/api/organization/${demo}/user?role=Agent`, 'client');
    expect(r.status).toBe(200);
    expect(r.body.users.data).toHaveLength(1);
    expect(r.body.users.data[0]).toMatchObject({ name: 'Ahmad Zaki bin Ismail', role: 'Agent' });
    expect(Object.keys(r.body.users.data[0]).sort()).toEqual(['branch_id', 'id', 'name', 'role']);
    const everyone = await get(`/api/organization/${demo}/user`, 'staff');
    expect(everyone.body.users.total).toBe(2);
    // An inactive membership is not listed.
    const [agent] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    await t.ctx.db.update(user_accesses).set({ status: 2 }).where(eq(user_accesses.user_id, agent.id));
    expect((await get(`/api/organization/${demo}/user?role=Agent`, 'staff')).body.users.total).toBe(0);
    await t.ctx.db.update(user_accesses).set({ status: 1 }).where(eq(user_accesses.user_id, agent.id));
  });

  it('lists only active prices in effect now, in sen, by product', async () => {
    const r = await get(`/api/organization/${demo}/pricing?product=Wasiat`, 'client');
    expect(r.status).toBe(200);
    const data = r.body.pricings.data as { plan: string; price_sen: number; product: string }[];
    expect(data.map((p) => [p.plan, p.price_sen])).toEqual([
      ['basic', 35000],
      ['comprehensive', 75000],
    ]);
    expect(data[0]).toMatchObject({ product: 'Wasiat', description: 'Wasiat Asas' });
    const all = await get(`/api/organization/${demo}/pricing`, 'staff');
    // Every product in effect now: the wills' and the demo partner's four hibah prices (seed; ADR 0029).
    expect(all.body.pricings.total).toBe(7);
  });

  it('answers the preference with flags 1 = yes / 2 = no', async () => {
    const r = await get(`/api/organization/${demo}/preference`, 'agent');
    expect(r.status).toBe(200);
    expect(r.body.preference).toMatchObject({
      organization_id: demo,
      allow_wasiat: 1,
      allow_hibah: 2,
      allow_public: 1,
      allow_payments: 1,
      allow_corporate: 2,
      allow_property: 1,
      allow_guardians: 1,
      allow_beneficiaries: 1,
    });
    expect(r.body.preference.id).toEqual(expect.any(String));
    const p = await get(`/api/organization/${provider}/preference`, 'staff');
    expect(p.body.preference).toMatchObject({ allow_hibah: 1, allow_corporate: 1 });
  });

  it('answers 404 for an organisation the caller may not see, on every sub-resource', async () => {
    for (const sub of ['', '/branch', '/user?role=Agent', '/pricing?product=Wasiat', '/preference']) {
      expect((await get(`/api/organization/${hidden}${sub}`, 'agent')).status, sub).toBe(404);
      expect((await get(`/api/organization/${provider}${sub}`, 'partner')).status, sub).toBe(404);
    }
    expect((await get(`/api/organization/${hidden}/preference`, 'staff')).status).toBe(200);
    expect((await get('/api/organization/no-such-id/branch', 'staff')).status).toBe(404);
  });
});
