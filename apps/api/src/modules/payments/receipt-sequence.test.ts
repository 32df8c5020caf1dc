/**
 * One receipt sequence per issuer (issue 38 item 1; ADR 0241) over HTTP on a real database: a will, an
 * amendment, a hibah, a one-cent hibah of the provider organisation and a qurban purchase (no organisation)
 * are all receipted by the provider, so their numbers are distinct and consecutive, whether settled at once
 * (staff offline) or by the gateway; a partner organisation's receipt does not take a number of the provider's;
 * the unique index (issuer, number) refuses a duplicate written past the code; and a receipt renumbered by
 * migration 0039 (due for e-mail again) is mailed with its new number, naming the number it replaces.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendments, hibahs, organizations, payments, qurban_seasons, users, wills } from '../../db/schema/index.ts';
import { seedProgrammes } from '../../db/seed/programmes.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { deliverReceipt, PROVIDER_ISSUER } from './receipts.ts';
import { sandboxPath } from './serialize.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let client: string;
let provider: string;
let demo: string;

beforeAll(async () => {
  t = await makeTestApp();
  await seedProgrammes(t.ctx.db, DEMO_PASSWORD);
  const db = t.ctx.db;
  [{ id: client }] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
  [{ id: provider }] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'PROVIDER'));
  [{ id: demo }] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.code, 'DEMO'));
  for (const u of ['client', 'staff']) tok[u] = await t.login(u);
});
afterAll(async () => {
  await t?.close();
});

/** A will of the client at the payment step, RM 300.00, of organisation `org`. */
async function newWill(org: string) {
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: client,
      created_by: client,
      organization_id: org,
      plan: 'basic',
      price_sen: 30000,
      status: 0,
      parts_done: ['a', 'b'],
    })
    .returning();
  return w.id;
}

/** Pay a payable: staff record it offline (settled at once), or the client pays by the sandbox gateway. */
async function settle(type: string, id: string, how: 'offline' | 'gateway') {
  const body = { paymentable_type: type, paymentable_id: id, payment_options_id: how === 'offline' ? 6 : 1 };
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
  const [p] = await t.ctx.db.select().from(payments).where(eq(payments.id, pid));
  expect(p.status).toBe('paid');
  return p;
}

/** `R<year>-<n>` → `{ year, n }`. */
const parse = (no: string | null) => {
  const m = /^R(\d{4})-(\d{6})$/.exec(no ?? '');
  if (!m) throw new Error(`not a receipt number: ${no}`);
  return { year: m[1], n: Number(m[2]) };
};

/** The Postgres error code of a failed query (drizzle wraps the driver's error as `cause`). */
const pgCode = (e: unknown): string | undefined => {
  for (let x = e as { code?: string; cause?: unknown } | undefined; x; x = x.cause as typeof x) {
    if (typeof x.code === 'string') return x.code;
  }
  return undefined;
};

