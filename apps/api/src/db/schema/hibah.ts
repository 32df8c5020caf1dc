/**
 * Hibah and trust (amanah) records and their parties, property, asset ledger and one-cent redeem codes
 * (spec §3 "Hibah/trust record", caretaker, property, asset transactions; §4 hibah statuses; reference
 * §2.3, §2.5, §2.6, §4.3; issue 5). Money in integer sen; timestamps in UTC.
 *
 * The hibah module owns its own people and property tables (not the polymorphic will tables), because
 * a hibah receiver signs and a hibah witness confirms through a signed link, and a property carries an
 * asset ledger (ADR 0030).
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { attachments } from './files.ts';
import { branches, organizations, pricings } from './organisations.ts';
import { users } from './users.ts';

const address = () => ({
  address: text('address'),
  postcode: text('postcode'),
  city: text('city'),
  state: text('state'),
});

export const hibahs = pgTable(
  'hibahs',
  {
    id: idColumn(),
    /** Product (domain HIBAH_TYPES): 1–11 trust products, 12 one-cent, 14 estate trust (spec §9). */
    hibah_type: integer('hibah_type').notNull(),
    /** The grantor (donor, penghibah): the only one who may update or finalise (spec §6). */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    agent_id: text('agent_id').references(() => users.id),
    created_by: text('created_by')
      .notNull()
      .references(() => users.id),
    organization_id: text('organization_id').references(() => organizations.id),
    branch_id: text('branch_id').references(() => branches.id),
    pricing_id: text('pricing_id').references(() => pricings.id),
    /** Reference §4.3: -1 placeholder, 0 new, 1 grantor to review, 2 awaiting provider, 3 draft, 4 witnesses, 5 complete. */
    status: integer('status').notNull().default(0),
    /** Price fixed when the organisation is chosen (sen); one-cent: the token amount. */
    price_sen: integer('price_sen'),
    discount_sen: integer('discount_sen').notNull().default(0),
    payment_options_id: integer('payment_options_id'),
    payment_received_at: tz('payment_received_at'),
    is_cash_payment: boolean('is_cash_payment').notNull().default(false),
    acknowledged_pdpa: boolean('acknowledged_pdpa').notNull().default(false),
    acknowledged_confirmation: boolean('acknowledged_confirmation').notNull().default(false),
    /** Attachment id of the grantor's signature. */
    signature_id: text('signature_id'),
    ekyc_verified_at: tz('ekyc_verified_at'),
    ekyc_method: text('ekyc_method'),
    face_verification_count: integer('face_verification_count').notNull().default(0),
    /** Part D (reference §3.2): employment and the trust's purpose. */
    employer_name: text('employer_name'),
    employer_address: text('employer_address'),
    job_title: text('job_title'),
    yearly_income: text('yearly_income'),
    income_source: text('income_source'),
    income_source_other: text('income_source_other'),
    hibah_property_source: text('hibah_property_source'),
    hibah_property_source_other: text('hibah_property_source_other'),
    trust_purpose_type: text('trust_purpose_type'),
    trust_purpose: text('trust_purpose'),
    is_revocable: boolean('is_revocable').notNull().default(false),
    /** Estate trust (reference §3.4): trust period (years) and instructions. */
    period: text('period'),
    other_period_instructions: text('other_period_instructions'),
    distribution_lifetime_instruction: text('distribution_lifetime_instruction'),
    distribution_after_death_instruction: text('distribution_after_death_instruction'),
    /** One-cent trust: how many wallet accounts the redeemed codes allow. */
    one_cent_maximum_moveable_property: integer('one_cent_maximum_moveable_property').notNull().default(0),
    /** The 14-day draft confirmation window (spec §4): opened on approval, reminder and expiry by a job. */
    is_draft_accepted: boolean('is_draft_accepted').notNull().default(false),
    draft_sent_at: tz('draft_sent_at'),
    draft_expires_at: tz('draft_expires_at'),
    draft_accepted_at: tz('draft_accepted_at'),
    draft_reminded_at: tz('draft_reminded_at'),
    draft_expired_at: tz('draft_expired_at'),
    /** The document version (hibahDocumentVersion) the grantor saw when accepting the draft (issue 21 item 3). */
    draft_accepted_sha256: text('draft_accepted_sha256'),
    /** The document version staff saw when approving (issue 21 item 3). */
    approved_sha256: text('approved_sha256'),
    submitted_at: tz('submitted_at'),
    approved_at: tz('approved_at'),
    verified_by: text('verified_by').references(() => users.id),
    rejected_reason: text('rejected_reason'),
    /** Registration number given on completion (status 5), e.g. "H2026-000012". */
    hibah_number: text('hibah_number'),
    registered_at: tz('registered_at'),
    /** The version of the registered content in force (ADR 0037): 1 at registration, +1 per approved amendment. */
    current_version: integer('current_version').notNull().default(1),
    /** Current total of the trust's asset ledger (sen): always the sum of its transactions (ledger.ts). */
    current_total_sen: bigint('current_total_sen', { mode: 'number' }).notNull().default(0),
    deleted_at: tz('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    index('hibahs_user_idx').on(t.user_id, t.hibah_type),
    index('hibahs_agent_idx').on(t.agent_id),
    index('hibahs_org_status_idx').on(t.organization_id, t.status),
    index('hibahs_draft_idx').on(t.status, t.draft_expires_at),
    uniqueIndex('hibahs_number_uq').on(t.hibah_number),
    check('hibahs_total_nonneg', sql`${t.current_total_sen} >= 0`),
  ],
);

