/**
 * Manual payment modes, per-organisation receipts and receipt e-mails over HTTP on a real database
 * (ADR 0040, ADR 0042): ATB, financing (approved / rejected → will rejected), offline by staff (ADR 0285),
 * organisation allows, the confirmation queue, receipt numbers per organisation without gaps (also
 * concurrently), the receipt PDF, and the receipt e-mail retried by its job until it finally fails.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { countStatements } from '../../../test/statements.ts';
import { organizations, payments, users, wills } from '../../db/schema/index.ts';
import { runJob } from '../../platform/jobs/scheduler.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { listAllPayments } from './manual.ts';
import { RECEIPT_MAIL_JOB } from './receipts.ts';

let t: TestApp;
let tokens: Record<string, string>;
let clientId: string;
let demoOrg: string;

beforeAll(async () => {
  t = await makeTestApp({ env: { JOBS: '0', RECEIPT_MAIL_MAX_ATTEMPTS: '3' } });
  tokens = {};
  for (const u of ['client', 'agent', 'staff', 'accountant']) tokens[u] = await t.login(u);
  [{ id: clientId }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
  [{ id: demoOrg }] = await t.ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'DEMO'));
  await t.ctx.db
    .update(organizations)
    .set({ allow_loan_payment: true, allow_atb_payment: true })
    .where(eq(organizations.id, demoOrg));
});
afterAll(async () => {
  await t?.close();
});

async function newWill(orgId = demoOrg) {
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: clientId,
      created_by: clientId,
      organization_id: orgId,
      plan: 'basic',
      price_sen: 35000,
      status: 0,
      parts_done: ['a', 'b'],
    })
    .returning();
  return w;
}
const pay = (wasiatId: string, body: Record<string, unknown>, token = tokens.client) =>
  t.call('POST', '/api/payment', { token, body: { paymentable_type: 'Wasiat', paymentable_id: wasiatId, ...body } });
const willRow = async (id: string) => (await t.ctx.db.select().from(wills).where(eq(wills.id, id)))[0];
const payRow = async (id: string) => (await t.ctx.db.select().from(payments).where(eq(payments.id, id)))[0];
const tomorrow = () => new Date(Date.now() + 86400_000).toISOString().slice(0, 10);
const confirm = (pid: string, token = tokens.accountant) =>
  t.call('POST', `/api/payment/${pid}/confirm`, { token, body: {} });
/** Wait until `cond` holds (the receipt e-mail is sent after the reply). */
async function until(cond: () => boolean | Promise<boolean>, ms = 8000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('timed out');
}

