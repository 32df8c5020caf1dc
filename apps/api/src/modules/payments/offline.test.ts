/**
 * Offline (6) as a way to pay (issue 38 item 11; ADR 0285) over HTTP on a real database: the payer declares money
 * paid outside the platform (how, reference, day, amount in sen), it waits in the confirmation queue, the
 * accountant's confirmation settles it (receipt, ledger, the will moves on) and the report filter "Luar talian"
 * finds it; a refusal fails it with the reason and the payer may pay again. Runs for a will, a hibah, an amendment and
 * a qurban purchase through the same shared module (one rule for every payable kind).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendments,
  audit_events,
  hibahs,
  organizations,
  qurban_seasons,
  qurban_transactions,
  users,
  wills,
} from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';

let t: TestApp;
const tok: Record<string, string> = {};
let clientId: string;
let demoOrg: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { JOBS: '0' } });
  for (const u of ['client', 'staff', 'accountant']) tok[u] = await t.login(u);
  await t.ctx.db.insert(users).values({
    name: 'Zainab binti Omar',
    username: 'client2',
    email: 'client2@example.com',
    ic_number: '910203145670',
    role: 'Client',
    password_hash: await hashPassword('Rahsia123'),
  });
  tok.client2 = await t.login('client2', 'Rahsia123');
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
const tomorrow = () => new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);

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
const pay = (type: string, id: string, body: Record<string, unknown>, token = tok.client) =>
  t.call('POST', '/api/payment', {
    token,
    body: { paymentable_type: type, paymentable_id: id, payment_options_id: 6, ...body },
  });
const details = (amount: number) => ({
  offline_method: 'cheque',
  reference: 'CEK 004512',
  bank_name: 'MAYBANK BERHAD',
  paid_on: today(),
  offline_amount_sen: amount,
});
/** A 1×1 PNG: the proof of an offline payment. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const queue = async () =>
  (await t.call('GET', '/api/payment?status=pending&manual=1&limit=100', { token: tok.accountant })).body.payments
    .data as { id: string; payment_options_id: number }[];

describe('offline payment declared by the payer', () => {
  it('is offered to the payer and needs how, reference, day and the amount due', async () => {
    const w = await newWill();
    const opts = await t.call('GET', `/api/payment/options?paymentable_type=Wasiat&paymentable_id=${w.id}`, {
      token: tok.client,
    });
    expect(opts.body.payment_options).toContain(6);

    const missing = await pay('Wasiat', w.id, {});
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(
      ['offline_amount_sen', 'offline_method', 'paid_on', 'reference'].sort(),
    );
    const wrongAmount = await pay('Wasiat', w.id, details(30000));
    expect(wrongAmount.status).toBe(422);
    expect(wrongAmount.body.errors.offline_amount_sen[0]).toContain('RM 350.00');
    const future = await pay('Wasiat', w.id, { ...details(35000), paid_on: tomorrow() });
    expect(future.status).toBe(422);
    expect(Object.keys(future.body.errors)).toEqual(['paid_on']);
    const badMethod = await pay('Wasiat', w.id, { ...details(35000), offline_method: 'bitcoin' });
    expect(badMethod.status).toBe(422);
    expect(Object.keys(badMethod.body.errors)).toEqual(['offline_method']);
  });

  it('waits in the queue; confirmation settles it (receipt, ledger, will paid) and the report filter finds it', async () => {
    const year = today().slice(0, 4);
    const report = async (m: number) => {
      const res = await t.call(
        'GET',
        `/api/reports/yearly?period=${year}&organization_id=${demoOrg}&payment_options_id=${m}`,
        { token: tok.staff },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.totals.total as number;
    };
    const [offlineBefore, cashBefore] = [await report(6), await report(3)];
    const w = await newWill();
    const r = await pay('Wasiat', w.id, details(35000));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.payment).toMatchObject({
      status: 'pending',
      payment_options_id: 6,
      offline_method: 'cheque',
      reference: 'CEK 004512',
      bank_name: 'MAYBANK BERHAD',
      paid_on: today(),
      amount_sen: 35000,
      receipt_no: null,
    });
    const pid = r.body.payment.id as string;
    expect((await queue()).map((p) => p.id)).toContain(pid);

    const c = await t.call('POST', `/api/payment/${pid}/confirm`, { token: tok.accountant, body: {} });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.payment.status).toBe('paid');
    expect(c.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    expect((await queue()).map((p) => p.id)).not.toContain(pid);
    const [will] = await t.ctx.db.select().from(wills).where(eq(wills.id, w.id));
    expect(will.payment_received_at).not.toBeNull();
    expect(will.payment_options_id).toBe(6);

    const receipt = await t.call('GET', `/api/payment/${pid}/receipt`, { token: tok.client });
    expect(receipt.status).toBe(200);
    const history = await t.call('GET', '/api/payment?status=paid&payment_options_id=6&limit=100', {
      token: tok.accountant,
    });
    expect(history.body.payments.data.map((p: { id: string }) => p.id)).toContain(pid);

    // The report filter "Luar talian" (payment_options_id=6) counts this will; "Tunai" (3) does not.
    expect(await report(6)).toBe(offlineBefore + 1);
    expect(await report(3)).toBe(cashBefore);
  });

  it('a refusal fails it with the reason; the payer may pay again', async () => {
    const w = await newWill();
    const pid = (await pay('Wasiat', w.id, details(35000))).body.payment.id as string;
    const noReason = await t.call('POST', `/api/payment/${pid}/refuse`, { token: tok.accountant, body: {} });
    expect(noReason.status).toBe(422);
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    const byClient = await t.call('POST', `/api/payment/${pid}/refuse`, {
      token: tok.client,
      body: { reason: 'x' },
    });
    expect(byClient.status).toBe(403);

    const r = await t.call('POST', `/api/payment/${pid}/refuse`, {
      token: tok.accountant,
      body: { reason: 'Cek tidak diterima bank' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.payment).toMatchObject({ status: 'failed', failure_reason: 'Cek tidak diterima bank' });
    expect((await queue()).map((p) => p.id)).not.toContain(pid);
    const [will] = await t.ctx.db.select().from(wills).where(eq(wills.id, w.id));
    expect(will.payment_received_at).toBeNull();
    const again = await t.call('POST', `/api/payment/${pid}/refuse`, { token: tok.accountant, body: { reason: 'x' } });
    expect(again.status).toBe(422);
    const confirmLate = await t.call('POST', `/api/payment/${pid}/confirm`, { token: tok.accountant, body: {} });
    expect(confirmLate.status).toBe(422);

    const retry = await pay('Wasiat', w.id, { ...details(35000), offline_method: 'transfer', reference: 'FT123' });
    expect(retry.status).toBe(200);
    expect(retry.body.payment.status).toBe('pending');
  });

  it('works for another payable kind (a hibah) through the same module: declared, confirmed, receipted', async () => {
    const [h] = await t.ctx.db
      .insert(hibahs)
      .values({ hibah_type: 1, user_id: clientId, created_by: clientId, organization_id: demoOrg, price_sen: 20000 })
      .returning();
    const opts = await t.call('GET', `/api/payment/options?paymentable_type=Hibah&paymentable_id=${h.id}`, {
      token: tok.client,
    });
    expect(opts.body.payment_options).toContain(6);
    const r = await pay('Hibah', h.id, { ...details(20000), offline_method: 'deposit' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.payment).toMatchObject({ status: 'pending', offline_method: 'deposit', amount_sen: 20000 });
    expect((await queue()).map((p) => p.id)).toContain(r.body.payment.id);
    const c = await t.call('POST', `/api/payment/${r.body.payment.id}/confirm`, { token: tok.accountant, body: {} });
    expect(c.status, JSON.stringify(c.body)).toBe(200);
    expect(c.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
  });

  it('works for an amendment and a qurban purchase too: offered, declared, confirmed, the record settled', async () => {
    const w = await newWill();
    const [a] = await t.ctx.db
      .insert(amendments)
      .values({
        amendmentable_type: 'Wasiat',
        amendmentable_id: w.id,
        user_id: clientId,
        created_by: clientId,
        organization_id: demoOrg,
        reference_no: 'P2026-928501',
        status: 0,
        price_sen: 5000,
      } as typeof amendments.$inferInsert)
      .returning();
    const [season] = await t.ctx.db
      .insert(qurban_seasons)
      .values({
        year: 2026,
        location: 'Kampong Cham',
        country: 'Kemboja',
        animal_type: 'goat',
        shares_per_animal: 1,
        price_per_share_sen: 65000,
      })
      .returning();
    const [q] = await t.ctx.db
      .insert(qurban_transactions)
      .values({
        season_id: season.id,
        ref_no: 'Q2026-928501',
        user_id: clientId,
        client_name: 'Client',
        on_behalf_of: 'Arwah Ahmad bin Ali',
        shares: 1,
        price_per_share_sen: 65000,
        amount_sen: 65000,
        status: 0,
      } as typeof qurban_transactions.$inferInsert)
      .returning();
    for (const [type, id, due] of [
      ['Amendment', a.id, 5000],
      ['QurbanTransaction', q.id, 65000],
    ] as const) {
      const opts = await t.call('GET', `/api/payment/options?paymentable_type=${type}&paymentable_id=${id}`, {
        token: tok.client,
      });
      expect(opts.body.payment_options, type).toContain(6);
      const wrong = await pay(type, id, details(due + 100));
      expect(wrong.status, type).toBe(422);
      expect(wrong.body.errors.offline_amount_sen, type).toBeTruthy();
      const r = await pay(type, id, details(due));
      expect(r.status, `${type} ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.payment).toMatchObject({ status: 'pending', payment_options_id: 6, amount_sen: due });
      expect((await queue()).map((p) => p.id)).toContain(r.body.payment.id);
      const c = await t.call('POST', `/api/payment/${r.body.payment.id}/confirm`, { token: tok.accountant, body: {} });
      expect(c.status, `${type} ${JSON.stringify(c.body)}`).toBe(200);
      expect(c.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    }
    const [amended] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
    expect(amended.payment_received_at).not.toBeNull();
    const [bought] = await t.ctx.db.select().from(qurban_transactions).where(eq(qurban_transactions.id, q.id));
    expect(bought.status).toBe(1);
  });

  it('the proof upload and the latest payment are one rule for every payable kind (will, hibah, amendment, qurban)', async () => {
    const w = await newWill();
    const [h] = await t.ctx.db
      .insert(hibahs)
      .values({ hibah_type: 1, user_id: clientId, created_by: clientId, organization_id: demoOrg, price_sen: 20000 })
      .returning();
    const [a] = await t.ctx.db
      .insert(amendments)
      .values({
        amendmentable_type: 'Wasiat',
        amendmentable_id: w.id,
        user_id: clientId,
        created_by: clientId,
        organization_id: demoOrg,
        reference_no: 'P2026-928502',
        status: 0,
        price_sen: 5000,
      } as typeof amendments.$inferInsert)
      .returning();
    const [season] = await t.ctx.db
      .insert(qurban_seasons)
      .values({
        year: 2026,
        location: 'Kampong Cham',
        country: 'Kemboja',
        animal_type: 'goat',
        shares_per_animal: 1,
        price_per_share_sen: 65000,
      })
      .returning();
    const [q] = await t.ctx.db
      .insert(qurban_transactions)
      .values({
        season_id: season.id,
        ref_no: 'Q2026-928502',
        user_id: clientId,
        client_name: 'Client',
        on_behalf_of: 'Arwah Ahmad bin Ali',
        shares: 1,
        price_per_share_sen: 65000,
        amount_sen: 65000,
        status: 0,
      } as typeof qurban_transactions.$inferInsert)
      .returning();
    for (const [type, id, due] of [
      ['Wasiat', w.id, 35000],
      ['Hibah', h.id, 20000],
      ['Amendment', a.id, 5000],
      ['QurbanTransaction', q.id, 65000],
    ] as const) {
      const latest = () =>
        t.call('GET', `/api/payment/latest?paymentable_type=${type}&paymentable_id=${id}`, { token: tok.client });
      expect((await latest()).body, type).toEqual({ payment: null });
      // Someone who may not see the payable gets a 404 for both.
      const hidden = await t.call('GET', `/api/payment/latest?paymentable_type=${type}&paymentable_id=${id}`, {
        token: tok.client2,
      });
      expect(hidden.status, type).toBe(404);
      const form = (token: string, file = new Blob([PNG], { type: 'image/png' })) => {
        const f = new FormData();
        f.append('paymentable_type', type);
        f.append('paymentable_id', id);
        f.append('document', file, 'slip.png');
        return t.call('POST', '/api/payment/slip', { token, form: f });
      };
      expect((await form(tok.client2)).status, type).toBe(404);
      const bad = await form(tok.client, new Blob([Buffer.from('not an image')], { type: 'image/png' }));
      expect(bad.status, type).toBe(422);
      expect(bad.body.errors.document, type).toBeTruthy();
      const up = await form(tok.client);
      expect(up.status, `${type} ${JSON.stringify(up.body)}`).toBe(201);
      const slip = up.body.attachment.id as string;
      expect(up.body.attachment).toMatchObject({ type: 'payment', mime_type: 'image/png' });
      const [audit] = await t.ctx.db
        .select()
        .from(audit_events)
        .where(and(eq(audit_events.action, 'payment.slip'), eq(audit_events.entity_id, id)));
      expect(audit?.entity_type, type).toBe(type);
      const r = await pay(type, id, { ...details(due), slip_attachment_id: slip });
      expect(r.status, `${type} ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.payment.slip_attachment_id, type).toBe(slip);
      const after = await latest();
      expect(after.body.payment, type).toMatchObject({
        id: r.body.payment.id,
        status: 'pending',
        payment_options_id: 6,
        slip_attachment_id: slip,
      });
      // The payer (and the staff who confirm it) can open the proof.
      const file = await t.call('GET', `/api/attachment/${slip}/file`, { token: tok.accountant });
      expect(file.status, type).toBe(200);
    }
    const unknown = await t.call('GET', `/api/payment/latest?paymentable_type=Nope&paymentable_id=${w.id}`, {
      token: tok.client,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.paymentable_type).toBeTruthy();
  });
});