/** The grantor's particulars as given in the hibah (reference §3.2 Part D, §3.4 Part B). */
export const hibah_user_details = pgTable(
  'hibah_user_details',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    designation: text('designation'),
    name: text('name'),
    ic_number: text('ic_number'),
    other_ic_number: text('other_ic_number'),
    gender: integer('gender'),
    race: integer('race'),
    religion: integer('religion'),
    nationality: integer('nationality'),
    marital_status: text('marital_status'),
    email: text('email'),
    mobile_number: text('mobile_number'),
    home_phone_number: text('home_phone_number'),
    correspondence_address: text('correspondence_address'),
    correspondence_postcode: text('correspondence_postcode'),
    correspondence_city: text('correspondence_city'),
    correspondence_state: text('correspondence_state'),
    permanent_address: text('permanent_address'),
    permanent_postcode: text('permanent_postcode'),
    permanent_city: text('permanent_city'),
    permanent_state: text('permanent_state'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('hibah_user_details_hibah_uq').on(t.hibah_id)],
);

/** One authorised signatory of a corporate grantor (domain `companySignatorySchema`). */
export interface HibahSignatory {
  name: string;
  ic_number: string;
  designation: string;
}

/**
 * The company that makes a corporate hibah or trust (products 1–2; issue 21 item 6; ADR 0165), in place of
 * a person's particulars: name, SSM registration number (stored formatted), registered address, the
 * authorised signatories (1–10, in the order given) and the board resolution (an attachment of the hibah,
 * type `board-resolution`). One per hibah.
 */
export const hibah_companies = pgTable(
  'hibah_companies',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    name: text('name').notNull(),
    registration_number: text('registration_number').notNull(),
    ...address(),
    signatories: jsonb('signatories').$type<HibahSignatory[]>().notNull(),
    board_resolution_id: text('board_resolution_id').references(() => attachments.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('hibah_companies_hibah_uq').on(t.hibah_id)],
);

