/**
 * Payments over HTTP on a real database (docs/api/payments.md). Wills are inserted directly with drizzle
 * (the wills module is tested on its own): demo client, DEMO organisation, basic plan, RM 350.00.
 */

import { PAYABLE_TYPES } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, organizations, payments, promo_codes, users, wills } from '../../db/schema/index.ts';
import { hashPassword } from '../../platform/auth/passwords.ts';
import { payableTypes } from './payables.ts';
import { sandboxPath } from './serialize.ts';

let t: TestApp;
let tokens: Record<string, string>;
let ids: Record<string, string>;
let demoOrg: string;

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  const rows = await db.select().from(users);
  ids = Object.fromEntries(rows.map((u) => [u.username, u.id]));
  [{ id: demoOrg }] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'DEMO'));
  await db.insert(users).values({
    name: 'Zainab binti Omar',
    username: 'client2',
    email: 'client2@example.com',
    ic_number: '910203145670',
    role: 'Client',
    password_hash: await hashPassword('Rahsia123'),
  });
  await db.insert(promo_codes).values([
    { organization_id: demoOrg, code: 'FREE350', discount_sen: 35000 },
    { organization_id: null, code: 'RACE10', discount_sen: 1000 },
    { organization_id: demoOrg, code: 'ONCE50', discount_sen: 5000 },
    { organization_id: demoOrg, code: 'OLD10', discount_sen: 1000, expires_at: new Date(Date.now() - 60_000) },
  ]);
  tokens = {};
  for (const u of ['client', 'agent', 'partner', 'staff', 'accountant']) tokens[u] = await t.login(u);
  tokens.client2 = await t.login('client2', 'Rahsia123');
});
afterAll(async () => {
  await t?.close();
});

/** A will at the payment step: parts a and b done, price fixed at RM 350.00. */
async function newWill(over: Partial<typeof wills.$inferInsert> = {}) {
  const [w] = await t.ctx.db
    .insert(wills)
    .values({
      user_id: ids.client,
      created_by: ids.client,
      organization_id: demoOrg,
      plan: 'basic',
      price_sen: 35000,
      status: 0,
      parts_done: ['a', 'b'],
      ...over,
    })
    .returning();
  return w;
}
const willRow = async (id: string) => (await t.ctx.db.select().from(wills).where(eq(wills.id, id)))[0];
const pay = (wasiatId: string, body: Record<string, unknown> = {}, token = tokens.client, lang?: 'ms' | 'en') =>
  t.call('POST', '/api/payment', {
    token,
    lang,
    body: { paymentable_type: 'Wasiat', paymentable_id: wasiatId, payment_options_id: 1, ...body },
  });
/** A 1×1 PNG, the transfer slip of a direct payment. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Upload a transfer slip to the will (`POST /wasiat/{id}/document type=payment`); returns its id. */
async function uploadSlip(wasiatId: string, token = tokens.client) {
  const form = new FormData();
  form.append('type', 'payment');
  form.append('document', new Blob([PNG], { type: 'image/png' }), 'slip.png');
  const r = await t.call('POST', `/api/wasiat/${wasiatId}/document`, { token, form });
  if (r.status !== 201) throw new Error(`slip upload ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.attachment.id as string;
}
/** The payer's signed sandbox link of a payment (what `payment_link` carries; ADR 0107). */
const signed = (paymentId: string) => t.ctx.signer.sign(sandboxPath(paymentId), 3600);
/** Post the sandbox form as a browser does (urlencoded, no redirect following), with the signed link. */
const sandboxPost = (paymentId: string, outcome: string, link = signed(paymentId)) =>
  fetch(`${t.baseUrl}${link}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ outcome }).toString(),
  });

