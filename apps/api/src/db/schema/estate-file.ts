/**
 * The estate file (issue 40 item 4; ADR 0274): the heirs asked again after the death — a will heir who died since
 * the will or is under guardianship, an heir born or married since — (`estate_heir_changes`, one row per
 * correction, withdrawn rather than deleted) and the claims entered after the death: funeral costs and the debts the
 * asset map does not list (`estate_claims`, one row per death report). Amounts in sen; times in UTC; dates
 * 'YYYY-MM-DD'.
 */
import { bigint, date, index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { death_reports } from './deaths.ts';
import { heirs } from './people.ts';
import { users } from './users.ts';

/** One correction of the will's heirs on an estate file (domain ESTATE_HEIR_CHANGE_KINDS). */
export const estate_heir_changes = pgTable(
  'estate_heir_changes',
  {
    id: idColumn(),
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    /** died | no_capacity (a will heir: `heir_id`) | added (the new heir's particulars below). */
    kind: text('kind').notNull(),
    heir_id: text('heir_id').references(() => heirs.id),
    name: text('name'),
    relationship: text('relationship'),
    ic_number: text('ic_number'),
    /** An added adult heir's e-mail, for their release link and so their consent (ADR 0282; migration 0058). */
    email: text('email'),
    /** The death, birth, marriage or guardianship order. */
    event_date: date('event_date', { mode: 'string' }).notNull(),
    note: text('note'),
    created_by: text('created_by')
      .notNull()
      .references(() => users.id),
    withdrawn_at: tz('withdrawn_at'),
    withdrawn_by: text('withdrawn_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('estate_heir_changes_report_idx').on(t.death_report_id)],
);

/** The claims entered on an estate file after the death (sen). */
export const estate_claims = pgTable('estate_claims', {
  death_report_id: text('death_report_id')
    .primaryKey()
    .references(() => death_reports.id),
  funeral_sen: bigint('funeral_sen', { mode: 'number' }).notNull(),
  /** Debts the asset map does not list (the map's debts and zakat are read from it). */
  other_debts_sen: bigint('other_debts_sen', { mode: 'number' }).notNull(),
  updated_by: text('updated_by')
    .notNull()
    .references(() => users.id),
  ...timestamps(),
});
