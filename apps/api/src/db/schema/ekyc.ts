/**
 * Identity checks (issue 3): face-verification attempts (eKYC) and one-time codes (OTP).
 * Each attempt keeps its images as attachments (attachable_type "EkycAttempt"), the score, the outcome,
 * the user, the IP and the time, for audit. OTP codes are stored hashed only.
 */
import { boolean, index, integer, pgTable, real, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { users } from './users.ts';

export const ekyc_attempts = pgTable(
  'ekyc_attempts',
  {
    id: idColumn(),
    /** Whose face was checked (the testator). */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** Who made the attempt (the testator or the agent helping them). */
    actor_id: text('actor_id').references(() => users.id),
    /** "Wasiat" | "Hibah" | null (user-level eKYC), and its id. */
    ekycable_type: text('ekycable_type'),
    ekycable_id: text('ekycable_id'),
    selfie_attachment_id: text('selfie_attachment_id'),
    mykad_attachment_id: text('mykad_attachment_id'),
    /** 0–100 (ADR 0013); null when no face could be compared. */
    verification_score: real('verification_score'),
    /** Descriptor distance (face-api), null when no face could be compared. */
    distance: real('distance'),
    passed: boolean('passed').notNull().default(false),
    /** passed | score_too_low | no_face | many_faces */
    outcome: text('outcome').notNull(),
    /** @vladmandic/human antispoof score of the selfie, 0–1 (1 = a real face), an extra signal (ADR 0093). */
    antispoof: real('antispoof'),
    /** @vladmandic/human liveness score of the selfie, 0–1, an extra signal (ADR 0093). */
    liveness: real('liveness'),
    ip: text('ip'),
    ...timestamps(),
  },
  (t) => [
    index('ekyc_attempts_user_idx').on(t.user_id, t.created_at),
    index('ekyc_attempts_owner_idx').on(t.ekycable_type, t.ekycable_id),
  ],
);

export const otp_codes = pgTable(
  'otp_codes',
  {
    id: idColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** "will-submit" | "amendment-submit" | "hibah-submit" | "hibah-finalise" | "hibah-amendment-submit" (otp/service.ts) */
    purpose: text('purpose').notNull(),
    /** The will the code is for (when the purpose concerns one). */
    wasiat_id: text('wasiat_id'),
    /** The hibah the code is for (purposes "hibah-submit", "hibah-finalise", "hibah-amendment-submit"; ADRs 0096, 0097). */
    hibah_id: text('hibah_id'),
    /** The grant request the code approves (purpose "grant-approve"; ADR 0101). */
    client_grant_id: text('client_grant_id'),
    /** "email" | "sms" and the address it went to. */
    channel: text('channel').notNull(),
    destination: text('destination').notNull(),
    /** argon2id hash of the code (never the code itself). */
    code_hash: text('code_hash').notNull(),
    expires_at: tz('expires_at').notNull(),
    /** Wrong tries against this code. */
    failed_attempts: integer('failed_attempts').notNull().default(0),
    /** When the right code was entered (single use: a verified code cannot be verified again). */
    verified_at: tz('verified_at'),
    /** When a verified code was spent by the action it guards (e.g. the will's submission). */
    used_at: tz('used_at'),
    ...timestamps(),
  },
  (t) => [
    index('otp_codes_user_idx').on(t.user_id, t.purpose, t.created_at),
    index('otp_codes_destination_idx').on(t.destination, t.created_at),
  ],
);

/**
 * Manual eKYC (reference §3.1 Part D; issue 3): after the attempt limit the testator (or grantor) uploads a
 * selfie holding the MyKad (an attachment of type `ekyc-manual` of the record); staff with `ekyc:review`
 * approve it (the record's eKYC becomes verified with method "Manual") or reject it with a reason. One row
 * per upload; a new upload supersedes a pending one. The record is `ekycable_type` ("Wasiat" | "Hibah" |
 * "Amendment", ADR 0094) and `ekycable_id`; `wasiat_id` is also set for a will's review.
 */
export const ekyc_manual_reviews = pgTable(
  'ekyc_manual_reviews',
  {
    id: idColumn(),
    /** The will (wills' reviews only; kept for the wills module's queries). */
    wasiat_id: text('wasiat_id'),
    ekycable_type: text('ekycable_type').notNull().default('Wasiat'),
    ekycable_id: text('ekycable_id').notNull(),
    /** The testator. */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    attachment_id: text('attachment_id').notNull(),
    /** pending | approved | rejected | superseded */
    status: text('status').notNull().default('pending'),
    reason: text('reason'),
    uploaded_by: text('uploaded_by').references(() => users.id),
    reviewed_by: text('reviewed_by').references(() => users.id),
    reviewed_at: tz('reviewed_at'),
    ...timestamps(),
  },
  (t) => [
    index('ekyc_manual_reviews_status_idx').on(t.status, t.created_at),
    index('ekyc_manual_reviews_will_idx').on(t.wasiat_id),
    index('ekyc_manual_reviews_owner_idx').on(t.ekycable_type, t.ekycable_id),
  ],
);

/**
 * Public eKYC links issued (ADR 0091, revocation ADR 0095): one row per `POST /route/sign { route_name:
 * "ekyc" }`; the signed URL carries the row's id. A revoked link (and every public token taken from it) is
 * refused with 410.
 */
export const ekyc_links = pgTable(
  'ekyc_links',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id').notNull(),
    /** Who asked for the link (the agent or staff member helping the client). */
    issued_by: text('issued_by')
      .notNull()
      .references(() => users.id),
    expires_at: tz('expires_at').notNull(),
    revoked_at: tz('revoked_at'),
    revoked_by: text('revoked_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('ekyc_links_will_idx').on(t.wasiat_id, t.created_at)],
);

/**
 * The eKYC facts of a user's own verification on /ekyc (no will, hibah or amendment; issue 21 item 7,
 * ADR 0147): the same three facts the records keep, so the attempt limit, the manual review and the staff's
 * reset work for a user as they do for a record (`ekyc/subjects.ts`, kind "User"). One row per user, made
 * on the first attempt (migration 0027 fills it from earlier user-level attempts).
 */
export const user_ekyc = pgTable('user_ekyc', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Attempts since the last reset (staff `POST /ekyc/{id}/reset?ekycable_type=User`). */
  face_verification_count: integer('face_verification_count').notNull().default(0),
  ekyc_verified_at: tz('ekyc_verified_at'),
  /** "Face" | "Manual" */
  ekyc_method: text('ekyc_method'),
  ...timestamps(),
});
