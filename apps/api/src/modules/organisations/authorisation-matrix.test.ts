/**
 * Authorisation matrix of the organisations and clients modules (issue 6 "Tests"; DESIGN.md §9.10):
 * ONE table, route × actor → expected status, where the actors are every role and "same role, other
 * organisation" (agent@other, partner@other of the partner LAIN). Targets are records of the partner
 * DEMO. A route registered by these modules without a row in the table fails the first test.
 *
 * Reading the columns: 403 = the role lacks the action (permission table), 404 = the role may, but the
 * record belongs to another tenant (scoped in the WHERE clause).
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { originalAdminRoutes } from '../../compat/v2021/index.ts';
import {
  branches,
  organizations,
  preferences,
  pricings,
  products,
  user_accesses,
  users,
  wills,
} from '../../db/schema/index.ts';
import { clientsRoutes } from '../clients/routes.ts';
import { SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { organisationsRoutes } from './routes.ts';

const ACTORS = [
  'client',
  'agent',
  'partner',
  'staff',
  'officer',
  'accountant',
  'admin',
  'agent@other',
  'partner@other',
] as const;
type Actor = (typeof ACTORS)[number];

/** Ids of the DEMO records the calls target (filled in beforeAll). */
interface Fx {
  demo: string;
  demoHq: string;
  demoPreference: string;
  demoPricing: string;
  demoStaff: string;
  demoClient: string;
  demoProduct: string;
  /** A fresh branch / pending access per call (mutations that change state). */
  freshBranch(): Promise<string>;
  freshPendingAccess(): Promise<string>;
  seq(): number;
}
type Req = { path: string; body?: unknown };

const orgBody = (code: string) => ({
  type: 'private',
  is_partner: 1,
  name: `Syarikat ${code} Sdn Bhd`,
  code,
  registration_number: '202001012345',
  email: `${code.toLowerCase()}@example.com`,
  address: 'No. 1, Jalan Ujian',
  postcode: '50450',
  city: 'Kuala Lumpur',
  state: 'W.P. Kuala Lumpur',
  status: 1,
});
const branchBody = (orgId: string, name = 'Cawangan Kuala Lumpur') => ({
  organization_id: orgId,
  branch_name: name,
  code: 'KL',
  address: 'No. 1, Jalan Demo',
  postcode: '50450',
  city: 'Kuala Lumpur',
  state: 'W.P. Kuala Lumpur',
  status: 1,
});
const pricingBody = (orgId: string) => ({
  organization_id: orgId,
  product: 'Hibah',
  plan: 'cash',
  price_sen: 50000,
  description: 'Hibah Tunai',
  status: 1,
});
const productBody = { category: 'hibah', name: 'Hibah Tunai', description: 'Hibah wang tunai', status: 1 };
const profileBody = {
  name: 'Pelanggan Demo',
  designation: 'mr',
  gender: 1,
  // the client's own channels: changing them has its own rules (security/recovery-channels.test.ts)
  email: 'client@wasiat.local',
  mobile_number: '0123456789',
  address: 'No. 2, Jalan Demo',
  postcode: '50450',
  city: 'Kuala Lumpur',
  state: 'W.P. Kuala Lumpur',
};
const demoBody = {
  ...orgBody('DEMO'),
  name: 'Syarikat Demo Amanah Sdn Bhd',
  short_name: 'Demo Amanah',
  partner_code: 'RN-DEMO',
  registration_number: '201901000005',
  email: 'demo@wasiat.local',
};

/**
 * THE table. Columns in ACTORS order:
 * client, agent, partner, staff, officer, accountant, admin, agent@other, partner@other.
 */
