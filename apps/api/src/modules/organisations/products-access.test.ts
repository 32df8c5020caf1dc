/**
 * Products of an organisation, user access requests and profile edits, over HTTP on a real database
 * (issue 6; spec §2 product pages, §6 access approval, §7 `POST /api/user/`, reference §3.8 profile and
 * client edit). Who may call what is in authorisation-matrix.test.ts; this file checks the behaviour.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { branches, organizations, user_accesses, users } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { newClient } from '../wills/test-fixtures.ts';

let t: TestApp;
let admin: string;
let partner: string;
let demo: string;

beforeAll(async () => {
  t = await makeTestApp();
  admin = await t.login('admin');
  partner = await t.login('partner');
  [{ id: demo }] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
});
afterAll(async () => {
  await t?.close();
});

const profile = (over: Record<string, unknown> = {}) => ({
  name: 'Siti Aminah',
  designation: 'mrs',
  gender: 2,
  email: 'siti.aminah@example.com',
  office_phone_number: '03-2222 3333',
  mobile_number: '012-345 6789',
  address: 'No. 3, Jalan Mawar',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  ...over,
});

describe('products of an organisation', () => {
  it('creates, lists by category, reads and edits; a bad category is a 422', async () => {
    const c = await t.call('POST', `/api/organization/${demo}/product`, {
      token: admin,
      body: { category: 'trust', name: 'Amanah Pendidikan', description: 'Amanah untuk anak' },
    });
    expect(c.status).toBe(201);
    expect(c.body.product).toMatchObject({ category: 'trust', name: 'Amanah Pendidikan', status: 1 });
    await t.call('POST', `/api/organization/${demo}/product`, {
      token: admin,
      body: { category: 'wasiat', name: 'Wasiat Komprehensif' },
    });
    const trusts = await t.call('GET', `/api/organization/${demo}/product?category=trust`, { token: partner });
    expect(trusts.status).toBe(200);
    expect(trusts.body.products.data.map((p: { name: string }) => p.name)).toEqual(['Amanah Pendidikan']);
    const e = await t.call('PATCH', `/api/product/${c.body.product.id}`, {
      token: admin,
      body: { category: 'trust', name: 'Amanah Pendidikan Anak', status: 0 },
    });
    expect(e.status).toBe(200);
    expect(e.body.product).toMatchObject({ name: 'Amanah Pendidikan Anak', status: 0, description: null });
    const bad = await t.call('POST', `/api/organization/${demo}/product`, {
      token: admin,
      body: { category: 'takaful', name: 'X' },
      lang: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['category']);
  });
});

describe('user access request', () => {
  it('a user without access requests it, waits (pending), is approved and gets the role', async () => {
    const s = await t.call('POST', '/api/users', {
      body: {
        user: {
          name: 'Ahmad Pemohon',
          username: 'pemohon',
          email: 'pemohon@example.com',
          ic_number: '900101145677',
          mobile_number: '0123456780',
          password: 'Rahsia123',
          password_confirmation: 'Rahsia123',
          pdpa: 1,
        },
      },
    });
    expect(s.status).toBe(201);
    const me = await t.login('pemohon', 'Rahsia123');
    const bad = await t.call('POST', '/api/user/', { token: me, body: { organization_id: demo, role: 'Admin' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['role']);
    const r = await t.call('POST', '/api/user/', { token: me, body: { organization_id: demo, role: 'Agent' } });
    expect(r.status).toBe(201);
    expect(r.body.user.user_access).toMatchObject({ organization_id: demo, role: 'Agent', status: 0 });
    const again = await t.call('POST', '/api/user/', { token: me, body: { organization_id: demo, role: 'Agent' } });
    expect(again.status).toBe(422);
    expect(again.body.errors.organization_id).toBeDefined();
    // the pending user can log in; the session says pending
    const session = await t.call('GET', '/api/authenticate', { token: me });
    expect(session.body.user.user_access.status).toBe(0);
    // a partner cannot approve; the provider's admin sees it in the pending list and approves
    const pending = await t.call('GET', '/api/user-access/pending?limit=100', { token: admin });
    const row = pending.body.user_accesses.data.find((u: { username: string }) => u.username === 'pemohon');
    expect(row.user_access.status).toBe(0);
    expect(
      (await t.call('PATCH', `/api/user-access/${row.user_access.id}`, { token: partner, body: { status: 1 } })).status,
    ).toBe(403);
    const ok = await t.call('PATCH', `/api/user-access/${row.user_access.id}`, { token: admin, body: { status: 1 } });
    expect(ok.status).toBe(200);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.username, 'pemohon'));
    expect(u.role).toBe('Agent');
    const [a] = await t.ctx.db.select().from(user_accesses).where(eq(user_accesses.user_id, u.id));
    expect(a.status).toBe(1);
    const after = await t.call('GET', '/api/authenticate', { token: me });
    expect(after.body.user).toMatchObject({ roles: [{ name: 'Agent' }], user_access: { status: 1 } });
  });
});

describe('a staff-side user awaiting approval (ADR 0018)', () => {
  it("holds none of the role's rights until 'Approve Access'; then has them", async () => {
    const [u] = await t.ctx.db
      .insert(users)
      .values({
        name: 'Ejen Menunggu',
        username: 'ejenmenunggu',
        email: 'ejen.menunggu@example.com',
        ic_number: '880202145671',
        role: 'Agent',
        password_hash: await hashPassword('Rahsia123'),
      })
      .returning();
    const [hq] = await t.ctx.db.select().from(branches).where(eq(branches.organization_id, demo));
    const [access] = await t.ctx.db
      .insert(user_accesses)
      .values({ user_id: u.id, organization_id: demo, branch_id: hq.id, role: 'Agent', status: 0 })
      .returning();
    const token = await t.login('ejenmenunggu', 'Rahsia123');
    // logging in and reading the session still work (the web shows the notice)
    expect((await t.call('GET', '/api/authenticate', { token })).status).toBe(200);
    const before = await t.call('GET', '/api/client', { token, lang: 'en' });
    expect(before.status).toBe(403);
    expect(before.body.message).toBe('Your access is awaiting approval by an administrator.');
    const ms = await t.call('GET', '/api/client', { token, lang: 'ms' });
    expect(ms.body.message).toBe('Akses anda sedang menunggu kelulusan pentadbir.');
    const ok = await t.call('PATCH', `/api/user-access/${access.id}`, { token: admin, body: { status: 1 } });
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/client', { token })).status).toBe(200);
  });
});

describe('profile and client edit (PATCH /api/user/{id})', () => {
  it('a user edits their own profile (stored normalised); domain rules give 422s', async () => {
    const me = await t.login('client');
    const who = await t.call('GET', '/api/authenticate', { token: me });
    // A new e-mail and mobile number: the holder confirms with the password (issue 16 item 3; ADR 0105).
    const r = await t.call('PATCH', `/api/user/${who.body.user.id}`, {
      token: me,
      body: profile({ current_password: 'Demo12345' }),
    });
    expect(r.status).toBe(200);
    expect(r.body.user).toMatchObject({
      name: 'Siti Aminah',
      designation: 'mrs',
      gender: 2,
      mobile_number: '+60123456789',
      office_phone_number: '0322223333',
      postcode: '43000',
      state: 'Selangor',
    });
    const bad = await t.call('PATCH', `/api/user/${who.body.user.id}`, {
      token: me,
      body: profile({ postcode: '4300', state: 'Bangkok', current_password: 'Demo12345' }),
      lang: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['postcode', 'state']);
  });

  it('an e-mail of another account is a 422; staff edit a client; a client without a grant is a 404 to a partner', async () => {
    const [client] = await t.ctx.db.select().from(users).where(eq(users.username, 'client'));
    const taken = await t.call('PATCH', `/api/user/${client.id}`, {
      token: admin,
      body: profile({ email: 'pemohon@example.com', change_reason: 'Diminta oleh klien melalui telefon' }),
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.email).toBeDefined();
    const ok = await t.call('PATCH', `/api/user/${client.id}`, {
      token: admin,
      body: profile({ name: 'Siti Aminah Binti Ali', change_reason: 'Diminta oleh klien melalui telefon' }),
    });
    expect(ok.status).toBe(200);
    // a client who signed up alone: DEMO holds no grant for them (ADR 0101), not in the partner's scope
    const stranger = await newClient(t);
    expect((await t.call('PATCH', `/api/user/${stranger.id}`, { token: partner, body: profile() })).status).toBe(404);
  });
});
