/**
 * The Billplz adapter (ADR 0041) against a local HTTP server standing in for the Billplz API (node:http,
 * BILLPLZ_BASE_URL pointed at it): the bill is opened with Basic auth and a form body; callbacks and
 * redirects are verified by X-Signature (computed here independently, per Billplz's documented
 * recipe); forged and transplanted signatures are refused; the redirect and the callback, a repeated
 * callback, and concurrent deliveries credit once; the amount is always the server's.
 */
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, organizations, payments, users, wills } from '../../db/schema/index.ts';

const KEY = 'xsig-test-key-123';
let t: TestApp;
let billplz: Server;
let billplzUrl: string;
const received: { path: string; auth: string | undefined; form: Record<string, string> }[] = [];
let refuseNext = false;
let client: string;
let clientId: string;
let demoOrg: string;

const readBody = (req: IncomingMessage) =>
  new Promise<string>((r) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => r(s));
  });

beforeAll(async () => {
  billplz = createServer(async (req, res) => {
    const form = Object.fromEntries(new URLSearchParams(await readBody(req)));
    received.push({ path: req.url ?? '', auth: req.headers.authorization, form });
    if (req.method === 'POST' && req.url === '/api/v3/bills') {
      if (refuseNext) {
        refuseNext = false;
        res.writeHead(422, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ error: { type: 'RecordInvalid', message: ['Amount is invalid'] } }));
      }
      const id = `bill${received.length}x`;
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(
        JSON.stringify({
          id,
          collection_id: form.collection_id,
          paid: false,
          state: 'due',
          amount: Number(form.amount),
          url: `https://billplz.test/bills/${id}`,
        }),
      );
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => billplz.listen(0, '127.0.0.1', () => r()));
  billplzUrl = `http://127.0.0.1:${(billplz.address() as { port: number }).port}`;
  t = await makeTestApp({
    env: {
      PAYMENT_GATEWAY: 'billplz',
      BILLPLZ_BASE_URL: billplzUrl,
      BILLPLZ_API_KEY: 'api-key-abc',
      BILLPLZ_COLLECTION_ID: 'col_123',
      BILLPLZ_X_SIGNATURE_KEY: KEY,
      JOBS: '0',
    },
  });
  client = await t.login('client');
  [{ id: clientId }] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.username, 'client'));
  [{ id: demoOrg }] = await t.ctx.db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.code, 'DEMO'));
});
afterAll(async () => {
  await t?.close();
  billplz?.close();
});

/** Billplz's documented signing recipe, written out here on its own (not the adapter's function). */
function sign(fields: Record<string, string>, key = KEY) {
  const src = Object.keys(fields)
    .filter((k) => !k.includes('x_signature'))
    .map((k) => k.replace('[', '').replace(']', '') + fields[k])
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()))
    .join('|');
  return createHmac('sha256', key).update(src).digest('hex');
}

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
async function payGateway(wasiatId: string, redirect_url?: string) {
  return t.call('POST', '/api/payment', {
    token: client,
    body: { paymentable_type: 'Wasiat', paymentable_id: wasiatId, payment_options_id: 1, amount: 1, redirect_url },
  });
}
const callback = (fields: Record<string, string>) =>
  fetch(`${t.baseUrl}/api/payment-gateway/billplz/callback`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });
function paidCallback(billId: string, amount = '35000', paid = 'true') {
  const f: Record<string, string> = {
    id: billId,
    collection_id: 'col_123',
    paid,
    state: paid === 'true' ? 'paid' : 'due',
    amount,
    paid_amount: paid === 'true' ? amount : '0',
    due_at: '2026-11-23',
    email: 'client@example.com',
    mobile: '',
    name: 'Demo Client',
    url: `https://billplz.test/bills/${billId}`,
    paid_at: '2026-11-23 21:00:00 +0800',
  };
  return { ...f, x_signature: sign(f) };
}
function redirectQuery(billId: string, paid = 'true') {
  const f: Record<string, string> = {
    'billplz[id]': billId,
    'billplz[paid]': paid,
    'billplz[paid_at]': '2026-11-23 21:00:00 +0800',
  };
  return new URLSearchParams({ ...f, 'billplz[x_signature]': sign(f) }).toString();
}
const paymentRow = async (id: string) => (await t.ctx.db.select().from(payments).where(eq(payments.id, id)))[0];