describe('ATB (bank standing instruction)', () => {
  it('needs amount, frequency, bank, account and a start date; stays pending until confirmed', async () => {
    const w = await newWill();
    const missing = await pay(w.id, { payment_options_id: 5 });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(
      ['account_no', 'atb_amount_sen', 'atb_frequency', 'atb_start_date', 'bank_name'].sort(),
    );
    const other = await pay(w.id, {
      payment_options_id: 5,
      atb_amount_sen: 5000,
      atb_frequency: 'other',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: tomorrow(),
    });
    expect(other.body.errors.atb_other_frequency).toBeDefined();
    const tooMuch = await pay(w.id, {
      payment_options_id: 5,
      atb_amount_sen: 40000,
      atb_frequency: 'monthly',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: tomorrow(),
    });
    expect(tooMuch.body.errors.atb_amount_sen).toEqual([
      'Please enter a debit amount between RM 0.01 and the amount due.',
    ]);
    const past = await pay(w.id, {
      payment_options_id: 5,
      atb_amount_sen: 5000,
      atb_frequency: 'monthly',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: '2020-01-01',
    });
    expect(past.body.errors.atb_start_date).toBeDefined();

    const ok = await pay(w.id, {
      payment_options_id: 5,
      atb_amount_sen: 5000,
      atb_frequency: 'semi_annual',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: tomorrow(),
      amount: 1,
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payment).toMatchObject({
      status: 'pending',
      amount_sen: 35000,
      atb_amount_sen: 5000,
      atb_frequency: 'semi_annual',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: tomorrow(),
    });
    expect((await willRow(w.id)).parts_done).toContain('payment');
    // A mandate (ADR 0264): RM 350 at RM 50 every six months is seven debits, confirmed one by one.
    expect(ok.body.payment.mandate).toBe(true);
    expect(ok.body.payment.instalments).toMatchObject({ total: 7, received: 0, remaining_sen: 35000 });
    const c = await confirm(ok.body.payment.id);
    expect(c.status).toBe(422);
    expect(c.body.message).toMatch(/Confirm instalment received/);
    expect((await payRow(ok.body.payment.id)).status).toBe('pending');
  });

  it('is refused when the organisation does not allow it', async () => {
    const [org] = await t.ctx.db
      .insert(organizations)
      .values({ type: 'private', name: 'Tanpa ATB', code: 'NOATB' })
      .returning();
    const w = await newWill(org.id);
    const r = await pay(w.id, {
      payment_options_id: 5,
      atb_amount_sen: 5000,
      atb_frequency: 'annual',
      bank_name: 'BANK ISLAM',
      account_no: '12345678901',
      atb_start_date: tomorrow(),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors.payment_options_id).toEqual(['This payment method is not allowed for this organisation.']);
    const f = await pay(w.id, { payment_options_id: 4, bank_name: 'BANK MUAMALAT MALAYSIA BERHAD' });
    expect(f.body.errors.payment_options_id).toBeDefined();
  });
});

describe('financing (BMMB)', () => {
  it('approved by the bank: paid with a receipt, who and when recorded', async () => {
    const w = await newWill();
    const r = await pay(w.id, { payment_options_id: 4, bank_name: 'BANK MUAMALAT MALAYSIA BERHAD' });
    expect(r.body.payment).toMatchObject({ status: 'pending', financing_status: 'pending' });
    const pid = r.body.payment.id as string;
    expect((await confirm(pid)).status).toBe(422); // not by the cash/direct confirmation
    expect(
      (await t.call('POST', `/api/payment/${pid}/financing`, { token: tokens.client, body: { status: 'approved' } }))
        .status,
    ).toBe(403);
    const ok = await t.call('POST', `/api/payment/${pid}/financing`, {
      token: tokens.accountant,
      body: { status: 'approved' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.payment).toMatchObject({ status: 'paid', financing_status: 'approved' });
    expect(ok.body.payment.decided_at).toBeTruthy();
    expect(ok.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    expect((await willRow(w.id)).payment_received_at).not.toBeNull();
  });

  it('rejected by the bank: the payment fails and the will is rejected with the reason', async () => {
    const w = await newWill();
    const pid = (await pay(w.id, { payment_options_id: 4, bank_name: 'BANK MUAMALAT MALAYSIA BERHAD' })).body.payment
      .id;
    const noReason = await t.call('POST', `/api/payment/${pid}/financing`, {
      token: tokens.staff,
      body: { status: 'rejected' },
    });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(["Please give the bank's reason."]);
    const r = await t.call('POST', `/api/payment/${pid}/financing`, {
      token: tokens.staff,
      body: { status: 'rejected', reason: 'Pendapatan tidak mencukupi' },
    });
    expect(r.status).toBe(200);
    expect(r.body.payment).toMatchObject({
      status: 'failed',
      financing_status: 'rejected',
      failure_reason: 'Pendapatan tidak mencukupi',
    });
    const will = await willRow(w.id);
    expect(will.status).toBe(3);
    expect(will.option_delete_id).toBe(4);
    expect(will.rejected_reason).toBe('Ditolak: pembiayaan tidak diluluskan oleh bank. Pendapatan tidak mencukupi');
    const twice = await t.call('POST', `/api/payment/${pid}/financing`, {
      token: tokens.staff,
      body: { status: 'approved' },
    });
    expect(twice.status).toBe(422);
  });
});

/**
 * What staff give when they record an offline payment (ADR 0291): how, the day (today in UTC is never after today in
 * Malaysia) and the reference; the amount is the amount due.
 */
const staffOffline = (reference: string) => ({
  offline_method: 'deposit',
  paid_on: new Date().toISOString().slice(0, 10),
  reference,
});

describe('offline and the confirmation queue', () => {
  it('offline recorded by staff who may confirm settles at once; everyone gives its details (ADR 0285, 0291)', async () => {
    const w = await newWill();
    const client = await pay(w.id, { payment_options_id: 6 });
    expect(client.status).toBe(422);
    expect(client.body.errors.offline_method).toBeTruthy();
    const staffUser = (await t.ctx.db.select().from(users).where(eq(users.username, 'staff')))[0];
    const r = await pay(w.id, { payment_options_id: 6, ...staffOffline('KAUNTER-001') }, tokens.staff);
    expect(r.status).toBe(200);
    expect(r.body.payment).toMatchObject({ status: 'paid', confirmed_by: staffUser.id });
    expect(r.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
  });

  it('tells each caller the modes they may choose (organisation flags; offline for all, ADR 0285)', async () => {
    const w = await newWill();
    const c = await t.call('GET', `/api/payment/options?paymentable_type=Wasiat&paymentable_id=${w.id}`, {
      token: tokens.client,
    });
    expect(c.body.payment_options).toEqual([1, 2, 3, 4, 5, 6]);
    const s = await t.call('GET', `/api/payment/options?paymentable_id=${w.id}`, { token: tokens.staff });
    expect(s.body.payment_options).toEqual([1, 2, 3, 4, 5, 6]);
    const [org] = await t.ctx.db
      .insert(organizations)
      .values({
        type: 'private',
        name: 'Tunai sahaja',
        code: 'CASHONLY',
        allow_payment_gateway: false,
        allow_direct_payment: false,
      })
      .returning();
    const w2 = await newWill(org.id);
    const c2 = await t.call('GET', `/api/payment/options?paymentable_id=${w2.id}`, { token: tokens.client });
    expect(c2.body.payment_options).toEqual([3, 6]);
    const other = await t.login('agent');
    expect((await t.call('GET', `/api/payment/options?paymentable_id=${w2.id}`, { token: other })).status).toBe(404);
  });

  it('names the payers of a page of the queue in a fixed number of statements, however many rows (issue 42)', async () => {
    for (let i = 0; i < 6; i++) await pay((await newWill()).id, { payment_options_id: 3 });
    const q = { status: 'pending', payment_options_id: 3 };
    const counter = countStatements(t.ctx.db);
    const one = await listAllPayments(t.ctx.db, { ...q, limit: 1 });
    const few = counter.count;
    counter.reset();
    const many = await listAllPayments(t.ctx.db, { ...q, limit: 100 });
    counter.stop();
    expect(one.payments.data).toHaveLength(1);
    expect(many.payments.data.length).toBeGreaterThanOrEqual(6);
    // Every row is a will here: the same statements for 1 row and for 6 or more (was: three more per row).
    expect(counter.count).toBe(few);
    for (const row of many.payments.data) expect(row.payer_name).toBeTruthy();
  });

  it('lists pending manual payments for the accountant, each saying what it is for; 403 for a client', async () => {
    const w = await newWill();
    await t.ctx.db
      .update(wills)
      .set({ wasiat_no: `W-${w.id.slice(0, 6)}` })
      .where(eq(wills.id, w.id));
    const pid = (await pay(w.id, { payment_options_id: 3 })).body.payment.id;
    expect((await t.call('GET', '/api/payment?status=pending&manual=1', { token: tokens.client })).status).toBe(403);
    const r = await t.call('GET', '/api/payment?status=pending&manual=1&limit=100', { token: tokens.accountant });
    expect(r.status).toBe(200);
    const row = r.body.payments.data.find((x: { id: string }) => x.id === pid);
    expect(row).toMatchObject({ status: 'pending', payment_options_id: 3, organization_name: expect.any(String) });
    expect(row.payer_name).toBeTruthy();
    // What it is for (issue 21 item 8): the kind and the record's own number.
    expect(row).toMatchObject({ paymentable_type: 'Wasiat', payable_reference: `W-${w.id.slice(0, 6)}` });
    expect(
      r.body.payments.data.every(
        (x: { status: string; payment_options_id: number }) => x.status === 'pending' && x.payment_options_id !== 1,
      ),
    ).toBe(true);
  });
});

describe('receipts', () => {
  it('numbers receipts per organisation, strictly increasing with no gaps, under concurrency', async () => {
    const [orgA] = await t.ctx.db
      .insert(organizations)
      .values({ type: 'private', name: 'Org A', code: 'ORGA' })
      .returning();
    const [orgB] = await t.ctx.db
      .insert(organizations)
      .values({ type: 'private', name: 'Org B', code: 'ORGB' })
      .returning();
    const ws = [
      ...(await Promise.all([1, 2, 3, 4, 5, 6].map(() => newWill(orgA.id)))),
      ...(await Promise.all([1, 2, 3].map(() => newWill(orgB.id)))),
    ];
    const pids: string[] = [];
    for (const w of ws) pids.push((await pay(w.id, { payment_options_id: 3 })).body.payment.id);
    const rs = await Promise.all(pids.map((pid) => confirm(pid)));
    expect(rs.map((r) => r.status)).toEqual(pids.map(() => 200));
    const seq = (orgId: string) =>
      rs
        .map((r) => r.body.payment)
        .filter((p: { organization_id: string }) => p.organization_id === orgId)
        .map((p: { receipt_no: string }) => Number(p.receipt_no.slice(-6)))
        .sort((a: number, b: number) => a - b);
    expect(seq(orgA.id)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(seq(orgB.id)).toEqual([1, 2, 3]);
  });

  it('downloads the receipt of a payment as a PDF; 404 before it is settled or for another client', async () => {
    const w = await newWill();
    const pid = (await pay(w.id, { payment_options_id: 3 })).body.payment.id;
    expect((await t.call('GET', `/api/payment/${pid}/receipt`, { token: tokens.client })).status).toBe(404);
    await confirm(pid);
    const r = await t.call('GET', `/api/payment/${pid}/receipt`, { token: tokens.client });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/pdf');
    expect(r.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const will = await t.call('GET', `/api/wasiat/${w.id}/receipt`, { token: tokens.client });
    expect(will.status).toBe(200);
    expect((await t.call('GET', `/api/payment/${pid}/receipt`, { token: tokens.agent })).status).toBe(404);
  });

  it('e-mails the receipt with the PDF attached once settled', async () => {
    const w = await newWill();
    const pid = (await pay(w.id, { payment_options_id: 3 })).body.payment.id;
    const before = t.mails.length;
    const c = await confirm(pid);
    await until(async () => (await payRow(pid)).receipt_mail_status === 'sent');
    const mail = t.mails.slice(before).find((m) => m.raw.includes(c.body.payment.receipt_no));
    expect(mail?.to).toEqual(['client@wasiat.local']);
    expect(mail?.raw).toContain('application/pdf');
    expect(mail?.raw).toMatch(/filename="?resit-R\d{4}-\d{6}\.pdf/);
  });

  it('retries a failed e-mail with the job and shows the failure only when it finally fails', async () => {
    const good = t.ctx.mailer;
    // A real SMTP client pointed at a port where nothing listens: every send fails.
    t.ctx.mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9?connectionTimeout=500',
      from: 'x@y',
      outboxDir: '/tmp',
      log: () => {},
    });
    try {
      const w = await newWill();
      const pid = (await pay(w.id, { payment_options_id: 3 })).body.payment.id;
      await confirm(pid);
      await until(
        async () => (await payRow(pid)).receipt_mail_attempts === 1 && !!(await payRow(pid)).receipt_mail_error,
      );
      let p = await payRow(pid);
      expect(p.receipt_mail_status).toBe('pending');
      let got = await t.call('GET', `/api/payment/${pid}`, { token: tokens.client });
      expect(got.body.payment.receipt_mail_failed).toBe(false);

      // Not due yet: the job leaves it.
      expect(await runJob(t.ctx, RECEIPT_MAIL_JOB, new Date(Date.now() + 60_000))).toMatchObject({ sent: 0, retry: 0 });
      const later = new Date(Date.now() + 60 * 60_000);
      expect(await runJob(t.ctx, RECEIPT_MAIL_JOB, later)).toMatchObject({ retry: 1 });
      const last = new Date(later.getTime() + 60 * 60_000);
      expect(await runJob(t.ctx, RECEIPT_MAIL_JOB, last)).toMatchObject({ failed: 1 });
      p = await payRow(pid);
      expect(p).toMatchObject({ receipt_mail_status: 'failed', receipt_mail_attempts: 3 });
      got = await t.call('GET', `/api/payment/${pid}`, { token: tokens.client, lang: 'en' });
      expect(got.body.payment.receipt_mail_failed).toBe(true);
      // Nothing more to do.
      expect(await runJob(t.ctx, RECEIPT_MAIL_JOB, new Date(last.getTime() + 86400_000))).toMatchObject({
        failed: 0,
        retry: 0,
      });
      // "Send again" once mail works: sent, and the notification says where.
      t.ctx.mailer = good;
      const again = await t.call('POST', `/api/wasiat/${w.id}/paid-notification`, { token: tokens.client, body: {} });
      expect(again.status).toBe(200);
      expect(again.body.notification).toMatchObject({ email: 'client@wasiat.local', status: 'sent', failed: false });
      const got2 = await t.call('GET', `/api/wasiat/${w.id}/paid-notification`, { token: tokens.client });
      expect(got2.body.notification.sent_at).toBeTruthy();
    } finally {
      t.ctx.mailer = good;
    }
  });

  it('a retry succeeds once the mail server is back', async () => {
    const good = t.ctx.mailer;
    t.ctx.mailer = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9?connectionTimeout=500',
      from: 'x@y',
      outboxDir: '/tmp',
      log: () => {},
    });
    const w = await newWill();
    const pid = (await pay(w.id, { payment_options_id: 3 })).body.payment.id;
    await confirm(pid);
    await until(async () => !!(await payRow(pid)).receipt_mail_error);
    t.ctx.mailer = good;
    expect(await runJob(t.ctx, RECEIPT_MAIL_JOB, new Date(Date.now() + 60 * 60_000))).toMatchObject({ sent: 1 });
    expect((await payRow(pid)).receipt_mail_status).toBe('sent');
  });
});

describe('statement of account (reports) reads every mode', () => {
  it('lists paid ATB, financing, offline and cash payments of the organisation with their modes', async () => {
    const [org] = await t.ctx.db
      .insert(organizations)
      .values({ type: 'private', name: 'Org SOA', code: 'ORGSOA', allow_loan_payment: true, allow_atb_payment: true })
      .returning();
    const modes: Record<string, unknown>[] = [
      { payment_options_id: 3 },
      { payment_options_id: 6, ...staffOffline('KAUNTER-9') },
      { payment_options_id: 4, bank_name: 'BANK MUAMALAT MALAYSIA BERHAD' },
      {
        payment_options_id: 5,
        atb_amount_sen: 35000,
        atb_frequency: 'annual',
        bank_name: 'BANK ISLAM',
        account_no: '123456789',
        atb_start_date: tomorrow(),
      },
    ];
    for (const m of modes) {
      const w = await newWill(org.id);
      const r = await pay(w.id, m, m.payment_options_id === 6 ? tokens.staff : tokens.client);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const pid = r.body.payment.id;
      if (m.payment_options_id === 4) {
        await t.call('POST', `/api/payment/${pid}/financing`, {
          token: tokens.accountant,
          body: { status: 'approved' },
        });
      } else if (m.payment_options_id === 5) {
        // One debit of the whole amount: its instalment is the line (ADR 0264).
        const i = await t.call('POST', `/api/payment/${pid}/instalment`, { token: tokens.accountant, body: {} });
        expect(i.status, JSON.stringify(i.body)).toBe(200);
      } else if (m.payment_options_id !== 6) await confirm(pid);
    }
    const period = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Kuala_Lumpur',
      year: 'numeric',
      month: '2-digit',
    })
      .format(new Date())
      .slice(0, 7);
    const soa = await t.call('GET', `/api/reports/soa?organization_id=${org.id}&period=${period}&limit=100`, {
      token: tokens.accountant,
    });
    expect(soa.status).toBe(200);
    const rows = soa.body.transactions.data as { payment_options_id: number; amount_sen: number; receipt_no: string }[];
    expect(rows.map((r) => r.payment_options_id).sort()).toEqual([3, 4, 5, 6]);
    expect(soa.body.total_sen).toBe(4 * 35000);
    expect(rows.map((r) => r.receipt_no).sort()).toEqual(
      ['000001', '000002', '000003', '000004'].map((n) => expect.stringMatching(new RegExp(`-${n}$`))),
    );
  });
});