/** Receivers (donees, penerima): confirm and sign (signpenerima) through a signed link or in person. */
export const hibah_receivers = pgTable(
  'hibah_receivers',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    ic_number: text('ic_number'),
    email: text('email'),
    mobile_number: text('mobile_number'),
    home_phone_number: text('home_phone_number'),
    ...address(),
    /** Under 18 at registration (from the MyKad birth date): needs a caretaker. */
    is_minor: boolean('is_minor').notNull().default(false),
    signature_id: text('signature_id'),
    signed_at: tz('signed_at'),
    /** When their signing link was last e-mailed and first opened (certificate of completion; ADR 0074). */
    link_sent_at: tz('link_sent_at'),
    link_viewed_at: tz('link_viewed_at'),
    /** One-time code for signing through the signed link (ADR 0096): argon2id hash, expiry, wrong tries. */
    otp_hash: text('otp_hash'),
    otp_expires_at: tz('otp_expires_at'),
    otp_failed_attempts: integer('otp_failed_attempts').notNull().default(0),
    /** Where the last code went ("email" | "sms") and when the right one was entered (certificate; issue 21). */
    otp_channel: text('otp_channel'),
    otp_verified_at: tz('otp_verified_at'),
    /**
     * A minor receiver's acceptance (qabul) given by their caretaker (wali / penjaga), who signed with the
     * code sent to the caretaker (issue 21 item 4); null = the receiver accepted themself.
     */
    accepted_by_caretaker_id: text('accepted_by_caretaker_id'),
    ...timestamps(),
  },
  (t) => [index('hibah_receivers_hibah_idx').on(t.hibah_id)],
);

/** Caretakers (penjaga) of a hibah: required for minor receivers (spec §3 "a caretaker belongs to a hibah"). */
export const hibah_caretakers = pgTable(
  'hibah_caretakers',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    /** The minor receiver in this caretaker's care; null = every minor receiver of the hibah. */
    receiver_id: text('receiver_id').references(() => hibah_receivers.id),
    name: text('name').notNull(),
    ic_number: text('ic_number').notNull(),
    old_ic_number: text('old_ic_number'),
    relationship: text('relationship').notNull(),
    mobile_number: text('mobile_number'),
    home_phone_number: text('home_phone_number'),
    email: text('email'),
    ...address(),
    bank_name: text('bank_name'),
    bank_account_number: text('bank_account_number'),
    has_allowance: boolean('has_allowance').notNull().default(false),
    allowance_amount_sen: integer('allowance_amount_sen'),
    allowance_frequency: text('allowance_frequency'),
    other_allowance_frequency: text('other_allowance_frequency'),
    ...timestamps(),
  },
  (t) => [index('hibah_caretakers_hibah_idx').on(t.hibah_id)],
);

/** Heirs of the grantor (estate trust part E). */
export const hibah_heirs = pgTable(
  'hibah_heirs',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    ic_number: text('ic_number'),
    email: text('email'),
    mobile_number: text('mobile_number'),
    home_phone_number: text('home_phone_number'),
    ...address(),
    ...timestamps(),
  },
  (t) => [index('hibah_heirs_hibah_idx').on(t.hibah_id)],
);

/** Witnesses (saksi): confirm through a signed link with a one-time code sent to their e-mail. */
export const hibah_witnesses = pgTable(
  'hibah_witnesses',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    name: text('name').notNull(),
    ic_number: text('ic_number').notNull(),
    email: text('email').notNull(),
    mobile_number: text('mobile_number'),
    ...address(),
    /** Hash (argon2id) of the last one-time code sent, its expiry and wrong tries. */
    otp_hash: text('otp_hash'),
    otp_expires_at: tz('otp_expires_at'),
    otp_failed_attempts: integer('otp_failed_attempts').notNull().default(0),
    signature_id: text('signature_id'),
    confirmed_at: tz('confirmed_at'),
    /** When the witness entered the right e-mailed code (certificate of completion; issue 21). */
    otp_verified_at: tz('otp_verified_at'),
    /** When their link was last e-mailed and first opened (certificate of completion; ADR 0074). */
    link_sent_at: tz('link_sent_at'),
    link_viewed_at: tz('link_viewed_at'),
    ...timestamps(),
  },
  (t) => [index('hibah_witnesses_hibah_idx').on(t.hibah_id)],
);