describe('Billplz bills API (outbound)', () => {
  it('opens a bill with Basic auth, the server amount and our callback/redirect URLs; the link is the bill page', async () => {
    const w = await newWill();
    const r = await payGateway(w.id, '/wasiat/part-payment?wasiat_id=' + w.id);
    expect(r.status).toBe(200);
    const call = received.at(-1);
    expect(call?.path).toBe('/api/v3/bills');
    expect(call?.auth).toBe(`Basic ${Buffer.from('api-key-abc:').toString('base64')}`);
    expect(call?.form).toMatchObject({
      collection_id: 'col_123',
      amount: '35000',
      email: 'client@wasiat.local',
      callback_url: 'http://localhost:3000/api/payment-gateway/billplz/callback',
      redirect_url: `http://localhost:3000/api/payment-gateway/billplz/redirect/${r.body.payment.id}`,
      reference_1: r.body.payment.id,
    });
    expect(r.body.payment_link).toMatch(/^https:\/\/billplz\.test\/bills\/bill\d+x$/);
    expect(r.body.payment).toMatchObject({ status: 'pending', gateway: 'billplz', amount_sen: 35000 });
  });

  it('fails the payment and answers 422 when Billplz refuses the bill; the will can be paid again', async () => {
    const w = await newWill();
    refuseNext = true;
    const r = await payGateway(w.id);
    expect(r.status).toBe(422);
    expect(r.body.errors.payment_options_id[0]).toMatch(/not available/);
    const [p] = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, w.id));
    expect(p.status).toBe('failed');
    expect((await payGateway(w.id)).status).toBe(200);
  });

  it('refuses a redirect_url of another site (422 on redirect_url)', async () => {
    const w = await newWill();
    for (const bad of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
      const r = await payGateway(w.id, bad);
      expect(r.status, bad).toBe(422);
      expect(r.body.errors.redirect_url).toEqual(['The return address must be a page of this site.']);
    }
  });
});

