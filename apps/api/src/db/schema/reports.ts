/**
 * Roll-ups of the wills for the reports, by month and by day (issue 8 "summary tables as needed, kept correct by
 * construction"; ADR 0060). Each table holds, per Kuala Lumpur calendar month (`month` = the local first
 * day of the month) or local day (`day`) and per combination of its dimensions, the figures of the wills that are not
 * soft-deleted: `n` wills, `paid` wills with their payment received, and the sums in integer SEN of
 * `price_sen`, `discount_sen` and `amount_sen` (collected = price − discount once received).
 *
 * They are written ONLY by the triggers `report_rollup_wills_*` on `wills` (migration of this module), in
 * the same transaction as the change of the will, so they cannot drift; the application never writes
 * them. Rows whose figures went back to zero are kept (readers ignore them).
 *
 * The reader (reports/rollup.ts) takes the smallest of the needed grain that has every filtered and grouped
 * dimension:
 * - `report_will_months`: organisation × branch × agent × plan × payment option × status × month (all);
 * - `report_org_months`: organisation × plan × payment option × status × month (timelines, by plan/mode);
 * - `report_branch_months`: organisation × branch × status × month (sales by branch);
 * - `report_org_days`: organisation × status × local DAY (`day`), for the day-by-day timelines of the
 *   daily and monthly reports over long periods;
 * - `report_payment_months`: per organisation (of the will) and local month of `paid_at`, the paid
 *   payments of wills that are not soft-deleted (`n`, `amount_sen`) — the balances of the statement of
 *   account. Kept by triggers on `payments` AND on `wills` (a will changing organisation or being deleted
 *   moves its payments).
 */
import { bigint, date, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';

const measures = () => ({
  n: integer('n').notNull().default(0),
  paid: integer('paid').notNull().default(0),
  price_sen: bigint('price_sen', { mode: 'number' }).notNull().default(0),
  discount_sen: bigint('discount_sen', { mode: 'number' }).notNull().default(0),
  amount_sen: bigint('amount_sen', { mode: 'number' }).notNull().default(0),
});

/** Full grain: every filter of the reports can be answered from it. */
export const report_will_months = pgTable(
  'report_will_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    organization_id: text('organization_id'),
    branch_id: text('branch_id'),
    agent_id: text('agent_id'),
    plan: text('plan'),
    payment_options_id: integer('payment_options_id'),
    status: integer('status').notNull(),
    ...measures(),
  },
  (t) => [
    unique('report_will_months_key')
      .on(t.month, t.organization_id, t.branch_id, t.agent_id, t.plan, t.payment_options_id, t.status)
      .nullsNotDistinct(),
  ],
);

/** Organisation grain: timelines by status, sales by plan and payment option. */
export const report_org_months = pgTable(
  'report_org_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    organization_id: text('organization_id'),
    plan: text('plan'),
    payment_options_id: integer('payment_options_id'),
    status: integer('status').notNull(),
    ...measures(),
  },
  (t) => [
    unique('report_org_months_key')
      .on(t.month, t.organization_id, t.plan, t.payment_options_id, t.status)
      .nullsNotDistinct(),
  ],
);

/** Branch grain: sales by branch. */
export const report_branch_months = pgTable(
  'report_branch_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    organization_id: text('organization_id'),
    branch_id: text('branch_id'),
    status: integer('status').notNull(),
    ...measures(),
  },
  (t) => [unique('report_branch_months_key').on(t.month, t.organization_id, t.branch_id, t.status).nullsNotDistinct()],
);

/** Day grain: day-by-day timelines by status. */
export const report_org_days = pgTable(
  'report_org_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    organization_id: text('organization_id'),
    status: integer('status').notNull(),
    ...measures(),
  },
  (t) => [unique('report_org_days_key').on(t.day, t.organization_id, t.status).nullsNotDistinct()],
);

/** Paid payments of wills per organisation and month of payment: statement-of-account balances. */
export const report_payment_months = pgTable(
  'report_payment_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    organization_id: text('organization_id'),
    n: integer('n').notNull().default(0),
    amount_sen: bigint('amount_sen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [unique('report_payment_months_key').on(t.month, t.organization_id).nullsNotDistinct()],
);
