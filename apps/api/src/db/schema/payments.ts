/** Payments and promo codes (spec §3 Promo code, §4 Payment, §9 payment modes; issue 2 Payment). */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { organizations } from './organisations.ts';
import { users } from './users.ts';

export const payments = pgTable(
  'payments',
  {
    id: idColumn(),
    /** Wasiat | Amendment | Hibah */
    paymentable_type: text('paymentable_type').notNull(),
    paymentable_id: text('paymentable_id').notNull(),
    /** Payment option id (domain PAYMENT_OPTIONS). */
    payment_options_id: integer('payment_options_id').notNull(),
    amount_sen: integer('amount_sen').notNull(),
    /** pending | paid | failed | waived */
    status: text('status').notNull().default('pending'),
    reference: text('reference'),
    gateway_reference: text('gateway_reference'),
    promo_code_id: text('promo_code_id'),
    paid_at: tz('paid_at'),
    confirmed_by: text('confirmed_by').references(() => users.id),
    confirmed_at: tz('confirmed_at'),
    created_by: text('created_by').references(() => users.id),
    receipt_no: text('receipt_no'),
    ...timestamps(),
  },
  (t) => [
    index('payments_owner_idx').on(t.paymentable_type, t.paymentable_id),
    uniqueIndex('payments_receipt_uq').on(t.receipt_no),
  ],
);

export const promo_codes = pgTable(
  'promo_codes',
  {
    id: idColumn(),
    organization_id: text('organization_id').references(() => organizations.id),
    code: text('code').notNull(),
    discount_sen: integer('discount_sen').notNull(),
    expires_at: tz('expires_at'),
    generated_by: text('generated_by').references(() => users.id),
    generated_at: tz('generated_at').notNull().defaultNow(),
    redeemed_by: text('redeemed_by').references(() => users.id),
    redeemed_at: tz('redeemed_at'),
    /** What it was redeemed for ("Wasiat:<id>"). */
    redeemed_for: text('redeemed_for'),
    remarks: text('remarks'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('promo_codes_code_uq').on(t.code), index('promo_codes_org_idx').on(t.organization_id)],
);