describe('POST /api/payment: price and promo codes', () => {
  it('charges the will price (sen) whatever amount the client sends', async () => {
    const w = await newWill();
    const r = await pay(w.id, { amount: 1, user_id: ids.client, title: 'Register Wasiat Payment' });
    expect(r.status).toBe(200);
    expect(r.body.payment).toMatchObject({
      amount_sen: 35000,
      discount_sen: 0,
      status: 'pending',
      payment_options_id: 1,
    });
    expect(r.body.payment_link).toMatch(
      new RegExp(`^/api/payment-gateway/sandbox/${r.body.payment.id}\\?expires=\\d+&signature=[\\w-]+$`),
    );
    expect(r.body.payment.payment_link).toBe(r.body.payment_link);
    expect(r.body.wasiat).toMatchObject({ id: w.id, payment_status: 'pending', amount_due_sen: 35000 });
    // A pending gateway payment does not finish the part.
    expect((await willRow(w.id)).parts_done).not.toContain('payment');
  });

  it('deducts a promo code once; a second will is told it is used (422 on promo_code, ms and en)', async () => {
    const w = await newWill();
    const check = await t.call('POST', '/api/promo-code/check', {
      token: tokens.client,
      body: { code: ' once50 ', wasiat_id: w.id },
    });
    expect(check.status).toBe(200);
    expect(check.body.promo_code).toMatchObject({ code: 'ONCE50', discount_sen: 5000, amount_due_sen: 30000 });

    const r = await pay(w.id, { promo_code: 'once50' });
    expect(r.status).toBe(200);
    expect(r.body.payment).toMatchObject({ amount_sen: 30000, discount_sen: 5000, status: 'pending' });
    expect(r.body.wasiat).toMatchObject({ discount_sen: 5000, amount_due_sen: 30000 });
    const [promo] = await t.ctx.db.select().from(promo_codes).where(eq(promo_codes.code, 'ONCE50'));
    expect(promo.redeemed_for).toBe(`Wasiat:${w.id}`);
    expect(promo.redeemed_by).toBe(ids.client);
    expect((await willRow(w.id)).payment_options_id).toBe(1);

    const other = await newWill();
    const en = await pay(other.id, { promo_code: 'ONCE50' });
    expect(en.status).toBe(422);
    expect(en.body.errors.promo_code).toEqual(['This promo code has already been used. Each code can be used once.']);
    const ms = await pay(other.id, { promo_code: 'ONCE50' }, tokens.client, 'ms');
    expect(ms.body.message).toBe('Kod promosi ini telah digunakan. Setiap kod hanya boleh digunakan sekali.');
    const check2 = await t.call('POST', '/api/promo-code/check', {
      token: tokens.client,
      body: { code: 'ONCE50', wasiat_id: other.id },
    });
    expect(check2.status).toBe(422);
    expect(Object.keys(check2.body.errors)).toEqual(['promo_code']);
    // Nothing was created for the refused attempt.
    const none = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, other.id));
    expect(none).toHaveLength(0);

    // A retry for the same will keeps the discount (the code is this will's), with or without the code.
    const retry = await pay(w.id, { payment_options_id: 3 });
    expect(retry.body.payment).toMatchObject({ amount_sen: 30000, discount_sen: 5000 });
  });

  it('a refused code says why: unknown, expired, another organisation (check and pay, ms and en)', async () => {
    const [{ id: otherOrg }] = await t.ctx.db
      .insert(organizations)
      .values({ type: 'private', name: 'Organisasi Lain', code: 'LAIN' })
      .returning({ id: organizations.id });
    await t.ctx.db.insert(promo_codes).values({ organization_id: otherOrg, code: 'LAIN20', discount_sen: 2000 });
    const w = await newWill();
    const cases: [string, string, string][] = [
      ['NOPE-XYZ', 'This promo code does not exist.', 'Kod promosi ini tidak wujud.'],
      ['OLD10', 'This promo code has expired.', 'Kod promosi ini telah tamat tempoh.'],
      ['LAIN20', 'This promo code belongs to another organisation.', 'Kod promosi ini milik organisasi lain.'],
    ];
    for (const [promo_code, en, ms] of cases) {
      const r = await pay(w.id, { promo_code });
      expect(r.status, promo_code).toBe(422);
      expect(r.body.errors.promo_code[0]).toContain(en);
      const m = await pay(w.id, { promo_code }, tokens.client, 'ms');
      expect(m.body.errors.promo_code[0]).toContain(ms);
      const check = await t.call('POST', '/api/promo-code/check', {
        token: tokens.client,
        body: { code: promo_code, wasiat_id: w.id },
      });
      expect(check.status).toBe(422);
      expect(check.body.errors.promo_code[0]).toContain(en);
    }
    expect(await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, w.id))).toHaveLength(0);
  });

  it('the demo code DEMO50 (multi-use template, ADR 0124) works for every will; each use is its own single-use code', async () => {
    const [template] = await t.ctx.db.select().from(promo_codes).where(eq(promo_codes.code, 'DEMO50'));
    expect(template).toMatchObject({ multi_use: true, organization_id: null });
    const a = await newWill();
    const [c2] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'client2'));
    const b = await newWill({ user_id: c2.id, created_by: c2.id });
    const check = await t.call('POST', '/api/promo-code/check', {
      token: tokens.client2,
      body: { code: 'demo50', wasiat_id: b.id },
    });
    expect(check.body.promo_code).toMatchObject({ discount_sen: 5000, amount_due_sen: 30000 });
    expect((await pay(a.id, { promo_code: 'DEMO50' })).body.payment).toMatchObject({ discount_sen: 5000 });
    expect((await pay(b.id, { promo_code: 'demo50' }, tokens.client2)).body.payment).toMatchObject({
      discount_sen: 5000,
    });
    // a retry with the same code keeps the will's issued code
    expect((await pay(a.id, { promo_code: 'DEMO50', payment_options_id: 3 })).body.payment).toMatchObject({
      discount_sen: 5000,
    });
    const issued = await t.ctx.db.select().from(promo_codes).where(eq(promo_codes.issued_from, 'DEMO50'));
    expect(issued.map((p) => p.redeemed_for).sort()).toEqual([`Wasiat:${a.id}`, `Wasiat:${b.id}`].sort());
    for (const p of issued) {
      expect(p.code).toMatch(/^DEMO50-[0-9A-F]{8}$/);
      expect(p.multi_use).toBe(false);
      expect(p.redeemed_at).not.toBeNull();
    }
    const [after] = await t.ctx.db.select().from(promo_codes).where(eq(promo_codes.code, 'DEMO50'));
    expect(after.redeemed_at).toBeNull();
    // an issued code is single-use: another will is told it is used
    const c = await newWill();
    const r = await pay(c.id, { promo_code: issued[0].code });
    expect(r.body.errors.promo_code[0]).toContain('already been used');
  });

  it('waives a will whose promo covers the full price: receipt, part done, no gateway', async () => {
    const w = await newWill();
    const r = await pay(w.id, { promo_code: 'FREE350' });
    expect(r.status).toBe(200);
    expect(r.body.payment).toMatchObject({ status: 'waived', amount_sen: 0, discount_sen: 35000, payment_link: null });
    expect(r.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    expect(r.body.payment_link).toBeUndefined();
    expect(r.body.wasiat.payment_status).toBe('waived');
    const row = await willRow(w.id);
    expect(row.parts_done).toEqual(['a', 'b', 'payment']);
    expect(row.payment_received_at).not.toBeNull();
    expect(row.discount_sen).toBe(35000);

    const again = await pay(w.id, { payment_options_id: 3 });
    expect(again.status).toBe(422);
    expect(again.body.message).toBe('This will has already been paid.');
  });

  it('redeems one code exactly once under 5 concurrent payments for 5 wills', async () => {
    const ws = await Promise.all([1, 2, 3, 4, 5].map(() => newWill()));
    const rs = await Promise.all(ws.map((w) => pay(w.id, { promo_code: 'RACE10' })));
    const ok = rs.filter((r) => r.status === 200);
    const refused = rs.filter((r) => r.status === 422);
    expect(ok).toHaveLength(1);
    expect(refused).toHaveLength(4);
    for (const r of refused) {
      expect(r.body.errors.promo_code).toEqual(['This promo code has already been used. Each code can be used once.']);
    }
    expect(ok[0].body.payment.discount_sen).toBe(1000);
    const [promo] = await t.ctx.db.select().from(promo_codes).where(eq(promo_codes.code, 'RACE10'));
    expect(promo.redeemed_for).toBe(`Wasiat:${ok[0].body.wasiat.id}`);
    const discounted = await t.ctx.db.select().from(wills).where(eq(wills.discount_sen, 1000));
    expect(discounted.map((x) => x.id)).toEqual([ok[0].body.wasiat.id]);
  });

  it('needs a price (part b) and a will in status 0 or 3', async () => {
    const noPrice = await newWill({ price_sen: null, parts_done: ['a'] });
    const r = await pay(noPrice.id);
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Please complete the "Will" part (will plan and price) first.');
    const submitted = await newWill({ status: 1 });
    expect((await pay(submitted.id)).status).toBe(422);
  });

  it('refuses an unknown paymentable_type (422, ms and en); every listed type is served by a module (ADR 0016)', async () => {
    expect([...payableTypes()].sort()).toEqual([...PAYABLE_TYPES].sort());
    const w = await newWill();
    const unknown = await pay(w.id, { paymentable_type: 'Kereta' }, tokens.client, 'en');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.paymentable_type).toEqual(['Please choose what this payment is for.']);
    const ms = await pay(w.id, { paymentable_type: 'Kereta' }, tokens.client, 'ms');
    expect(ms.body.errors.paymentable_type).toEqual(['Sila pilih untuk apa bayaran ini dibuat.']);
    // a served type with an id of another kind is simply not found
    expect((await pay(w.id, { paymentable_type: 'Hibah' })).status).toBe(404);
    const none = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, w.id));
    expect(none).toHaveLength(0);
  });

  it('keeps the discount on the payment row (sen) and checks a code by paymentable_type + id', async () => {
    const w = await newWill();
    await t.ctx.db.insert(promo_codes).values({ organization_id: demoOrg, code: 'ROW25', discount_sen: 2500 });
    const check = await t.call('POST', '/api/promo-code/check', {
      token: tokens.client,
      body: { code: 'row25', paymentable_type: 'Wasiat', paymentable_id: w.id },
    });
    expect(check.status).toBe(200);
    expect(check.body.promo_code).toMatchObject({ discount_sen: 2500, amount_due_sen: 32500 });
    const missing = await t.call('POST', '/api/promo-code/check', { token: tokens.client, body: { code: 'ROW25' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors.paymentable_id).toBeDefined();
    const paid = await pay(w.id, { promo_code: 'ROW25' });
    expect(paid.status).toBe(200);
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, paid.body.payment.id));
    expect(row).toMatchObject({ amount_sen: 32500, discount_sen: 2500 });
    expect(paid.body.payment).toMatchObject({ amount_sen: 32500, discount_sen: 2500 });
  });

  it('validates the body: mode 1–6 only, direct needs a reference and a slip', async () => {
    const w = await newWill();
    const bad = await pay(w.id, { payment_options_id: 9 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.payment_options_id).toEqual(['Please choose a valid payment method.']);
    const direct = await pay(w.id, { payment_options_id: 2 });
    expect(direct.status).toBe(422);
    expect(direct.body.errors.reference).toEqual(['Please enter the payment reference number.']);
    const noSlip = await pay(w.id, { payment_options_id: 2, reference: 'MBB-20260101-0042' });
    expect(noSlip.status).toBe(422);
    expect(noSlip.body.errors.slip_attachment_id).toEqual(['Please upload the bank transfer slip (image or PDF).']);
    const slip = await uploadSlip(w.id);
    const ok = await pay(w.id, { payment_options_id: 2, reference: 'MBB-20260101-0042' });
    expect(ok.status).toBe(200);
    expect(ok.body.payment).toMatchObject({
      status: 'pending',
      reference: 'MBB-20260101-0042',
      slip_attachment_id: slip,
    });
    expect((await willRow(w.id)).parts_done).toContain('payment');
  });

  it("refuses a mode the will's organisation does not allow", async () => {
    const [org] = await t.ctx.db
      .insert(organizations)
      .values({ type: 'private', name: 'Koperasi Tunai Tiada', code: 'NOCASH', allow_cash_payment: false })
      .returning();
    const w = await newWill({ organization_id: org.id });
    const r = await pay(w.id, { payment_options_id: 3 });
    expect(r.status).toBe(422);
    expect(r.body.errors.payment_options_id).toEqual(['This payment method is not allowed for this organisation.']);
    expect((await pay(w.id, { payment_options_id: 1 })).status).toBe(200);
  });
});

