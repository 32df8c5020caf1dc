/**
 * Wills (wasiat) and their testator particulars (spec §3 Will, §4 Basic will status; reference §3.1).
 * Money in integer sen; timestamps in UTC.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { branches, organizations, pricings } from './organisations.ts';
import { users } from './users.ts';

export const wills = pgTable(
  'wills',
  {
    id: idColumn(),
    /** The testator's user account. */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Who registered it on the client's behalf (agent/staff), or null when the client did. */
    agent_id: text('agent_id').references(() => users.id),
    created_by: text('created_by')
      .notNull()
      .references(() => users.id),
    organization_id: text('organization_id').references(() => organizations.id),
    branch_id: text('branch_id').references(() => branches.id),
    pricing_id: text('pricing_id').references(() => pricings.id),
    /** 1 Islamic, 2 conventional (reference §6.19). */
    wasiat_type: integer('wasiat_type'),
    /** basic | comprehensive */
    plan: text('plan'),
    /** Spec §4: 0 in registration, 1 awaiting confirmation, 2 registered, 3 cancelled, update needed. */
    status: integer('status').notNull().default(0),
    /** Price fixed at registration (sen), promo discount (sen), and what is due (sen). */
    price_sen: integer('price_sen'),
    discount_sen: integer('discount_sen').notNull().default(0),
    payment_options_id: integer('payment_options_id'),
    payment_received_at: tz('payment_received_at'),
    acknowledged_pdpa: boolean('acknowledged_pdpa').notNull().default(false),
    acknowledged_confirmation: boolean('acknowledged_confirmation').notNull().default(false),
    /** Attachment id of the testator's signature. */
    signature_id: text('signature_id'),
    ekyc_verified_at: tz('ekyc_verified_at'),
    ekyc_method: text('ekyc_method'),
    face_verification_count: integer('face_verification_count').notNull().default(0),
    /** Wizard parts completed, e.g. ["a","b","payment","c"] (drives resume and locking). */
    parts_done: text('parts_done').array().notNull().default([]),
    submitted_at: tz('submitted_at'),
    /** Registration number, given when staff confirm (status 2), e.g. "W2026-000123". */
    wasiat_no: text('wasiat_no'),
    registered_at: tz('registered_at'),
    verified_by: text('verified_by').references(() => users.id),
    rejected_reason: text('rejected_reason'),
    /** Reason code of a cancellation (reference §4.1): 1 eKYC, 2 information not valid, 3 dummy data. */
    option_delete_id: integer('option_delete_id'),
    rejected_at: tz('rejected_at'),
    /**
     * Estate figures of part e (issue 9), integer sen, null when not given: the testator's estimate of
     * the whole estate (replaces the sum of the property values when set), funeral expenses, debts and
     * harta sepencarian, deducted in that order before the bequests (MALAYSIA.md §1).
     */
    estimated_estate_sen: bigint('estimated_estate_sen', { mode: 'number' }),
    funeral_sen: bigint('funeral_sen', { mode: 'number' }),
    debts_sen: bigint('debts_sen', { mode: 'number' }),
    harta_sepencarian_sen: bigint('harta_sepencarian_sen', { mode: 'number' }),
    /**
     * The testator records that the heirs consent to bequests above one third of the net estate or to
     * heirs (Muslim Wills Enactment (Selangor) 1999 s.26(2)); the will document states it.
     */
    heirs_consent: boolean('heirs_consent').notNull().default(false),
    heirs_consent_note: text('heirs_consent_note'),
    /**
     * The state whose law governs the will (issue 41 item 8, ADR 0260; one of the domain's STATES), and when the
     * testator confirmed it (null: the default from their address, recorded at submission).
     */
    governing_state: text('governing_state'),
    governing_state_confirmed_at: tz('governing_state_confirmed_at'),
    /**
     * When staff recorded the executed original of the version in force — the paper signed by hand before two
     * witnesses, checked against the sealed hash (issue 41 item 1, ADR 0266; will_executed_originals); null: not
     * held — and of which version: once an amendment makes another version current, the will's answer shows none
     * (serializers.ts). Not printed: the will PDF's data carries them as null (documents/service.ts).
     */
    executed_original_at: tz('executed_original_at'),
    executed_original_version: integer('executed_original_version'),
    /** Version of the will's content in force (1 at registration; +1 per succeeded amendment; ADR 0021). */
    current_version: integer('current_version').notNull().default(1),
    deleted_at: tz('deleted_at'),
    ...timestamps(),
  },
  (t) => [
    // A client's and an agent's will list, newest first, straight from the index (no sort of all their
    // wills; issue 18, ADR 0112). They replace the single-column indexes on user_id and agent_id. deleted_at
    // last: a client's total (their wills not deleted) is counted from the index alone (ADR 0195).
    index('wills_user_created_idx').on(t.user_id, t.created_at, t.id, t.deleted_at),
    index('wills_agent_created_idx').on(t.agent_id, t.created_at, t.id),
    index('wills_org_status_idx').on(t.organization_id, t.status),
    // the lists newest first by status and by organisation (migration 0055; ADR 0277)
    index('wills_status_created_idx').on(t.status, t.created_at, t.id),
    index('wills_org_created_idx').on(t.organization_id, t.created_at, t.id),
    index('wills_created_idx').on(t.created_at, t.id),
    uniqueIndex('wills_no_uq').on(t.wasiat_no),
    // Reports (reports/queries.ts): periods are compared in Kuala Lumpur local time, with this exact expression.
    // Covering: the summaries (one GROUPING SETS scan) read only this index (index-only scan).
    index('wills_created_kl_idx').on(
      sql`(${t.created_at} AT TIME ZONE 'Asia/Kuala_Lumpur')`,
      t.status,
      t.plan,
      t.payment_options_id,
      t.branch_id,
      t.organization_id,
      t.price_sen,
      t.discount_sen,
      t.payment_received_at,
      t.deleted_at,
    ),
    index('wills_org_created_kl_idx').on(t.organization_id, sql`(${t.created_at} AT TIME ZONE 'Asia/Kuala_Lumpur')`),
    index('wills_registered_kl_idx').on(sql`(${t.registered_at} AT TIME ZONE 'Asia/Kuala_Lumpur')`),
    // Approved lists (reports, ADR 0060): ordered by approval time within a period bounded in UTC too; the
    // trailing columns let the totals of a period be read from the index alone.
    index('wills_registered_idx').on(
      t.registered_at,
      t.id,
      t.status,
      t.deleted_at,
      t.organization_id,
      t.price_sen,
      t.discount_sen,
      t.payment_received_at,
    ),
  ],
);

/** The testator's particulars as given in the will (reference §3.1 Part E → `user_detail`). */
export const will_user_details = pgTable(
  'will_user_details',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
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
  (t) => [
    uniqueIndex('will_user_details_will_uq').on(t.wasiat_id),
    // search by the testator's MyKad (migration 0055; ADR 0277)
    index('will_user_details_ic_idx').on(t.ic_number),
  ],
);

/** Sequence counter for registration numbers per year. */
export const will_numbers = pgTable('will_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});
