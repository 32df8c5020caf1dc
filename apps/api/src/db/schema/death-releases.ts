/**
 * Releases after a verified death (issue 40 item 3; ADR 0267): one row per person a registered will or hibah of the
 * deceased names — the will's executor (wasi: its registering organisation), heirs, receivers of property,
 * guardians; the hibah's receivers and caretakers — who has an e-mail and an identity number on record. The row is
 * the signed link's subject: who it was issued to (name, MyKad or, for a company executor, its registration
 * number, e-mail), for which instrument and in which roles; when it was issued, opened and last passed the
 * identity check; and its revocation by staff. Timestamps in UTC.
 */
import { doublePrecision, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';
import { death_reports } from './deaths.ts';
import { organizations } from './organisations.ts';
import { users } from './users.ts';

export const death_releases = pgTable(
  'death_releases',
  {
    id: idColumn(),
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    /** Wasiat | Hibah, its id and its registration number (W…/H…) when issued. */
    instrument_type: text('instrument_type').notNull(),
    instrument_id: text('instrument_id').notNull(),
    instrument_reference: text('instrument_reference').notNull(),
    /** The organisation that registered the instrument (its partners see the release, read-only). */
    organization_id: text('organization_id').references(() => organizations.id),
    person_name: text('person_name').notNull(),
    /** The identity number the instrument records for the person (12-digit MyKad; a company executor's registration number), as compared (upper case, letters and digits only). */
    person_id_number: text('person_id_number').notNull(),
    /** The strongest role (executor > heir > beneficiary > guardian > receiver > caretaker; domain RELEASE_ROLES) and every role the instrument gives the person. */
    role: text('role').notNull(),
    roles: jsonb('roles').$type<string[]>().notNull(),
    email: text('email').notNull(),
    issued_at: tz('issued_at').notNull().defaultNow(),
    /** First opening of the link, and the last time the person passed the code and identity check. */
    opened_at: tz('opened_at'),
    identified_at: tz('identified_at'),
    /** The person's face checks (selfie against their MyKad photo; ADR 0295): failed ones since the last pass, the last score (0–100), when one last passed. */
    face_attempts: integer('face_attempts').notNull().default(0),
    face_score: doublePrecision('face_score'),
    face_verified_at: tz('face_verified_at'),
    revoked_at: tz('revoked_at'),
    revoked_by: text('revoked_by').references(() => users.id),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('death_releases_person_uq').on(
      t.death_report_id,
      t.instrument_type,
      t.instrument_id,
      t.email,
      t.person_id_number,
    ),
    index('death_releases_report_idx').on(t.death_report_id),
  ],
);
