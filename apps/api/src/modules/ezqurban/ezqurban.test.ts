/**
 * ezQurban over HTTP on a real database (issue 10): seasons, a purchase of 3 shares paid through the
 * payments module's sandbox gateway, 50 concurrent purchases (no animal over 7 shares, each slot once),
 * fund transfers by an Accountant (proof, over-balance refused), the season ledger against a recount
 * under concurrent payments and transfers, scope of the lists, and the monthly report.
 */
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  qurban_animals,
  qurban_asset_transactions,
  qurban_seasons,
  qurban_shares,
  users,
} from '../../db/schema/index.ts';
import { seedProgrammes } from '../../db/seed/programmes.ts';
import { DEMO_PASSWORD } from '../../db/seed/seed.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { certificatePdf } from '../tekun/test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let cowSeason: string;

beforeAll(async () => {
  t = await makeTestApp();
  await seedProgrammes(t.ctx.db, DEMO_PASSWORD);
  await t.ctx.db.insert(users).values({
    name: 'Zainab binti Omar',
    username: 'client2',
    email: 'client2@example.com',
    ic_number: '910203145670',
    role: 'Client',
    password_hash: await hashPassword('Rahsia123'),
  });
  for (const u of ['client', 'staff', 'accountant', 'partner', 'admin']) tok[u] = await t.login(u);
  tok.client2 = await t.login('client2', 'Rahsia123');
  [{ id: cowSeason }] = await t.ctx.db.select({ id: qurban_seasons.id }).from(qurban_seasons);
});
afterAll(async () => {
  await t?.close();
});

