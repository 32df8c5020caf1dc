/**
 * The executed original of a will (issue 41 item 1; ADR 0266): each scan of the signed paper uploaded for a version
 * of a will, the custody declared, and the staff check against the SHA-256 printed at the foot of the sealed
 * document's pages — verified (the executed original; `wills.executed_original_at` set) or refused with a reason.
 * Timestamps in UTC.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { attachments } from './files.ts';
import { users } from './users.ts';
import { wills } from './wills.ts';

export const will_executed_originals = pgTable(
  'will_executed_originals',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
    /** The version of the will's content in force when the scan was uploaded (ADR 0021). */
    version_no: integer('version_no').notNull(),
    /** The scan (`attachments`, attachable type `Wasiat`, type `executed-original`). */
    scan_attachment_id: text('scan_attachment_id')
      .notNull()
      .references(() => attachments.id),
    /** provider | testator (domain CUSTODIES), and where, as free text. */
    custody: text('custody').notNull(),
    custody_place: text('custody_place').notNull(),
    uploaded_by: text('uploaded_by')
      .notNull()
      .references(() => users.id),
    /** pending | verified | refused (domain EXECUTED_ORIGINAL_STATUSES). */
    status: text('status').notNull().default('pending'),
    /** The SHA-256 staff read off the scan, equal to the `content_sha256` of a sealed document of the version. */
    printed_sha256: text('printed_sha256'),
    reviewed_by: text('reviewed_by').references(() => users.id),
    reviewed_at: tz('reviewed_at'),
    refusal_reason: text('refusal_reason'),
    /**
     * Whether the scan's harta sepencarian declaration page carries the spouse's signed acknowledgement, as staff
     * saw it when they verified the scan (issue 41 item 5; ADR 0290; migration 0062): true signed, false not;
     * null when the will declared no harta sepencarian then.
     */
    sepencarian_acknowledged: boolean('sepencarian_acknowledged'),
    ...timestamps(),
  },
  (t) => [
    index('will_executed_originals_will_idx').on(t.wasiat_id, t.created_at),
    // One scan awaiting a check per will, one executed original per version.
    uniqueIndex('will_executed_originals_pending_uq').on(t.wasiat_id).where(sql`${t.status} = 'pending'`),
    uniqueIndex('will_executed_originals_verified_uq')
      .on(t.wasiat_id, t.version_no)
      .where(sql`${t.status} = 'verified'`),
  ],
);
