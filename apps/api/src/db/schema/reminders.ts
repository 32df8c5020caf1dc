/**
 * Will-review reminders (issue 17 item 17; ADR 0174, 0175): the testator's setting and the reminders sent.
 *
 * - `review_reminder_settings`: one row per user who changed the setting (no row = reminders on, language
 *   Malay): whether will-review reminders are sent, and the language the mails lead with (the language the
 *   user was using when they saved the setting or turned reminders off by the mail's link).
 * - `review_reminders`: one row per reminder, unique on (will, kind, occasion): kind `yearly` with the
 *   anniversary's year as occasion, kind `heir_adult` with the heir's MyKad as occasion. A row is the claim
 *   of one sending (`claimed_at`); `sent_at` is set once the SMTP server accepted the mail. A claim whose
 *   mail failed (`sent_at` null) may be taken again after the claim time-out; a sent one never is.
 */
import { boolean, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { users } from './users.ts';
import { wills } from './wills.ts';

export const review_reminder_settings = pgTable('review_reminder_settings', {
  user_id: text('user_id')
    .primaryKey()
    .references(() => users.id),
  /** Whether the yearly and heir-turns-18 reminders are sent (default on). */
  enabled: boolean('enabled').notNull().default(true),
  /** `ms` | `en`: the language the reminder mails lead with (the other follows). */
  language: text('language').notNull().default('ms'),
  ...timestamps(),
});

export const review_reminders = pgTable(
  'review_reminders',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
    /** The testator the mail went to. */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** `yearly` (anniversary of registration) | `heir_adult` (a minor heir turned 18). */
    kind: text('kind').notNull(),
    /** `yearly`: the anniversary's year, e.g. "2027"; `heir_adult`: the heir's MyKad. */
    occasion: text('occasion').notNull(),
    /** The calendar date (Asia/Kuala_Lumpur, YYYY-MM-DD) the reminder is for: the anniversary or the 18th birthday. */
    due_on: text('due_on').notNull(),
    /** The address the mail went (or was to go) to. */
    email: text('email'),
    claimed_at: tz('claimed_at').notNull(),
    sent_at: tz('sent_at'),
    attempts: integer('attempts').notNull().default(1),
    /** The last failure's message (SMTP refusal, no address), null once sent. */
    error: text('error'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('review_reminders_occasion_uq').on(t.wasiat_id, t.kind, t.occasion)],
);
