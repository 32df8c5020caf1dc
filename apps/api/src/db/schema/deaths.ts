/**
 * After a death (issue 40 items 1 and 2; ADRs 0261, 0262): death reports and their verification, the
 * organisations told of a verified death, the drafts and amendments it closed, the "is there a will?" inquiries
 * (their mails go through the platform's `mail_outbox`, schema/mail.ts). Timestamps in UTC; the date of death is a
 * Kuala Lumpur calendar date.
 */
import { sql } from 'drizzle-orm';
import { date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { attachments } from './files.ts';
import { organizations } from './organisations.ts';
import { users } from './users.ts';

export const death_reports = pgTable(
  'death_reports',
  {
    id: idColumn(),
    /** The deceased's MyKad number, as reported (12 digits). */
    deceased_ic: text('deceased_ic').notNull(),
    date_of_death: date('date_of_death', { mode: 'string' }).notNull(),
    /** The death certificate's number as typed, and as compared (domain `normaliseCertificateNo`). */
    certificate_no: text('certificate_no').notNull(),
    certificate_key: text('certificate_key').notNull(),
    /** The scan of the certificate (`attachments`, attachable type `DeathReport`). */
    certificate_attachment_id: text('certificate_attachment_id').references(() => attachments.id),
    reporter_id: text('reporter_id')
      .notNull()
      .references(() => users.id),
    /** heir | executor | receiver | staff (domain REPORTER_RELATIONSHIPS). */
    relationship: text('relationship').notNull(),
    /** When the reporter's own eKYC had passed (null for staff, who report without it). */
    reporter_ekyc_at: tz('reporter_ekyc_at'),
    /** pending | verified | refused (domain DEATH_REPORT_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** The account whose MyKad is the deceased's, found when the death is verified (null when none). */
    deceased_user_id: text('deceased_user_id').references(() => users.id),
    /** Verifications needed when the first was given: 2 with a registered will or hibah, else 1. */
    verifications_needed: integer('verifications_needed'),
    first_verified_by: text('first_verified_by').references(() => users.id),
    first_verified_at: tz('first_verified_at'),
    verified_by: text('verified_by').references(() => users.id),
    verified_at: tz('verified_at'),
    refused_by: text('refused_by').references(() => users.id),
    refused_at: tz('refused_at'),
    refusal_reason: text('refusal_reason'),
    ...timestamps(),
  },
  (t) => [
    // One report per MyKad while it is pending or verified: a duplicate is refused, also under a race.
    uniqueIndex('death_reports_open_uq').on(t.deceased_ic).where(sql`${t.status} in ('pending', 'verified')`),
    // The lock of instruments/deceased-lock.ts: is this owner the deceased of a verified report?
    index('death_reports_deceased_user_idx').on(t.deceased_user_id).where(sql`${t.status} = 'verified'`),
    index('death_reports_status_created_idx').on(t.status, t.created_at),
    index('death_reports_reporter_idx').on(t.reporter_id, t.created_at),
  ],
);

/** The organisations that registered a verified deceased's instruments: told, and shown the report. */
export const death_report_organisations = pgTable(
  'death_report_organisations',
  {
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.death_report_id, t.organization_id] }),
    index('death_report_organisations_org_idx').on(t.organization_id),
  ],
);

/** What a verified death closed or locked: each will, hibah and amendment of the deceased, with its state then. */
export const death_closures = pgTable(
  'death_closures',
  {
    id: idColumn(),
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    /** Wasiat | Hibah | Amendment */
    record_type: text('record_type').notNull(),
    record_id: text('record_id').notNull(),
    organization_id: text('organization_id').references(() => organizations.id),
    /** The record's number or reference ('' while it has none). */
    reference: text('reference').notNull(),
    /** registered | submitted | closed | amendment_closed (deaths.state.* labels). */
    state: text('state').notNull(),
    reason: text('reason').notNull(),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('death_closures_record_uq').on(t.death_report_id, t.record_type, t.record_id),
    index('death_closures_record_idx').on(t.record_type, t.record_id),
  ],
);

/** "Is there a will?" (ADR 0262): kept until a verified death matches it, then answered by mail once. */
export const will_inquiries = pgTable(
  'will_inquiries',
  {
    id: idColumn(),
    deceased_ic: text('deceased_ic').notNull(),
    certificate_no: text('certificate_no').notNull(),
    certificate_key: text('certificate_key').notNull(),
    email: text('email').notNull(),
    /** The language the inquiry was made in: the answer leads with it. */
    language: text('language').notNull().default('ms'),
    /** The report that answered it, and when. */
    death_report_id: text('death_report_id').references(() => death_reports.id),
    answered_at: tz('answered_at'),
    ...timestamps(),
  },
  (t) => [index('will_inquiries_waiting_idx').on(t.deceased_ic, t.certificate_key, t.answered_at)],
);
