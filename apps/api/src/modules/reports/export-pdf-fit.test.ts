/**
 * The PDF exports fit their columns on the page (issue 38 item 4): a wide line — long organisation, branch,
 * testator and agent names, a financing refusal with a long reason — is exported as the detailed, approved and
 * financing PDFs, and the text read back with `pdftotext` (which drops what lies outside the page) holds every
 * column heading and every value of that line, the paid amount and the bank's reason included.
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { branches, organizations, payments, users, wills } from '../../db/schema/index.ts';
import { H } from './export-labels.ts';

let t: TestApp;
let token: string;

const ORG = 'Koperasi Pembangunan Usahawan Muslim Wilayah Persekutuan Kuala Lumpur Berhad';
const BRANCH = 'Cawangan Bandar Baru Sentul Kuala Lumpur Utara';
const TESTATOR = 'Nur Aisyah Humaira binti Mohd Khairul Anuar Shamsuddin';
const AGENT = 'Muhammad Amirul Hakimi bin Abdul Rahman Al-Haddad';
const REASON = 'Pendapatan bulanan tidak mencukupi untuk kelayakan pembiayaan peribadi-i (nisbah khidmat hutang)';
const NO = 'W2026-000777';

/** The text of a PDF as `pdftotext -raw` reads it (content order; text off the page is dropped), no spaces. */
const squeezed = (pdf: Buffer) => {
  return execFileSync('pdftotext', ['-raw', '-', '-'], { input: pdf }).toString('utf8').replace(/\s+/g, '');
};
const sq = (s: string) => s.replace(/\s+/g, '');

beforeAll(async () => {
  t = await makeTestApp();
  const db = t.ctx.db;
  const [org] = await db.insert(organizations).values({ type: 'private', name: ORG, code: 'WIDE' }).returning();
  const [branch] = await db
    .insert(branches)
    .values({ organization_id: org.id, branch_name: BRANCH, code: 'SENTUL' })
    .returning();
  const [testator] = await db
    .insert(users)
    .values({ name: TESTATOR, username: 'wide-testator', role: 'Client', ic_number: '900101145678' })
    .returning();
  const [agent] = await db.insert(users).values({ name: AGENT, username: 'wide-agent', role: 'Agent' }).returning();
  const created = new Date('2026-11-10T02:00:00Z');
  const [paid, refused] = await db
    .insert(wills)
    .values([
      {
        user_id: testator.id,
        created_by: agent.id,
        agent_id: agent.id,
        organization_id: org.id,
        branch_id: branch.id,
        wasiat_no: NO,
        plan: 'comprehensive',
        status: 2,
        price_sen: 123456,
        discount_sen: 3456,
        payment_options_id: 4,
        payment_received_at: new Date('2026-11-10T03:00:00Z'),
        registered_at: new Date('2026-11-12T03:00:00Z'),
        created_at: created,
      },
      {
        user_id: testator.id,
        created_by: agent.id,
        agent_id: agent.id,
        organization_id: org.id,
        branch_id: branch.id,
        wasiat_no: 'W2026-000778',
        plan: 'comprehensive',
        status: 1,
        price_sen: 98765,
        payment_options_id: 4,
        created_at: new Date('2026-11-11T02:00:00Z'),
      },
    ])
    .returning();
  await db.insert(payments).values([
    {
      paymentable_type: 'Wasiat',
      paymentable_id: paid.id,
      payment_options_id: 4,
      amount_sen: 120000,
      status: 'paid',
      paid_at: paid.payment_received_at,
      receipt_no: 'R2026-000777',
      financing_status: 'approved',
    },
    {
      paymentable_type: 'Wasiat',
      paymentable_id: refused.id,
      payment_options_id: 4,
      amount_sen: 98765,
      status: 'failed',
      financing_status: 'rejected',
      failure_reason: REASON,
    },
  ]);
  token = await t.login('staff');
  const [{ id }] = await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.code, 'WIDE'));
  expect(id).toBe(org.id);
});
afterAll(async () => {
  await t?.close();
});

const pdf = async (path: string, lang: 'ms' | 'en') => {
  const r = await t.call('GET', `/api/reports/${path}`, { token, lang });
  expect(r.status, r.raw.toString().slice(0, 300)).toBe(200);
  return squeezed(r.raw);
};

describe('PDF exports fit the page (issue 38 item 4)', () => {
  for (const lang of ['ms', 'en'] as const) {
    const h = H[lang];
    const headings = [
      h.wasiat_no,
      h.created_at,
      h.registered_at,
      h.testator,
      h.ic,
      h.organisation,
      h.branch,
      h.agent,
      h.plan,
      h.status,
      h.payment,
      h.price,
      h.discount,
      h.amount,
    ];
    const values = [NO, TESTATOR, '900101145678', ORG, BRANCH, AGENT, '1,234.56', '34.56', '1,200.00'];

    it(`detailed and approved-monthly (${lang}): every heading and every value of a wide line`, async () => {
      for (const kind of ['detailed?date=2026-11', 'approved-monthly?period=2026-11']) {
        const text = await pdf(`${kind}&format=pdf`, lang);
        for (const x of [...headings, ...values]) expect(text, `${kind}: ${x}`).toContain(sq(x));
      }
    });

    it(`financing (${lang}): the amount, the status and the bank's reason are on the page`, async () => {
      const text = await pdf('financing?period=2026-11&format=pdf', lang);
      for (const x of [...headings, h.financing_status, h.financing_reason, ...values, REASON, h.financing.rejected])
        expect(text, x).toContain(sq(x));
    });
  }
});
