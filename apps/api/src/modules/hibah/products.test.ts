/**
 * The hibah/trust product list (issue 37 item 1; ADR 0244), over the real HTTP API on a real database: only the
 * products the organisation's preference offers, each with the catalogue's texts in the request's language and
 * the price of the organisation's active pricing row of its plan.
 */
import { and, desc, eq, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { organizations, preferences, pricings } from '../../db/schema/index.ts';
import { newClient } from '../wills/test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let demo: string;
let provider: string;

beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['staff', 'agent']) tok[u] = await t.login(u);
  const id = async (code: string) =>
    (await t.ctx.db.select().from(organizations).where(eq(organizations.code, code)))[0].id;
  demo = await id('DEMO');
  provider = await id('PROVIDER');
});
afterAll(() => t?.close());

type Product = {
  code: number;
  name: string;
  price_sen: number | null;
  what: string;
  who: string;
  needs: string[];
  duration: string;
  price_note: string | null;
};
const list = async (token: string, query = '', lang: 'ms' | 'en' = 'en') => {
  const r = await t.call('GET', `/api/hibah/products${query}`, { token, lang });
  return r;
};
const byCode = (products: Product[], code: number) => products.find((p) => p.code === code) as Product;

describe('GET /api/hibah/products (issue 37 item 1)', () => {
  it("lists the provider's products with its prices and the catalogue's texts, in English and Malay", async () => {
    const r = await list(tok.staff);
    expect(r.status).toBe(200);
    expect(r.body.organization).toEqual({ id: provider, name: 'Wasiat Platform Berhad' });
    const products = r.body.products as Product[];
    // The provider allows hibah and corporate: all thirteen products.
    expect(products.map((p) => p.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14]);
    // Prices from its pricing rows of each product's plan (seed: cash 500, property 800, corporate 1,000).
    expect(byCode(products, 7).price_sen).toBe(50000);
    expect(byCode(products, 3).price_sen).toBe(50000);
    expect(byCode(products, 9).price_sen).toBe(80000);
    expect(byCode(products, 1).price_sen).toBe(100000);
    expect(byCode(products, 14).price_sen).toBe(60000);
    // No pricing row for the one-cent trust: its price is the code's token amount.
    expect(byCode(products, 12)).toMatchObject({ price_sen: null, price_note: expect.stringMatching(/redeem code/) });
    const land = byCode(products, 9);
    expect(land.name).toBe('Real-estate hibah trust');
    expect(land.what).toMatch(/gift made now/);
    expect(land.who).toMatch(/owns land or a house/);
    expect(land.needs.join(' ')).toMatch(/land title \(geran\)/);
    expect(land.needs.join(' ')).toMatch(/caretaker \(penjaga\) for every receiver under 18/);
    expect(land.needs.join(' ')).toMatch(/2 adult witnesses/);
    expect(land.duration).toMatch(/within 14 days/);
    expect(byCode(products, 2).needs.join(' ')).toMatch(/board resolution/);

    const ms = (await list(tok.staff, '', 'ms')).body.products as Product[];
    expect(byCode(ms, 9).name).toBe('Hibah Amanah Hartanah');
    expect(byCode(ms, 9).needs.join(' ')).toMatch(/Geran setiap tanah/);
    expect(byCode(ms, 9).duration).toMatch(/dalam tempoh 14 hari/);
  });

  it("shows an agent only what the partner's preference offers, at the partner's own prices", async () => {
    // The demo partner does not allow hibah until the provider turns it on.
    const off = await list(tok.agent);
    expect(off.status).toBe(200);
    expect(off.body.organization.id).toBe(demo);
    expect(off.body.products).toEqual([]);

    await t.ctx.db.update(preferences).set({ allow_hibah: true }).where(eq(preferences.organization_id, demo));
    const on = (await list(tok.agent)).body.products as Product[];
    // No corporate products without "allow corporate hibah and trust".
    expect(on.map((p) => p.code)).toEqual([3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14]);
    expect(byCode(on, 8).price_sen).toBe(55000);
    expect(byCode(on, 10).price_sen).toBe(85000);

    // A newer pricing row of the cash plan is the price from then on; an inactive one is not. "Newer" than the
    // seeded row, whose start is the seeding's own time (on a fast run less than a second ago).
    const [seeded] = await t.ctx.db
      .select({ at: pricings.effective_from })
      .from(pricings)
      .where(
        and(
          eq(pricings.organization_id, demo),
          eq(pricings.product, 'Hibah'),
          eq(pricings.plan, 'cash'),
          lte(pricings.effective_from, new Date()),
        ),
      )
      .orderBy(desc(pricings.effective_from))
      .limit(1);
    const from = new Date(seeded.at.getTime() + 1);
    while (Date.now() <= from.getTime()) await new Promise((r) => setTimeout(r, 5));
    await t.ctx.db.insert(pricings).values([
      {
        organization_id: demo,
        product: 'Hibah',
        plan: 'cash',
        price_sen: 57500,
        effective_from: from,
      },
      { organization_id: demo, product: 'Hibah', plan: 'property', price_sen: 1, status: 0 },
    ]);
    const later = (await list(tok.agent)).body.products as Product[];
    expect(byCode(later, 7).price_sen).toBe(57500);
    expect(byCode(later, 9).price_sen).toBe(85000);

    await t.ctx.db.update(preferences).set({ allow_corporate: true }).where(eq(preferences.organization_id, demo));
    const corporate = (await list(tok.agent)).body.products as Product[];
    // Corporate offered now, but the partner has no corporate pricing row: listed without a price.
    expect(byCode(corporate, 1)).toMatchObject({ price_sen: null });
    await t.ctx.db
      .update(preferences)
      .set({ allow_hibah: false, allow_corporate: false })
      .where(eq(preferences.organization_id, demo));
    await t.ctx.db.delete(pricings).where(and(eq(pricings.organization_id, demo), eq(pricings.price_sen, 57500)));
  });

  it("a client alone sees the provider's offer; another organisation only when it is open to the public, else 404", async () => {
    const c = await newClient(t);
    const mine = await list(c.token);
    expect(mine.status).toBe(200);
    expect(mine.body.organization.id).toBe(provider);
    await t.ctx.db
      .update(preferences)
      .set({ allow_public: false, allow_hibah: true })
      .where(eq(preferences.organization_id, demo));
    expect((await list(c.token, `?organization_id=${demo}`)).status).toBe(404);
    // An agent may not read another organisation's offer either; an unknown id is 404.
    expect((await list(tok.agent, `?organization_id=${provider}`)).status).toBe(404);
    expect((await list(tok.staff, '?organization_id=no-such-org')).status).toBe(404);
    // Staff may read any organisation's.
    expect((await list(tok.staff, `?organization_id=${demo}`)).body.organization.id).toBe(demo);
    await t.ctx.db
      .update(preferences)
      .set({ allow_public: true, allow_hibah: false })
      .where(eq(preferences.organization_id, demo));
  });
});
