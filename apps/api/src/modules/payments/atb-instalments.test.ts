/**
 * ATB mandates and their instalments, and financing until the bank decides (issue 38 item 3; ADR 0264), over HTTP
 * on a real database (PGlite, and PostgreSQL in CI): the schedule the API gives (RM 300 at RM 100 monthly → three
 * dates a month apart; RM 250 at RM 100 → a last debit of RM 50), the plain confirmation refused, each instalment
 * confirmed by the accountant with its own receipt, the statement of account (raw rows, roll-ups, lines), the
 * dashboards' collections and the payer's history counting what was received (RM 100 after 1 of 3, RM 300 and the
 * will paid after 3 of 3, never the mandate twice), a whole ATB payment of before still counted, and another
 * organisation's partner, another client and an agent answered 404 (403 to confirm).
 */
import { addMonthsToDate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { organizations, payments, users, wills } from '../../db/schema/index.ts';
import { newClient } from '../wills/test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let clientId: string;

/** A day in Kuala Lumpur, 'YYYY-MM-DD', `days` from today. */
const klDay = (days = 0) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() + days * 86400_000));

async function newOrg(code: string) {
  const [org] = await t.ctx.db
    .insert(organizations)
    .values({ type: 'private', name: `Org ${code}`, code, allow_atb_payment: true, allow_loan_payment: true })
    .returning();
  return org.id;
}
async function newWill(org: string, price: number) {
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: clientId,
      created_by: clientId,
      organization_id: org,
      plan: 'basic',
      price_sen: price,
      status: 0,
    })
    .returning();
  return w.id;
}
const atb = (will: string, amount: number, start: string) =>
  t.call('POST', '/api/payment', {
    token: tok.client,
    body: {
      paymentable_type: 'Wasiat',
      paymentable_id: will,
      payment_options_id: 5,
      atb_amount_sen: amount,
      atb_frequency: 'monthly',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: start,
    },
  });
const instalment = (id: string, body: Record<string, unknown> = {}, token = tok.accountant) =>
  t.call('POST', `/api/payment/${id}/instalment`, { token, body });
const get = (path: string, token = tok.staff) => t.call('GET', `/api/${path}`, { token });
const willRow = async (id: string) => (await t.ctx.db.select().from(wills).where(eq(wills.id, id)))[0];
const collected = async () => (await get('dashboard/summary')).body.summary.totals.collected_sen as number;
const paidByClient = async () => (await get('payment/mine?limit=100', tok.client)).body.paid_sen as number;
const soa = (org: string, period = 'period=all') => get(`reports/soa?organization_id=${org}&${period}&limit=100`);

