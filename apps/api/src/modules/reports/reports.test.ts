/**
 * Reports over HTTP on a real database (issue 8). A data set of wills and payments across two
 * organisations is inserted directly with drizzle; every figure is checked against an independent
 * recount over the raw rows in this file (Kuala Lumpur months computed here by shifting UTC by +8 h),
 * including a will created at 2026-10-31T16:30Z = 1 Nov 00:30 in Kuala Lumpur.
 */

import { formatKlDateTime, PAYMENT_TYPES } from '@wasiat/domain';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { branches, hibahs, organizations, payments, users, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import type { ReportQuery } from './filters.ts';
import { detailRows } from './queries.ts';
import { type DetailKind, detailBatches, detailSort, detailWhere, reportRange } from './service.ts';

let t: TestApp;
let tokens: Record<string, string>;
let demoOrg: string;
let otherOrg: string;
type W = typeof wills.$inferSelect;
let all: W[] = [];
let pays: (typeof payments.$inferSelect)[] = [];
type H = typeof hibahs.$inferSelect;
let allHibahs: H[] = [];
/** Ids of the demo users by username. */
let tokensUser: Record<string, string> = {};

/** Local (Kuala Lumpur) 'YYYY-MM-DD' of a UTC instant. */
const kl = (d: Date) => new Date(d.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
const paidSen = (w: W) => (w.payment_received_at ? (w.price_sen ?? 0) - w.discount_sen : 0);
const STATUS = ['new', 'in_process', 'approved', 'cancelled'] as const;

function recount(list: W[]) {
  const c = { total: 0, new: 0, in_process: 0, approved: 0, cancelled: 0, paid: 0, amount_sen: 0 };
  for (const w of list) {
    c.total++;
    c[STATUS[w.status]]++;
    if (w.payment_received_at) c.paid++;
    c.amount_sen += paidSen(w);
  }
  return c;
}
const inMonth = (ym: string) => (w: { created_at: Date }) => kl(w.created_at).startsWith(ym);

const hibahPaidSen = (h: H) => (h.payment_received_at ? (h.price_sen ?? 0) - h.discount_sen : 0);
const HIBAH_KEYS = [
  'placeholder',
  'new',
  'grantor_review',
  'awaiting_verification',
  'draft',
  'awaiting_witnesses',
  'registered',
] as const;
/** Brute-force recount of hibahs: by status (-1…5), paid, collected sen. */
function recountHibahs(list: H[]) {
  const c: Record<string, number> = { total: 0, paid: 0, amount_sen: 0 };
  for (const k of HIBAH_KEYS) c[k] = 0;
  for (const h of list) {
    c.total++;
    c[HIBAH_KEYS[h.status + 1]]++;
    if (h.payment_received_at) c.paid++;
    c.amount_sen += hibahPaidSen(h);
  }
  return c;
}
const sums = (list: H[]) => {
  const c = recountHibahs(list);
  return { total: c.total, paid: c.paid, amount_sen: c.amount_sen };
};

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  const u = Object.fromEntries((await db.select().from(users)).map((x) => [x.username, x.id]));
  [{ id: demoOrg }] = await db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
  const [other] = await db
    .insert(organizations)
    .values({ type: 'private', name: 'Koperasi Lain Berhad', code: 'OTHER' })
    .returning();
  otherOrg = other.id;
  const [demoKl] = await db.select().from(branches).where(eq(branches.organization_id, demoOrg));
  const [demoPg] = await db
    .insert(branches)
    .values({ organization_id: demoOrg, branch_name: 'Cawangan Pulau Pinang', code: 'PG' })
    .returning();
  const [otherHq] = await db
    .insert(branches)
    .values({ organization_id: otherOrg, branch_name: 'Ibu Pejabat Lain', code: 'HQ' })
    .returning();
  const orgBranches = [
    [demoOrg, demoKl.id],
    [demoOrg, demoPg.id],
    [otherOrg, otherHq.id],
  ] as const;
  const values: (typeof wills.$inferInsert)[] = [];
  for (let i = 0; i < 60; i++) {
    const [org, branch] = orgBranches[i % 3];
    // 25 Sep .. 29 Dec 2026, one every ~37 hours
    const created = new Date(Date.UTC(2026, 8, 25) + i * 37 * 3600_000 + (i % 7) * 60_000);
    const status = (i * 7) % 4;
    const paid = i % 3 !== 1;
    values.push({
      user_id: u.client,
      created_by: u.agent,
      agent_id: i % 2 ? u.agent : null,
      organization_id: org,
      branch_id: branch,
      plan: i % 5 < 2 ? 'comprehensive' : 'basic',
      status,
      price_sen: i % 5 < 2 ? 60000 : 35000,
      discount_sen: i % 4 === 0 ? 5000 : 0,
      payment_options_id: (i % 4) + 1,
      payment_received_at: paid ? new Date(created.getTime() + 3600_000) : null,
      registered_at: status === 2 ? new Date(created.getTime() + 2 * 86400_000) : null,
      created_at: created,
    });
  }
  // The Kuala Lumpur month boundary: 1 Nov 00:30 local (Nov) and 31 Oct 23:59 local (Oct).
  values.push(
    {
      user_id: u.client,
      created_by: u.client,
      organization_id: demoOrg,
      branch_id: demoKl.id,
      plan: 'basic',
      status: 2,
      price_sen: 35000,
      payment_options_id: 1,
      payment_received_at: new Date('2026-10-31T16:35:00Z'),
      registered_at: new Date('2026-10-31T17:00:00Z'),
      created_at: new Date('2026-10-31T16:30:00Z'),
    },
    {
      user_id: u.client,
      created_by: u.client,
      organization_id: demoOrg,
      branch_id: demoKl.id,
      plan: 'comprehensive',
      status: 1,
      price_sen: 60000,
      payment_options_id: 4,
      created_at: new Date('2026-10-31T15:59:00Z'),
    },
    // soft-deleted: never counted
    {
      user_id: u.client,
      created_by: u.client,
      organization_id: demoOrg,
      branch_id: demoKl.id,
      plan: 'basic',
      status: 2,
      price_sen: 35000,
      payment_received_at: new Date('2026-11-05T00:00:00Z'),
      created_at: new Date('2026-11-05T00:00:00Z'),
      deleted_at: new Date('2026-11-06T00:00:00Z'),
    },
  );
  const inserted = await db.insert(wills).values(values).returning();
  all = inserted.filter((w) => !w.deleted_at);
  const payValues = inserted
    .filter((w) => w.payment_received_at)
    .map((w, i) => ({
      paymentable_type: 'Wasiat',
      paymentable_id: w.id,
      payment_options_id: w.payment_options_id ?? 1,
      amount_sen: paidSen(w),
      status: 'paid',
      paid_at: w.payment_received_at,
      receipt_no: `R-TEST-${i}`,
    }));
  // a failed payment is not a transaction
  payValues.push({ ...payValues[0], status: 'failed', receipt_no: 'R-TEST-FAILED' });
  pays = (await db.insert(payments).values(payValues).returning()).filter(
    (p) => p.status === 'paid' && !inserted.find((w) => w.id === p.paymentable_id)?.deleted_at,
  );
  // Hibahs and trusts (ADR 0063): 42 across the two organisations, every status (-1…5) and several
  // products, one at 1 Nov 00:30 local time, one soft-deleted; their paid payments are transactions too.
  const types = [3, 7, 12, 14, 5, 1];
  const hibahValues: (typeof hibahs.$inferInsert)[] = [];
  for (let i = 0; i < 40; i++) {
    const [org, branch] = orgBranches[(i + 1) % 3];
    const created = new Date(Date.UTC(2026, 9, 2) + i * 41 * 3600_000 + (i % 5) * 60_000);
    const type = types[i % types.length];
    const paid = i % 4 !== 3;
    hibahValues.push({
      hibah_type: type,
      user_id: i % 3 === 0 ? u.client : u.agent,
      created_by: u.agent,
      agent_id: i % 2 ? u.agent : null,
      organization_id: org,
      branch_id: branch,
      status: (i % 7) - 1,
      price_sen: type === 12 ? 1 : 50000 + (i % 3) * 10000,
      discount_sen: i % 6 === 0 && type !== 12 ? 2500 : 0,
      payment_options_id: (i % 3) + 1,
      payment_received_at: paid ? new Date(created.getTime() + 7200_000) : null,
      created_at: created,
    });
  }
  hibahValues.push(
    {
      hibah_type: 14,
      user_id: u.client,
      created_by: u.client,
      organization_id: demoOrg,
      branch_id: demoKl.id,
      status: 5,
      price_sen: 80000,
      payment_options_id: 1,
      payment_received_at: new Date('2026-10-31T16:40:00Z'),
      created_at: new Date('2026-10-31T16:30:00Z'),
    },
    {
      hibah_type: 3,
      user_id: u.client,
      created_by: u.client,
      organization_id: demoOrg,
      branch_id: demoKl.id,
      status: 2,
      price_sen: 50000,
      payment_received_at: new Date('2026-11-04T00:00:00Z'),
      created_at: new Date('2026-11-04T00:00:00Z'),
      deleted_at: new Date('2026-11-05T00:00:00Z'),
    },
  );
  const hibahRows = await db.insert(hibahs).values(hibahValues).returning();
  allHibahs = hibahRows.filter((h) => !h.deleted_at);
  const hibahPays = await db
    .insert(payments)
    .values(
      hibahRows
        .filter((h) => h.payment_received_at)
        .map((h, i) => ({
          paymentable_type: 'Hibah',
          paymentable_id: h.id,
          payment_options_id: h.payment_options_id ?? 1,
          amount_sen: hibahPaidSen(h),
          status: 'paid',
          paid_at: h.payment_received_at,
          receipt_no: `R-HIBAH-${i}`,
        })),
    )
    .returning();
  pays.push(...hibahPays.filter((p) => !hibahRows.find((h) => h.id === p.paymentable_id)?.deleted_at));
  tokensUser = u;
  tokens = {};
  for (const name of ['staff', 'partner', 'client', 'agent', 'accountant']) tokens[name] = await t.login(name);
});
afterAll(async () => {
  await t?.close();
});

