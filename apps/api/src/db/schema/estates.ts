/**
 * The right office for a verified deceased's estate (issue 40 item 7; ADR 0271): the values staff entered over the
 * will's own (`estate_values`, one row per death report) and the executor's checklist of documents for the route
 * (`estate_checklist_items`, one row per report and item code, with its upload). Amounts in sen; times in UTC.
 */
import { bigint, boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { death_reports } from './deaths.ts';
import { attachments } from './files.ts';
import { users } from './users.ts';

/** Values entered by staff for a report's estate; absent: the registered will's property values are used. */
export const estate_values = pgTable('estate_values', {
  death_report_id: text('death_report_id')
    .primaryKey()
    .references(() => death_reports.id),
  movable_sen: bigint('movable_sen', { mode: 'number' }).notNull(),
  immovable_sen: bigint('immovable_sen', { mode: 'number' }).notNull(),
  /** Whether a will's executor will apply for probate (null: as the registered will says). */
  executor_named: boolean('executor_named'),
  updated_by: text('updated_by')
    .notNull()
    .references(() => users.id),
  ...timestamps(),
});

/** One document of the route's checklist (domain `estateChecklist` item code): ticked, and its upload. */
export const estate_checklist_items = pgTable(
  'estate_checklist_items',
  {
    id: idColumn(),
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    code: text('code').notNull(),
    done: boolean('done').notNull().default(false),
    ticked_by: text('ticked_by').references(() => users.id),
    ticked_at: tz('ticked_at'),
    /** The latest upload (`attachments`, attachable type `EstateChecklist`, attachable id = this row's id). */
    attachment_id: text('attachment_id').references(() => attachments.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('estate_checklist_items_uq').on(t.death_report_id, t.code),
    index('estate_checklist_items_report_idx').on(t.death_report_id),
  ],
);