beforeAll(async () => {
  t = await makeTestApp({ env: { JOBS: '0' } });
  for (const u of ['client', 'staff', 'accountant', 'partner', 'agent']) tok[u] = await t.login(u);
  [{ id: clientId }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
});
afterAll(async () => {
  await t?.close();
});

describe('an ATB mandate of RM 300 at RM 100 a month', () => {
  let org: string;
  let will: string;
  let mandate: string;
  const start = klDay(7);
  const base = { collected: 0, paid: 0 };
  const received: { id: string; receipt_no: string }[] = [];

  beforeAll(async () => {
    org = await newOrg('ATB300');
    will = await newWill(org, 30000);
    base.collected = await collected();
    base.paid = await paidByClient();
  });

  it('records the mandate with its schedule: three debits a month apart, nothing received', async () => {
    const r = await atb(will, 10000, start);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    mandate = r.body.payment.id;
    expect(r.body.payment).toMatchObject({ status: 'pending', mandate: true, amount_sen: 30000, parent_id: null });
    expect(r.body.payment.instalments).toMatchObject({ total: 3, received: 0, received_sen: 0, remaining_sen: 30000 });
    const dates = [start, addMonthsToDate(start, 1), addMonthsToDate(start, 2)];
    expect(r.body.payment.instalments.schedule.map((s: { due_date: string }) => s.due_date)).toEqual(dates);
    expect(r.body.payment.instalments.next).toEqual({ no: 1, due_date: start, amount_sen: 10000 });
    const queue = await get('payment?status=pending&manual=1&limit=100', tok.accountant);
    const row = queue.body.payments.data.find((p: { id: string }) => p.id === mandate);
    expect(row.instalments.schedule).toHaveLength(3);
    expect((await soa(org)).body.closing_balance_sen).toBe(0);
  });

  it('refuses the plain confirmation, pointing to the instalments', async () => {
    for (const lang of ['en', 'ms'] as const) {
      const r = await t.call('POST', `/api/payment/${mandate}/confirm`, { token: tok.accountant, body: {}, lang });
      expect(r.status).toBe(422);
      expect(r.body.message).toMatch(lang === 'en' ? /Confirm instalment received/ : /Sahkan ansuran diterima/);
    }
    expect((await willRow(will)).payment_received_at).toBeNull();
  });

  it('refuses a received date after today or before the mandate, and one that is not a date', async () => {
    const future = await instalment(mandate, { received_on: klDay(1) });
    expect(future.status).toBe(422);
    expect(future.body.errors.received_on[0]).toMatch(/between .* and today/);
    expect((await instalment(mandate, { received_on: '2020-01-01' })).status).toBe(422);
    const junk = await instalment(mandate, { received_on: '5 Jan 2027' });
    expect(junk.status).toBe(422);
    expect(junk.body.errors.received_on).toEqual(['Please enter a valid date received.']);
  });

  it('after 1 of 3: RM 100 received — statement, collections and history; the will not yet paid', async () => {
    const r = await instalment(mandate, { reference: 'ATB-0001' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.payment).toMatchObject({
      status: 'paid',
      amount_sen: 10000,
      parent_id: mandate,
      instalment_no: 1,
      mandate: false,
      reference: 'ATB-0001',
    });
    expect(r.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    received.push(r.body.payment);
    expect(r.body.mandate).toMatchObject({ status: 'pending', receipt_no: null });
    expect(r.body.mandate.instalments).toMatchObject({ received: 1, received_sen: 10000, remaining_sen: 20000 });
    expect(r.body.mandate.instalments.next).toEqual({ no: 2, due_date: addMonthsToDate(start, 1), amount_sen: 10000 });

    for (const period of ['period=all', `period=${klDay().slice(0, 7)}`, `start_date=${klDay()}&end_date=${klDay()}`]) {
      const s = await soa(org, period);
      expect(s.body.closing_balance_sen, period).toBe(10000);
      expect(s.body.transactions.data.map((x: { id: string }) => x.id)).toEqual([r.body.payment.id]);
    }
    expect((await collected()) - base.collected).toBe(10000);
    expect((await paidByClient()) - base.paid).toBe(10000);
    expect((await willRow(will)).payment_received_at).toBeNull();
    const w = await get(`wasiat/${will}`, tok.client);
    expect(w.body.wasiat.payment_status).toBe('pending');
  });

  it('no other payment may replace a mandate that has received instalments', async () => {
    const r = await t.call('POST', '/api/payment', {
      token: tok.client,
      body: { paymentable_type: 'Wasiat', paymentable_id: will, payment_options_id: 3 },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.payment_options_id[0]).toMatch(/1 of 3 instalments received/);
  });

  it('after 3 of 3: RM 300 received once, the mandate paid without a receipt, the will paid', async () => {
    for (const no of [2, 3]) {
      const r = await instalment(mandate);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.payment.instalment_no).toBe(no);
      received.push(r.body.payment);
    }
    const [m] = await t.ctx.db.select().from(payments).where(eq(payments.id, mandate));
    expect(m).toMatchObject({ status: 'paid', mandate: true, receipt_no: null, receipt_mail_status: null });
    const s = await soa(org);
    expect(s.body.closing_balance_sen).toBe(30000);
    expect(s.body.transactions.data.map((x: { id: string }) => x.id).sort()).toEqual(received.map((x) => x.id).sort());
    expect((await soa(org, `period=${klDay().slice(0, 7)}`)).body.closing_balance_sen).toBe(30000);
    expect((await collected()) - base.collected).toBe(30000);
    expect((await paidByClient()) - base.paid).toBe(30000);
    const w = await willRow(will);
    expect(w.payment_received_at).not.toBeNull();
    expect(w.parts_done).toContain('payment');
    expect((await get(`wasiat/${will}`, tok.client)).body.wasiat.payment_status).toBe('paid');
    const more = await instalment(mandate);
    expect(more.status).toBe(422);
    expect((await get(`payment/${mandate}`, tok.client)).body.payment.instalments).toMatchObject({
      total: 3,
      received: 3,
      remaining_sen: 0,
      next: null,
    });
  });

  it('each instalment has its own receipt, consecutive for the issuer, e-mailed as "1 of 3"', async () => {
    const nos = received.map((r) => r.receipt_no);
    expect(new Set(nos).size).toBe(3);
    const seq = nos.map((n) => Number(n.slice(-6)));
    expect(seq).toEqual([seq[0], seq[0] + 1, seq[0] + 2]);
    const pdf = await t.call('GET', `/api/payment/${received[0].id}/receipt`, { token: tok.client });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await t.call('GET', `/api/payment/${mandate}/receipt`, { token: tok.client })).status).toBe(404);
    const end = Date.now() + 8000;
    let mail: string | undefined;
    while (!mail && Date.now() < end) {
      mail = t.mails.map((m) => m.raw.replace(/=\r?\n/g, '')).find((raw) => raw.includes(received[0].receipt_no));
      if (!mail) await new Promise((res) => setTimeout(res, 50));
    }
    expect(mail).toContain('Instalment 1 of 3');
  });

  it("another organisation's partner, another client and an agent get 404; confirming needs the right", async () => {
    const other = await newClient(t);
    for (const id of [mandate, received[0].id]) {
      for (const token of [tok.partner, other.token, tok.agent]) {
        expect((await t.call('GET', `/api/payment/${id}`, { token })).status).toBe(404);
        expect((await t.call('GET', `/api/payment/${id}/receipt`, { token })).status).toBe(404);
      }
    }
    expect((await instalment(mandate, {}, tok.partner)).status).toBe(403);
    expect((await instalment(mandate, {}, tok.client)).status).toBe(403);
  });
});

describe('an ATB mandate of RM 250 at RM 100, received on earlier days', () => {
  it('ends with a debit of RM 50; each instalment is dated the day it was received', async () => {
    const org = await newOrg('ATB250');
    const will = await newWill(org, 25000);
    const r = await atb(will, 10000, klDay(3));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.payment.id as string;
    expect(r.body.payment.instalments.schedule.map((s: { amount_sen: number }) => s.amount_sen)).toEqual([
      10000, 10000, 5000,
    ]);
    // The mandate was recorded ten days ago; the bank's debits reached the account 5 and 2 days ago, then today.
    await t.ctx.db
      .update(payments)
      .set({ created_at: new Date(Date.now() - 10 * 86400_000) })
      .where(eq(payments.id, id));
    const first = await instalment(id, { received_on: klDay(-5) });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const before = await instalment(id, { received_on: klDay(-6) });
    expect(before.status).toBe(422);
    expect(before.body.errors.received_on[0]).toContain(klDay(-5).split('-').reverse().join('/'));
    const second = await instalment(id, { received_on: klDay(-2) });
    const third = await instalment(id);
    expect(third.body.payment.amount_sen).toBe(5000);
    const klOf = (iso: string) => new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 10);
    expect(klOf(first.body.payment.paid_at)).toBe(klDay(-5));
    expect(klOf(second.body.payment.paid_at)).toBe(klDay(-2));
    expect(klOf(third.body.payment.paid_at)).toBe(klDay());
    expect(third.body.mandate.status).toBe('paid');
    const s = await soa(org);
    expect(s.body.closing_balance_sen).toBe(25000);
    expect(s.body.transactions.data.map((x: { amount_sen: number }) => x.amount_sen)).toEqual([10000, 10000, 5000]);
    const w = await willRow(will);
    expect(w.payment_received_at?.toISOString()).toBe(new Date(third.body.payment.paid_at).toISOString());
  });

  it('a mandate with nothing received yet may still be replaced by another payment', async () => {
    const org = await newOrg('ATBSWAP');
    const will = await newWill(org, 30000);
    const m = (await atb(will, 10000, klDay(3))).body.payment.id as string;
    const cash = await t.call('POST', '/api/payment', {
      token: tok.client,
      body: { paymentable_type: 'Wasiat', paymentable_id: will, payment_options_id: 3 },
    });
    expect(cash.status).toBe(200);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, m));
    expect(row.status).toBe('failed');
    expect((await instalment(m)).status).toBe(422);
  });

  it('a whole ATB payment confirmed before mandates (no instalments) still counts once', async () => {
    const org = await newOrg('ATBOLD');
    const will = await newWill(org, 12000);
    await t.ctx.db.insert(payments).values({
      paymentable_type: 'Wasiat',
      paymentable_id: will,
      organization_id: org,
      payment_options_id: 5,
      amount_sen: 12000,
      status: 'paid',
      paid_at: new Date(),
      receipt_no: 'R2026-900001',
      receipt_issuer: org,
    });
    expect((await soa(org)).body.closing_balance_sen).toBe(12000);
    expect((await soa(org, `period=${klDay().slice(0, 7)}`)).body.closing_balance_sen).toBe(12000);
  });
});

