/**
 * The amendment's price (issue 37 item 4; ADR 0253), worked with basic RM 300, comprehensive RM 500 and an
 * amendment price of RM 80: a same-type amendment costs 8000 sen; one that makes the basic will comprehensive
 * costs 8000 + 20000 sen, the difference charged before it can be submitted (422 on `payment` otherwise); a
 * free amendment is settled when applied and submitted without a payment.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { countStatements } from '../../../test/statements.ts';
import { amendments, payments, pricings, wills } from '../../db/schema/index.ts';
import { ok } from '../wills/test-fixtures.ts';
import { chargeOf, chargesOf } from './price.ts';
import { draftWitness, passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(async () => {
  await t.close();
});

/** The will's price row is basic RM 300; its organisation's comprehensive price is RM 500. */
async function pricedWill(amendmentSen: number) {
  const { c, id } = await registeredWill(t, staff, amendmentSen);
  const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
  expect(w.plan).toBe('basic');
  await t.ctx.db
    .update(pricings)
    .set({ price_sen: 30000 })
    .where(eq(pricings.id, w.pricing_id as string));
  const org = w.organization_id as string;
  const comp = and(
    eq(pricings.organization_id, org),
    eq(pricings.product, 'Wasiat'),
    eq(pricings.plan, 'comprehensive'),
  );
  const rows = await t.ctx.db.select().from(pricings).where(comp);
  if (rows.length) await t.ctx.db.update(pricings).set({ price_sen: 50000 }).where(comp);
  else {
    await t.ctx.db.insert(pricings).values({
      organization_id: org,
      product: 'Wasiat',
      plan: 'comprehensive',
      price_sen: 50000,
      effective_from: new Date(Date.now() - 86400000),
    });
  }
  return { c, id };
}

const apply = async (token: string, willId: string) =>
  (
    await ok(
      t.call('POST', '/api/amendment', {
        token,
        body: { amendmentable_type: 'Wasiat', amendmentable_id: willId, notes: null, status: 0 },
      }),
      201,
    )
  ).amendment;
const read = async (token: string, id: string) =>
  (await ok(t.call('GET', `/api/amendment/${id}`, { token }))).amendment;

/** Pay what is due through the sandbox gateway; returns the amount charged (sen). */
async function pay(token: string, id: string) {
  const r = await ok(
    t.call('POST', '/api/payment', {
      token,
      body: { paymentable_type: 'Amendment', paymentable_id: id, payment_options_id: 1 },
    }),
  );
  const back = await fetch(`${t.baseUrl}${r.payment_link}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approve',
  });
  expect(back.status).toBe(303);
  return r.payment.amount_sen as number;
}

/** Witnesses, eKYC and OTP of a submission, then the submission (returns the raw reply). */
async function submit(c: { id: string; token: string }, willId: string, id: string, body: object = {}) {
  await ok(
    t.call('PATCH', `/api/amendment/${id}/draft`, {
      token: c.token,
      body: {
        witnesses: [draftWitness('Saksi Satu', 's1@example.com'), draftWitness('Saksi Dua', 's2@example.com')],
        ...body,
      },
    }),
  );
  await passAmendmentEkyc(t, id);
  await verifiedAmendmentOtp(t, c.id, willId);
  return t.call('POST', `/api/amendment/${id}`, {
    token: c.token,
    lang: 'ms',
    body: { _method: 'PATCH', status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
  });
}

describe('amendment price (ADR 0253)', () => {
  it('same type: 8000 sen, paid before the wizard, then submitted', async () => {
    const { c, id } = await pricedWill(8000);
    const a = await apply(c.token, id);
    expect(a.price_sen).toBe(8000);
    expect(a.paid).toBe(0);
    expect(a.due_sen).toBe(8000);
    expect(await pay(c.token, a.id)).toBe(8000);
    expect((await read(c.token, a.id)).paid).toBe(1);
    const r = await submit(c, id, a.id);
    expect(r.status).toBe(200);
  });

  it('basic → comprehensive: 8000 + 20000 sen; the difference unpaid → 422 on payment, translated', async () => {
    const { c, id } = await pricedWill(8000);
    const a = await apply(c.token, id);
    expect(await pay(c.token, a.id)).toBe(8000);
    const refused = await submit(c, id, a.id, {
      receivers: [{ name: 'Ali bin Ahmad', relationship: 'son' }],
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.payment).toEqual([
      'Bayaran pertukaran jenis wasiat (asas kepada komprehensif) belum dibuat.',
    ]);
    expect((await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id)))[0].status).toBe(0);
    const now = await read(c.token, a.id);
    // Its own price is settled, so the draft stays open to changes; the difference is what is still due.
    expect(now.paid).toBe(1);
    expect(now.due_sen).toBe(20000);
    expect(await pay(c.token, a.id)).toBe(20000);
    const paid = await t.ctx.db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentable_type, 'Amendment'), eq(payments.paymentable_id, a.id)));
    expect(paid.filter((p) => p.status === 'paid').reduce((s, p) => s + p.amount_sen, 0)).toBe(28000);
    const r = await submit(c, id, a.id);
    expect(r.status).toBe(200);
  });

  it('a free amendment is settled when applied and submitted without a payment', async () => {
    const { c, id } = await pricedWill(0);
    const a = await apply(c.token, id);
    expect(a.price_sen).toBe(0);
    expect(a.paid).toBe(1);
    expect(a.due_sen).toBe(0);
    const r = await submit(c, id, a.id);
    expect(r.status).toBe(200);
    const rows = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, a.id));
    expect(rows).toEqual([]);
  });

  it('a list’s charges are the single charges, with the payments of every row read in one query (issue 42)', async () => {
    // Three drafting amendments: unpaid, paid, and one whose draft makes the basic will comprehensive.
    const rows = [];
    for (const [i, amount] of [8000, 8000, 8000].entries()) {
      const { c, id } = await pricedWill(amount);
      const a = await apply(c.token, id);
      if (i === 1) await pay(c.token, a.id);
      if (i === 2) {
        await t.ctx.db
          .update(amendments)
          .set({ draft: { receivers: [{ name: 'Ali bin Ahmad', relationship: 'son' }] } })
          .where(eq(amendments.id, a.id));
      }
      rows.push((await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id)))[0]);
    }
    const all = await chargesOf(t.ctx.db, rows);
    expect([...all.values()].map((c) => c.dueSen)).toEqual([8000, 0, 28000]);
    for (const a of rows) expect(all.get(a.id)).toEqual(await chargeOf(t.ctx.db, a));
    // The payments of every row in one statement; a draft that changes no type costs no other statement (the will,
    // its content and the prices are read only for the one that does).
    const counter = countStatements(t.ctx.db);
    await chargesOf(t.ctx.db, rows.slice(0, 2));
    counter.stop();
    expect(counter.count).toBe(1);
    expect(counter.texts[0]).toMatch(/from "payments"/i);
  });
});
