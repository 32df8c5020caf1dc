/**
 * Status notices (issue 34 item 2: every status change of every instrument tells the people it concerns, once):
 * one row per person per status change, written in the transaction of the change and delivered after commit
 * (modules/notices). `sent_at` is set once the mail (and SMS, where chosen) went; an undelivered row is retried
 * by the `notices.deliver` job.
 */
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';
import { users } from './users.ts';

export const status_notices = pgTable(
  'status_notices',
  {
    id: idColumn(),
    /** `Wasiat`, `Hibah` or `Amendment` (the audit trail's entity types). */
    record_type: text('record_type').notNull(),
    record_id: text('record_id').notNull(),
    /** The person told: the owner of the record, or the agent who registered it for them. */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The status the record entered (the kind's own codes, spec §4). */
    status: integer('status').notNull(),
    /** The record's number or reference as the person knows it (W2026-000001, H2026-…, the amendment's); empty while it has none. */
    reference: text('reference').notNull(),
    /** The reason given with the change (a cancellation's or a decline's), if any. */
    reason: text('reason'),
    /** When the change happened; with the record, the person and the status it makes the row unique (once). */
    changed_at: tz('changed_at').notNull(),
    claimed_at: tz('claimed_at'),
    sent_at: tz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
  },
  (t) => [
    uniqueIndex('status_notices_once_uq').on(t.record_type, t.record_id, t.user_id, t.status, t.changed_at),
    index('status_notices_unsent_idx').on(t.sent_at),
  ],
);