const get = (path: string, token = tokens.staff) => t.call('GET', `/api/reports/${path}`, { token });

describe('summary reports against a recount of the raw rows', () => {
  it('monthly: counts by status and amounts for a Kuala Lumpur month, day by day', async () => {
    for (const ym of ['2026-10', '2026-11']) {
      const r = await get(`monthly?period=${ym}`);
      expect(r.status).toBe(200);
      const mine = all.filter(inMonth(ym));
      expect(r.body.totals).toEqual(recount(mine));
      expect(r.body.rows.length).toBe(ym === '2026-10' ? 31 : 30);
      for (const row of r.body.rows)
        expect(row).toMatchObject(recount(mine.filter((w) => kl(w.created_at) === row.key)));
      expect(r.body.period.start).toBe(ym === '2026-10' ? '2026-09-30T16:00:00.000Z' : '2026-10-31T16:00:00.000Z');
    }
  });

  it('puts the will of 1 Nov 00:30 local time in November, not October', async () => {
    const nov1 = (await get('monthly?period=2026-11')).body.rows.find((x: { key: string }) => x.key === '2026-11-01');
    expect(nov1.total).toBeGreaterThanOrEqual(1);
    expect(nov1).toMatchObject(recount(all.filter((w) => kl(w.created_at) === '2026-11-01')));
    const oct31 = (await get('daily?start_date=2026-10-31&end_date=2026-10-31')).body;
    expect(oct31.totals.total).toBe(all.filter((w) => kl(w.created_at) === '2026-10-31').length);
    expect(oct31.rows.map((x: { start: string }) => x.start)).toEqual(['2026-10-30T16:00:00.000Z']);
  });

  it('yearly: month by month, by plan, by payment mode and by branch', async () => {
    const r = (await get('yearly?period=2026')).body;
    expect(r.unit).toBe('month');
    expect(r.rows).toHaveLength(12);
    expect(r.totals).toEqual(recount(all));
    for (const row of r.rows) expect(row).toMatchObject(recount(all.filter(inMonth(row.key.slice(0, 7)))));
    for (const p of r.by_plan) {
      const c = recount(all.filter((w) => w.plan === p.plan));
      expect(p).toMatchObject({ total: c.total, paid: c.paid, amount_sen: c.amount_sen });
    }
    for (const p of r.by_payment_option) {
      const c = recount(all.filter((w) => w.payment_options_id === p.payment_options_id));
      expect(p).toMatchObject({ total: c.total, paid: c.paid, amount_sen: c.amount_sen });
    }
    expect(r.by_branch).toHaveLength(3);
    for (const b of r.by_branch) {
      const c = recount(all.filter((w) => w.branch_id === b.branch_id));
      expect(b).toMatchObject({ total: c.total, amount_sen: c.amount_sen });
      expect(b.branch_name).toBeTruthy();
    }
  });

  it('applies the filters (organisation, branch, agent, product, payment mode)', async () => {
    const branch = all[1].branch_id as string;
    const agent = all.find((w) => w.agent_id)?.agent_id as string;
    const r = (
      await get(
        `yearly?period=2026&organization_id=${demoOrg}&branch_id=${branch}&agent_id=${agent}&product=basic&payment_options_id=2`,
      )
    ).body;
    const expected = all.filter(
      (w) =>
        w.organization_id === demoOrg &&
        w.branch_id === branch &&
        w.agent_id === agent &&
        w.plan === 'basic' &&
        w.payment_options_id === 2,
    );
    expect(r.totals).toEqual(recount(expected));
  });

  it('graph: by day for a month, with the same breakdowns', async () => {
    const r = (await get('graph?period=2026-11')).body;
    expect(r.unit).toBe('day');
    expect(r.totals).toEqual(recount(all.filter(inMonth('2026-11'))));
    const y = (await get('graph?period=2026')).body;
    expect(y.unit).toBe('month');
  });

  it('refuses a reversed range and an invalid period (422)', async () => {
    expect((await get('daily?start_date=2026-11-05&end_date=2026-11-01')).status).toBe(422);
    expect((await get('monthly?period=2026-13')).status).toBe(422);
  });
});