/** Movable and immovable property of a hibah (reference §2.6, §3.7). */
export const hibah_properties = pgTable(
  'hibah_properties',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    /** moveable | immoveable */
    kind: text('kind').notNull(),
    /** Movable: MOVEABLE_PROPERTY_TYPES; immovable: LAND_TITLE_TYPES. */
    property_type: text('property_type').notNull(),
    /** Immovable: land | building | strata. */
    category: text('category'),
    institution_name: text('institution_name'),
    account_number: text('account_number'),
    policy_number: text('policy_number'),
    company_registration_number: text('company_registration_number'),
    transport_type: text('transport_type'),
    transport_manufacturer: text('transport_manufacturer'),
    transport_model: text('transport_model'),
    transport_registration_number: text('transport_registration_number'),
    one_cent_username: text('one_cent_username'),
    one_cent_wallet_name: text('one_cent_wallet_name'),
    property_no: text('property_no'),
    lot_number: text('lot_number'),
    city_type: text('city_type'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    address: text('address'),
    value_sen: bigint('value_sen', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [index('hibah_properties_hibah_idx').on(t.hibah_id, t.kind)],
);

/** A receiver's share of one hibah property: "%" or a fraction (spec §5; total not over the whole). */
export const hibah_property_receivers = pgTable(
  'hibah_property_receivers',
  {
    id: idColumn(),
    property_id: text('property_id')
      .notNull()
      .references(() => hibah_properties.id),
    receiver_id: text('receiver_id')
      .notNull()
      .references(() => hibah_receivers.id),
    portion: text('portion').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('hibah_property_receivers_uq').on(t.property_id, t.receiver_id)],
);

/**
 * The asset ledger of a trust (spec §3 "Asset transaction fields: type credit, current total, balance
 * after"). Rows are only added by ledger.ts, which locks the hibah row: `seq` numbers a hibah's rows
 * 1, 2, 3… (unique), each row's balance_before is the previous row's balance_after, and the hibah's
 * `current_total_sen` equals the last balance_after. Amounts in sen, always positive.
 */
export const hibah_asset_transactions = pgTable(
  'hibah_asset_transactions',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    /** The asset (property) the money belongs to, when given. */
    property_id: text('property_id').references(() => hibah_properties.id),
    seq: integer('seq').notNull(),
    /** credit | debit */
    type: text('type').notNull(),
    amount_sen: bigint('amount_sen', { mode: 'number' }).notNull(),
    balance_before_sen: bigint('balance_before_sen', { mode: 'number' }).notNull(),
    balance_after_sen: bigint('balance_after_sen', { mode: 'number' }).notNull(),
    description: text('description'),
    created_by: text('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('hibah_asset_transactions_seq_uq').on(t.hibah_id, t.seq),
    check('hibah_tx_amount_pos', sql`${t.amount_sen} > 0`),
    check('hibah_tx_type', sql`${t.type} in ('credit', 'debit')`),
    check(
      'hibah_tx_balance',
      sql`${t.balance_after_sen} >= 0 and ${t.balance_after_sen} = ${t.balance_before_sen} + case when ${t.type} = 'credit' then ${t.amount_sen} else -${t.amount_sen} end`,
    ),
  ],
);

/** One-cent hibah redeem codes (reference §3.3): redeemed once, for a token amount in sen. */
export const hibah_coupons = pgTable(
  'hibah_coupons',
  {
    id: idColumn(),
    code: text('code').notNull(),
    organization_id: text('organization_id').references(() => organizations.id),
    /** The token amount in sen (default 1 sen: "one cent"). */
    amount_sen: integer('amount_sen').notNull().default(1),
    expires_at: tz('expires_at'),
    created_by: text('created_by').references(() => users.id),
    redeemed_by: text('redeemed_by').references(() => users.id),
    redeemed_at: tz('redeemed_at'),
    hibah_id: text('hibah_id').references(() => hibahs.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('hibah_coupons_code_uq').on(t.code)],
);

/** Registration number counter per year. */
export const hibah_numbers = pgTable('hibah_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
