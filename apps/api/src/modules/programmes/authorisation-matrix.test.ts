/**
 * Authorisation matrix of the partner-programme modules (TEKUN, ezQurban; issue 10 "Roles"; DESIGN.md
 * §9.10): ONE table, route × actor → expected status. Actors: every role, with `tekun` the TEKUN
 * programme's Partner and `partner` the partner of another organisation (DEMO); `client` is the member
 * whose MyKad is on the target certificate and who made the target qurban purchase. A route registered by
 * these modules without a row in the table fails the first test.
 *
 * 403 = the role lacks the action (permission table); 404 = the record is outside the caller's scope;
 * 422 = allowed, and the (deliberately incomplete or premature) request is then refused by the rules.
 */
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { certificates, programmes, qurban_seasons } from '../../db/schema/index.ts';
import { seedProgrammes } from '../../db/seed/programmes.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { ezQurbanRoutes } from '../ezqurban/routes.ts';
import { tekunRoutes } from '../tekun/routes.ts';
import { certificateCsv, certificatePdf, uploadForm } from '../tekun/test-fixtures.ts';

const ACTORS = ['client', 'agent', 'partner', 'tekun', 'staff', 'officer', 'accountant', 'admin'] as const;
const CLIENT_IC = '920815145678';

interface Fx {
  upload: string;
  certificate: string;
  season: string;
  transaction: string;
  transfer: string;
  freshPendingCertificate(): Promise<string>;
  freshPurchase(): Promise<string>;
}
type Req = { path: string; body?: unknown };

