/**
 * One ledger of money (issue 38 item 2; ADR 0248) over HTTP on a real database: a will, an amendment, a hibah,
 * a one-cent trust and a qurban purchase, paid by the gateway (sandbox), in cash (confirmed by staff) and
 * offline (settled at once by staff), and a will paid by an ATB mandate of two instalments (ADR 0264: each
 * instalment is money, the mandate — paid with the last one — never is). Direct transfer (2) needs an uploaded slip
 * and financing a bank's decision: they only change how a payment becomes `paid`, and are left out. Every figure —
 * the statement of account (all time, the month from the roll-ups, a day range from the raw rows, paged),
 * its CSV export, the dashboards' collections and the payer's history — must equal the sum of the paid
 * payments of the `payments` table (an ATB mandate left out), for staff (everything) and for a partner (its
 * organisation only).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendments, hibahs, organizations, payments, qurban_seasons, users, wills } from '../../db/schema/index.ts';
import { seedProgrammes } from '../../db/seed/programmes.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { sandboxPath } from '../payments/serialize.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let client: string;
let provider: string;
let demo: string;
/** The paid payments, as the ledger holds them. */
let ledger: (typeof payments.$inferSelect)[] = [];

/** Pay a payable: by the sandbox gateway (client), in cash (client, confirmed by staff) or offline (staff). */
async function settle(type: string, id: string, how: 'gateway' | 'cash' | 'offline') {
  const mode = { gateway: 1, cash: 3, offline: 6 }[how];
  const body = { paymentable_type: type, paymentable_id: id, payment_options_id: mode };
  const r = await t.call('POST', '/api/payment', {
    token: how === 'offline' ? tok.staff : tok.client,
    // Staff say how, when and by what reference (ADR 0291); today in UTC is never after today in Malaysia.
    body:
      how === 'offline'
        ? {
            ...body,
            reference: `KAUNTER-${type}`,
            offline_method: 'deposit',
            paid_on: new Date().toISOString().slice(0, 10),
          }
        : body,
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const pid = r.body.payment.id as string;
  if (how === 'gateway') {
    const s = await fetch(`${t.baseUrl}${t.ctx.signer.sign(sandboxPath(pid), 3600)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
      redirect: 'manual',
    });
    expect(s.status).toBe(303);
  }
  if (how === 'cash') {
    const c = await t.call('POST', `/api/payment/${pid}/confirm`, { token: tok.staff, body: {} });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
  }
  const [p] = await t.ctx.db.select().from(payments).where(eq(payments.id, pid));
  expect(p.status).toBe('paid');
  return p;
}

async function newWill(org: string, price: number) {
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: client,
      created_by: client,
      organization_id: org,
      plan: 'basic',
      price_sen: price,
      status: 0,
      parts_done: ['a', 'b'],
    })
    .returning();
  return w.id;
}

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  await seedProgrammes(db, DEMO_PASSWORD);
  [{ id: client }] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
  [{ id: provider }] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'PROVIDER'));
  [{ id: demo }] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.code, 'DEMO'));
  for (const u of ['client', 'staff', 'partner']) tok[u] = await t.login(u);

  // The demo partner's organisation: a will (RM 970), its RM 80 amendment, a hibah (RM 200).
  const will = await newWill(demo, 97000);
  const [amendment] = await db
    .insert(amendments)
    .values({
      amendmentable_type: 'Wasiat',
      amendmentable_id: will,
      user_id: client,
      created_by: client,
      organization_id: demo,
      reference_no: 'P2026-900101',
      status: 0,
      price_sen: 8000,
    } as typeof amendments.$inferInsert)
    .returning();
  const [hibah] = await db
    .insert(hibahs)
    .values({ hibah_type: 1, user_id: client, created_by: client, organization_id: demo, price_sen: 20000 })
    .returning();
  // The provider: a one-cent trust and a will; a qurban purchase has no organisation (receipted by the provider).
  const [oneCent] = await db
    .insert(hibahs)
    .values({ hibah_type: 12, user_id: client, created_by: client, organization_id: provider, price_sen: 1 })
    .returning();
  const providerWill = await newWill(provider, 30000);
  const [season] = await db.select({ id: qurban_seasons.id }).from(qurban_seasons).limit(1);
  const bought = await t.call('POST', '/api/ez-qurban/transaction', {
    token: tok.client,
    body: { season_id: season.id, shares: 1, on_behalf_of: 'Ahmad bin Ali' },
  });
  expect(bought.status, JSON.stringify(bought.body)).toBe(201);

  await settle('Wasiat', will, 'gateway');
  await settle('Amendment', amendment.id, 'offline');
  await settle('Hibah', hibah.id, 'cash');
  await settle('Hibah', oneCent.id, 'gateway');
  await settle('Wasiat', providerWill, 'cash');
  await settle('QurbanTransaction', bought.body.transaction.id, 'gateway');
  // The demo organisation: a RM 300 will by ATB at RM 150 a month, both debits received (ADR 0264).
  const atbWill = await newWill(demo, 30000);
  await db.update(organizations).set({ allow_atb_payment: true }).where(eq(organizations.id, demo));
  const start = new Date(Date.now() + 8 * 3600_000 + 86400_000).toISOString().slice(0, 10);
  const mandate = await t.call('POST', '/api/payment', {
    token: tok.client,
    body: {
      paymentable_type: 'Wasiat',
      paymentable_id: atbWill,
      payment_options_id: 5,
      atb_amount_sen: 15000,
      atb_frequency: 'monthly',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: start,
    },
  });
  expect(mandate.status, JSON.stringify(mandate.body)).toBe(200);
  for (let i = 0; i < 2; i++) {
    const r = await t.call('POST', `/api/payment/${mandate.body.payment.id}/instalment`, {
      token: tok.staff,
      body: {},
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  ledger = (await db.select().from(payments)).filter((p) => p.status === 'paid' && !p.mandate);
  expect((await db.select().from(payments)).filter((p) => p.mandate && p.status === 'paid')).toHaveLength(1);
});
afterAll(async () => {
  await t?.close();
});

const sum = (list: { amount_sen: number }[]) => list.reduce((s, p) => s + p.amount_sen, 0);
const ofDemo = () => ledger.filter((p) => p.organization_id === demo);
const ofProvider = () => ledger.filter((p) => p.organization_id === provider || p.organization_id === null);
const get = (path: string, token = tok.staff) => t.call('GET', `/api/${path}`, { token });
/** Today in Kuala Lumpur, YYYY-MM-DD. */
const klDay = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describe('the statement of account lists every payment of every payable kind', () => {
  it('the world has a payment of each kind', () => {
    expect(new Set(ledger.map((p) => p.paymentable_type))).toEqual(
      new Set(['Wasiat', 'Amendment', 'Hibah', 'QurbanTransaction']),
    );
    expect(
      ofDemo()
        .map((p) => p.amount_sen)
        .sort(),
    ).toEqual([20000, 8000, 97000, 15000, 15000].sort());
    expect(sum(ofDemo())).toBe(155000);
  });

  for (const period of ['period=all', `period=${klDay().slice(0, 7)}`, `start_date=${klDay()}&end_date=${klDay()}`]) {
    it(`staff and partner: rows and closing balance = the ledger (${period})`, async () => {
      for (const [org, expected] of [
        [demo, ofDemo()],
        [provider, ofProvider()],
      ] as const) {
        const r = await get(`reports/soa?organization_id=${org}&${period}&limit=100`);
        expect(r.status).toBe(200);
        expect(r.body.closing_balance_sen).toBe(sum(expected));
        expect(r.body.total_sen).toBe(sum(expected));
        const ids = r.body.transactions.data.map((x: { id: string }) => x.id).sort();
        expect(ids).toEqual(expected.map((p) => p.id).sort());
        expect(r.body.transactions.total).toBe(expected.length);
        const last = r.body.transactions.data.at(-1);
        expect(last.balance_sen).toBe(sum(expected));
      }
      const amendment = ledger.find((p) => p.paymentable_type === 'Amendment');
      const own = await get(`reports/soa?${period}&limit=100`, tok.partner);
      expect(own.body.organization.id).toBe(demo);
      expect(own.body.closing_balance_sen).toBe(sum(ofDemo()));
      expect(own.body.transactions.data.map((x: { id: string }) => x.id)).toContain(amendment?.id);
      expect(
        own.body.transactions.data.some(
          (x: { paymentable_type: string }) => x.paymentable_type === 'QurbanTransaction',
        ),
      ).toBe(false);
      expect((await get(`reports/soa?organization_id=${provider}&${period}`, tok.partner)).status).toBe(404);
    });
  }

  it('a second page carries the balance of the first', async () => {
    const all = (await get(`reports/soa?organization_id=${provider}&period=all&limit=100`)).body.transactions.data;
    const p2 = (await get(`reports/soa?organization_id=${provider}&period=all&limit=1&page=2`)).body;
    expect(p2.transactions.data[0]).toMatchObject({ id: all[1].id, balance_sen: all[1].balance_sen });
    expect(all[1].balance_sen).toBe(all[0].amount_sen + all[1].amount_sen);
  });

  it('the CSV export closes on the ledger total', async () => {
    const csv = await t.call('GET', `/api/reports/soa?organization_id=${demo}&period=all&format=csv`, {
      token: tok.staff,
      lang: 'en',
    });
    expect(csv.status).toBe(200);
    const lines = csv.raw
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines.slice(2, -1)).toHaveLength(ofDemo().length);
    const closing = lines.at(-1)?.split(',') ?? [];
    expect(Number(closing.at(-1)?.replace(/"/g, ''))).toBeCloseTo(sum(ofDemo()) / 100, 2);
    // The RM 80 amendment is a line of its own, named by its number and its payer.
    const amendmentLine = lines.find((l) => l.includes('P2026-900101'));
    expect(amendmentLine).toMatch(/,80,1050$/);
    expect(amendmentLine).toContain('Aminah binti Ahmad');
  });
});

describe('the dashboards collect every payment', () => {
  it('staff see every paid payment, a partner its organisation only', async () => {
    const staff = (await get('dashboard/summary')).body.summary;
    expect(staff.totals.collected_sen).toBe(sum(ledger));
    expect(staff.this_month.collected_sen).toBe(sum(ledger));
    const partner = (await get('dashboard/summary', tok.partner)).body.summary;
    expect(partner.totals.collected_sen).toBe(sum(ofDemo()));
    expect(partner.this_month.collected_sen).toBe(sum(ofDemo()));
  });
});

describe("the payer's history", () => {
  it('lists every paid payment of the payer, qurban and amendment included', async () => {
    const r = await get('payment/mine?limit=100', tok.client);
    expect(r.status).toBe(200);
    // The completed ATB mandate is listed (paid, with its instalments) but is not money: its instalments are.
    const paid = r.body.payments.data.filter(
      (p: { status: string; mandate: boolean }) => p.status === 'paid' && !p.mandate,
    );
    expect(r.body.paid_sen).toBe(sum(ledger));
    expect(paid.map((p: { id: string }) => p.id).sort()).toEqual(ledger.map((p) => p.id).sort());
    expect(sum(paid)).toBe(sum(ledger));
    expect(new Set(paid.map((p: { paymentable_type: string }) => p.paymentable_type))).toEqual(
      new Set(['Wasiat', 'Amendment', 'Hibah', 'QurbanTransaction']),
    );
    // Someone else's history holds none of them.
    const staff = await get('payment/mine?limit=100', tok.partner);
    expect(staff.status).toBe(200);
    expect(staff.body.payments.total).toBe(0);
  });
});
