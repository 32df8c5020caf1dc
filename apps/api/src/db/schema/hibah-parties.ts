/**
 * The people of a hibah besides the grantor: receivers (donees), caretakers of minor receivers, heirs
 * (estate trust) and witnesses (spec §3 "a caretaker belongs to a hibah"; reference §2.5). The hibah module
 * owns these tables (not the polymorphic will tables) because a receiver signs and a witness confirms
 * through a signed link (ADR 0030). Timestamps in UTC; reached through `./hibah.ts`.
 */
import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { addressColumns as address, idColumn, timestamps, tz } from './_common.ts';
import { hibahs } from './hibah-record.ts';

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
    /** The witness's spouse's MyKad, when given, and how and when they were identified (ADR 0259). */
    spouse_ic_number: text('spouse_ic_number'),
    identified_by: text('identified_by'),
    identified_at: tz('identified_at'),
    ...timestamps(),
  },
  (t) => [index('hibah_witnesses_hibah_idx').on(t.hibah_id)],
);
