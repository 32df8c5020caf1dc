/**
 * The property of a hibah, each receiver's share of it, and the trust's asset ledger (spec §3 property and
 * asset transactions, §5 shares; reference §2.6, §3.7). Money in integer sen; reached through `./hibah.ts`.
 */
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './_common.ts';
import { hibah_receivers } from './hibah-parties.ts';
import { hibahs } from './hibah-record.ts';
import { users } from './users.ts';

/** Movable and immovable property of a hibah (reference §2.6, §3.7). */
export const hibah_properties = pgTable(
  'hibah_properties',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    /** moveable | immoveable */
    kind: text('kind').notNull(),
    /** Movable: MOVEABLE_PROPERTY_TYPES; immovable: LAND_TITLE_TYPES. */
    property_type: text('property_type').notNull(),
    /** Immovable: land | building | strata. */
    category: text('category'),
    institution_name: text('institution_name'),
    account_number: text('account_number'),
    policy_number: text('policy_number'),
    company_registration_number: text('company_registration_number'),
    transport_type: text('transport_type'),
    transport_manufacturer: text('transport_manufacturer'),
    transport_model: text('transport_model'),
    transport_registration_number: text('transport_registration_number'),
    one_cent_username: text('one_cent_username'),
    one_cent_wallet_name: text('one_cent_wallet_name'),
    property_no: text('property_no'),
    lot_number: text('lot_number'),
    city_type: text('city_type'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    address: text('address'),
    value_sen: bigint('value_sen', { mode: 'number' }),
    ...timestamps(),
  },
  (t) => [index('hibah_properties_hibah_idx').on(t.hibah_id, t.kind)],
);

/** A receiver's share of one hibah property: "%" or a fraction (spec §5; total not over the whole). */
export const hibah_property_receivers = pgTable(
  'hibah_property_receivers',
  {
    id: idColumn(),
    property_id: text('property_id')
      .notNull()
      .references(() => hibah_properties.id),
    receiver_id: text('receiver_id')
      .notNull()
      .references(() => hibah_receivers.id),
    portion: text('portion').notNull(),
    ...timestamps(),
  },
  (t) => [uniqueIndex('hibah_property_receivers_uq').on(t.property_id, t.receiver_id)],
);

/**
 * The asset ledger of a trust (spec §3 "Asset transaction fields: type credit, current total, balance
 * after"). Rows are only added by ledger.ts, which locks the hibah row: `seq` numbers a hibah's rows
 * 1, 2, 3… (unique), each row's balance_before is the previous row's balance_after, and the hibah's
 * `current_total_sen` equals the last balance_after. Amounts in sen, always positive.
 */
export const hibah_asset_transactions = pgTable(
  'hibah_asset_transactions',
  {
    id: idColumn(),
    hibah_id: text('hibah_id')
      .notNull()
      .references(() => hibahs.id),
    /** The asset (property) the money belongs to, when given. */
    property_id: text('property_id').references(() => hibah_properties.id),
    seq: integer('seq').notNull(),
    /** credit | debit */
    type: text('type').notNull(),
    amount_sen: bigint('amount_sen', { mode: 'number' }).notNull(),
    balance_before_sen: bigint('balance_before_sen', { mode: 'number' }).notNull(),
    balance_after_sen: bigint('balance_after_sen', { mode: 'number' }).notNull(),
    description: text('description'),
    created_by: text('created_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('hibah_asset_transactions_seq_uq').on(t.hibah_id, t.seq),
    check('hibah_tx_amount_pos', sql`${t.amount_sen} > 0`),
    check('hibah_tx_type', sql`${t.type} in ('credit', 'debit')`),
    check(
      'hibah_tx_balance',
      sql`${t.balance_after_sen} >= 0 and ${t.balance_after_sen} = ${t.balance_before_sen} + case when ${t.type} = 'credit' then ${t.amount_sen} else -${t.amount_sen} end`,
    ),
  ],
);
