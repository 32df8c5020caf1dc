/**
 * The testator's children who died before them, and their children (issue 41 item 6; ADR 0270): what the
 * wasiat wajibah rule reads (domain faraid/wasiat-wajibah.ts). One row per predeceased child, in the order given;
 * the grandchildren are a JSON list `[{ name, sex, ic_number }]` (they are not parties to the will).
 */
import { date, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './_common.ts';
import { wills } from './wills.ts';

export const will_predeceased_children = pgTable(
  'will_predeceased_children',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
    /** The order in which the testator listed them (0-based). */
    position: integer('position').notNull(),
    name: text('name').notNull(),
    /** male | female */
    sex: text('sex').notNull(),
    died_on: date('died_on', { mode: 'string' }).notNull(),
    /** The predeceased child's children: `[{ name, sex, ic_number }]`. */
    children: jsonb('children').notNull().default([]),
    ...timestamps(),
  },
  (t) => [index('will_predeceased_children_wasiat_idx').on(t.wasiat_id, t.position)],
);
