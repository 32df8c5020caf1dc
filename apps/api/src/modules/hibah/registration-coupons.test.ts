/**
 * Part C of the hibah wizards and registering for a client (ADR 0025), the caretaker's allowance (ADR
 * 0027), the one-cent codes' list and export (ADR 0028) and the demo partner's hibah prices (ADR 0029),
 * over the real HTTP API on a real database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { branches, hibah_caretakers, hibahs, organizations, preferences, pricings } from '../../db/schema/index.ts';
import { grantAccess, newClient, ok } from '../wills/test-fixtures.ts';
import { caretakerBody, minorMykad, receiverBody } from './test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let demo: string;
let demoHq: string;
let provider: string;
let providerHq: string;
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['staff', 'agent', 'partner', 'accountant']) tok[u] = await t.login(u);
  const db = t.ctx.db;
  const org = async (code: string) => {
    const [o] = await db.select().from(organizations).where(eq(organizations.code, code));
    const [b] = await db.select().from(branches).where(eq(branches.organization_id, o.id));
    return [o.id, b.id];
  };
  [demo, demoHq] = await org('DEMO');
  [provider, providerHq] = await org('PROVIDER');
  // The provider's staff turn hibah on for the demo partner, which is not open to the public.
  await db
    .update(preferences)
    .set({ allow_hibah: true, allow_public: false })
    .where(eq(preferences.organization_id, demo));
});
afterAll(() => t.close());

const demoPrice = async (plan: string) => {
  const [p] = await t.ctx.db
    .select()
    .from(pricings)
    .where(and(eq(pricings.organization_id, demo), eq(pricings.product, 'Hibah'), eq(pricings.plan, plan)));
  return p;
};

describe('part C: organisation, branch and the price fixed by the server', () => {
  it('an agent registers a property hibah for a client, chooses the branch and gets the partner price', async () => {
    const c = await newClient(t);
    await grantAccess(t, c);
    const h = (
      await ok(t.call('POST', '/api/hibah', { token: tok.agent, body: { user_id: c.id, hibah_type: 9 } }), 201)
    ).hibah;
    const property = await demoPrice('property');
    expect(h).toMatchObject({ organization_id: demo, branch_id: demoHq, agent_id: expect.any(String) });
    expect(h).toMatchObject({ pricing_id: property.id, price_sen: 85000 });

    // A second branch of the partner; the agent picks it. A price in the body is never taken.
    const [second] = await t.ctx.db
      .insert(branches)
      .values({ organization_id: demo, branch_name: 'Cawangan Shah Alam', code: 'SA' })
      .returning();
    const r = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tok.agent,
      body: { organization_id: demo, branch_id: second.id, pricing_id: property.id, price_sen: 1, price: 0.01 },
    });
    expect(r.status).toBe(200);
    expect(r.body.hibah).toMatchObject({ branch_id: second.id, pricing_id: property.id, price_sen: 85000 });

    // The branch must belong to the organisation: 422 on the field, nothing changes.
    const bad = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tok.agent,
      body: { organization_id: demo, branch_id: providerHq },
      lang: 'en',
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ branch_id: ['Please choose a branch of the organisation.'] });
    // A price of another plan (the cheaper cash trust) cannot be picked for a property hibah.
    const cash = await demoPrice('cash');
    const cheap = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tok.agent,
      body: { pricing_id: cash.id },
      lang: 'en',
    });
    expect(cheap.status).toBe(422);
    expect(cheap.body.errors).toEqual({ pricing_id: ['Please choose a price of this product at the organisation.'] });
    // An organisation the agent is not a member of.
    const other = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tok.agent,
      body: { organization_id: provider },
    });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['organization_id']);
    const after = (await ok(t.call('GET', `/api/hibah/${h.id}`, { token: tok.agent }))).hibah;
    expect(after).toMatchObject({ organization_id: demo, branch_id: second.id, price_sen: 85000 });

    // Only part C is the agent's: the hibah's own fields stay the grantor's (spec §6), also mixed in.
    for (const body of [{ trust_purpose: 'x' }, { branch_id: demoHq, trust_purpose: 'x' }]) {
      expect((await t.call('POST', `/api/hibah/${h.id}`, { token: tok.agent, body })).status).toBe(403);
    }
    // Staff verify, they do not register this one: 403 on part C too.
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token: tok.staff, body: { branch_id: demoHq } })).status).toBe(
      403,
    );

    // The grantor sees the partner, its branches and its hibah prices (not open to the public) and keeps
    // the organisation the agent chose; another organisation not open to them is refused.
    for (const sub of ['', '/branch', '/pricing?product=Hibah&plan=property']) {
      expect((await t.call('GET', `/api/organization/${demo}${sub}`, { token: c.token })).status).toBe(200);
    }
    const mine = await t.call('POST', `/api/hibah/${h.id}`, {
      token: c.token,
      body: { organization_id: demo, branch_id: demoHq },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.hibah).toMatchObject({ organization_id: demo, branch_id: demoHq, price_sen: 85000 });
    const stranger = await newClient(t);
    expect((await t.call('GET', `/api/organization/${demo}/branch`, { token: stranger.token })).status).toBe(404);

    // After submission part C is closed for everyone (status 2).
    await t.ctx.db.update(hibahs).set({ status: 2 }).where(eq(hibahs.id, h.id));
    const late = await t.call('POST', `/api/hibah/${h.id}`, { token: tok.agent, body: { branch_id: second.id } });
    expect(late.status).toBe(422);
  });

  it('staff register for a client at any organisation that offers hibah, and choose it at part C', async () => {
    const c = await newClient(t);
    const h = (
      await ok(t.call('POST', '/api/hibah', { token: tok.staff, body: { user_id: c.id, hibah_type: 14 } }), 201)
    ).hibah;
    expect(h).toMatchObject({ organization_id: provider, price_sen: 60000 });
    const r = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tok.staff,
      body: { organization_id: demo, branch_id: demoHq },
    });
    expect(r.status).toBe(200);
    expect(r.body.hibah).toMatchObject({ organization_id: demo, branch_id: demoHq, price_sen: 65000 });
    // The staff member may add parties as the registrar, not submit for the grantor.
    expect(
      (await t.call('POST', `/api/hibah/${h.id}/receiver`, { token: tok.staff, body: receiverBody() })).status,
    ).toBe(201);
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token: tok.staff, body: { status: 2 } })).status).toBe(403);
  });

  it('an agent whose organisation does not offer hibah is refused; a client alone keeps the provider', async () => {
    await t.ctx.db.update(preferences).set({ allow_hibah: false }).where(eq(preferences.organization_id, demo));
    try {
      const c = await newClient(t);
      await grantAccess(t, c);
      const r = await t.call('POST', '/api/hibah', { token: tok.agent, body: { user_id: c.id, hibah_type: 9 } });
      expect(r.status).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['organization_id']);
      const own = (
        await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 9 } }), 201)
      ).hibah;
      expect(own).toMatchObject({ organization_id: provider, price_sen: 80000 });
      // A client may not move to the partner (not public, not theirs).
      const move = await t.call('POST', `/api/hibah/${own.id}`, { token: c.token, body: { organization_id: demo } });
      expect(move.status).toBe(422);
    } finally {
      await t.ctx.db.update(preferences).set({ allow_hibah: true }).where(eq(preferences.organization_id, demo));
    }
  });
});

describe("the caretaker's allowance", () => {
  it('needs an amount (sen ≥ 0) and a frequency when on, the "other" text for other; none is kept when off', async () => {
    const c = await newClient(t);
    const h = (await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 9 } }), 201))
      .hibah;
    const minor = (
      await ok(
        t.call('POST', `/api/hibah/${h.id}/receiver`, {
          token: c.token,
          body: receiverBody({ ic_number: minorMykad() }),
        }),
        201,
      )
    ).receiver;
    const post = (body: Record<string, unknown>) =>
      t.call('POST', `/api/hibah/${h.id}/caretaker`, { token: c.token, body: caretakerBody(body), lang: 'en' });

    const other = await post({ has_allowance: 1, allowance_amount_sen: 30000, allowance_frequency: 'other' });
    expect(other.status).toBe(422);
    expect(other.body.errors).toEqual({ other_allowance_frequency: ['This field is required.'] });
    const negative = await post({ has_allowance: 1, allowance_amount_sen: -100, allowance_frequency: 'monthly' });
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors)).toEqual(['allowance_amount_sen']);
    const fraction = await post({ has_allowance: 1, allowance_amount_sen: 12.5, allowance_frequency: 'monthly' });
    expect(Object.keys(fraction.body.errors)).toEqual(['allowance_amount_sen']);
    const none = await post({ has_allowance: 1 });
    expect(Object.keys(none.body.errors).sort()).toEqual(['allowance_amount_sen', 'allowance_frequency']);

    const ok1 = await post({
      receiver_id: minor.id,
      has_allowance: true,
      allowance_amount_sen: '30000',
      allowance_frequency: 'other',
      other_allowance_frequency: 'Setiap minggu persekolahan',
    });
    expect(ok1.status).toBe(201);
    expect(ok1.body.caretaker).toMatchObject({
      has_allowance: true,
      allowance_amount_sen: 30000,
      allowance_frequency: 'other',
      other_allowance_frequency: 'Setiap minggu persekolahan',
    });
    // Frequency monthly: the "other" text is dropped. Off: no amount or frequency is kept.
    const id = ok1.body.caretaker.id;
    const monthly = await t.call('PATCH', `/api/hibah/${h.id}/caretaker/${id}`, {
      token: c.token,
      body: caretakerBody({
        has_allowance: 1,
        allowance_amount_sen: 0,
        allowance_frequency: 'monthly',
        other_allowance_frequency: 'x',
      }),
    });
    expect(monthly.body.caretaker).toMatchObject({
      allowance_amount_sen: 0,
      allowance_frequency: 'monthly',
      other_allowance_frequency: null,
    });
    const off = await t.call('PATCH', `/api/hibah/${h.id}/caretaker/${id}`, {
      token: c.token,
      body: caretakerBody({ has_allowance: 0, allowance_amount_sen: 5000, allowance_frequency: 'annual' }),
    });
    expect(off.status).toBe(200);
    const [row] = await t.ctx.db.select().from(hibah_caretakers).where(eq(hibah_caretakers.id, id));
    expect(row).toMatchObject({ has_allowance: false, allowance_amount_sen: null, allowance_frequency: null });
  });
});

describe('one-cent codes: generate, list with redeemed by/at, export', () => {
  it('staff generate codes of an amount; a client redeems one; the list and the files show who and when', async () => {
    const gen = await t.call('POST', '/api/one-cent/hibah-coupon', {
      token: tok.staff,
      body: { count: 3, amount_sen: 5 },
    });
    expect(gen.status).toBe(201);
    const codes = gen.body.coupons.map((c: { code: string }) => c.code);
    expect(new Set(codes).size).toBe(3);
    expect(gen.body.coupons[0]).toMatchObject({ amount_sen: 5, expires_at: null });

    const c = await newClient(t);
    await ok(t.call('POST', `/api/one-cent/hibah-coupon/${codes[1]}/redeem`, { token: c.token }));

    const used = await t.call('GET', '/api/one-cent/hibah-coupon?status=used&limit=100', { token: tok.staff });
    expect(used.status).toBe(200);
    const row = used.body.coupons.data.find((x: { code: string }) => x.code === codes[1]);
    expect(row).toMatchObject({
      amount_sen: 5,
      redeemed_by: { id: c.id, name: `Klien ${c.ic}` },
      created_by: { name: 'Nurul Aina binti Hassan' },
      organization: { id: provider },
      hibah_id: expect.any(String),
    });
    expect(row.redeemed_at).toBeTruthy();
    const unused = await t.call('GET', '/api/one-cent/hibah-coupon?status=unused&limit=100', { token: tok.staff });
    const unusedCodes = unused.body.coupons.data.map((x: { code: string }) => x.code);
    expect(unusedCodes).toEqual(expect.arrayContaining([codes[0], codes[2]]));
    expect(unusedCodes).not.toContain(codes[1]);
    expect(unused.body.coupons).toMatchObject({ current_page: 1, per_page: 100 });

    const csv = await t.call('GET', '/api/one-cent/hibah-coupon/export?format=csv&status=used', {
      token: tok.staff,
      lang: 'en',
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="one-cent-codes.csv"');
    const text = csv.raw.toString('utf8');
    expect(text).toContain(
      'Code,Amount (RM),Expires at,Organisation,Generated by,Generated at,Redeemed by,Redeemed at',
    );
    expect(text).toContain(`${codes[1]},0.05,`);
    // times as spec §9 in English, Kuala Lumpur time (issue 17 item 9)
    expect(text).toMatch(/"\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{2}:\d{2}"/);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
    expect(text).toContain(`Klien ${c.ic}`);
    expect(text).not.toContain(codes[0]);
    const xlsx = await t.call('GET', '/api/one-cent/hibah-coupon/export?format=xlsx', { token: tok.staff });
    expect(xlsx.headers.get('content-type')).toContain('spreadsheetml');
    expect(xlsx.raw.subarray(0, 2).toString()).toBe('PK');

    // Only the provider's staff (hibah:coupon:manage).
    for (const who of ['agent', 'partner', 'accountant']) {
      expect((await t.call('GET', '/api/one-cent/hibah-coupon', { token: tok[who] })).status).toBe(403);
      expect((await t.call('GET', '/api/one-cent/hibah-coupon/export?format=csv', { token: tok[who] })).status).toBe(
        403,
      );
    }
    expect((await t.call('GET', '/api/one-cent/hibah-coupon', { token: c.token })).status).toBe(403);
  });

  it('refuses a bad count, amount, past expiry or unknown organisation with a translated 422', async () => {
    const gen = (body: Record<string, unknown>) =>
      t.call('POST', '/api/one-cent/hibah-coupon', { token: tok.staff, body, lang: 'en' });
    expect((await gen({ count: 0 })).body.errors).toEqual({
      count: ['Between 1 and 500 codes can be generated at once.'],
    });
    expect((await gen({ count: 501 })).status).toBe(422);
    expect((await gen({ count: 1, amount_sen: 0 })).body.errors).toEqual({
      amount_sen: ['Enter an amount between RM 0.01 and RM 1,000.00.'],
    });
    expect((await gen({ count: 1, amount_sen: 1.5 })).status).toBe(422);
    expect((await gen({ count: 1, expires_at: '2020-01-01' })).body.errors).toEqual({
      expires_at: ['The expiry date must be in the future.'],
    });
    const org = await gen({ count: 1, organization_id: 'no-such-organisation' });
    expect(org.status).toBe(422);
    expect(Object.keys(org.body.errors)).toEqual(['organization_id']);
    const ms = await t.call('POST', '/api/one-cent/hibah-coupon', { token: tok.staff, body: { count: 0 }, lang: 'ms' });
    expect(ms.body.errors.count).toEqual(['Antara 1 hingga 500 kod boleh dijana sekali gus.']);
  });
});

describe('the seed', () => {
  it('gives the demo partner hibah prices with an amendment fee, as its will has (RM 50)', async () => {
    const rows = await t.ctx.db
      .select()
      .from(pricings)
      .where(and(eq(pricings.organization_id, demo), eq(pricings.product, 'Hibah')));
    expect(rows.map((p) => p.plan).sort()).toEqual(['business', 'cash', 'estate', 'property']);
    for (const p of rows) expect(p.amendment_price_sen).toBe(5000);
  });
});