describe('hibah and trust figures against a recount of the raw rows (ADR 0063)', () => {
  const byKey = <T>(list: T[], key: (x: T) => unknown) => {
    const m = new Map<string, T[]>();
    for (const x of list) m.set(String(key(x)), [...(m.get(String(key(x))) ?? []), x]);
    return m;
  };
  /** The hibah part of a summary equals the recount of `list`, per bucket and per breakdown. */
  function expectHibahs(body: Record<string, any>, list: H[], bucketOf: (h: H) => string) {
    expect(body.hibah.totals).toEqual(recountHibahs(list));
    const buckets = byKey(list, bucketOf);
    for (const row of body.hibah.rows) expect(row, row.key).toMatchObject(sums(buckets.get(row.key) ?? []));
    expect(body.hibah.rows.reduce((n: number, r: { total: number }) => n + r.total, 0)).toBe(list.length);
    const types = byKey(list, (h) => h.hibah_type);
    expect(body.hibah.by_type).toHaveLength(types.size);
    for (const x of body.hibah.by_type)
      expect(x).toEqual({ hibah_type: x.hibah_type, ...sums(types.get(String(x.hibah_type)) ?? []) });
    const options = byKey(list, (h) => h.payment_options_id);
    expect(body.hibah.by_payment_option).toHaveLength(options.size);
    for (const x of body.hibah.by_payment_option)
      expect(x).toMatchObject(sums(options.get(String(x.payment_options_id)) ?? []));
    const branchesOf = byKey(list, (h) => h.branch_id);
    expect(body.hibah.by_branch).toHaveLength(branchesOf.size);
    for (const x of body.hibah.by_branch) {
      expect(x).toMatchObject(sums(branchesOf.get(String(x.branch_id)) ?? []));
      expect(x.branch_name).toBeTruthy();
    }
  }

  it('yearly, monthly and all time: by status, product, payment mode, branch and period', async () => {
    expect(new Set(allHibahs.map((h) => h.status)).size).toBe(7);
    const month = (h: H) => `${kl(h.created_at).slice(0, 7)}-01`;
    expectHibahs((await get('yearly?period=2026')).body, allHibahs, month);
    const nov = allHibahs.filter(inMonth('2026-11'));
    expectHibahs((await get('monthly?period=2026-11')).body, nov, (h) => kl(h.created_at));
    // a partial range is read from the raw rows: the same figures
    const range = allHibahs.filter((h) => kl(h.created_at) >= '2026-10-15' && kl(h.created_at) <= '2026-11-20');
    expectHibahs((await get('graph?start_date=2026-10-15&end_date=2026-11-20')).body, range, (h) => kl(h.created_at));
    const ever = (await get('yearly?period=all')).body;
    expectHibahs(ever, allHibahs, (h) => `${kl(h.created_at).slice(0, 4)}-01-01`);
    expectHibahs((await get('daily?period=all')).body, allHibahs, (h) => kl(h.created_at));
  });

  it('puts the hibah of 1 Nov 00:30 local time in November', async () => {
    const r = (await get('monthly?period=2026-11')).body;
    const nov1 = r.hibah.rows.find((x: { key: string }) => x.key === '2026-11-01');
    expect(nov1.total).toBeGreaterThanOrEqual(1);
    expect(nov1).toMatchObject(sums(allHibahs.filter((h) => kl(h.created_at) === '2026-11-01')));
  });

  it('filters: organisation, branch, agent, payment mode, product and status; will-only filters leave no hibah', async () => {
    const h0 = allHibahs.find((h) => h.agent_id) as H;
    const q = `yearly?period=2026&organization_id=${h0.organization_id}&branch_id=${h0.branch_id}&agent_id=${h0.agent_id}&payment_options_id=${h0.payment_options_id}`;
    const r = (await get(q)).body;
    const expected = allHibahs.filter(
      (h) =>
        h.branch_id === h0.branch_id && h.agent_id === h0.agent_id && h.payment_options_id === h0.payment_options_id,
    );
    expect(expected.length).toBeLessThan(allHibahs.length);
    expect(r.hibah.totals).toEqual(recountHibahs(expected));
    expect(r.hibah.totals.total).toBeGreaterThan(0);
    const estate = (await get('yearly?period=2026&hibah_type=14')).body;
    expect(estate.hibah.totals).toEqual(recountHibahs(allHibahs.filter((h) => h.hibah_type === 14)));
    expect(estate.totals.total).toBe(0); // no will is an estate trust
    const draft = (await get('yearly?period=all&hibah_status=3')).body;
    expect(draft.hibah.totals).toEqual(recountHibahs(allHibahs.filter((h) => h.status === 3)));
    const basic = (await get('yearly?period=2026&product=basic')).body;
    expect(basic.hibah.totals.total).toBe(0);
    expect(basic.totals.total).toBe(all.filter((w) => w.plan === 'basic').length);
    expect((await get('yearly?period=2026&hibah_type=99')).status).toBe(422);
  });

  it('a Partner sees only the hibahs of their organisation', async () => {
    const demo = allHibahs.filter((h) => h.organization_id === demoOrg);
    expect(demo.length).toBeLessThan(allHibahs.length);
    for (const period of ['2026', 'all']) {
      const r = (await get(`yearly?period=${period}`, tokens.partner)).body;
      expect(r.hibah.totals, period).toEqual(recountHibahs(demo));
    }
    const d = (await get('daily?period=all', tokens.partner)).body;
    expect(d.hibah.totals).toEqual(recountHibahs(demo));
    const other = (await get(`yearly?period=2026&organization_id=${otherOrg}`, tokens.partner)).body;
    expect(other.hibah.totals.total).toBe(0);
  });

  it('the dashboard counts the hibahs each role may see', async () => {
    const thisMonth = kl(new Date()).slice(0, 7);
    const cases: [string, H[]][] = [
      ['staff', allHibahs],
      ['partner', allHibahs.filter((h) => h.organization_id === demoOrg)],
      ['agent', allHibahs.filter((h) => h.agent_id === tokensUser.agent || h.user_id === tokensUser.agent)],
      ['client', allHibahs.filter((h) => h.user_id === tokensUser.client)],
    ];
    for (const [who, mine] of cases) {
      const r = await t.call('GET', '/api/dashboard/summary', { token: tokens[who] });
      expect(r.body.summary.hibah.totals, who).toEqual(recountHibahs(mine));
      expect(r.body.summary.hibah.this_month, who).toMatchObject(recountHibahs(mine.filter(inMonth(thisMonth))));
    }
  });
});