describe('Billplz callback and redirect (inbound)', () => {
  it('credits once when the redirect and the callback both arrive, and returns to the client redirect_url', async () => {
    const w = await newWill();
    const r = await payGateway(w.id, '/wasiat/part-payment?wasiat_id=' + w.id);
    const pid = r.body.payment.id as string;
    const bill = (await paymentRow(pid)).gateway_bill_id as string;

    const red = await fetch(`${t.baseUrl}/api/payment-gateway/billplz/redirect/${pid}?${redirectQuery(bill)}`, {
      redirect: 'manual',
    });
    expect(red.status).toBe(303);
    expect(red.headers.get('location')).toBe(`/wasiat/part-payment?wasiat_id=${w.id}&status=1&payment_id=${pid}`);
    const cb = await callback(paidCallback(bill));
    expect(cb.status).toBe(200);
    expect(await cb.text()).toBe('OK');
    const again = await callback(paidCallback(bill)); // a repeated delivery
    expect(again.status).toBe(200);

    const p = await paymentRow(pid);
    expect(p).toMatchObject({ status: 'paid', gateway_reference: bill });
    expect(p.receipt_no).toMatch(/^R\d{4}-\d{6}$/);
    const credits = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, pid), eq(audit_events.action, 'payment.gateway_paid')));
    expect(credits).toHaveLength(1);
    expect((await t.ctx.db.select().from(wills).where(eq(wills.id, w.id)))[0].payment_received_at).not.toBeNull();
  });

  it('credits once under 6 concurrent deliveries of the same callback', async () => {
    const w = await newWill();
    const pid = (await payGateway(w.id)).body.payment.id as string;
    const bill = (await paymentRow(pid)).gateway_bill_id as string;
    const rs = await Promise.all(Array.from({ length: 6 }, () => callback(paidCallback(bill))));
    expect(rs.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const credits = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, pid), eq(audit_events.action, 'payment.gateway_paid')));
    expect(credits).toHaveLength(1);
    const receipts = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, w.id));
    expect(receipts.filter((x) => x.receipt_no)).toHaveLength(1);
  });

  it('refuses forged, tampered and transplanted signatures (403) and credits nothing', async () => {
    const w = await newWill();
    const pid = (await payGateway(w.id)).body.payment.id as string;
    const bill = (await paymentRow(pid)).gateway_bill_id as string;
    const good = paidCallback(bill);
    expect((await callback({ ...good, x_signature: sign(good, 'wrong-key') })).status).toBe(403);
    expect((await callback({ ...good, amount: '1', paid_amount: '1' })).status).toBe(403); // tampered
    const { x_signature: _drop, ...unsigned } = good;
    expect((await callback(unsigned)).status).toBe(403);
    // A genuine signature of an unpaid callback replayed with paid=true.
    const unpaid = paidCallback(bill, '35000', 'false');
    expect((await callback({ ...unpaid, paid: 'true', state: 'paid' })).status).toBe(403);
    // A forged redirect changes nothing and reports the actual state.
    const q = new URLSearchParams({
      'billplz[id]': bill,
      'billplz[paid]': 'true',
      'billplz[x_signature]': 'a'.repeat(64),
    });
    const red = await fetch(`${t.baseUrl}/api/payment-gateway/billplz/redirect/${pid}?${q}`, { redirect: 'manual' });
    expect(red.headers.get('location')).toContain('status=0');
    // Another bill's genuine redirect cannot settle this payment.
    const otherW = await newWill();
    const other = (await payGateway(otherW.id)).body.payment.id as string;
    const otherBill = (await paymentRow(other)).gateway_bill_id as string;
    const cross = await fetch(`${t.baseUrl}/api/payment-gateway/billplz/redirect/${pid}?${redirectQuery(otherBill)}`, {
      redirect: 'manual',
    });
    expect(cross.headers.get('location')).toContain('status=0');
    expect((await paymentRow(pid)).status).toBe('pending');
    expect((await paymentRow(other)).status).toBe('pending');
  });

  it('never credits an amount other than the server’s (signed but wrong amount)', async () => {
    const w = await newWill();
    const pid = (await payGateway(w.id)).body.payment.id as string;
    const bill = (await paymentRow(pid)).gateway_bill_id as string;
    const r = await callback(paidCallback(bill, '100'));
    expect(r.status).toBe(422);
    expect((await paymentRow(pid)).status).toBe('pending');
  });

  it('an unpaid redirect fails the payment (Payment of will failed); a later paid callback still credits it', async () => {
    const w = await newWill();
    const pid = (await payGateway(w.id)).body.payment.id as string;
    const bill = (await paymentRow(pid)).gateway_bill_id as string;
    const red = await fetch(
      `${t.baseUrl}/api/payment-gateway/billplz/redirect/${pid}?${redirectQuery(bill, 'false')}`,
      { redirect: 'manual' },
    );
    expect(red.headers.get('location')).toBe(`/payment-status?status=0&payment_id=${pid}&wasiat_id=${w.id}`);
    expect((await paymentRow(pid)).status).toBe('failed');
    expect((await callback(paidCallback(bill))).status).toBe(200);
    expect((await paymentRow(pid)).status).toBe('paid');
  });

  it('answers 404 for a signed callback of an unknown bill', async () => {
    expect((await callback(paidCallback('nobill'))).status).toBe(404);
  });
});

describe('pay link by WhatsApp', () => {
  it('gives staff the bill link and a wa.me link with the text', async () => {
    const w = await newWill();
    const pid = (await payGateway(w.id)).body.payment.id as string;
    const staff = await t.login('staff');
    const r = await t.call('GET', `/api/payment/${pid}/share`, { token: staff, lang: 'ms' });
    expect(r.status).toBe(200);
    expect(r.body.payment_link).toMatch(/^https:\/\/billplz\.test\/bills\//);
    expect(r.body.whatsapp_url).toMatch(/^https:\/\/wa\.me\/\d*\?text=/);
    const text = decodeURIComponent(r.body.whatsapp_url.split('?text=')[1]);
    expect(text).toContain('RM 350.00');
    expect(text).toContain(r.body.payment_link);
    expect(text).toContain('Sila bayar');
  });
});