/** Post the sandbox form with the payer's signed link (ADR 0107). */
const sandbox = (paymentId: string, outcome: 'approve' | 'fail') =>
  fetch(`${t.baseUrl}${t.ctx.signer.sign(`/api/payment-gateway/sandbox/${paymentId}`, 3600)}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: `outcome=${outcome}`,
    redirect: 'manual',
  });

const buy = (token: string, seasonId: string, shares: number, name = 'Ahmad bin Ali') =>
  t.call('POST', '/api/ez-qurban/transaction', { token, body: { season_id: seasonId, shares, on_behalf_of: name } });

async function newSeason(body: Record<string, unknown>) {
  const r = await t.call('POST', '/api/ez-qurban/season', {
    token: tok.staff,
    body: {
      year: 2026,
      location: 'Kelantan',
      country: 'Malaysia',
      animal_type: 'cow',
      price_per_share_sen: 70000,
      ...body,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body.season.id as string;
}

function transferForm(fields: Record<string, string>, proof: Buffer | null = certificatePdf('BUKTI')) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (proof) f.append('document', new Blob([new Uint8Array(proof)]), 'bukti.pdf');
  return f;
}

describe('seasons', () => {
  it('staff create a season; shares per animal follow the animal type; others may not', async () => {
    const r = await t.call('POST', '/api/ez-qurban/season', {
      token: tok.staff,
      body: { year: 2026, location: 'Pattani', country: 'Thailand', animal_type: 'goat', price_per_share_sen: 95000 },
    });
    expect(r.status).toBe(201);
    expect(r.body.season).toMatchObject({ shares_per_animal: 1, price_per_share_sen: 95000 });
    const bad = await t.call('POST', '/api/ez-qurban/season', {
      token: tok.staff,
      body: { year: 2026, location: 'X', country: 'Y', animal_type: 'horse', price_per_share_sen: 1.5 },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.animal_type[0]).toBe('Choose cow, camel, goat or sheep.');
    expect(bad.body.errors.price_per_share_sen[0]).toBe('Please enter a valid amount.');
    const valid = { year: 2026, location: 'X', country: 'Y', animal_type: 'sheep', price_per_share_sen: 100 };
    expect((await t.call('POST', '/api/ez-qurban/season', { token: tok.accountant, body: valid })).status).toBe(403);
    const list = await t.call('GET', '/api/ez-qurban/season', { token: tok.client });
    expect(list.body.seasons.total).toBe(2);
    expect(list.body.seasons.data[0].balance).toBeUndefined();
  });
});

describe('purchase and payment', () => {
  let txId: string;
  it('a participant buys 3 shares for a named person: assigned to animal 1, slots 1–3, pending', async () => {
    const r = await buy(tok.client, cowSeason, 3, 'Allahyarham Ahmad bin Ali');
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    txId = r.body.transaction.id;
    expect(r.body.transaction).toMatchObject({
      status: 0,
      shares: 3,
      amount_sen: 195000,
      on_behalf_of: 'Allahyarham Ahmad bin Ali',
      client_name: 'Aminah binti Ahmad',
      client_mykad_number: '920815145678',
      allocations: [
        { animal_no: 1, slot: 1 },
        { animal_no: 1, slot: 2 },
        { animal_no: 1, slot: 3 },
      ],
    });
    expect(r.body.transaction.ref_no).toMatch(/^QB-\d{8}-[0-9A-F]{8}$/);
  });

  it('refuses bad input with translated messages', async () => {
    let r = await buy(tok.client, cowSeason, 0);
    expect(r.status).toBe(422);
    expect(r.body.errors.shares[0]).toBe('Shares must be a whole number from 1 to 50.');
    r = await buy(tok.client, 'nope', 1);
    expect(r.body.errors.season_id[0]).toBe('This season is closed for purchases.');
    r = await t.call('POST', '/api/ez-qurban/transaction', {
      token: tok.client,
      lang: 'ms',
      body: { season_id: cowSeason, shares: 1, on_behalf_of: 'A' },
    });
    expect(r.body.errors.on_behalf_of[0]).toBe('Nama terlalu pendek.');
  });

  it('is paid through the payments module; the sandbox approval confirms the shares and credits the ledger', async () => {
    expect((await t.call('GET', `/api/ez-qurban/transaction/${txId}`, { token: tok.client2 })).status).toBe(404);
    const other = await t.call('POST', '/api/payment', {
      token: tok.client2,
      body: { paymentable_type: 'QurbanTransaction', paymentable_id: txId, payment_options_id: 1 },
    });
    expect(other.status).toBe(404);
    const p = await t.call('POST', '/api/payment', {
      token: tok.client,
      body: { paymentable_type: 'QurbanTransaction', paymentable_id: txId, payment_options_id: 1 },
    });
    expect(p.status, JSON.stringify(p.body)).toBe(200);
    expect(p.body.payment).toMatchObject({ status: 'pending', amount_sen: 195000 });
    expect(p.body.transaction.status).toBe(0);
    const s = await sandbox(p.body.payment.id, 'approve');
    expect(s.status).toBe(303);
    expect(s.headers.get('location')).toContain('paymentable_type=QurbanTransaction');
    const g = await t.call('GET', `/api/ez-qurban/transaction/${txId}`, { token: tok.client });
    expect(g.body.transaction).toMatchObject({ status: 1, payment_channel: 'gateway' });
    expect(g.body.transaction.verified_at).not.toBeNull();
    const again = await t.call('POST', '/api/payment', {
      token: tok.client,
      body: { paymentable_type: 'QurbanTransaction', paymentable_id: txId, payment_options_id: 1 },
    });
    expect(again.status).toBe(422);
    const ledger = await t.call('GET', `/api/ez-qurban/season/${cowSeason}/ledger`, { token: tok.accountant });
    expect(ledger.body.asset_transactions.data).toMatchObject([
      { seq: 1, type: 'credit', amount_sen: 195000, current_total_sen: 0, balance_after_sen: 195000, source_id: txId },
    ]);
    expect(ledger.body.recount).toMatchObject({
      collected_sen: 195000,
      transferred_sen: 0,
      ledger_balance_sen: 195000,
    });
  });
});

describe('50 concurrent purchases', () => {
  it('never put more than 7 shares on a cow, and each slot is taken once', async () => {
    const season = await newSeason({ max_animals: 40 });
    const sizes = Array.from({ length: 50 }, (_, i) => (i % 3) + 1); // 1, 2, 3, … → 99 shares
    const results = await Promise.all(sizes.map((n, i) => buy(i % 2 ? tok.client : tok.client2, season, n)));
    expect(results.map((r) => r.status)).toEqual(sizes.map(() => 201));
    const animals = await t.ctx.db.select().from(qurban_animals).where(eq(qurban_animals.season_id, season));
    expect(animals.every((a) => a.shares_taken <= 7 && a.shares_total === 7)).toBe(true);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(animals.reduce((s, a) => s + a.shares_taken, 0)).toBe(total);
    expect(animals.length).toBe(Math.ceil(total / 7));
    const perAnimal = await t.ctx.db
      .select({
        a: qurban_shares.animal_id,
        n: sql<number>`count(*)::int`,
        d: sql<number>`count(distinct ${qurban_shares.slot})::int`,
      })
      .from(qurban_shares)
      .innerJoin(qurban_animals, eq(qurban_animals.id, qurban_shares.animal_id))
      .where(eq(qurban_animals.season_id, season))
      .groupBy(qurban_shares.animal_id);
    for (const row of perAnimal) {
      expect(Number(row.n)).toBe(Number(row.d));
      expect(Number(row.n)).toBe(animals.find((a) => a.id === row.a)?.shares_taken);
    }
    const allocated = results.flatMap((r) =>
      r.body.transaction.allocations.map((a: { animal_no: number; slot: number }) => `${a.animal_no}:${a.slot}`),
    );
    expect(new Set(allocated).size).toBe(total);
  });

  it('refuses a purchase beyond the season limit', async () => {
    const season = await newSeason({ max_animals: 1, animal_type: 'sheep', price_per_share_sen: 80000 });
    expect((await buy(tok.client, season, 1)).status).toBe(201);
    const r = await buy(tok.client, season, 1);
    expect(r.status).toBe(422);
    expect(r.body.errors.shares[0]).toBe('Not enough shares left in this season.');
  });
});

describe('fund transfers and the season balance', () => {
  it('an Accountant records a transfer with proof; over-balance, missing proof and other roles are refused', async () => {
    const fields = {
      season_id: cowSeason,
      amount: '1000.50',
      reference: 'IBG-778899',
      description: 'Pindahan pertama',
      fund_transferred_at_date: '2026-05-20',
      fund_transferred_at_time: '10:30',
    };
    expect(
      (await t.call('POST', '/api/ez-qurban/fund-transfer', { token: tok.staff, form: transferForm(fields) })).status,
    ).toBe(403);
    let r = await t.call('POST', '/api/ez-qurban/fund-transfer', {
      token: tok.accountant,
      form: transferForm(fields, null),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.document[0]).toBe('Please attach the proof of transfer.');
    r = await t.call('POST', '/api/ez-qurban/fund-transfer', {
      token: tok.accountant,
      form: transferForm({ ...fields, amount: '', amount_sen: '195001' }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.amount_sen[0]).toBe('The amount is more than the season balance.');
    r = await t.call('POST', '/api/ez-qurban/fund-transfer', {
      token: tok.accountant,
      form: transferForm({ ...fields, fund_transferred_at_time: '25:00' }),
    });
    expect(r.body.errors.fund_transferred_at[0]).toBe('Date and time must be in the form YYYY-MM-DD HH:mm.');
    r = await t.call('POST', '/api/ez-qurban/fund-transfer', { token: tok.accountant, form: transferForm(fields) });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body.fund_transfer).toMatchObject({ amount_sen: 100050, reference: 'IBG-778899', has_proof: true });
    expect(r.body.fund_transfer.fund_transferred_at).toBe('2026-05-20T02:30:00.000Z');
    expect(r.body.asset_transaction).toMatchObject({
      type: 'debit',
      current_total_sen: 195000,
      balance_after_sen: 94950,
    });
    const proof = await t.call('GET', `/api/ez-qurban/fund-transfer/${r.body.fund_transfer.id}/document`, {
      token: tok.staff,
    });
    expect(proof.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const list = await t.call('GET', `/api/ez-qurban/fund-transfer?season_id=${cowSeason}&date=2026-05`, {
      token: tok.staff,
    });
    expect(list.body).toMatchObject({ sum: 100050, fund_transfers: { total: 1 } });
    expect((await t.call('GET', '/api/ez-qurban/fund-transfer', { token: tok.client })).status).toBe(403);
  });

  it('keeps the ledger equal to a recount under concurrent payments and transfers', async () => {
    const season = await newSeason({ price_per_share_sen: 12345 });
    const bought = [];
    for (let i = 0; i < 12; i++) bought.push((await buy(tok.client, season, (i % 4) + 1)).body.transaction);
    // pay each in cash; the Accountant confirms them all at once, while transfers are recorded
    const pays = [];
    for (const b of bought) {
      const p = await t.call('POST', '/api/payment', {
        token: tok.client,
        body: { paymentable_type: 'QurbanTransaction', paymentable_id: b.id, payment_options_id: 3 },
      });
      expect(p.status).toBe(200);
      pays.push(p.body.payment.id);
    }
    await t.call('POST', `/api/payment/${pays[0]}/confirm`, { token: tok.accountant, body: {} });
    const transfer = (sen: number) =>
      t.call('POST', '/api/ez-qurban/fund-transfer', {
        token: tok.accountant,
        form: transferForm({
          season_id: season,
          amount_sen: String(sen),
          reference: `REF-${sen}`,
          fund_transferred_at: '2026-06-01 09:00',
        }),
      });
    const results = await Promise.all([
      ...pays.slice(1).map((id) => t.call('POST', `/api/payment/${id}/confirm`, { token: tok.accountant, body: {} })),
      transfer(1000),
      transfer(2000),
      transfer(3000),
    ]);
    expect(results.every((r) => r.status === 200 || r.status === 201)).toBe(true);
    const entries = await t.ctx.db
      .select()
      .from(qurban_asset_transactions)
      .where(eq(qurban_asset_transactions.season_id, season))
      .orderBy(qurban_asset_transactions.seq);
    expect(entries).toHaveLength(15);
    let running = 0;
    entries.forEach((e, i) => {
      expect(e.seq).toBe(i + 1);
      expect(e.current_total_sen).toBe(running);
      running += e.type === 'credit' ? e.amount_sen : -e.amount_sen;
      expect(e.balance_after_sen).toBe(running);
    });
    const collected = bought.reduce((s, b) => s + b.amount_sen, 0);
    const ledger = await t.call('GET', `/api/ez-qurban/season/${season}/ledger?limit=100`, { token: tok.staff });
    expect(ledger.body.recount).toEqual({
      collected_sen: collected,
      transferred_sen: 6000,
      expected_balance_sen: collected - 6000,
      ledger_balance_sen: collected - 6000,
    });
    expect(running).toBe(collected - 6000);
  });
});

describe('cancelling a pending purchase', () => {
  it('frees its shares for the next buyer and fails its pending payment, so a late approval cannot settle it', async () => {
    const season = await newSeason({ price_per_share_sen: 50000 });
    const a = (await buy(tok.client, season, 3)).body.transaction; // animal 1, slots 1-3
    const b = (await buy(tok.client2, season, 2)).body.transaction; // animal 1, slots 4-5
    const pay = await t.call('POST', '/api/payment', {
      token: tok.client,
      body: { paymentable_type: 'QurbanTransaction', paymentable_id: a.id, payment_options_id: 1 },
    });
    expect(pay.status).toBe(200);
    expect((await t.call('DELETE', `/api/ez-qurban/transaction/${a.id}`, { token: tok.client2 })).status).toBe(404);
    expect((await t.call('DELETE', `/api/ez-qurban/transaction/${a.id}`, { token: tok.accountant })).status).toBe(403);
    const c = await t.call('POST', `/api/ez-qurban/transaction/${a.id}`, {
      token: tok.client,
      body: { _method: 'DELETE' },
    });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.transaction.status).toBe(2);
    // the late gateway approval is not applied: the payment was failed under the purchase's lock
    await sandbox(pay.body.payment.id, 'approve');
    const after = await t.call('GET', `/api/ez-qurban/transaction/${a.id}`, { token: tok.client });
    expect(after.body.transaction).toMatchObject({ status: 2, allocations: [] });
    const p = await t.call('GET', `/api/payment/${pay.body.payment.id}`, { token: tok.client });
    expect(p.body.payment.status).toBe('failed');
    // freed slots 1-3 go to the next purchase; the animal never exceeds 7
    const d = (await buy(tok.client2, season, 4)).body.transaction;
    expect(d.allocations).toEqual([
      { animal_no: 1, slot: 1 },
      { animal_no: 1, slot: 2 },
      { animal_no: 1, slot: 3 },
      { animal_no: 1, slot: 6 },
    ]);
    const [animal] = await t.ctx.db.select().from(qurban_animals).where(eq(qurban_animals.season_id, season));
    expect(animal.shares_taken).toBe(6);
    expect(b.allocations).toEqual([
      { animal_no: 1, slot: 4 },
      { animal_no: 1, slot: 5 },
    ]);
    const again = await t.call('DELETE', `/api/ez-qurban/transaction/${a.id}`, { token: tok.client });
    expect(again.status).toBe(422);
    expect(again.body.errors.status[0]).toBe('Only a purchase waiting for payment can be cancelled.');
    const ledger = await t.call('GET', `/api/ez-qurban/season/${season}/ledger`, { token: tok.staff });
    expect(ledger.body.recount.ledger_balance_sen).toBe(0);
  });
});

describe('lists and the monthly report', () => {
  it('staff see every purchase with sums; a participant only their own', async () => {
    const all = await t.call('GET', `/api/ez-qurban/transaction?season_id=${cowSeason}&status=-1`, {
      token: tok.staff,
    });
    expect(all.body).toMatchObject({ total_verified: 1, sum_verified: 195000, total_pending: 0 });
    const mine = await t.call('GET', '/api/ez-qurban/transaction?limit=500', { token: tok.client2 });
    expect(
      mine.body.transactions.data.every((x: { client_name: string }) => x.client_name === 'Zainab binti Omar'),
    ).toBe(true);
    const pending = await t.call('GET', '/api/ez-qurban/transaction?status=0&limit=1', { token: tok.accountant });
    expect(pending.body.transactions.data[0].status).toBe(0);
  });

  it('shows collected, transferred and balance per month; XLSX export', async () => {
    const year = new Date(Date.now() + 8 * 3600_000).getUTCFullYear();
    const month = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 7);
    const r = await t.call('GET', `/api/ez-qurban/report/monthly?year=${year}&season_id=${cowSeason}`, {
      token: tok.accountant,
    });
    expect(r.status).toBe(200);
    const m = r.body.report.months.find((x: { month: string }) => x.month === month);
    expect(m).toMatchObject({ transactions: 1, shares: 3, collected_sen: 195000 });
    expect(r.body.report.totals).toMatchObject({ collected_sen: 195000, transferred_sen: 100050 });
    expect(r.body.report.closing_balance_sen).toBe(94950);
    const x = await t.call('GET', `/api/ez-qurban/report/monthly?year=${year}&format=xlsx`, { token: tok.staff });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.raw as unknown as ArrayBuffer);
    expect(wb.worksheets[0].getRow(1).getCell(4).value).toBe('Collected (RM)');
    // months by name in the requester's language (issue 17 item 9)
    expect(wb.worksheets[0].getRow(9).getCell(1).value).toBe(`Aug ${year}`);
    const ms = await t.call('GET', `/api/ez-qurban/report/monthly?year=${year}&format=csv`, {
      token: tok.staff,
      lang: 'ms',
    });
    expect(ms.raw.toString('utf8')).toContain(`\nOgo ${year},`);
    expect((await t.call('GET', '/api/ez-qurban/report/monthly', { token: tok.partner })).status).toBe(403);
  });
});
