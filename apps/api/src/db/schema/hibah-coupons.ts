/** One-cent hibah redeem codes (reference §3.3). Money in integer sen; reached through `./hibah.ts`. */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { hibahs } from './hibah-record.ts';
import { organizations } from './organisations.ts';
import { users } from './users.ts';

/** One-cent hibah redeem codes (reference §3.3): redeemed once, for a token amount in sen. */
export const hibah_coupons = pgTable(
  'hibah_coupons',
  {
    id: idColumn(),
    code: text('code').notNull(),
    organization_id: text('organization_id').references(() => organizations.id),
    /** The token amount in sen (default 1 sen: "one cent"). */
    amount_sen: integer('amount_sen').notNull().default(1),
    expires_at: tz('expires_at'),
    created_by: text('created_by').references(() => users.id),
    redeemed_by: text('redeemed_by').references(() => users.id),
    redeemed_at: tz('redeemed_at'),
    hibah_id: text('hibah_id').references(() => hibahs.id),
    ...timestamps(),
  },
  (t) => [uniqueIndex('hibah_coupons_code_uq').on(t.code)],
);
