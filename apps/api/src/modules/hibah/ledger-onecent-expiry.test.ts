/**
 * The asset ledger under concurrency (50 parallel credits: balance == sum), the one-cent redeem code
 * (once, also when two redeem at the same time) and the 14-day draft window (reminder, expiry).
 */
import { formatKlDateTime } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { hibah_asset_transactions, hibahs } from '../../db/schema/index.ts';
import { runJob } from '../../platform/jobs/scheduler.ts';
import { decodeMail } from '../amendments/hibah-test-fixtures.ts';
import { newClient, ok } from '../wills/test-fixtures.ts';
import { readyHibah } from './test-fixtures.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['staff', 'agent']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

describe('asset transactions of an estate trust', () => {
  it('50 parallel credits lose nothing: the current total equals the sum, each balance chains to the next', async () => {
    const c = await newClient(t);
    const h = (await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 14 } }), 201))
      .hibah;
    const amounts = Array.from({ length: 50 }, (_, i) => 100 + i * 7);
    const rs = await Promise.all(
      amounts.map((a) =>
        t.call('POST', `/api/hibah/${h.id}/product-transaction`, {
          token: c.token,
          body: { type: 'credit', amount_sen: a, description: `Deposit ${a}` },
        }),
      ),
    );
    expect(rs.map((r) => r.status)).toEqual(amounts.map(() => 201));
    const sum = amounts.reduce((x, y) => x + y, 0);
    const list = await t.call('GET', `/api/hibah/${h.id}/product-transaction`, { token: c.token });
    expect(list.body.current_total_sen).toBe(sum);
    const rows = list.body.product_transactions.data;
    expect(rows).toHaveLength(50);
    let balance = 0;
    rows.forEach((r: any, i: number) => {
      expect(r.seq).toBe(i + 1);
      expect(r.balance_before_sen).toBe(balance);
      balance += r.amount_sen;
      expect(r.balance_after_sen).toBe(balance);
    });
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.current_total_sen).toBe(sum);

    // Debits: not beyond the balance; the client's type codes 1 (debit) / 2 (credit) are accepted.
    const over = await t.call('POST', `/api/hibah/${h.id}/product-transaction`, {
      token: c.token,
      body: { type: 1, amount_sen: sum + 1 },
      lang: 'en',
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.amount_sen).toEqual(['The balance is not enough for this debit.']);
    const debit = await t.call('POST', `/api/hibah/${h.id}/product-transaction`, {
      token: c.token,
      body: { type: 1, amount_sen: 500 },
    });
    expect(debit.status).toBe(201);
    expect(debit.body.product_transaction).toMatchObject({
      type: 'debit',
      amount_sen: 500,
      balance_before_sen: sum,
      balance_after_sen: sum - 500,
    });
    expect(debit.body.current_total_sen).toBe(sum - 500);
    expect(
      (
        await t.call('POST', `/api/hibah/${h.id}/product-transaction`, {
          token: c.token,
          body: { type: 'credit', amount_sen: 0 },
        })
      ).status,
    ).toBe(422);

    // The database refuses a row whose balance does not follow from its amount.
    await expect(
      t.ctx.db.insert(hibah_asset_transactions).values({
        hibah_id: h.id,
        seq: 999,
        type: 'credit',
        amount_sen: 100,
        balance_before_sen: 0,
        balance_after_sen: 5000,
      }),
    ).rejects.toThrow();
    // Someone else's hibah: 404; a property hibah has no ledger: 422.
    const other = await newClient(t);
    expect(
      (
        await t.call('POST', `/api/hibah/${h.id}/product-transaction`, {
          token: other.token,
          body: { type: 'credit', amount_sen: 1 },
        })
      ).status,
    ).toBe(404);
    const p = (await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 9 } }), 201))
      .hibah;
    expect(
      (
        await t.call('POST', `/api/hibah/${p.id}/product-transaction`, {
          token: c.token,
          body: { type: 'credit', amount_sen: 1 },
        })
      ).status,
    ).toBe(422);
  });
});