const MATRIX: Record<string, { req: (f: Fx) => Promise<Req> | Req; expect: number[] }> = {
  // read side (any logged-in user; scoped: another partner's organisation is a 404)
  'GET /organization': {
    req: () => ({ path: '/organization' }),
    expect: [200, 200, 200, 200, 200, 200, 200, 200, 200],
  },
  'GET /organization/:id': {
    req: (f) => ({ path: `/organization/${f.demo}` }),
    expect: [200, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  'GET /organization/:id/branch': {
    req: (f) => ({ path: `/organization/${f.demo}/branch` }),
    expect: [200, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  'GET /organization/:id/user': {
    req: (f) => ({ path: `/organization/${f.demo}/user` }),
    expect: [200, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  'GET /organization/:id/pricing': {
    req: (f) => ({ path: `/organization/${f.demo}/pricing?all=1` }),
    expect: [200, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  'GET /organization/:id/preference': {
    req: (f) => ({ path: `/organization/${f.demo}/preference` }),
    expect: [200, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  // organisations: the provider's staff only
  'POST /organization': {
    req: (f) => ({ path: '/organization', body: orgBody(`MX${f.seq()}`) }),
    expect: [403, 403, 403, 201, 403, 403, 201, 403, 403],
  },
  'PATCH /organization/:id': {
    req: (f) => ({ path: `/organization/${f.demo}`, body: demoBody }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  'PATCH /organization/:id/preference': {
    req: (f) => ({ path: `/organization/${f.demo}/preference`, body: { allow_public: 1 } }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  'PATCH /preference/:id': {
    req: (f) => ({ path: `/preference/${f.demoPreference}`, body: { allow_public: 1 } }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  // branches: provider staff any organisation, a partner their own
  'POST /branch': {
    req: (f) => ({ path: '/branch', body: branchBody(f.demo, `Cawangan ${f.seq()}`) }),
    expect: [403, 403, 201, 201, 403, 403, 201, 403, 404],
  },
  'GET /branch/:id': {
    req: (f) => ({ path: `/branch/${f.demoHq}` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  'GET /branch/:id/user': {
    req: (f) => ({ path: `/branch/${f.demoHq}/user` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  // a user's accesses (ADR 0138): one's own; another's only to who reads the organisations holding them
  'GET /user/:id/access': {
    req: (f) => ({ path: `/user/${f.demoStaff}/access` }),
    expect: [404, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  'PATCH /branch/:id': {
    req: (f) => ({ path: `/branch/${f.demoHq}`, body: branchBody(f.demo) }),
    expect: [403, 403, 200, 200, 403, 403, 200, 403, 404],
  },
  'DELETE /branch/:id': {
    req: async (f) => ({ path: `/branch/${await f.freshBranch()}` }),
    expect: [403, 403, 200, 200, 403, 403, 200, 403, 404],
  },
  // pricing: the provider's staff
  'POST /pricing': {
    req: (f) => ({ path: '/pricing', body: pricingBody(f.demo) }),
    expect: [403, 403, 403, 201, 403, 403, 201, 403, 403],
  },
  'GET /pricing/:id': {
    req: (f) => ({ path: `/pricing/${f.demoPricing}` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  'PATCH /pricing/:id': {
    req: (f) => ({ path: `/pricing/${f.demoPricing}`, body: pricingBody(f.demo) }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  // staff of an organisation
  'GET /organization/:id/user-access': {
    req: (f) => ({ path: `/organization/${f.demo}/user-access` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  'POST /organization/:id/user': {
    req: (f) => ({
      path: `/organization/${f.demo}/user`,
      body: {
        name: 'Ejen Baharu',
        ic_number: `8501011${String(f.seq()).padStart(5, '0')}`,
        email: `ejen${f.seq()}@example.com`,
        role: 'Agent',
      },
    }),
    expect: [403, 403, 201, 201, 403, 403, 201, 403, 404],
  },
  // the Individu page: DEMO is a private organisation, so creating an owner is refused with a 422
  'GET /organization/:id/individu': {
    req: (f) => ({ path: `/organization/${f.demo}/individu` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  'POST /organization/:id/individu': {
    req: (f) => ({ path: `/organization/${f.demo}/individu`, body: {} }),
    expect: [403, 403, 422, 422, 403, 403, 422, 403, 404],
  },
  'GET /organization/:id/user/:user_id': {
    req: (f) => ({ path: `/organization/${f.demo}/user/${f.demoStaff}` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  'PATCH /organization/:id/user/:user_id': {
    req: (f) => ({
      path: `/organization/${f.demo}/user/${f.demoStaff}`,
      // the agent's own channels (changing them: security/recovery-channels.test.ts)
      body: { name: 'Staf Demo', email: 'agent@wasiat.local', mobile_number: '+60123456789', role: 'Agent', status: 1 },
    }),
    expect: [403, 403, 200, 200, 403, 403, 200, 403, 404],
  },
  // access approval: the provider's staff
  'GET /user-access/pending': {
    req: () => ({ path: '/user-access/pending' }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  'PATCH /user-access/:id': {
    req: async (f) => ({ path: `/user-access/${await f.freshPendingAccess()}`, body: { status: 1 } }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  // the 2021 client's calls without a counterpart of ours (original-admin.ts; ADR 0164)
  'GET /organization/:id/logo': {
    req: (f) => ({ path: `/organization/${f.demo}/logo?stream=false` }),
    expect: [200, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  'POST /organization/:id/logo': {
    req: (f) => ({ path: `/organization/${f.demo}/logo`, body: { is_base64: true, document: SIGNATURE_PNG } }),
    expect: [403, 403, 403, 201, 403, 403, 201, 403, 403],
  },
  // a member's picture: their own, who manages their organisation, a client's holder of client:read/edit
  'GET /user/:id/profile-picture': {
    req: (f) => ({ path: `/user/${f.demoStaff}/profile-picture?stream=false` }),
    expect: [404, 200, 200, 200, 200, 200, 200, 404, 404],
  },
  'POST /user/:id/profile-picture': {
    req: (f) => ({ path: `/user/${f.demoStaff}/profile-picture`, body: { is_base64: true, document: SIGNATURE_PNG } }),
    expect: [404, 201, 201, 201, 404, 404, 201, 404, 404],
  },
  'GET /organization/:id/testator': {
    req: (f) => ({ path: `/organization/${f.demo}/testator` }),
    expect: [403, 200, 200, 200, 200, 403, 200, 404, 404],
  },
  'GET /organization/:id/pending-user-access-approval': {
    req: (f) => ({ path: `/organization/${f.demo}/pending-user-access-approval?type=Swasta` }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  // an administrator's reset: a link to the holder; not one's own account (password/change with the old one)
  'POST /user/:id/change-password': {
    req: (f) => ({ path: `/user/${f.demoStaff}/change-password`, body: { password: 'Baru12345' } }),
    expect: [403, 403, 200, 200, 403, 403, 200, 403, 404],
  },
  'POST /user/:id/access': {
    req: (f) => ({ path: `/user/${f.demoStaff}/access`, body: { organization_id: f.demo, role: 'Agent' } }),
    expect: [403, 403, 201, 201, 403, 403, 201, 403, 404],
  },
  // promo codes: the provider's staff generate; a partner lists and exports their own organisation's (ADR 0265)
  'POST /organizations/:id/promo-codes/generate': {
    req: (f) => ({ path: `/organizations/${f.demo}/promo-codes/generate`, body: { count: 1, discount_sen: 1000 } }),
    expect: [403, 403, 403, 201, 403, 403, 201, 403, 403],
  },
  'GET /organizations/:id/promo-codes': {
    req: (f) => ({ path: `/organizations/${f.demo}/promo-codes` }),
    expect: [403, 403, 200, 200, 403, 403, 200, 403, 404],
  },
  'GET /organizations/:id/promo-codes/export': {
    req: (f) => ({ path: `/organizations/${f.demo}/promo-codes/export?format=csv` }),
    expect: [403, 403, 200, 200, 403, 403, 200, 403, 404],
  },
  // products of an organisation: read like pricing, managed by the provider's staff
  'GET /organization/:id/product': {
    req: (f) => ({ path: `/organization/${f.demo}/product` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  'POST /organization/:id/product': {
    req: (f) => ({ path: `/organization/${f.demo}/product`, body: productBody }),
    expect: [403, 403, 403, 201, 403, 403, 201, 403, 403],
  },
  'GET /product/:id': {
    req: (f) => ({ path: `/product/${f.demoProduct}` }),
    expect: [403, 403, 200, 200, 200, 200, 200, 403, 404],
  },
  'PATCH /product/:id': {
    req: (f) => ({ path: `/product/${f.demoProduct}`, body: productBody }),
    expect: [403, 403, 403, 200, 403, 403, 200, 403, 403],
  },
  // access request (any logged-in user; 422 organisations.access_exists for those who already have one)
  'POST /user/': {
    req: (f) => ({ path: '/user/', body: { organization_id: f.demo, role: 'Agent' } }),
    expect: [201, 422, 422, 422, 422, 422, 422, 422, 422],
  },
  // profile / client edit: own id for anyone; another's needs client:edit and the client in scope
  'PATCH /user/:id': {
    req: (f) => ({ path: `/user/${f.demoClient}`, body: profileBody }),
    expect: [200, 403, 200, 200, 403, 403, 200, 403, 404],
  },
  // clients: agent → clients of wills they registered; partner → of their organisation; staff → all
  'GET /client': { req: () => ({ path: '/client' }), expect: [403, 200, 200, 200, 200, 403, 200, 200, 200] },
  'GET /client/:id': {
    req: (f) => ({ path: `/client/${f.demoClient}` }),
    expect: [403, 200, 200, 200, 200, 403, 200, 404, 404],
  },
  // the 2021 client's `GET user/{id}` (ADR 0162): one's own profile, or a client as GET /client/{id}; a role
  // without client:read gets a 404 (it says nothing of another account)
  'GET /user/:id': {
    req: (f) => ({ path: `/user/${f.demoClient}` }),
    expect: [200, 200, 200, 200, 200, 404, 200, 404, 404],
  },
};

let t: TestApp;
let fx: Fx;
const tokens = {} as Record<Actor, string>;

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  const [demo] = await db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  const [hq] = await db.select().from(branches).where(eq(branches.organization_id, demo.id));
  const [pref] = await db.select().from(preferences).where(eq(preferences.organization_id, demo.id));
  const [price] = await db.select().from(pricings).where(eq(pricings.organization_id, demo.id));
  const [agent] = await db.select().from(users).where(eq(users.username, 'agent'));
  const [client] = await db.select().from(users).where(eq(users.username, 'client'));
  // A will of the demo client at DEMO, registered by the demo agent.
  await db.insert(wills).values({
    user_id: client.id,
    agent_id: agent.id,
    created_by: agent.id,
    organization_id: demo.id,
    branch_id: hq.id,
  });
  const [product] = await db
    .insert(products)
    .values({ organization_id: demo.id, category: 'wasiat', name: 'Wasiat Asas' })
    .returning();
  // The other partner organisation LAIN with its own agent and partner (same roles, other tenant).
  const [other] = await db
    .insert(organizations)
    .values({ type: 'private', is_partner: true, name: 'Lain Sdn Bhd', code: 'LAIN', partner_code: 'RN-LAIN' })
    .returning();
  const [otherHq] = await db
    .insert(branches)
    .values({ organization_id: other.id, branch_name: 'Ibu Pejabat', is_headquarter: true })
    .returning();
  const [hash] = await db.select({ h: users.password_hash }).from(users).where(eq(users.username, 'agent'));
  for (const [username, role, ic] of [
    ['agent2', 'Agent', '910101145001'],
    ['partner2', 'Partner', '910101145003'],
  ] as const) {
    const [u] = await db
      .insert(users)
      .values({ name: username, username, ic_number: ic, role, password_hash: hash.h })
      .returning();
    await db.insert(user_accesses).values({ user_id: u.id, organization_id: other.id, branch_id: otherHq.id, role });
  }
  let n = 0;
  fx = {
    demo: demo.id,
    demoHq: hq.id,
    demoPreference: pref.id,
    demoPricing: price.id,
    demoStaff: agent.id,
    demoClient: client.id,
    demoProduct: product.id,
    seq: () => ++n,
    async freshBranch() {
      const [b] = await db
        .insert(branches)
        .values({ organization_id: demo.id, branch_name: `B${++n}` })
        .returning();
      return b.id;
    },
    async freshPendingAccess() {
      const [u] = await db
        .insert(users)
        .values({ name: `Pending ${++n}`, username: `pending${n}`, role: 'Agent' })
        .returning();
      const [a] = await db
        .insert(user_accesses)
        .values({ user_id: u.id, organization_id: demo.id, branch_id: hq.id, role: 'Agent', status: 0 })
        .returning();
      return a.id;
    },
  };
  for (const a of ACTORS) {
    const [role, where] = a.split('@');
    tokens[a] = await t.login(where === 'other' ? `${role}2` : role);
  }
});
afterAll(async () => {
  await t?.close();
});

describe('authorisation matrix (organisations, clients)', () => {
  it('every route of the modules has a row, and every row a route', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const seen: string[] = [];
    app.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD') seen.push(`${m} ${r.url}`);
    });
    await organisationsRoutes(app, t.ctx);
    await clientsRoutes(app, t.ctx);
    // the 2021 client's organisation calls without a counterpart of ours (compat/v2021/organisations/; ADR 0164)
    await originalAdminRoutes(app, t.ctx);
    expect(seen.sort()).toEqual(Object.keys(MATRIX).sort());
    await app.close();
  });

  for (const [route, row] of Object.entries(MATRIX)) {
    it(`${route}`, async () => {
      expect(row.expect).toHaveLength(ACTORS.length);
      const method = route.split(' ')[0];
      const got: number[] = [];
      for (const a of ACTORS) {
        const r = await row.req(fx);
        const res = await t.call(method, `/api${r.path}`, { token: tokens[a], body: r.body });
        got.push(res.status);
      }
      expect(Object.fromEntries(ACTORS.map((a, i) => [a, got[i]]))).toEqual(
        Object.fromEntries(ACTORS.map((a, i) => [a, row.expect[i]])),
      );
    });
  }

  it('without a token every route of the table is a 401', async () => {
    for (const [route, row] of Object.entries(MATRIX)) {
      const r = await row.req(fx);
      const res = await t.call(route.split(' ')[0], `/api${r.path}`, { body: r.body });
      expect(res.status, route).toBe(401);
    }
  });
});
