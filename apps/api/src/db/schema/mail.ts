/**
 * The one transactional mail outbox of the platform (issue 34 "write it once"; ADR 0280; platform/mail/outbox.ts).
 * A row is written in the transaction that decides the mail and sent after commit; what failed, or what a dead
 * process left claimed, is retried by the `mail.outbox` job. `kind` names the mail and, for a mail whose text is
 * composed when sent (`subject`/`body` null), the composer a module registered for it; `subject_ref` is the record
 * the mail concerns (a death report, a role acceptance …) and `refs` any further ids (e.g. the organisation told).
 * Timestamps in UTC.
 */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';

export const mail_outbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    /**
     * deaths: organisation | inquiry | release | reporter | estate_notice (ADRs 0261, 0262, 0267, 0273);
     * acceptances, composed when sent: acceptance.ask | acceptance.executor | acceptance.declined (ADR 0276).
     */
    kind: text('kind').notNull(),
    /** The record the mail concerns: a death report's id (deaths, estates), a role acceptance's id (acceptances). */
    subject_ref: text('subject_ref').notNull(),
    /** Further ids the mail concerns, e.g. `{ organization_id }`, `{ will_inquiry_id }`; null = none. */
    refs: jsonb('refs').$type<Record<string, string>>(),
    to_email: text('to_email').notNull(),
    /** The text as queued; both null when the kind's registered composer writes it at the sending. */
    subject: text('subject'),
    body: text('body'),
    attempts: integer('attempts').notNull().default(0),
    claimed_at: tz('claimed_at'),
    sent_at: tz('sent_at'),
    last_error: text('last_error'),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    // The due scan: unsent rows, oldest first.
    index('mail_outbox_due_idx').on(t.created_at).where(sql`${t.sent_at} is null`),
    // A record's mails of one kind (e.g. a death report's release mails, release-staff.ts).
    index('mail_outbox_subject_idx').on(t.subject_ref, t.kind),
  ],
);