describe('sandbox gateway', () => {
  it('shows an accessible ms/en page without scripts, approves, redirects 303 and cannot be flipped', async () => {
    const w = await newWill();
    const { body } = await pay(w.id);
    const pid = body.payment.id as string;

    const link = body.payment_link as string;
    const page = await fetch(`${t.baseUrl}${link}`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const html = await page.text();
    expect(html).toContain('<html lang="ms">');
    expect(html).toContain('RM 350.00');
    expect(html).toMatch(/Lulus <span lang="en">\/ Approve<\/span>/);
    expect(html).toMatch(/Gagal <span lang="en">\/ Fail<\/span>/);
    expect(html).toContain(`<form method="post" action="${link.replace(/&/g, '&amp;')}">`);
    expect(html).not.toMatch(/<script/i);

    const res = await sandboxPost(pid, 'approve', link);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/payment-status?status=1&payment_id=${pid}&wasiat_id=${w.id}`);

    const got = await t.call('GET', `/api/payment/${pid}`, { token: tokens.client });
    expect(got.body.payment).toMatchObject({ status: 'paid', payment_link: null });
    expect(got.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    const row = await willRow(w.id);
    expect(row.payment_received_at).not.toBeNull();
    expect(row.parts_done).toContain('payment');

    const flip = await sandboxPost(pid, 'fail');
    expect(flip.status).toBe(303);
    expect(flip.headers.get('location')).toContain('status=1');
    expect((await t.call('GET', `/api/payment/${pid}`, { token: tokens.client })).body.payment.status).toBe('paid');
    const settledPage = await (await fetch(`${t.baseUrl}${link}`)).text();
    expect(settledPage).not.toContain('<form');

    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'Payment'), eq(audit_events.entity_id, pid)));
    expect(events.map((e) => e.action).sort()).toEqual(['payment.create', 'payment.gateway_paid']);
  });

  it("returns to the client's redirect_url (same-origin path) and reports the status publicly", async () => {
    const w = await newWill();
    const r = await pay(w.id, { redirect_url: `http://localhost:3000/wasiat/part-payment?wasiat_id=${w.id}` });
    expect(r.status).toBe(200);
    const pid = r.body.payment.id as string;
    const before = await fetch(`${t.baseUrl}/api/payment-status/${pid}`);
    expect(before.status).toBe(200);
    // anonymous: only what the return page needs (issue 16 item 5)
    expect((await before.json()).payment).toEqual({
      id: pid,
      status: 'pending',
      payment_options_id: 1,
      paymentable_type: 'Wasiat',
    });
    // the payer (their session) also sees the amount
    const mine = await t.call('GET', `/api/payment-status/${pid}`, { token: tokens.client });
    expect(mine.body.payment).toMatchObject({ amount_sen: 35000, receipt_no: null, paymentable_id: w.id });
    // …and what was paid for, to name it and lead back to it (ADR 0242)
    expect(mine.body.payment.payable).toEqual({ wasiat_id: w.id, reference: null });
    const res = await sandboxPost(pid, 'approve');
    expect(res.headers.get('location')).toBe(`/wasiat/part-payment?wasiat_id=${w.id}&status=1&payment_id=${pid}`);
    const after = await (await fetch(`${t.baseUrl}/api/payment-status/${pid}`)).json();
    expect(after.payment.status).toBe('paid');
    expect(after.payment.receipt_no).toBeUndefined();
    expect(after.payment.amount_sen).toBeUndefined();
    expect(after.payment.paymentable_id).toBeUndefined();
    expect(after.payment.created_by).toBeUndefined();
    // another client's session is anonymous here
    const stranger = await t.call('GET', `/api/payment-status/${pid}`, { token: tokens.client2 });
    expect(stranger.body.payment.receipt_no).toBeUndefined();
    expect(stranger.body.payment.payable).toBeUndefined();
    const payer = await t.call('GET', `/api/payment-status/${pid}`, { token: tokens.client });
    expect(payer.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    expect((await fetch(`${t.baseUrl}/api/payment-status/nope`)).status).toBe(404);
    const other = await pay((await newWill()).id, { redirect_url: 'https://evil.example/steal' });
    expect(other.status).toBe(422);
    expect(other.body.errors.redirect_url).toBeDefined();
  });

  it('tells the payer of a hibah which hibah and product they paid for; others learn only the kind (ADR 0242)', async () => {
    const h = await t.call('POST', '/api/hibah', {
      token: tokens.client,
      body: { user_id: ids.client, hibah_type: 9 },
    });
    expect(h.status).toBe(201);
    const hid = h.body.hibah.id as string;
    const r = await pay(hid, { paymentable_type: 'Hibah' });
    expect(r.status).toBe(200);
    const pid = r.body.payment.id as string;
    const res = await sandboxPost(pid, 'approve');
    expect(res.headers.get('location')).toBe(
      `/payment-status?status=1&payment_id=${pid}&paymentable_type=Hibah&paymentable_id=${hid}`,
    );
    const mine = await t.call('GET', `/api/payment-status/${pid}`, { token: tokens.client });
    expect(mine.body.payment).toMatchObject({ status: 'paid', paymentable_type: 'Hibah', paymentable_id: hid });
    expect(mine.body.payment.payable).toEqual({ hibah_id: hid, hibah_type: 9, reference: null });
    const stranger = await t.call('GET', `/api/payment-status/${pid}`, { token: tokens.client2 });
    expect(stranger.body.payment).toEqual({
      id: pid,
      status: 'paid',
      payment_options_id: 1,
      paymentable_type: 'Hibah',
    });
  });

  it('fails a payment (status=0); the will can then be paid again', async () => {
    const w = await newWill();
    const pid = (await pay(w.id)).body.payment.id as string;
    const res = await sandboxPost(pid, 'fail');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/payment-status?status=0&payment_id=${pid}&wasiat_id=${w.id}`);
    const list = await t.call('GET', `/api/wasiat/${w.id}/payment`, { token: tokens.client });
    expect(list.body.payments.data.map((p: { status: string }) => p.status)).toEqual(['failed']);
    expect((await willRow(w.id)).parts_done).not.toContain('payment');
    expect((await pay(w.id)).status).toBe(200);
  });

  it('a new attempt supersedes a pending one, which can no longer be approved', async () => {
    const w = await newWill();
    const first = (await pay(w.id)).body.payment.id as string;
    const second = await pay(w.id, { payment_options_id: 3 });
    expect(second.status).toBe(200);
    const res = await sandboxPost(first, 'approve');
    expect(res.headers.get('location')).toContain('status=0');
    const list = await t.call('GET', `/api/wasiat/${w.id}/payment`, { token: tokens.client });
    expect(list.body.payments.total).toBe(2);
    expect(list.body.payments.data.map((p: { status: string }) => p.status).sort()).toEqual(['failed', 'pending']);
    // The replaced one says why, in both languages.
    const old = list.body.payments.data.find((p: { id: string }) => p.id === first);
    expect(old.failure_reason).toBe(
      'Digantikan oleh bayaran yang dibuat selepasnya. / Replaced by a payment made after it.',
    );
  });

  it('settles once when approve and fail race', async () => {
    const w = await newWill();
    const pid = (await pay(w.id)).body.payment.id as string;
    const rs = await Promise.all(['approve', 'fail', 'approve', 'fail'].map((o) => sandboxPost(pid, o)));
    const statuses = new Set(rs.map((r) => r.headers.get('location')?.match(/status=(\d)/)?.[1]));
    expect(statuses.size).toBe(1);
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_type, 'Payment'), eq(audit_events.entity_id, pid)));
    expect(events.filter((e) => e.action.startsWith('payment.gateway_'))).toHaveLength(1);
  });

  it('answers 404 for an unknown or non-gateway payment, and 422 for a bad outcome', async () => {
    expect((await fetch(`${t.baseUrl}${signed('nope')}`)).status).toBe(404);
    const w = await newWill();
    const cash = (await pay(w.id, { payment_options_id: 3 })).body.payment.id as string;
    expect((await fetch(`${t.baseUrl}${signed(cash)}`)).status).toBe(404);
    expect((await sandboxPost(cash, 'approve')).status).toBe(404);
    const g = await newWill();
    const gid = (await pay(g.id)).body.payment.id as string;
    expect((await sandboxPost(gid, 'steal')).status).toBe(422);
  });

  it("needs the payer's signed link: a bare id, a tampered or another payment's signature is a 404 and changes nothing (issue 16 item 5)", async () => {
    const w = await newWill();
    const { body } = await pay(w.id);
    const pid = body.payment.id as string;
    const bare = `/api/payment-gateway/sandbox/${pid}`;
    const other = (await pay((await newWill()).id)).body.payment_link as string;
    const stolen = `${bare}?${other.split('?')[1]}`;
    const link = body.payment_link as string;
    const tampered = link.slice(0, -1) + (link.endsWith('A') ? 'B' : 'A');
    const expired = t.ctx.signer.sign(bare, -10);
    for (const link of [bare, stolen, tampered, expired]) {
      expect((await fetch(`${t.baseUrl}${link}`)).status).toBe(404);
      expect((await sandboxPost(pid, 'approve', link)).status).toBe(404);
    }
    const [row] = await t.ctx.db.select().from(payments).where(eq(payments.id, pid));
    expect(row.status).toBe('pending');
    expect((await sandboxPost(pid, 'approve', body.payment_link)).status).toBe(303);
  });
});

describe('manual payments and confirmation', () => {
  it('cash stays pending until an accountant confirms; a client or agent cannot (403)', async () => {
    const w = await newWill();
    const r = await pay(w.id, { payment_options_id: 3 });
    expect(r.body.payment).toMatchObject({ status: 'pending', payment_options_id: 3, payment_link: null });
    expect(r.body.wasiat.payment_status).toBe('pending');
    expect((await willRow(w.id)).parts_done).toContain('payment');
    const pid = r.body.payment.id as string;

    expect((await t.call('POST', `/api/payment/${pid}/confirm`, { token: tokens.client, body: {} })).status).toBe(403);
    expect((await t.call('POST', `/api/payment/${pid}/confirm`, { token: tokens.agent, body: {} })).status).toBe(403);

    const ok = await t.call('POST', `/api/payment/${pid}/confirm`, { token: tokens.accountant, body: {} });
    expect(ok.status).toBe(200);
    expect(ok.body.payment).toMatchObject({ status: 'paid', confirmed_by: ids.accountant });
    expect(ok.body.payment.confirmed_at).toBeTruthy();
    expect(ok.body.payment.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    expect((await willRow(w.id)).payment_received_at).not.toBeNull();

    const twice = await t.call('POST', `/api/payment/${pid}/confirm`, { token: tokens.staff, body: {} });
    expect(twice.status).toBe(422);
    expect(twice.body.message).toBe('This payment cannot be confirmed.');
    const [ev] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'payment.confirm'), eq(audit_events.entity_id, pid)));
    expect(ev.actor_id).toBe(ids.accountant);
  });

  it('a gateway payment cannot be confirmed by hand', async () => {
    const w = await newWill();
    const pid = (await pay(w.id)).body.payment.id as string;
    const r = await t.call('POST', `/api/payment/${pid}/confirm`, { token: tokens.staff, body: {} });
    expect(r.status).toBe(422);
  });

  it('receipt numbers are unique and increasing', async () => {
    const nos: string[] = [];
    for (let i = 0; i < 3; i++) {
      const w = await newWill();
      const pid = (await pay(w.id, { payment_options_id: 3 })).body.payment.id;
      nos.push(
        (await t.call('POST', `/api/payment/${pid}/confirm`, { token: tokens.staff, body: {} })).body.payment
          .receipt_no,
      );
    }
    expect(new Set(nos).size).toBe(3);
    expect([...nos].sort()).toEqual(nos);
  });
});

describe('scoping', () => {
  it("another client gets 404 for the will's payments; its agent, its partner and staff see them", async () => {
    const w = await newWill({ agent_id: ids.agent });
    const pid = (await pay(w.id, { payment_options_id: 3 })).body.payment.id as string;

    expect((await pay(w.id, {}, tokens.client2)).status).toBe(404);
    expect((await t.call('GET', `/api/payment/${pid}`, { token: tokens.client2 })).status).toBe(404);
    expect((await t.call('GET', `/api/wasiat/${w.id}/payment`, { token: tokens.client2 })).status).toBe(404);
    const check = await t.call('POST', '/api/promo-code/check', {
      token: tokens.client2,
      body: { code: 'FREE350', wasiat_id: w.id },
    });
    expect(check.status).toBe(404);

    for (const who of ['agent', 'partner', 'staff', 'accountant']) {
      const r = await t.call('GET', `/api/payment/${pid}`, { token: tokens[who] });
      expect(r.status, who).toBe(200);
    }
    // The agent is not the agent of another will of the same client.
    const plain = await newWill();
    expect((await t.call('GET', `/api/wasiat/${plain.id}/payment`, { token: tokens.agent })).status).toBe(404);
    // An agent may pay for a client's will they registered.
    const mine = await newWill({ agent_id: ids.agent });
    expect((await pay(mine.id, { payment_options_id: 3 }, tokens.agent)).status).toBe(200);
  });

  it('needs a token', async () => {
    const w = await newWill();
    expect(
      (
        await t.call('POST', '/api/payment', {
          body: { paymentable_type: 'Wasiat', paymentable_id: w.id, payment_options_id: 1 },
        })
      ).status,
    ).toBe(401);
  });
});
