/**
 * The testator's acknowledgements of bequests to heirs (issue 17 item 5; ADR 0155): a share of property to
 * an heir above their faraid share is a wasiat to an heir that takes effect only with the other heirs'
 * consent after the death (Enakmen Wasiat Orang Islam (Selangor) 1999 s. 11(2), s. 26(2)). Each row records
 * who acknowledged, when, from which IP, exactly which bequests (JSON, fractions as "n/d") and their key's
 * SHA-256, and the will's document version at that moment. Rows are only added; the latest row whose key
 * matches the bequests now is the acknowledgement in force.
 */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { users } from './users.ts';

export const heir_bequest_acknowledgements = pgTable(
  'heir_bequest_acknowledgements',
  {
    id: idColumn(),
    /** "Wasiat" (the will) or "Amendment" (an amendment's draft) and its id. */
    subject_type: text('subject_type').notNull(),
    subject_id: text('subject_id').notNull(),
    /** Who acknowledged (the testator, or the agent acting for them in their session). */
    acknowledged_by: text('acknowledged_by')
      .notNull()
      .references(() => users.id),
    acknowledged_at: tz('acknowledged_at').notNull(),
    ip: text('ip'),
    /** The bequests to heirs acknowledged: `[{ heir_id, heir_name, property_id, share, faraid, excess, … }]`. */
    bequests: jsonb('bequests').notNull(),
    /** SHA-256 (hex) of `heirBequestsKey` of those bequests: compared with the bequests now. */
    bequests_sha256: text('bequests_sha256').notNull(),
    /** The will's document version (ADR 0015) or the draft's content hash when acknowledged. */
    document_sha256: text('document_sha256').notNull(),
    ...timestamps(),
  },
  (t) => [index('heir_bequest_ack_subject_idx').on(t.subject_type, t.subject_id, t.acknowledged_at)],
);
