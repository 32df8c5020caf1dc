/** Payments and promo codes (spec §3 Promo code, §4 Payment, §9 payment modes; issue 2 Payment). */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
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
    /** Discount of the promo code applied to this payment, in sen (0 without a code). */
    discount_sen: integer('discount_sen').notNull().default(0),
    /** pending | paid | failed | waived (an ATB mandate: pending until its last instalment, then paid) */
    status: text('status').notNull().default('pending'),
    reference: text('reference'),
    gateway_reference: text('gateway_reference'),
    promo_code_id: text('promo_code_id'),
    paid_at: tz('paid_at'),
    confirmed_by: text('confirmed_by').references(() => users.id),
    confirmed_at: tz('confirmed_at'),
    created_by: text('created_by').references(() => users.id),
    /** `R<year>-<6 digits>`, unique per issuer (ADR 0042, ADR 0241); null until settled. */
    receipt_no: text('receipt_no'),
    /**
     * Who issued the receipt: `provider` (the provider organisation, or a payable without one, e.g. a qurban
     * purchase) or the payable's organisation id; set with `receipt_no` (payments/receipts.ts `nextReceiptNo`).
     */
    receipt_issuer: text('receipt_issuer'),
    /** The number this receipt had before migration 0039 renumbered a duplicate (ADR 0241); else null. */
    previous_receipt_no: text('previous_receipt_no'),
    /** The payable's organisation when the payment was made (its receipt's issuer, ADR 0241). */
    organization_id: text('organization_id'),
    /** Gateway that serves a gateway payment: `sandbox` | `billplz` (ADR 0041). */
    gateway: text('gateway'),
    /** The gateway's bill id (Billplz `id`) and pay page. */
    gateway_bill_id: text('gateway_bill_id'),
    gateway_url: text('gateway_url'),
    /** Same-origin path the customer returns to after the gateway (reference §1.9). */
    redirect_url: text('redirect_url'),
    /** Direct (2): the uploaded transfer slip (attachment id). */
    slip_attachment_id: text('slip_attachment_id'),
    /** ATB (5) and financing (4): bank; ATB: account, debit amount (sen), frequency, first debit date. */
    bank_name: text('bank_name'),
    account_no: text('account_no'),
    atb_amount_sen: integer('atb_amount_sen'),
    /** monthly | semi_annual | annual | other (spec §3 Frequency). */
    atb_frequency: text('atb_frequency'),
    atb_other_frequency: text('atb_other_frequency'),
    atb_start_date: date('atb_start_date', { mode: 'string' }),
    /**
     * Offline (6; ADR 0285, migration 0060): how the money was paid outside the platform — transfer | cheque |
     * deposit (domain `OFFLINE_METHODS`) — and the day it was paid (Malaysian date); `reference` holds the transfer
     * or cheque number, `bank_name` the bank, `slip_attachment_id` the proof when one was uploaded.
     */
    offline_method: text('offline_method'),
    paid_on: date('paid_on', { mode: 'string' }),
    /** Financing (4): pending | approved | rejected, the bank's reason, and who recorded it when. */
    financing_status: text('financing_status'),
    failure_reason: text('failure_reason'),
    decided_by: text('decided_by').references(() => users.id),
    decided_at: tz('decided_at'),
    /** Receipt e-mail: pending | sent | failed (ADR 0042), attempts so far, next try, last error. */
    receipt_mail_status: text('receipt_mail_status'),
    receipt_mail_attempts: integer('receipt_mail_attempts').notNull().default(0),
    receipt_mail_next_at: tz('receipt_mail_next_at'),
    receipt_mail_error: text('receipt_mail_error'),
    receipt_mailed_at: tz('receipt_mailed_at'),
    /**
     * An ATB (5) mandate (ADR 0264, migration 0044): its instalments are the money (rows whose `parent_id` is its
     * id); it becomes `paid` when the last one arrives, has no receipt of its own and is never counted by the
     * ledger (`status = 'paid' AND NOT mandate`, payments/ledger-sql.ts).
     */
    mandate: boolean('mandate').notNull().default(false),
    /** An instalment of an ATB mandate: the mandate's id, and its number in the schedule (1…N); else both null. */
    parent_id: text('parent_id').references((): AnyPgColumn => payments.id),
    instalment_no: integer('instalment_no'),
    ...timestamps(),
  },
  (t) => [
    // One row per instalment of a mandate; also the index of a mandate's instalments (ADR 0264).
    uniqueIndex('payments_instalment_uq').on(t.parent_id, t.instalment_no).where(sql`${t.parent_id} IS NOT NULL`),
    check(
      'payments_instalment_ck',
      sql`(${t.parent_id} IS NULL) = (${t.instalment_no} IS NULL) AND NOT (${t.mandate} AND ${t.parent_id} IS NOT NULL)`,
    ),
    index('payments_owner_idx').on(t.paymentable_type, t.paymentable_id),
    // Receipt numbers are unique per issuer (ADR 0241).
    uniqueIndex('payments_receipt_issuer_uq').on(t.receipt_issuer, t.receipt_no),
    uniqueIndex('payments_gateway_bill_uq').on(t.gateway, t.gateway_bill_id),
    index('payments_status_option_idx').on(t.status, t.payment_options_id),
    index('payments_mail_due_idx').on(t.receipt_mail_status, t.receipt_mail_next_at),
    // Statement of account (reports, ADR 0060): a period's transactions in payment order.
    index('payments_paid_idx').on(t.paid_at, t.id),
    // the staff confirmation queue: by status, newest first (migration 0055; ADR 0277)
    index('payments_status_created_idx').on(t.status, t.created_at, t.id),
    // a payer's history: the payments they made themself (migration 0055; ADR 0277)
    index('payments_created_by_idx').on(t.created_by),
  ],
);

/**
 * The last receipt number issued per issuer and Malaysian year (ADR 0241): one row per (issuer, year),
 * issuer as in `payments.receipt_issuer`, incremented inside the transaction that settles a payment, so
 * the numbers of a year are consecutive with no gaps (a rolled-back settlement rolls the counter back too).
 */
export const receipt_counters = pgTable(
  'receipt_counters',
  {
    issuer: text('issuer').notNull(),
    year: integer('year').notNull(),
    last_no: integer('last_no').notNull().default(0),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.issuer, t.year] })],
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
    /**
     * A multi-use template (the demo's code, ADR 0124): never redeemed itself; each use issues a new
     * single-use code (`issued_from` = this code) redeemed at once for that payable.
     */
    multi_use: boolean('multi_use').notNull().default(false),
    /** The multi-use code this single-use code was issued from (null for ordinary codes). */
    issued_from: text('issued_from'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('promo_codes_code_uq').on(t.code), index('promo_codes_org_idx').on(t.organization_id)],
);
