/**
 * The asset and nominee map (issue 40 item 6; ADR 0269): what a testator records beside the will — nominations
 * (outside the estate), assets, debts and zakat owed — each with its value in sen and the date of the estimate,
 * and the yearly review reminders sent for it. Documents are `attachments` of type `asset-document` (attachable
 * type `Asset`). Kinds: domain ASSET_KINDS.
 */
import { bigint, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { users } from './users.ts';

export const assets = pgTable(
  'assets',
  {
    id: idColumn(),
    /** The testator whose map this entry is on. */
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** domain ASSET_KINDS code (epf_nomination … zakat). */
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    /** The bank, fund, operator, insurer, registrar or creditor. */
    institution: text('institution'),
    /** Account, policy, membership, registration or title number. */
    reference: text('reference'),
    /** Approximate value or amount in sen; for a debt or zakat, what is owed. */
    value_sen: bigint('value_sen', { mode: 'number' }).notNull(),
    /** The date of that estimate ('YYYY-MM-DD', Kuala Lumpur calendar). */
    value_estimated_on: date('value_estimated_on', { mode: 'string' }).notNull(),
    /** A nomination's nominee and their relationship to the testator (null for other kinds). */
    nominee_name: text('nominee_name'),
    nominee_relationship: text('nominee_relationship'),
    /** Who recorded it (the testator, or an agent or staff acting for them). */
    created_by: text('created_by').references(() => users.id),
    /** Removed from the map (kept for the audit trail and the documents). */
    deleted_at: tz('deleted_at'),
    ...timestamps(),
  },
  (t) => [index('assets_user_idx').on(t.user_id, t.created_at)],
);

/** The yearly review reminders of a map: claimed, then sent once per occasion (the due date). */
export const asset_review_reminders = pgTable(
  'asset_review_reminders',
  {
    id: idColumn(),
    user_id: text('user_id')
      .notNull()
      .references(() => users.id),
    /** The due date 'YYYY-MM-DD' (an anniversary of the map's last change). */
    occasion: text('occasion').notNull(),
    email: text('email'),
    claimed_at: tz('claimed_at').notNull(),
    sent_at: tz('sent_at'),
    attempts: integer('attempts').notNull().default(1),
    error: text('error'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('asset_review_reminders_uq').on(t.user_id, t.occasion)],
);