describe('financing stays pending until the bank decides', () => {
  it('is never counted while pending, nor once refused; only instalments of ATB are confirmed one by one', async () => {
    const org = await newOrg('FINREF');
    const will = await newWill(org, 40000);
    const before = { collected: await collected(), paid: await paidByClient() };
    const r = await t.call('POST', '/api/payment', {
      token: tok.client,
      body: {
        paymentable_type: 'Wasiat',
        paymentable_id: will,
        payment_options_id: 4,
        bank_name: 'BANK MUAMALAT MALAYSIA BERHAD',
      },
    });
    expect(r.body.payment).toMatchObject({ status: 'pending', financing_status: 'pending', mandate: false });
    const id = r.body.payment.id as string;
    expect((await t.call('POST', `/api/payment/${id}/confirm`, { token: tok.accountant, body: {} })).status).toBe(422);
    expect((await instalment(id)).status).toBe(422);
    expect((await soa(org)).body.closing_balance_sen).toBe(0);
    expect((await willRow(will)).payment_received_at).toBeNull();
    const refused = await t.call('POST', `/api/payment/${id}/financing`, {
      token: tok.accountant,
      body: { status: 'rejected', reason: 'Pendapatan tidak mencukupi' },
    });
    expect(refused.body.payment).toMatchObject({ status: 'failed', financing_status: 'rejected', receipt_no: null });
    const s = await soa(org);
    expect(s.body.closing_balance_sen).toBe(0);
    expect(s.body.transactions.data).toEqual([]);
    expect(await collected()).toBe(before.collected);
    expect(await paidByClient()).toBe(before.paid);
    expect((await willRow(will)).payment_received_at).toBeNull();
  });
});
