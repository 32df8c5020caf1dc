/**
 * "Tell us once" (issue 40 item 8; ADR 0273): the institutions an organisation notifies of a death
 * (`notice_recipients`, one list per organisation, removed ones kept for the notices that name them), the one
 * notice of a verified death sent to each (`estate_notices`: to whom, when, the reference and what it listed; the
 * mail itself is a `mail_outbox` row of kind `estate_notice`, ADR 0280), and the replies recorded against a notice
 * (`estate_notice_replies`, with an optional scan: attachable type `EstateNoticeReply`). Times in UTC.
 */
import { boolean, date, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { death_reports } from './deaths.ts';
import { attachments } from './files.ts';
import { mail_outbox } from './mail.ts';
import { organizations } from './organisations.ts';
import { users } from './users.ts';

/** One institution on an organisation's list (domain NOTICE_RECIPIENT_KINDS). */
export const notice_recipients = pgTable(
  'notice_recipients',
  {
    id: idColumn(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    /** bank | takaful | cooperative | other */
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    created_by: text('created_by').references(() => users.id),
    /** Removed from the list (kept: notices name it). */
    deleted_at: tz('deleted_at'),
    ...timestamps(),
  },
  (t) => [index('notice_recipients_org_idx').on(t.organization_id)],
);

/** One asset-map entry as a notice listed it. */
export interface NoticeListedAsset {
  asset_id: string;
  kind: string;
  description: string;
  institution: string | null;
  reference: string | null;
  /** Listed because its institution matched the recipient's name, or because the sender ticked it. */
  by: 'match' | 'ticked';
}

/** One notice of a death to one institution (a resend is a new row with `resend` true). */
export const estate_notices = pgTable(
  'estate_notices',
  {
    id: idColumn(),
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    recipient_id: text('recipient_id')
      .notNull()
      .references(() => notice_recipients.id),
    /** The institution's name and e-mail when the notice was sent. */
    recipient_name: text('recipient_name').notNull(),
    to_email: text('to_email').notNull(),
    /** The reference quoted in the notice (EN-XXXXXXXX). */
    reference: text('reference').notNull(),
    listed: jsonb('listed').$type<NoticeListedAsset[]>().notNull(),
    contact: text('contact').notNull(),
    /** Whether this notice was sent again explicitly to an institution already notified. */
    resend: boolean('resend').notNull().default(false),
    /** The notice's mail (its `mail_outbox` row; the column's name is from when that was `death_mails`). */
    death_mail_id: text('death_mail_id').references(() => mail_outbox.id),
    sent_by: text('sent_by')
      .notNull()
      .references(() => users.id),
    sent_at: tz('sent_at').notNull().defaultNow(),
    ...timestamps(),
  },
  (t) => [index('estate_notices_report_idx').on(t.death_report_id, t.recipient_id)],
);

/** An institution's reply to a notice. */
export const estate_notice_replies = pgTable(
  'estate_notice_replies',
  {
    id: idColumn(),
    notice_id: text('notice_id')
      .notNull()
      .references(() => estate_notices.id),
    text: text('text').notNull(),
    /** The date the reply was received ('YYYY-MM-DD', Kuala Lumpur). */
    received_on: date('received_on', { mode: 'string' }).notNull(),
    attachment_id: text('attachment_id').references(() => attachments.id),
    recorded_by: text('recorded_by')
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('estate_notice_replies_notice_idx').on(t.notice_id)],
);