describe('one-cent trust', () => {
  it('staff generate codes; a code is redeemed once, even by two at the same time; a redemption makes the one-cent hibah', async () => {
    expect(
      (await t.call('POST', '/api/one-cent/hibah-coupon', { token: tokens.agent, body: { count: 1 } })).status,
    ).toBe(403);
    const gen = await t.call('POST', '/api/one-cent/hibah-coupon', {
      token: tokens.staff,
      body: { count: 2, amount_sen: 1 },
    });
    expect(gen.status).toBe(201);
    const [code1, code2] = gen.body.coupons.map((x: any) => x.code);
    const a = await newClient(t);
    const b = await newClient(t);
    const rs = await Promise.all(
      [a, b].map((c) =>
        t.call('POST', `/api/one-cent/hibah-coupon/${code1}/redeem`, { token: c.token, body: {}, lang: 'en' }),
      ),
    );
    expect(rs.map((r) => r.status).sort()).toEqual([200, 422]);
    const winner = rs.find((r) => r.status === 200) as (typeof rs)[number];
    const loser = rs.find((r) => r.status === 422) as (typeof rs)[number];
    expect(loser.body.errors.code).toEqual(['This code has already been redeemed.']);
    expect(winner.body.hibah).toMatchObject({
      hibah_type: 12,
      status: 0,
      price_sen: 1,
      one_cent_maximum_moveable_property: 1,
    });
    expect(winner.body.hibah.payment_received_at).toBeTruthy();
    expect(
      (await t.call('POST', '/api/one-cent/hibah-coupon/NOPE123/redeem', { token: a.token, body: {} })).status,
    ).toBe(422);

    const who = rs[0].status === 200 ? a : b;
    const id = winner.body.hibah.id;
    const wallet = { one_cent_username: 'ali01', one_cent_wallet_name: 'Dompet Ali' };
    const w1 = await t.call('POST', `/api/hibah/${id}/moveable-property`, { token: who.token, body: wallet });
    expect(w1.status).toBe(201);
    expect(w1.body.moveable_property).toMatchObject({ property_type: 'savings', one_cent_username: 'ali01' });
    const w2 = await t.call('POST', `/api/hibah/${id}/moveable-property`, {
      token: who.token,
      body: wallet,
      lang: 'en',
    });
    expect(w2.status).toBe(422);
    expect(w2.body.errors._).toEqual(['Redeem another code to add more accounts.']);
    const more = await t.call('POST', `/api/one-cent/hibah-coupon/${code2}/redeem`, { token: who.token, body: {} });
    expect(more.body.hibah).toMatchObject({ id, one_cent_maximum_moveable_property: 2, price_sen: 2 });
    expect(
      (await t.call('POST', `/api/hibah/${id}/moveable-property`, { token: who.token, body: wallet })).status,
    ).toBe(201);
    // One-cent hibahs are not created by POST /hibah.
    expect(
      (await t.call('POST', '/api/hibah', { token: who.token, body: { user_id: who.id, hibah_type: 12 } })).status,
    ).toBe(422);
  });
});

describe('the 14-day draft confirmation', () => {
  it('reminds once 3 days before, then sends an unaccepted draft back to the grantor; accepting late is refused', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, tokens.staff);
    await ok(
      t.call('POST', `/api/hibah/${h.id}`, {
        token: c.token,
        body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    const approved = await ok(t.call('POST', `/api/hibah/${h.id}`, { token: tokens.staff, body: { status: 3 } }));
    const sent = new Date(approved.hibah.draft_sent_at).getTime();
    const day = 24 * 3600 * 1000;

    const early = await runJob(t.ctx, 'hibah.draft-expiry', new Date(sent + 5 * day));
    expect(early).toEqual({ expired: 0, reminded: 0 });
    const n = t.mails.length;
    const remind = await runJob(t.ctx, 'hibah.draft-expiry', new Date(sent + 12 * day));
    expect(remind).toMatchObject({ reminded: 1 });
    expect((await runJob(t.ctx, 'hibah.draft-expiry', new Date(sent + 12 * day + 3600_000))).reminded).toBe(0);
    // The reminder, not another mail to the grantor (the receipt of the payment above may arrive meanwhile).
    const reminder = () =>
      t.mails
        .slice(n)
        .find((m) => m.to.includes(`c${c.ic}@example.com`) && /Sila terima sebelum/.test(decodeMail(m.raw)));
    for (let i = 0; i < 100 && !reminder(); i++) await new Promise((res) => setTimeout(res, 20));
    expect(reminder()).toBeDefined();
    // The deadline in each language's own month names, Kuala Lumpur time (issue 38 item 11.6).
    const [drafted] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    const mail = decodeMail(reminder()?.raw ?? '');
    const [msPart, enPart] = mail.split(/\r?\n---\r?\n/);
    expect(msPart).toContain(`Sila terima sebelum ${formatKlDateTime(drafted.draft_expires_at, 'ms')}`);
    expect(enPart).toContain(formatKlDateTime(drafted.draft_expires_at, 'en'));

    const before = await runJob(t.ctx, 'hibah.draft-expiry', new Date(sent + 14 * day - 60_000));
    expect(before.expired).toBe(0);
    const after = await runJob(t.ctx, 'hibah.draft-expiry', new Date(sent + 14 * day + 60_000));
    expect(after.expired).toBe(1);
    expect((await runJob(t.ctx, 'hibah.draft-expiry', new Date(sent + 15 * day))).expired).toBe(0);
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.status).toBe(1);
    expect(row.draft_expired_at).not.toBeNull();
    const late = await t.call('POST', `/api/hibah/${h.id}`, {
      token: c.token,
      body: { status: 3, is_draft_accepted: 1 },
    });
    expect(late.status).toBe(422);
  });

  it('accepting after the window but before the job ran is refused with hibah.draft_expired', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, tokens.staff);
    await ok(
      t.call('POST', `/api/hibah/${h.id}`, {
        token: c.token,
        body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: tokens.staff, body: { status: 3 } }));
    await t.ctx.db
      .update(hibahs)
      .set({ draft_expires_at: new Date(Date.now() - 1000) })
      .where(eq(hibahs.id, h.id));
    const r = await t.call('POST', `/api/hibah/${h.id}`, {
      token: c.token,
      body: { status: 3, is_draft_accepted: 1 },
      lang: 'en',
    });
    expect(r.status).toBe(422);
    expect(r.body.errors._).toEqual(['The 14 days to accept the draft have passed.']);
  });
});
