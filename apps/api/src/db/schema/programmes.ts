/**
 * Partner programmes (spec §1 "a certificate upload and verification flow for a partner programme" and
 * "a charity-livestock (qurban) transaction and fund-transfer module"; issue 10; ADR 0050–0053).
 *
 * - TEKUN: a programme (an organisation plus its will pricing), bulk uploads of member certificates with
 *   a per-row result, and the certificates staff verify; a verified member registers a will under it.
 * - ezQurban: seasons, animals (7 shares for a cow/camel, 1 for a goat/sheep), purchases (transactions)
 *   whose shares occupy unique (animal, slot) pairs, fund transfers to the executing partner, and the
 *   season ledger of asset transactions (spec §3: type credit/debit, current total, balance after).
 * Money in integer sen; timestamps in UTC.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { organizations, pricings } from './organisations.ts';
import { users } from './users.ts';
import { wills } from './wills.ts';

/** A partner programme (e.g. code `TEKUN`): its organisation and the pricing its members' wills use. */
export const programmes = pgTable(
  'programmes',
  {
    id: idColumn(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** The will pricing of the programme (a `pricings` row of its organisation). */
    pricing_id: text('pricing_id').references(() => pricings.id),
    status: integer('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [uniqueIndex('programmes_code_uq').on(t.code), index('programmes_org_idx').on(t.organization_id)],
);

/** One bulk (or single) certificate upload. `upload_hash` = SHA-256 of the spreadsheet and the PDFs (ADR 0051). */
export const certificate_uploads = pgTable(
  'certificate_uploads',
  {
    id: idColumn(),
    programme_id: text('programme_id')
      .notNull()
      .references(() => programmes.id),
    /** bulk | single */
    kind: text('kind').notNull(),
    file_name: text('file_name'),
    upload_hash: text('upload_hash').notNull(),
    total_rows: integer('total_rows').notNull().default(0),
    accepted_count: integer('accepted_count').notNull().default(0),
    refused_count: integer('refused_count').notNull().default(0),
    uploaded_by: text('uploaded_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('certificate_uploads_hash_uq').on(t.programme_id, t.upload_hash),
    index('certificate_uploads_created_idx').on(t.created_at),
  ],
);

/** Issued certificates of programme members. `certificate_no` is unique per programme. */
export const certificates = pgTable(
  'certificates',
  {
    id: idColumn(),
    programme_id: text('programme_id')
      .notNull()
      .references(() => programmes.id),
    upload_id: text('upload_id').references(() => certificate_uploads.id),
    certificate_no: text('certificate_no').notNull(),
    member_name: text('member_name').notNull(),
    ic_number: text('ic_number').notNull(),
    issue_date: date('issue_date', { mode: 'string' }).notNull(),
    /** Attachment (type `certificate`) holding the PDF; its SHA-256. */
    attachment_id: text('attachment_id'),
    pdf_sha256: text('pdf_sha256'),
    /** pending | verified | rejected */
    status: text('status').notNull().default('pending'),
    rejected_reason: text('rejected_reason'),
    verified_by: text('verified_by').references(() => users.id),
    verified_at: tz('verified_at'),
    /** The member's will registered under the programme, once registered. */
    will_id: text('will_id').references(() => wills.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('certificates_no_uq').on(t.programme_id, t.certificate_no),
    index('certificates_status_idx').on(t.programme_id, t.status),
    index('certificates_ic_idx').on(t.ic_number),
  ],
);

/** The per-row result of an upload: accepted (with its certificate) or refused with a message key. */
export const certificate_upload_rows = pgTable(
  'certificate_upload_rows',
  {
    id: idColumn(),
    upload_id: text('upload_id')
      .notNull()
      .references(() => certificate_uploads.id),
    row_no: integer('row_no').notNull(),
    member_name: text('member_name'),
    ic_number: text('ic_number'),
    certificate_no: text('certificate_no'),
    issue_date: text('issue_date'),
    /** accepted | refused */
    status: text('status').notNull(),
    /** Message keys (`tekun.*`, `validation.*`) of the refusal, by field. */
    reasons: text('reasons').array().notNull().default([]),
    certificate_id: text('certificate_id').references(() => certificates.id),
    ...timestamps(),
  },
  (t) => [index('certificate_upload_rows_upload_idx').on(t.upload_id, t.row_no)],
);

/** A qurban season: year, place, animal type and price per share (sen). */
export const qurban_seasons = pgTable('qurban_seasons', {
  id: idColumn(),
  year: integer('year').notNull(),
  location: text('location').notNull(),
  country: text('country').notNull(),
  /** cow | camel (7 shares) | goat | sheep (1 share) */
  animal_type: text('animal_type').notNull(),
  shares_per_animal: integer('shares_per_animal').notNull(),
  price_per_share_sen: integer('price_per_share_sen').notNull(),
  /** Most animals the executing partner can supply; null = no limit. */
  max_animals: integer('max_animals'),
  /** The executing partner (free text name; fund transfers go to it). */
  partner_name: text('partner_name'),
  /** 1 open for purchases, 0 closed. */
  status: integer('status').notNull().default(1),
  created_by: text('created_by').references(() => users.id),
  ...timestamps(),
});

/** One animal of a season; `shares_taken` ≤ `shares_total` (checked, and each share has a unique slot). */
export const qurban_animals = pgTable(
  'qurban_animals',
  {
    id: idColumn(),
    season_id: text('season_id')
      .notNull()
      .references(() => qurban_seasons.id),
    animal_no: integer('animal_no').notNull(),
    shares_total: integer('shares_total').notNull(),
    shares_taken: integer('shares_taken').notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('qurban_animals_no_uq').on(t.season_id, t.animal_no),
    check('qurban_animals_shares_ck', sql`${t.shares_taken} >= 0 AND ${t.shares_taken} <= ${t.shares_total}`),
  ],
);

/** A purchase of one or more shares (spec §1; reference §2.15 `transactions`). Status 0 pending, 1 paid, 2 cancelled. */
export const qurban_transactions = pgTable(
  'qurban_transactions',
  {
    id: idColumn(),
    season_id: text('season_id')
      .notNull()
      .references(() => qurban_seasons.id),
    ref_no: text('ref_no').notNull(),
    /** The participant (buyer) account and the name/MyKad on the purchase. */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    client_name: text('client_name').notNull(),
    client_mykad_number: text('client_mykad_number'),
    /** The person on whose behalf the qurban is made. */
    on_behalf_of: text('on_behalf_of').notNull(),
    shares: integer('shares').notNull(),
    price_per_share_sen: integer('price_per_share_sen').notNull(),
    amount_sen: integer('amount_sen').notNull(),
    status: integer('status').notNull().default(0),
    payment_options_id: integer('payment_options_id'),
    verified_at: tz('verified_at'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('qurban_transactions_ref_uq').on(t.ref_no),
    index('qurban_transactions_season_idx').on(t.season_id, t.status),
    index('qurban_transactions_user_idx').on(t.user_id),
  ],
);

/** One share: an (animal, slot) pair is taken at most once — the last guard against over-assignment. */
export const qurban_shares = pgTable(
  'qurban_shares',
  {
    id: idColumn(),
    transaction_id: text('transaction_id')
      .notNull()
      .references(() => qurban_transactions.id),
    animal_id: text('animal_id')
      .notNull()
      .references(() => qurban_animals.id),
    slot: integer('slot').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('qurban_shares_slot_uq').on(t.animal_id, t.slot),
    index('qurban_shares_tx_idx').on(t.transaction_id),
    check('qurban_shares_slot_ck', sql`${t.slot} BETWEEN 1 AND 7`),
  ],
);

/** Funds transferred to the executing partner (recorded by an Accountant), with a proof document. */
export const qurban_fund_transfers = pgTable(
  'qurban_fund_transfers',
  {
    id: idColumn(),
    season_id: text('season_id')
      .notNull()
      .references(() => qurban_seasons.id),
    amount_sen: integer('amount_sen').notNull(),
    reference: text('reference').notNull(),
    description: text('description'),
    fund_transferred_at: tz('fund_transferred_at').notNull(),
    /** The transaction day the transfer covers (reference §2.15), optional. */
    fund_for_transaction_date: date('fund_for_transaction_date', { mode: 'string' }),
    proof_attachment_id: text('proof_attachment_id'),
    recorded_by: text('recorded_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('qurban_fund_transfers_season_idx').on(t.season_id, t.fund_transferred_at)],
);

/**
 * The season ledger (spec §3 asset transaction fields): each paid purchase is a `credit`, each fund
 * transfer a `debit`; `current_total_sen` is the balance before the entry, `balance_after_sen` after it.
 * `seq` numbers entries per season; one writer at a time (the season row is locked; ADR 0052).
 */
export const qurban_asset_transactions = pgTable(
  'qurban_asset_transactions',
  {
    id: idColumn(),
    season_id: text('season_id')
      .notNull()
      .references(() => qurban_seasons.id),
    seq: integer('seq').notNull(),
    /** credit | debit */
    type: text('type').notNull(),
    amount_sen: integer('amount_sen').notNull(),
    /** Running totals as bigint: a season's balance may pass the int4 range (RM 21.4 million). */
    current_total_sen: bigint('current_total_sen', { mode: 'number' }).notNull(),
    balance_after_sen: bigint('balance_after_sen', { mode: 'number' }).notNull(),
    /** QurbanTransaction | QurbanFundTransfer and its id. */
    source_type: text('source_type').notNull(),
    source_id: text('source_id').notNull(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('qurban_asset_tx_seq_uq').on(t.season_id, t.seq),
    uniqueIndex('qurban_asset_tx_source_uq').on(t.source_type, t.source_id),
    check('qurban_asset_tx_balance_ck', sql`${t.balance_after_sen} >= 0`),
  ],
);