describe('one receipt sequence per issuer', () => {
  it('numbers a will, amendment, hibah, one-cent hibah and qurban purchase of the provider consecutively', async () => {
    const db = t.ctx.db;
    const will = await newWill(provider);
    const [amendment] = await db
      .insert(amendments)
      .values({
        amendmentable_type: 'Wasiat',
        amendmentable_id: will,
        user_id: client,
        created_by: client,
        organization_id: provider,
        reference_no: 'P2026-900001',
        status: 0,
        price_sen: 5000,
      } as typeof amendments.$inferInsert)
      .returning();
    const [hibah] = await db
      .insert(hibahs)
      .values({ hibah_type: 1, user_id: client, created_by: client, organization_id: provider, price_sen: 20000 })
      .returning();
    const [oneCent] = await db
      .insert(hibahs)
      .values({ hibah_type: 12, user_id: client, created_by: client, organization_id: provider, price_sen: 1 })
      .returning();
    const [season] = await db.select({ id: qurban_seasons.id }).from(qurban_seasons).limit(1);
    const bought = await t.call('POST', '/api/ez-qurban/transaction', {
      token: tok.client,
      body: { season_id: season.id, shares: 1, on_behalf_of: 'Ahmad bin Ali' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);

    const issued = [
      await settle('Wasiat', will, 'offline'),
      await settle('QurbanTransaction', bought.body.transaction.id, 'gateway'),
      await settle('Amendment', amendment.id, 'gateway'),
    ];
    // A partner organisation numbers its own receipts: this one takes no number of the provider's.
    const partner = await settle('Wasiat', await newWill(demo), 'offline');
    issued.push(await settle('Hibah', hibah.id, 'gateway'), await settle('Hibah', oneCent.id, 'offline'));

    expect(issued.map((p) => p.receipt_issuer)).toEqual(Array(5).fill(PROVIDER_ISSUER));
    expect(partner.receipt_issuer).toBe(demo);
    const nos = issued.map((p) => parse(p.receipt_no));
    expect(new Set(issued.map((p) => p.receipt_no)).size).toBe(5);
    expect(new Set(nos.map((x) => x.year)).size).toBe(1);
    expect(nos.map((x) => x.n - nos[0].n)).toEqual([0, 1, 2, 3, 4]);
    // Without a receipt before in the year, the sequences start at 1.
    expect(nos[0].n).toBe(1);
    expect(parse(partner.receipt_no).n).toBe(1);
  });

  it('the unique index (issuer, number) refuses a second receipt with the same number', async () => {
    const [taken] = await t.ctx.db.select().from(payments).where(eq(payments.receipt_issuer, PROVIDER_ISSUER)).limit(1);
    const copy = {
      paymentable_type: 'Wasiat',
      paymentable_id: await newWill(provider),
      payment_options_id: 6,
      amount_sen: 30000,
      status: 'paid',
      receipt_no: taken.receipt_no,
    };
    let refused: unknown;
    await t.ctx.db
      .insert(payments)
      .values({ ...copy, receipt_issuer: PROVIDER_ISSUER })
      .catch((e: unknown) => {
        refused = e;
      });
    expect(pgCode(refused)).toBe('23505');
    expect(String((refused as { cause?: unknown }).cause ?? refused)).toContain('payments_receipt_issuer_uq');
    // The same number of another issuer is another receipt.
    const [other] = await t.ctx.db
      .insert(payments)
      .values({ ...copy, receipt_issuer: 'an-organisation-without-receipts' })
      .returning();
    expect(other.receipt_no).toBe(taken.receipt_no);
  });

  it('a renumbered receipt is mailed again with its new number, naming the number it replaces', async () => {
    // A paid will as migration 0039 leaves a renumbered duplicate: old number kept, receipt e-mail due again.
    const [p] = await t.ctx.db
      .insert(payments)
      .values({
        paymentable_type: 'Wasiat',
        paymentable_id: await newWill(provider),
        payment_options_id: 6,
        amount_sen: 30000,
        status: 'paid',
        paid_at: new Date(),
        receipt_no: 'R2026-900001',
        receipt_issuer: PROVIDER_ISSUER,
        previous_receipt_no: 'R2026-000777',
        receipt_mail_status: 'pending',
        receipt_mail_next_at: new Date(),
      })
      .returning();
    const before = t.mails.length;
    expect(await deliverReceipt(t.ctx, p.id)).toBe('sent');
    const raw = t.mails
      .slice(before)
      .map((m) => m.raw.replace(/=\r?\n/g, ''))
      .find((m) => m.includes(`resit-${p.receipt_no}.pdf`));
    expect(raw).toContain(`Resit ${p.receipt_no} / Receipt ${p.receipt_no}`);
    expect(raw).toContain('Resit ini menggantikan resit R2026-000777');
    expect(raw).toContain('This receipt replaces receipt R2026-000777');
  });
});