/** THE table. Columns in ACTORS order: client, agent, partner, tekun, staff, officer, accountant, admin. */
const MATRIX: Record<string, { req: (f: Fx) => Promise<Req> | Req; expect: number[] }> = {
  'POST /tekun/upload': {
    req: () => ({ path: '/tekun/upload', body: {} }),
    expect: [403, 403, 422, 422, 422, 403, 403, 422],
  },
  'GET /tekun/upload': { req: () => ({ path: '/tekun/upload' }), expect: [403, 403, 200, 200, 200, 200, 200, 200] },
  'GET /tekun/upload/:id': {
    req: (f) => ({ path: `/tekun/upload/${f.upload}` }),
    expect: [403, 403, 404, 200, 200, 200, 200, 200],
  },
  'POST /tekun/certificate': {
    req: () => ({ path: '/tekun/certificate', body: {} }),
    expect: [403, 403, 422, 422, 422, 403, 403, 422],
  },
  'GET /tekun/certificate': {
    req: () => ({ path: '/tekun/certificate' }),
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  'GET /tekun/certificate/:id': {
    req: (f) => ({ path: `/tekun/certificate/${f.certificate}` }),
    expect: [200, 404, 404, 200, 200, 200, 200, 200],
  },
  'GET /tekun/certificate/:id/document': {
    req: (f) => ({ path: `/tekun/certificate/${f.certificate}/document` }),
    expect: [200, 404, 404, 200, 200, 200, 200, 200],
  },
  'PATCH /tekun/certificate/:id': {
    req: async (f) => ({
      path: `/tekun/certificate/${await f.freshPendingCertificate()}`,
      body: { status: 'verified' },
    }),
    expect: [403, 403, 403, 403, 200, 200, 403, 200],
  },
  'POST /tekun/certificate/:id/wasiat': {
    req: (f) => ({ path: `/tekun/certificate/${f.certificate}/wasiat` }),
    expect: [422, 404, 404, 422, 422, 422, 422, 422],
  },
  'GET /tekun/wasiat': { req: () => ({ path: '/tekun/wasiat' }), expect: [200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /tekun/report/monthly': {
    req: () => ({ path: '/tekun/report/monthly' }),
    expect: [403, 403, 200, 200, 200, 200, 200, 200],
  },
  'GET /ez-qurban/season': {
    req: () => ({ path: '/ez-qurban/season' }),
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  'POST /ez-qurban/season': {
    req: () => ({
      path: '/ez-qurban/season',
      body: { year: 2026, location: 'Kedah', country: 'Malaysia', animal_type: 'goat', price_per_share_sen: 90000 },
    }),
    expect: [403, 403, 403, 403, 201, 403, 403, 201],
  },
  'POST /ez-qurban/transaction': {
    req: (f) => ({
      path: '/ez-qurban/transaction',
      body: { season_id: f.season, shares: 1, on_behalf_of: 'Ahmad bin Ali' },
    }),
    expect: [201, 201, 201, 201, 201, 201, 201, 201],
  },
  'GET /ez-qurban/transaction': {
    req: () => ({ path: '/ez-qurban/transaction' }),
    expect: [200, 200, 200, 200, 200, 200, 200, 200],
  },
  'GET /ez-qurban/transaction/:id': {
    req: (f) => ({ path: `/ez-qurban/transaction/${f.transaction}` }),
    expect: [200, 404, 404, 404, 200, 200, 200, 200],
  },
  'DELETE /ez-qurban/transaction/:id': {
    req: async (f) => ({ path: `/ez-qurban/transaction/${await f.freshPurchase()}` }),
    expect: [200, 404, 404, 404, 200, 403, 403, 200],
  },
  'POST /ez-qurban/fund-transfer': {
    req: () => ({ path: '/ez-qurban/fund-transfer', body: {} }),
    expect: [403, 403, 403, 403, 403, 403, 422, 422],
  },
  'GET /ez-qurban/fund-transfer': {
    req: () => ({ path: '/ez-qurban/fund-transfer' }),
    expect: [403, 403, 403, 403, 200, 200, 200, 200],
  },
  'GET /ez-qurban/fund-transfer/:id/document': {
    req: (f) => ({ path: `/ez-qurban/fund-transfer/${f.transfer}/document` }),
    expect: [403, 403, 403, 403, 200, 200, 200, 200],
  },
  'GET /ez-qurban/season/:id/ledger': {
    req: (f) => ({ path: `/ez-qurban/season/${f.season}/ledger` }),
    expect: [403, 403, 403, 403, 200, 200, 200, 200],
  },
  'GET /ez-qurban/report/monthly': {
    req: () => ({ path: '/ez-qurban/report/monthly' }),
    expect: [403, 403, 403, 403, 200, 200, 200, 200],
  },
};

let t: TestApp;
let fx: Fx;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  await seedProgrammes(db, DEMO_PASSWORD);
  for (const a of ACTORS) tokens[a] = await t.login(a);
  const up = await t.call('POST', '/api/tekun/upload', {
    token: tokens.tekun,
    form: uploadForm(
      { name: 'a.csv', data: certificateCsv([['Aminah binti Ahmad', CLIENT_IC, 'MX-1', '2026-01-02']]) },
      [{ name: 'MX-1.pdf', data: certificatePdf('MX-1') }],
    ),
  });
  const [programme] = await db.select().from(programmes).where(eq(programmes.code, 'TEKUN'));
  const [season] = await db.select().from(qurban_seasons);
  const buy = await t.call('POST', '/api/ez-qurban/transaction', {
    token: tokens.client,
    body: { season_id: season.id, shares: 2, on_behalf_of: 'Ahmad bin Ali' },
  });
  const pay = await t.call('POST', '/api/payment', {
    token: tokens.client,
    body: { paymentable_type: 'QurbanTransaction', paymentable_id: buy.body.transaction.id, payment_options_id: 3 },
  });
  await t.call('POST', `/api/payment/${pay.body.payment.id}/confirm`, { token: tokens.accountant, body: {} });
  const f = new FormData();
  for (const [k, v] of Object.entries({
    season_id: season.id,
    amount_sen: '1000',
    reference: 'R1',
    fund_transferred_at: '2026-06-01 10:00',
  }))
    f.append(k, v);
  f.append('document', new Blob([new Uint8Array(certificatePdf('proof'))]), 'proof.pdf');
  const tr = await t.call('POST', '/api/ez-qurban/fund-transfer', { token: tokens.accountant, form: f });
  expect(tr.status).toBe(201);
  let n = 0;
  fx = {
    upload: up.body.upload.id,
    certificate: up.body.rows[0].certificate_id,
    season: season.id,
    transaction: buy.body.transaction.id,
    transfer: tr.body.fund_transfer.id,
    async freshPurchase() {
      const r = await t.call('POST', '/api/ez-qurban/transaction', {
        token: tokens.client,
        body: { season_id: season.id, shares: 1, on_behalf_of: 'Ahmad bin Ali' },
      });
      return r.body.transaction.id as string;
    },
    async freshPendingCertificate() {
      const [c] = await db
        .insert(certificates)
        .values({
          programme_id: programme.id,
          certificate_no: `P-${++n}`,
          member_name: 'Ali bin Abu',
          ic_number: '850101105123',
          issue_date: '2026-01-01',
        })
        .returning();
      return c.id;
    },
  };
});
afterAll(async () => {
  await t?.close();
});

describe('authorisation matrix (TEKUN, ezQurban)', () => {
  it('every route of the modules has a row, and every row a route', async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    const seen: string[] = [];
    app.addHook('onRoute', (r) => {
      for (const m of [r.method].flat()) if (m !== 'HEAD') seen.push(`${m} ${r.url}`);
    });
    await tekunRoutes(app, t.ctx);
    await ezQurbanRoutes(app, t.ctx);
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
