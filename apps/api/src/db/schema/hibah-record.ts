/**
 * The hibah or trust (amanah) record itself: the hibahs table, the grantor's particulars, the corporate
 * grantor, and the yearly registration number counter (spec §3 "Hibah/trust record"; §4 hibah statuses;
 * reference §2.3, §4.3; issue 5). Money in integer sen; timestamps in UTC. Reached through `./hibah.ts`.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { addressColumns as address, idColumn, timestamps, tz } from './_common.ts';
import { attachments } from './files.ts';
import { branches, organizations, pricings } from './organisations.ts';
import { users } from './users.ts';

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
    // the lists newest first: all, by status, an organisation's, an agent's, a grantor's (migration 0055; ADR 0277)
    index('hibahs_created_idx').on(t.created_at, t.id),
    index('hibahs_status_created_idx').on(t.status, t.created_at, t.id),
    index('hibahs_org_created_idx').on(t.organization_id, t.created_at, t.id),
    index('hibahs_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('hibahs_user_created_idx').on(t.user_id, t.created_at, t.id),
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

/** Registration number counter per year. */
export const hibah_numbers = pgTable('hibah_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