describe('detailed, approved and financing lists', () => {
  it('detailed: Laravel pagination, totals over the whole period, sortable', async () => {
    const nov = all.filter(inMonth('2026-11'));
    const r = (await get('detailed?date=2026-11&limit=5&page=2&sort=price_sen&order=asc')).body;
    expect(r.rows).toMatchObject({
      current_page: 2,
      per_page: 5,
      total: nov.length,
      last_page: Math.ceil(nov.length / 5),
    });
    expect(r.rows.data).toHaveLength(5);
    const prices = r.rows.data.map((x: { price_sen: number }) => x.price_sen);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    expect(r.totals).toEqual({
      count: nov.length,
      paid: nov.filter((w) => w.payment_received_at).length,
      price_sen: nov.reduce((s, w) => s + (w.price_sen ?? 0), 0),
      discount_sen: nov.reduce((s, w) => s + w.discount_sen, 0),
      paid_sen: nov.reduce((s, w) => s + paidSen(w), 0),
    });
    expect(r.rows.data[0].created_at).toMatch(/Z$/);
    const yearly = (await get('detailed?date=2026&limit=1000')).body;
    expect(yearly.rows.total).toBe(all.length);
  });

  it('approved-monthly: wills approved (status 2) in the month, by approval time', async () => {
    const expected = all.filter((w) => w.status === 2 && w.registered_at && kl(w.registered_at).startsWith('2026-11'));
    const r = (await get('approved-monthly?period=2026-11&limit=100')).body;
    expect(r.rows.total).toBe(expected.length);
    expect(r.rows.data.map((x: { id: string }) => x.id).sort()).toEqual(expected.map((w) => w.id).sort());
    // newest approval first by default
    const times = r.rows.data.map((x: { registered_at: string }) => x.registered_at);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('approved-monthly over all time: every approved will, totals from the roll-ups agree', async () => {
    const approved = all.filter((w) => w.status === 2);
    const r = (await get('approved-monthly?period=all&limit=100')).body;
    expect(r.rows.total).toBe(approved.length);
    expect(r.rows.data).toHaveLength(approved.length);
    expect(r.totals).toEqual({
      count: approved.length,
      paid: approved.filter((w) => w.payment_received_at).length,
      price_sen: approved.reduce((s, w) => s + (w.price_sen ?? 0), 0),
      discount_sen: approved.reduce((s, w) => s + w.discount_sen, 0),
      paid_sen: approved.reduce((s, w) => s + paidSen(w), 0),
    });
  });

  it('financing: wills paid by financing (payment option 4)', async () => {
    const expected = all.filter((w) => w.payment_options_id === 4);
    // the bank's decision of the latest financing application (issue 7: /dashboard/loan-bmmb)
    const unpaid = expected.find((w) => !w.payment_received_at) as (typeof all)[number];
    await t.ctx.db.insert(payments).values({
      paymentable_type: 'Wasiat',
      paymentable_id: unpaid.id,
      payment_options_id: 4,
      amount_sen: 60000,
      status: 'failed',
      financing_status: 'rejected',
      failure_reason: 'Tidak layak',
    });
    const r = (await get('financing?limit=100')).body;
    expect(r.rows.total).toBe(expected.length);
    expect(r.rows.data.every((x: { payment_options_id: number }) => x.payment_options_id === 4)).toBe(true);
    const row = r.rows.data.find((x: { id: string }) => x.id === unpaid.id);
    expect(row).toMatchObject({ financing_status: 'rejected', financing_reason: 'Tidak layak' });
    const others = r.rows.data.filter((x: { id: string }) => x.id !== unpaid.id);
    expect(others.every((x: { financing_status: string | null }) => x.financing_status === null)).toBe(true);
  });
});

describe('statement of account', () => {
  it('opening balance, transactions with running balance and closing balance of the month', async () => {
    const willOf = new Map(all.map((w) => [w.id, w]));
    const orgOf = new Map([...all, ...allHibahs].map((x) => [x.id, x.organization_id]));
    // the paid payments of the organisation's wills AND hibahs (ADR 0063)
    const demoPays = pays.filter((p) => orgOf.get(p.paymentable_id) === demoOrg);
    expect(demoPays.some((p) => p.paymentable_type === 'Hibah')).toBe(true);
    const before = demoPays.filter((p) => kl(p.paid_at as Date) < '2026-11-01');
    const during = demoPays.filter((p) => kl(p.paid_at as Date).startsWith('2026-11'));
    const opening = before.reduce((s, p) => s + p.amount_sen, 0);
    const total = during.reduce((s, p) => s + p.amount_sen, 0);
    const r = (await get(`soa?organization_id=${demoOrg}&period=2026-11&limit=100`)).body;
    expect(r.organization.id).toBe(demoOrg);
    expect(r.opening_balance_sen).toBe(opening);
    expect(r.total_sen).toBe(total);
    expect(r.closing_balance_sen).toBe(opening + total);
    expect(r.transactions.total).toBe(during.length);
    const last = r.transactions.data.at(-1);
    expect(last.balance_sen).toBe(opening + total);
    expect(r.transactions.data.every((x: { receipt_no: string }) => x.receipt_no !== 'R-TEST-FAILED')).toBe(true);
    // page 2 of 2-line pages: the running balance carries the earlier pages
    const p2 = (await get(`soa?organization_id=${demoOrg}&period=2026-11&limit=2&page=2`)).body;
    const all2 = r.transactions.data as { id: string; balance_sen: number }[];
    expect(p2.transactions.data.map((x: { id: string }) => x.id)).toEqual(all2.slice(2, 4).map((x) => x.id));
    expect(p2.transactions.data.map((x: { balance_sen: number }) => x.balance_sen)).toEqual(
      all2.slice(2, 4).map((x) => x.balance_sen),
    );
    // with a filter beyond the organisation the balances come from the raw rows, and agree
    const basic = (await get(`soa?organization_id=${demoOrg}&period=2026-11&limit=100&product=basic`)).body;
    const basicPays = during.filter((p) => willOf.get(p.paymentable_id)?.plan === 'basic');
    expect(basic.total_sen).toBe(basicPays.reduce((s, p) => s + p.amount_sen, 0));
    expect(basic.transactions.total).toBe(basicPays.length);
    // lines of hibahs carry the hibah, not a will; a hibah-only filter leaves only hibah payments
    const hibahLine = r.transactions.data.find((x: { paymentable_type: string }) => x.paymentable_type === 'Hibah');
    expect(hibahLine).toMatchObject({ wasiat_id: null, wasiat_no: null });
    expect(allHibahs.map((h) => h.id)).toContain(hibahLine.hibah_id);
    const typeOf = new Map(allHibahs.map((h) => [h.id, h.hibah_type]));
    const estate = (await get(`soa?organization_id=${demoOrg}&period=2026-11&limit=100&hibah_type=14`)).body;
    const estatePays = during.filter((p) => typeOf.get(p.paymentable_id) === 14);
    expect(estate.transactions.total).toBe(estatePays.length);
    expect(estate.total_sen).toBe(estatePays.reduce((s, p) => s + p.amount_sen, 0));
    expect(estate.opening_balance_sen).toBe(
      before.filter((p) => typeOf.get(p.paymentable_id) === 14).reduce((s, p) => s + p.amount_sen, 0),
    );
    // all time: no opening balance, every transaction
    const ever = (await get(`soa?organization_id=${demoOrg}&period=all&limit=1000`)).body;
    expect(ever.opening_balance_sen).toBe(0);
    expect(ever.transactions.total).toBe(demoPays.length);
    expect(ever.closing_balance_sen).toBe(demoPays.reduce((s, p) => s + p.amount_sen, 0));
  });

  it('needs an organisation for staff (422)', async () => {
    expect((await get('soa?period=2026-11')).status).toBe(422);
  });
});

describe('access', () => {
  it('a Partner sees only their organisation', async () => {
    const demo = all.filter((w) => w.organization_id === demoOrg);
    const r = (await get('yearly?period=2026', tokens.partner)).body;
    expect(r.totals).toEqual(recount(demo));
    expect(
      r.by_branch.every((b: { organization_name: string }) => b.organization_name !== 'Koperasi Lain Berhad'),
    ).toBe(true);
    const asked = (await get(`monthly?period=2026-11&organization_id=${otherOrg}`, tokens.partner)).body;
    expect(asked.totals.total).toBe(0);
    const det = (await get('detailed?date=2026&limit=1000', tokens.partner)).body;
    expect(det.rows.total).toBe(demo.length);
    expect((await get(`soa?organization_id=${otherOrg}&period=2026-11`, tokens.partner)).status).toBe(404);
    const own = await get('soa?period=2026-11', tokens.partner);
    expect(own.status).toBe(200);
    expect(own.body.organization.id).toBe(demoOrg);
    const xlsx = await get(`detailed?date=2026&format=csv&organization_id=${otherOrg}`, tokens.partner);
    expect(xlsx.raw.toString('utf8').trim().split('\n')).toHaveLength(2); // heading + totals only
  });

  it('a Client or an Agent gets 403; no token gets 401', async () => {
    expect((await get('monthly', tokens.client)).status).toBe(403);
    expect((await get('monthly', tokens.agent)).status).toBe(403);
    expect((await t.call('GET', '/api/reports/monthly')).status).toBe(401);
    expect((await get('monthly', tokens.accountant)).status).toBe(200);
  });
});

describe('GET /api/dashboard/summary', () => {
  it('counts the wills each role may see, all time and this Kuala Lumpur month', async () => {
    const ids = Object.fromEntries((await t.ctx.db.select().from(users)).map((x) => [x.username, x.id]));
    const thisMonth = kl(new Date()).slice(0, 7);
    const cases: [string, W[]][] = [
      ['staff', all],
      ['partner', all.filter((w) => w.organization_id === demoOrg)],
      ['agent', all.filter((w) => w.agent_id === ids.agent)],
      ['client', all.filter((w) => w.user_id === ids.client)],
    ];
    for (const [who, mine] of cases) {
      const r = await t.call('GET', '/api/dashboard/summary', { token: tokens[who] });
      expect(r.status, who).toBe(200);
      // The ledger's collections (ADR 0248) are checked in ledger.test.ts; null where the scope is not organisations.
      const { collected_sen, ...counts } = r.body.summary.totals;
      expect(counts, who).toEqual(recount(mine));
      expect(typeof collected_sen, who).toBe(who === 'staff' || who === 'partner' ? 'number' : 'object');
      expect(r.body.summary.this_month, who).toMatchObject(recount(mine.filter(inMonth(thisMonth))));
      expect(r.body.summary.this_month.period.label).toBe(thisMonth);
    }
    expect((await t.call('GET', '/api/dashboard/summary')).status).toBe(401);
  });
});

describe('exports', () => {
  it('XLSX parses back with exceljs: heading, one line per will, totals', async () => {
    const r = await get('detailed?date=2026-11&format=xlsx');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('spreadsheetml');
    expect(r.headers.get('content-disposition')).toContain('report-detailed-2026-11.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    const nov = all.filter(inMonth('2026-11'));
    expect(ws.rowCount).toBe(nov.length + 2);
    expect(ws.getRow(1).getCell(1).value).toBe('Will no.');
    const last = ws.getRow(ws.rowCount);
    expect(last.getCell(14).value).toBe(nov.reduce((s, w) => s + paidSen(w), 0) / 100);
  });

  it('XLSX dates are Kuala Lumpur wall-clock times shown as day, short month, 2-digit year, hour:minute', async () => {
    const r = await get('detailed?date=2026-11&format=xlsx&sort=created_at&order=asc');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
    const first = wb.worksheets[0].getRow(2);
    // the first November will was created at 2026-10-31T16:30Z = 1 Nov 00:30 in Kuala Lumpur
    expect(first.getCell(2).value).toEqual(new Date('2026-11-01T00:30:00Z'));
    expect(first.getCell(2).numFmt).toBe('dd mmm yy hh:mm');
  });

  it("the financing export lists each application's outcome", async () => {
    const r = await get('financing?format=xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.raw as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(15).value).toBe('Financing status');
    const outcomes: unknown[] = [];
    ws.eachRow((row, n) => {
      if (n > 1) outcomes.push(row.getCell(15).value);
    });
    expect(outcomes).toContain('Rejected');
  });

  it('export batches (keyset for the usual orders, OFFSET for the others) add up to the whole list', async () => {
    const [staffUser] = await t.ctx.db.select().from(users).where(eq(users.username, 'staff'));
    // wills sharing a creation time: the keyset continues on the id
    const same = new Date('2026-11-10T02:00:00Z');
    const four = all.filter(inMonth('2026-11')).slice(0, 4);
    await t.ctx.db
      .update(wills)
      .set({ created_at: same })
      .where(
        inArray(
          wills.id,
          four.map((w) => w.id),
        ),
      );
    for (const w of four) w.created_at = same;
    const cases: [DetailKind, ReportQuery][] = [
      ['detailed', { period: '2026' } as ReportQuery],
      ['detailed', { period: '2026', sort: 'created_at', order: 'asc' } as ReportQuery],
      ['detailed', { period: '2026', sort: 'price_sen' } as ReportQuery],
      ['approved-monthly', { period: 'all' } as ReportQuery],
    ];
    for (const [kind, q] of cases) {
      const range = reportRange(kind, q);
      const where = detailWhere(staffUser as AuthUser, kind, q, range);
      const sort = detailSort(kind, q);
      const whole = await detailRows(t.ctx.db, where, { ...sort, limit: 1000, offset: 0 });
      expect(whole.length, JSON.stringify(q)).toBeGreaterThan(7);
      // batches of 3: the four wills of the same time cannot all fall in one batch
      for (const size of [3, 7]) {
        const batched: string[] = [];
        for await (const b of detailBatches(t.ctx.db, where, sort, Number.POSITIVE_INFINITY, size)) {
          expect(b.length).toBeLessThanOrEqual(size);
          batched.push(...b.map((r) => r.id));
        }
        expect(batched, `${kind} ${JSON.stringify(q)} ${size}`).toEqual(whole.map((r) => r.id));
      }
    }
  });

  it('CSV: heading and rows; monthly summary in Malay', async () => {
    const r = await t.call('GET', '/api/reports/monthly?period=2026-11&format=csv', {
      token: tokens.staff,
      lang: 'ms',
    });
    expect(r.headers.get('content-type')).toContain('text/csv');
    const lines = r.raw
      .toString('utf8')
      .replace(/^\ufeff/, '')
      .trim()
      .split('\n');
    expect(lines[0]).toBe(
      'Tempoh,Jumlah,Baharu,Dalam proses,Diluluskan,Dibatalkan,Dibayar,Amaun (RM),Hibah/amanah,Hibah dibayar,Kutipan hibah (RM)',
    );
    expect(lines).toHaveLength(1 + 30 + 1);
    const totals = recount(all.filter(inMonth('2026-11')));
    const hb = sums(allHibahs.filter(inMonth('2026-11')));
    expect(hb.total).toBeGreaterThan(0);
    expect(lines.at(-1)).toBe(
      `JUMLAH,${totals.total},${totals.new},${totals.in_process},${totals.approved},${totals.cancelled},${totals.paid},${totals.amount_sen / 100},${hb.total},${hb.paid},${hb.amount_sen / 100}`,
    );
  });

  it('SOA in the requester\'s language: payment types translated, dates as "23 Nov 26, 14:05" in Kuala Lumpur (CSV, XLSX)', async () => {
    const orgOf = new Map([...all, ...allHibahs].map((x) => [x.id, x.organization_id]));
    const demoPays = pays.filter((p) => orgOf.get(p.paymentable_id) === demoOrg && p.status === 'paid' && p.paid_at);
    const nov = demoPays.filter((p) => kl(p.paid_at as Date).startsWith('2026-11'));
    const kinds = new Set(nov.map((p) => p.payment_options_id));
    expect(kinds.has(3)).toBe(true); // a cash payment is in the month
    const DATE = {
      ms: /^\d{2} (Jan|Feb|Mac|Apr|Mei|Jun|Jul|Ogo|Sep|Okt|Nov|Dis) \d{2}, \d{2}:\d{2}$/,
      en: /^\d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{2}, \d{2}:\d{2}$/,
    };
    const CASH = { ms: 'Bayaran Tunai', en: 'Cash' };
    for (const lang of ['ms', 'en'] as const) {
      const csv = await t.call('GET', `/api/reports/soa?organization_id=${demoOrg}&period=2026-11&format=csv`, {
        token: tokens.staff,
        lang,
      });
      expect(csv.status).toBe(200);
      const text = csv.raw.toString('utf8');
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/); // no ISO timestamp
      const lines = text
        .replace(/^\ufeff/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0].split(',')[0]).toBe(lang === 'ms' ? 'Tarikh bayaran' : 'Paid at');
      const body = lines.slice(2, -1).map((l) => l.split(','));
      expect(body).toHaveLength(nov.length);
      // the first line of the month: the date of the earliest payment, in Kuala Lumpur time
      const first = [...nov].sort((x, y) => (x.paid_at as Date).getTime() - (y.paid_at as Date).getTime())[0];
      expect(lines[2]).toContain(`"${formatKlDateTime(first.paid_at, lang)}"`);
      const cells = lines.slice(2, -1).map((l) => l.match(/^"([^"]+)"/)?.[1] ?? '');
      for (const c of cells) expect(c, lang).toMatch(DATE[lang]);
      if (lang === 'ms') expect(text).not.toMatch(/,Cash,/);
      expect(text).toContain(`,${CASH[lang]},`);

      const xlsx = await t.call('GET', `/api/reports/soa?organization_id=${demoOrg}&period=2026-11&format=xlsx`, {
        token: tokens.staff,
        lang,
      });
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(xlsx.raw as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      expect(ws.getRow(1).getCell(5).value).toBe(lang === 'ms' ? 'Mod bayaran' : 'Payment mode');
      const modes = new Set<unknown>();
      ws.eachRow((row, n) => {
        if (n > 2 && n < ws.rowCount) {
          modes.add(row.getCell(5).value);
          expect(row.getCell(1).value).toBeInstanceOf(Date);
          expect(row.getCell(1).numFmt).toBe('dd mmm yy hh:mm');
        }
      });
      expect(modes.has(CASH[lang])).toBe(true);
      for (const m of modes) expect(PAYMENT_TYPES.map((x) => x[lang])).toContain(m);
      // an Excel date holds the Kuala Lumpur wall-clock time of the payment
      expect(ws.getRow(3).getCell(1).value).toEqual(new Date((first.paid_at as Date).getTime() + 8 * 3600_000));
    }
  });

  it('detailed CSV: plan, status and payment mode translated, dates in spec §9 form', async () => {
    for (const lang of ['ms', 'en'] as const) {
      const r = await t.call('GET', '/api/reports/detailed?date=2026-11&format=csv', { token: tokens.staff, lang });
      const text = r.raw.toString('utf8');
      expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T|,basic,|,comprehensive,/);
      expect(text).toContain(lang === 'ms' ? 'Wasiat Asas' : 'Basic will');
      expect(text).toMatch(lang === 'ms' ? /"\d{2} Nov 26, \d{2}:\d{2}"/ : /"\d{2} Nov 26, \d{2}:\d{2}"/);
    }
  });

  it('PDF of every report', async () => {
    for (const kind of ['daily', 'monthly', 'yearly', 'detailed', 'approved-monthly', 'financing', 'graph']) {
      const r = await get(
        `${kind}?period=2026-11&format=pdf`.replace(
          'daily?period=2026-11',
          'daily?start_date=2026-11-01&end_date=2026-11-07',
        ),
      );
      expect(r.status, `${kind} ${r.raw.toString().slice(0, 300)}`).toBe(200);
      expect(r.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    const soa = await get(`soa?organization_id=${demoOrg}&period=2026-11&format=pdf`);
    expect(soa.raw.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const soaX = await get(`soa?organization_id=${demoOrg}&period=2026-11&format=xlsx`);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(soaX.raw as unknown as ArrayBuffer);
    expect(wb.worksheets[0].rowCount).toBeGreaterThan(2);
  });
});
