/**
 * The heirs' consent to a deceased's bequests (issue 40 item 5; ADR 0275): one row per heir, bequest and decision
 * (`estate_consents`; a decision is final, so at most one per heir and bequest of a report), and the heirs estate staff
 * mark under guardianship (`estate_heir_wards`), who do not consent. Amounts in sen; times in UTC.
 */
import { bigint, boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { death_releases } from './death-releases.ts';
import { death_reports } from './deaths.ts';
import { users } from './users.ts';
import { wills } from './wills.ts';

/** One heir's decision on one bequest needing consent (domain `EstateConsent`), with what it was shown. */
export const estate_consents = pgTable(
  'estate_consents',
  {
    id: idColumn(),
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
    /** The estate heir who decided (ADR 0282): a will's heirs row id, or an added heir's estate_heir_changes id. */
    heir_id: text('heir_id').notNull(),
    /** The release (signed link, code and MyKad) the heir decided through. */
    release_id: text('release_id')
      .notNull()
      .references(() => death_releases.id),
    /** Domain `BequestRef`: `moveable:<id>` | `immoveable:<id>` | `bequest:<id>`. */
    bequest_ref: text('bequest_ref').notNull(),
    /** `to_heir` | `beyond_third`, and the amount (sen) and label shown when deciding. */
    reason: text('reason').notNull(),
    amount_sen: bigint('amount_sen', { mode: 'number' }),
    label: text('label').notNull(),
    /** `consented` | `refused`. */
    decision: text('decision').notNull(),
    decided_at: tz('decided_at').notNull(),
    ip: text('ip'),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('estate_consents_uq').on(t.death_report_id, t.heir_id, t.bequest_ref),
    index('estate_consents_report_idx').on(t.death_report_id),
  ],
);

/** An heir of a report's will that estate staff marked under guardianship (or cleared), with why and by whom. */
export const estate_heir_wards = pgTable(
  'estate_heir_wards',
  {
    death_report_id: text('death_report_id')
      .notNull()
      .references(() => death_reports.id),
    /** The estate heir (ADR 0282): a will's heirs row id, or an added heir's estate_heir_changes id. */
    heir_id: text('heir_id').notNull(),
    under_guardianship: boolean('under_guardianship').notNull(),
    note: text('note'),
    set_by: text('set_by')
      .notNull()
      .references(() => users.id),
    ...timestamps(),
  },
  (t) => [primaryKey({ columns: [t.death_report_id, t.heir_id] })],
);
