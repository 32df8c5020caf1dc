/** Movable and immovable property and who receives what share (spec §3 Property; reference §2.6, §3.7). */
import { bigint, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './_common.ts';
import { receivers } from './people.ts';

/**
 * The property declared harta sepencarian (issue 41 item 5; ADR 0286; migration 0061), all NULL when not declared:
 * the spouse (an heir of the will, whose name and MyKad are copied, or a name typed), the spouse's portion in basis
 * points (1..10,000 = 0.01%..100%), the basis (`agreed` | `estimated`) and its note. Domain
 * faraid/harta-sepencarian.ts deducts the portion before the bequests and faraid.
 */
const sepencarianColumns = () => ({
  sepencarian_spouse_heir_id: text('sepencarian_spouse_heir_id'),
  sepencarian_spouse_name: text('sepencarian_spouse_name'),
  sepencarian_spouse_ic: text('sepencarian_spouse_ic'),
  sepencarian_bp: integer('sepencarian_bp'),
  sepencarian_basis: text('sepencarian_basis'),
  sepencarian_basis_note: text('sepencarian_basis_note'),
});

export const moveable_properties = pgTable(
  'moveable_properties',
  {
    id: idColumn(),
    moveable_type: text('moveable_type').notNull(),
    moveable_id: text('moveable_id').notNull(),
    /** vehicle | shares | insurance | savings | company | bank */
    property_type: text('property_type').notNull(),
    institution_name: text('institution_name'),
    account_number: text('account_number'),
    policy_number: text('policy_number'),
    company_registration_number: text('company_registration_number'),
    transport_type: text('transport_type'),
    transport_manufacturer: text('transport_manufacturer'),
    transport_model: text('transport_model'),
    transport_registration_number: text('transport_registration_number'),
    /** The testator's estimate of its value in sen (required for a will's property since migration 0041; ADR 0257). */
    value_sen: bigint('value_sen', { mode: 'number' }),
    /** The date of that estimate ('YYYY-MM-DD', Kuala Lumpur calendar); NULL on rows saved before migration 0041. */
    value_estimated_on: date('value_estimated_on', { mode: 'string' }),
    ...sepencarianColumns(),
    ...timestamps(),
  },
  (t) => [index('moveable_owner_idx').on(t.moveable_type, t.moveable_id)],
);

export const immoveable_properties = pgTable(
  'immoveable_properties',
  {
    id: idColumn(),
    immoveable_type: text('immoveable_type').notNull(),
    immoveable_id: text('immoveable_id').notNull(),
    /** land | building | strata */
    category: text('category').notNull(),
    /** Land title type code (catalogue LAND_TITLE_TYPES). */
    property_type: text('property_type').notNull(),
    property_no: text('property_no').notNull(),
    lot_number: text('lot_number').notNull(),
    city_type: text('city_type'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    address: text('address'),
    /** The testator's estimate of its value in sen (required for a will's property since migration 0041; ADR 0257). */
    value_sen: bigint('value_sen', { mode: 'number' }),
    /** The date of that estimate ('YYYY-MM-DD', Kuala Lumpur calendar); NULL on rows saved before migration 0041. */
    value_estimated_on: date('value_estimated_on', { mode: 'string' }),
    ...sepencarianColumns(),
    ...timestamps(),
  },
  (t) => [index('immoveable_owner_idx').on(t.immoveable_type, t.immoveable_id)],
);

/** A receiver's share of one property: `portion` is "%" or a fraction (spec §5). */
export const property_receivers = pgTable(
  'property_receivers',
  {
    id: idColumn(),
    receiver_id: text('receiver_id')
      .notNull()
      .references(() => receivers.id),
    /** MoveableProperty | ImmoveableProperty */
    propertyable_type: text('propertyable_type').notNull(),
    propertyable_id: text('propertyable_id').notNull(),
    portion: text('portion').notNull(),
    ...timestamps(),
  },
  (t) => [index('property_receivers_prop_idx').on(t.propertyable_type, t.propertyable_id)],
);
