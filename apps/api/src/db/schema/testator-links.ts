/**
 * A signed link to a testator who is not present (issue 38 item 5; ADR 0298): one row per link an agent, partner or
 * staff member sent so the testator reads the draft, makes the PDPA and confirmation declarations and signs on their
 * own device. The link is live while it is the will's newest (a newer one sets `superseded_at`), unsigned, not past
 * `expires_at` (7 days), the will still a draft, and the will's content still the `document_sha256` it was sent for.
 * Timestamps in UTC.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';
import { users } from './users.ts';
import { wills } from './wills.ts';

export const will_testator_links = pgTable(
  'will_testator_links',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
    /** Who sent it (the agent, partner or staff member preparing the will). */
    sent_by: text('sent_by')
      .notNull()
      .references(() => users.id),
    /** email | sms: how it reached the testator. */
    channel: text('channel').notNull(),
    /** The testator's e-mail address or mobile number it went to. */
    destination: text('destination').notNull(),
    /** The will's document version (SHA-256 of its parts, ADR 0015) when sent: a changed draft stops the link. */
    document_sha256: text('document_sha256').notNull(),
    sent_at: tz('sent_at').notNull(),
    expires_at: tz('expires_at').notNull(),
    opened_at: tz('opened_at'),
    signed_at: tz('signed_at'),
    superseded_at: tz('superseded_at'),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('will_testator_links_will_idx').on(t.wasiat_id, t.sent_at)],
);
