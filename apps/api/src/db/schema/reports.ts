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
 *   moves its payments). Since ADR 0063 it also holds the paid payments of hibahs (organisation of the
 *   hibah), kept by triggers on `payments` and `hibahs`.
 *
 * Hibahs and trusts (ADR 0063), kept by the triggers `report_rollup_hibahs_*` on `hibahs`:
 * - `report_hibah_months`: per local month and organisation, one row per (`dim`, `val`) — `dim` is
 *   'status' (val = the hibah status, -1..5), 'type' (the product, `hibah_type`), 'option' (payment
 *   option) or 'branch' (branch id) — so each hibah is counted once in each of the four groupings
 *   (≈ 4 × months × organisations × values rows instead of their product);
 * - `report_hibah_days`: per local day, every organisation together (day-by-day timelines, staff-side).
 * And `report_days`: the wills per local day and status, every organisation together (ADR 0063);
 * `report_org_totals`, `report_branch_totals`, `report_hibah_totals`: the month roll-ups summed over all time.
 */
import { bigint, date, integer, pgTable, primaryKey, text, timestamp, unique } from 'drizzle-orm/pg-core';

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

/**
 * Day grain, every organisation together (ADR 0063): the day-by-day timelines of the staff-side view
 * without filters (≈ 4 rows a day instead of ≈ 100 in `report_org_days`).
 */
export const report_days = pgTable(
  'report_days',
  {
    day: date('day', { mode: 'string' }).notNull(),
    status: integer('status').notNull(),
    ...measures(),
  },
  (t) => [primaryKey({ columns: [t.day, t.status] })],
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

/**
 * All-time roll-ups (ADR 0063): the monthly roll-ups summed over every month, for the reports and dashboards
 * of all time, which would otherwise add up every month of every organisation (≈ 36,000 rows of
 * `report_org_months` on the benchmark instead of ≈ 2,400 here).
 */
export const report_org_totals = pgTable(
  'report_org_totals',
  {
    organization_id: text('organization_id'),
    plan: text('plan'),
    payment_options_id: integer('payment_options_id'),
    status: integer('status').notNull(),
    ...measures(),
  },
  (t) => [
    unique('report_org_totals_key').on(t.organization_id, t.plan, t.payment_options_id, t.status).nullsNotDistinct(),
  ],
);

/** All-time roll-up by branch (see {@link report_org_totals}). */
export const report_branch_totals = pgTable(
  'report_branch_totals',
  {
    organization_id: text('organization_id'),
    branch_id: text('branch_id'),
    status: integer('status').notNull(),
    ...measures(),
  },
  (t) => [unique('report_branch_totals_key').on(t.organization_id, t.branch_id, t.status).nullsNotDistinct()],
);

/** All-time roll-up of the hibahs, once per grouping as {@link report_hibah_months}. */
export const report_hibah_totals = pgTable(
  'report_hibah_totals',
  {
    organization_id: text('organization_id'),
    dim: text('dim').notNull(),
    val: text('val'),
    ...measures(),
  },
  (t) => [unique('report_hibah_totals_key').on(t.dim, t.organization_id, t.val).nullsNotDistinct()],
);

/**
 * Hibahs per local month and organisation, once per grouping: `dim` 'status' | 'type' | 'option' |
 * 'branch' and its value as text (`val`: '-1'…'5', '1'…'14', '1'…'6', a branch id; null when unset).
 */
export const report_hibah_months = pgTable(
  'report_hibah_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    organization_id: text('organization_id'),
    dim: text('dim').notNull(),
    val: text('val'),
    ...measures(),
  },
  (t) => [unique('report_hibah_months_key').on(t.dim, t.month, t.organization_id, t.val).nullsNotDistinct()],
);

/**
 * Hibahs per local day, every organisation together: the day-by-day timelines of the staff-side view. An
 * organisation's hibahs (scope or filter) are few enough to be read from the raw rows by their index.
 */
export const report_hibah_days = pgTable('report_hibah_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  ...measures(),
});

/** Paid payments of wills and hibahs per organisation and month of payment: statement-of-account balances. */
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

/**
 * The statement-of-account lines (ADR 0063): one row per paid payment of a will or hibah that is not
 * soft-deleted, with the organisation of its will or hibah — an index of the payments by organisation and
 * payment time, which the payments table cannot have (the organisation is on the payable). Kept by the same
 * triggers as `report_payment_months`; the migration adds the index `(organization_id, paid_at, payment_id)
 * INCLUDE (amount_sen)`, so a page of a statement is one index range and the sum of the earlier pages an
 * index-only scan.
 */
export const report_payment_lines = pgTable('report_payment_lines', {
  payment_id: text('payment_id').primaryKey(),
  organization_id: text('organization_id'),
  paid_at: timestamp('paid_at', { withTimezone: true }).notNull(),
  amount_sen: bigint('amount_sen', { mode: 'number' }).notNull(),
  /** 'Wasiat' | 'Hibah' */
  paymentable_type: text('paymentable_type').notNull(),
  paymentable_id: text('paymentable_id').notNull(),
});
