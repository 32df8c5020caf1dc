/**
 * Amendments (pindaan) of a will or hibah, the will's versions, amendment witnesses and the reminders
 * sent (spec §3 Amendment, §4 Amendment status, §9 14-day window; issue 4; ADR 0020, 0021).
 */
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { hibahs } from './hibah.ts';
import { users } from './users.ts';
import { wills } from './wills.ts';

export const amendments = pgTable(
  'amendments',
  {
    id: idColumn(),
    /** "Wasiat" | "Hibah" (reference §4.7) and the owner's id. */
    amendmentable_type: text('amendmentable_type').notNull(),
    amendmentable_id: text('amendmentable_id').notNull(),
    /** The owner's user (testator/grantor): visibility of hibah rows and notices (ADR 0020). */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Organisation of the owner record (partner scope, price). */
    organization_id: text('organization_id'),
    /** Reference number "P<year>-<6 digits>", given when applied. */
    reference_no: text('reference_no').notNull(),
    /** nth amendment of this record (reference §4.2 `count`). */
    count: integer('count').notNull().default(1),
    /** Spec §4: 0 drafting, 1 awaiting confirmation, 2 succeeded, 3 draft review, 4 awaiting witnesses, 5 cancelled. */
    status: integer('status').notNull().default(0),
    /** The officer handling it (reference `incharged_by_id`). */
    handled_by: text('handled_by').references(() => users.id),
    is_staff_created: integer('is_staff_created').notNull().default(0),
    /** Price fixed when applied (sen) and settlement. */
    price_sen: integer('price_sen'),
    payment_received_at: tz('payment_received_at'),
    /** The draft of the will's content being amended (same shape as will_versions.content). */
    draft: jsonb('draft'),
    /** The client's message (part f). */
    notes: text('notes'),
    /** Why it was returned or cancelled. */
    reason: text('reason'),
    /** Attachment id of the testator's signature on the draft. */
    signature_id: text('signature_id'),
    /** eKYC of the testator for this amendment (issue 3; ADR 0094): verified when and how, attempts. */
    ekyc_verified_at: tz('ekyc_verified_at'),
    ekyc_method: text('ekyc_method'),
    face_verification_count: integer('face_verification_count').notNull().default(0),
    applied_at: tz('applied_at').notNull().defaultNow(),
    submitted_at: tz('submitted_at'),
    passed_at: tz('passed_at'),
    accepted_at: tz('accepted_at'),
    approved_at: tz('approved_at'),
    cancelled_at: tz('cancelled_at'),
    /** Deadline of the running 14-day window (statuses 3 and 4), else null. */
    expires_at: tz('expires_at'),
    /** Version of the will (or hibah) created when it succeeded. */
    version_no: integer('version_no'),
    ...timestamps(),
  },
  (t) => [
    index('amendments_owner_idx').on(t.amendmentable_type, t.amendmentable_id, t.created_at),
    index('amendments_status_idx').on(t.status, t.created_at),
    index('amendments_expires_idx').on(t.expires_at),
    // the lists newest first, of wills or of hibahs, by status, a person's own (migration 0055; ADR 0277)
    index('amendments_type_created_idx').on(t.amendmentable_type, t.created_at, t.id),
    index('amendments_type_status_created_idx').on(t.amendmentable_type, t.status, t.created_at, t.id),
    index('amendments_user_created_idx').on(t.user_id, t.created_at, t.id),
    uniqueIndex('amendments_reference_uq').on(t.reference_no),
  ],
);

/** Sequence counter for amendment reference numbers per year. */
export const amendment_numbers = pgTable('amendment_numbers', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/**
 * One row per version of a will's content (ADR 0021): a canonical JSON snapshot and its SHA-256.
 * Version 1 is the registered will (snapshotted when the first amendment succeeds); version n+1 the
 * content an amendment made current.
 */
export const will_versions = pgTable(
  'will_versions',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
    version_no: integer('version_no').notNull(),
    amendment_id: text('amendment_id').references(() => amendments.id),
    content: jsonb('content').notNull(),
    sha256: text('sha256').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('will_versions_uq').on(t.wasiat_id, t.version_no)],
);

/**
 * One row per version of a hibah's content (ADR 0037, as will_versions for wills): the canonical JSON
 * snapshot (API hibah/content.ts) and its SHA-256. Version 1 is the registered hibah (snapshotted when its
 * first amendment succeeds); version n+1 the content an approved amendment made current.
 */
export const hibah_versions = pgTable(
  'hibah_versions',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    version_no: integer('version_no').notNull(),
    amendment_id: text('amendment_id').references(() => amendments.id),
    content: jsonb('content').notNull(),
    sha256: text('sha256').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('hibah_versions_uq').on(t.hibah_id, t.version_no)],
);

/** The witnesses of an amendment and their confirmation through a signed link (OTP + signature). */
export const amendment_witnesses = pgTable(
  'amendment_witnesses',
  {
    id: idColumn(),
    amendment_id: text('amendment_id')
      .notNull()
      .references(() => amendments.id),
    name: text('name').notNull(),
    ic_number: text('ic_number').notNull(),
    email: text('email').notNull(),
    address: text('address'),
    postcode: text('postcode'),
    city: text('city'),
    state: text('state'),
    otp_hash: text('otp_hash'),
    otp_expires_at: tz('otp_expires_at'),
    otp_failed: integer('otp_failed').notNull().default(0),
    otp_verified_at: tz('otp_verified_at'),
    signature_id: text('signature_id'),
    confirmed_at: tz('confirmed_at'),
    confirmed_ip: text('confirmed_ip'),
    /** When the witness first opened their signed link (the certificate of completion's "viewed"; ADR 0074). */
    link_viewed_at: tz('link_viewed_at'),
    /** The witness's spouse's MyKad, when given, and how and when they were identified (ADR 0259). */
    spouse_ic_number: text('spouse_ic_number'),
    identified_by: text('identified_by'),
    identified_at: tz('identified_at'),
    ...timestamps(),
  },
  (t) => [index('amendment_witnesses_amendment_idx').on(t.amendment_id)],
);

/** A reminder (or the expiry notice, days = 0) sent for an amendment's window: at most one per deadline and day. */
export const amendment_reminders = pgTable(
  'amendment_reminders',
  {
    id: idColumn(),
    amendment_id: text('amendment_id')
      .notNull()
      .references(() => amendments.id),
    /** The deadline the reminder is for (a new window gets new reminders). */
    expires_at: tz('expires_at').notNull(),
    days_before: integer('days_before').notNull(),
    sent_at: tz('sent_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('amendment_reminders_uq').on(t.amendment_id, t.expires_at, t.days_before)],
);
