/**
 * Offline (6) after ADR 0291, over HTTP on a real database:
 * - staff who may confirm payments record an offline payment only with how, when and by what reference (422 naming
 *   each missing field, in ms and en); it then settles at once, the amount being the amount due;
 * - a pending declaration is replaced by a new one (the earlier fails as superseded; the payable's latest payment is
 *   the new one) — the API has no other withdrawal, which the payer's screen offers as "replace";
 * - an ezQurban purchase says its latest payment's status in the list and on its own (`payment_status`, with
 *   `payment_channel`), so the list knows an offline declaration awaits confirmation after a reload.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { organizations, payments, qurban_seasons, qurban_transactions, users, wills } from '../../db/schema/index.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let clientId: string;
let demoOrg: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { JOBS: '0' } });
  for (const u of ['client', 'staff']) tok[u] = await t.login(u);
  [{ id: clientId }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
  [{ id: demoOrg }] = await t.ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'DEMO'));
});
afterAll(async () => {
  await t?.close();
});

/** Today in Malaysia, YYYY-MM-DD. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());

async function newWill() {
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: clientId,
      created_by: clientId,
      organization_id: demoOrg,
      plan: 'basic',
      price_sen: 35000,
      status: 0,
      parts_done: ['a', 'b'],
    })
    .returning();
  return w;
}
const pay = (type: string, id: string, body: Record<string, unknown>, token = tok.client, lang = 'en') =>
  t.call('POST', '/api/payment', {
    token,
    headers: { 'X-localization': lang },
    body: { paymentable_type: type, paymentable_id: id, payment_options_id: 6, ...body },
  });
const details = (amount: number, reference = 'CEK 004512') => ({
  offline_method: 'cheque',
  reference,
  paid_on: today(),
  offline_amount_sen: amount,
});

describe('staff recording an offline payment (ADR 0291)', () => {
  it('must say how, when and by what reference (422 naming each, translated); then it is received at once', async () => {
    const w = await newWill();
    // Before ADR 0291 this was paid at once with no method, day or reference.
    const bare = await pay('Wasiat', w.id, {}, tok.staff);
    expect(bare.status, JSON.stringify(bare.body)).toBe(422);
    expect(Object.keys(bare.body.errors).sort()).toEqual(['offline_method', 'paid_on', 'reference']);
    expect(bare.body.errors.reference[0]).toBe('Please enter the payment reference number.');
    const ms = await pay('Wasiat', w.id, { reference: 'KAUNTER-1' }, tok.staff, 'ms');
    expect(ms.status).toBe(422);
    expect(Object.keys(ms.body.errors).sort()).toEqual(['offline_method', 'paid_on']);
    expect(ms.body.errors.paid_on[0]).toBe('Sila masukkan tarikh bayaran, hari ini atau sebelumnya.');
    expect(ms.body.message).toBe(ms.body.errors.offline_method[0]);
    expect(await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, w.id))).toHaveLength(0);
    // An amount that is not the amount due is refused for staff too; left out, it is the amount due.
    const wrong = await pay('Wasiat', w.id, details(30000, 'KAUNTER-1'), tok.staff);
    expect(Object.keys(wrong.body.errors)).toEqual(['offline_amount_sen']);
    const { offline_amount_sen: _left, ...noAmount } = details(35000, 'KAUNTER-1');
    const r = await pay('Wasiat', w.id, noAmount, tok.staff);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.payment).toMatchObject({
      status: 'paid',
      amount_sen: 35000,
      offline_method: 'cheque',
      reference: 'KAUNTER-1',
      paid_on: today(),
    });
    expect(r.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, r.body.payment.id));
    expect(row.confirmed_by).not.toBeNull();
  });

  it('a payer still gives the amount as well', async () => {
    const w = await newWill();
    const { offline_amount_sen: _left, ...noAmount } = details(35000);
    const r = await pay('Wasiat', w.id, noAmount);
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['offline_amount_sen']);
  });
});

describe('a pending offline declaration', () => {
  it('is replaced by a new declaration: the earlier one fails as superseded, the latest payment is the new one', async () => {
    const w = await newWill();
    const first = await pay('Wasiat', w.id, details(35000, 'CEK 1'));
    expect(first.body.payment.status).toBe('pending');
    const second = await pay('Wasiat', w.id, { ...details(35000, 'FT 2'), offline_method: 'transfer' });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const [old] = await t.ctx.db.select().from(payments).where(eq(payments.id, first.body.payment.id));
    expect(old.status).toBe('failed');
    const latest = await t.call('GET', `/api/payment/latest?paymentable_type=Wasiat&paymentable_id=${w.id}`, {
      token: tok.client,
    });
    expect(latest.body.payment).toMatchObject({
      id: second.body.payment.id,
      status: 'pending',
      payment_options_id: 6,
      offline_method: 'transfer',
      reference: 'FT 2',
      paid_on: today(),
      amount_sen: 35000,
    });
  });
  it('stops every other way of paying until staff decide (422 on payment_options_id, ms and en; ADR 0300)', async () => {
    const w = await newWill();
    const declared = await pay('Wasiat', w.id, details(35000, 'CEK 9'));
    expect(declared.body.payment.status).toBe('pending');
    const gateway = await pay('Wasiat', w.id, { payment_options_id: 1, redirect_url: '/wasiat/list' });
    expect(gateway.status).toBe(422);
    expect(Object.keys(gateway.body.errors)).toEqual(['payment_options_id']);
    expect(gateway.body.errors.payment_options_id[0]).toMatch(/^An offline payment declared for this record/);
    const cash = await pay('Wasiat', w.id, { payment_options_id: 3 }, tok.staff, 'ms');
    expect(cash.status).toBe(422);
    expect(cash.body.errors.payment_options_id[0]).toMatch(/^Bayaran luar talian yang diisytiharkan/);
    // Nothing was superseded: the declaration still waits.
    const [still] = await t.ctx.db.select().from(payments).where(eq(payments.id, declared.body.payment.id));
    expect(still.status).toBe('pending');
    // Refused by staff (the money did not arrive), the payer may pay another way.
    const refused = await t.call('POST', `/api/payment/${declared.body.payment.id}/refuse`, {
      token: tok.staff,
      body: { reason: 'Tiada dalam penyata bank' },
    });
    expect(refused.status, JSON.stringify(refused.body)).toBe(200);
    const after = await pay('Wasiat', w.id, { payment_options_id: 3 }, tok.staff);
    expect(after.status, JSON.stringify(after.body)).toBe(200);
  });
});

describe('ezQurban purchases say their latest payment', () => {
  it('the list and the purchase give payment_status (pending offline after a declaration), none before', async () => {
    const [season] = await t.ctx.db
      .insert(qurban_seasons)
      .values({
        year: 2026,
        location: 'Kampong Cham',
        country: 'Kemboja',
        animal_type: 'goat',
        shares_per_animal: 1,
        price_per_share_sen: 65000,
        status: 1,
      })
      .returning();
    const bought = await t.call('POST', '/api/ez-qurban/transaction', {
      token: tok.client,
      body: { season_id: season.id, shares: 1, on_behalf_of: 'Arwah Ahmad bin Ali' },
    });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    const id = bought.body.transaction.id as string;
    const mine = async () =>
      (
        (await t.call('GET', '/api/ez-qurban/transaction', { token: tok.client })).body.transactions.data as {
          id: string;
          payment_status: string | null;
          payment_channel: string | null;
        }[]
      ).find((x) => x.id === id);
    expect((await mine())?.payment_status).toBeNull();
    const r = await pay('QurbanTransaction', id, details(65000));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await mine()).toMatchObject({ payment_status: 'pending', payment_channel: 'offline' });
    const one = await t.call('GET', `/api/ez-qurban/transaction/${id}`, { token: tok.client });
    expect(one.body.transaction).toMatchObject({ status: 0, payment_status: 'pending', payment_channel: 'offline' });
    const [row] = await t.ctx.db.select().from(qurban_transactions).where(eq(qurban_transactions.id, id));
    expect(row.status).toBe(0);
  });
});
