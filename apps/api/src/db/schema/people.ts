/**
 * People named in a will or hibah (reference §2.5): heirs, witnesses, receivers (beneficiaries of
 * property), caretakers (guardians of minor children) and bequests. Owners are polymorphic:
 * `<x>able_type` is "Wasiat" | "Hibah" | "Amendment" and `<x>able_id` the owner's id (reference §4.7).
 */
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';
import { institutions } from './institutions.ts';
import { users } from './users.ts';

const address = () => ({
  address: text('address'),
  postcode: text('postcode'),
  city: text('city'),
  state: text('state'),
});

export const heirs = pgTable(
  'heirs',
  {
    id: idColumn(),
    heirable_type: text('heirable_type').notNull(),
    heirable_id: text('heirable_id').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    ic_number: text('ic_number'),
    mobile_number: text('mobile_number'),
    home_phone_number: text('home_phone_number'),
    email: text('email'),
    ...address(),
    ...timestamps(),
  },
  (t) => [index('heirs_owner_idx').on(t.heirable_type, t.heirable_id)],
);

export const witnesses = pgTable(
  'witnesses',
  {
    id: idColumn(),
    witnessable_type: text('witnessable_type').notNull(),
    witnessable_id: text('witnessable_id').notNull(),
    name: text('name').notNull(),
    ic_number: text('ic_number').notNull(),
    email: text('email'),
    ...address(),
    /** Attachment id of the witness's signature (PNG). */
    signature_id: text('signature_id'),
    /** The MyKad of the witness's spouse, when they give it (the witness rule refuses an heir's or receiver's spouse; ADR 0259). */
    spouse_ic_number: text('spouse_ic_number'),
    /** How the witness was identified (`email_code` | `staff`, domain WITNESS_IDENTIFICATIONS; null: not identified), when and, for staff, by whom (ADR 0259). */
    identified_by: text('identified_by'),
    identified_at: tz('identified_at'),
    identified_by_user_id: text('identified_by_user_id').references(() => users.id),
    ...timestamps(),
  },
  (t) => [index('witnesses_owner_idx').on(t.witnessable_type, t.witnessable_id)],
);

export const receivers = pgTable(
  'receivers',
  {
    id: idColumn(),
    receivable_type: text('receivable_type').notNull(),
    receivable_id: text('receivable_id').notNull(),
    name: text('name').notNull(),
    relationship: text('relationship').notNull(),
    ic_number: text('ic_number'),
    email: text('email'),
    mobile_number: text('mobile_number'),
    ...address(),
    ...timestamps(),
  },
  (t) => [index('receivers_owner_idx').on(t.receivable_type, t.receivable_id)],
);

export const caretakers = pgTable(
  'caretakers',
  {
    id: idColumn(),
    caretakerable_type: text('caretakerable_type').notNull(),
    caretakerable_id: text('caretakerable_id').notNull(),
    name: text('name').notNull(),
    ic_number: text('ic_number').notNull(),
    relationship: text('relationship').notNull(),
    mobile_number: text('mobile_number'),
    /** Where the guardian's link to accept the role is mailed (issue 41 item 3; ADR 0276). */
    email: text('email'),
    /** Names of the minor children in this guardian's care (free text). */
    wards: text('wards'),
    ...address(),
    ...timestamps(),
  },
  (t) => [index('caretakers_owner_idx').on(t.caretakerable_type, t.caretakerable_id)],
);

/** A bequest (wasiat to a non-heir or for a purpose): at most one third of the net estate in total. */
export const bequests = pgTable(
  'bequests',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id').notNull(),
    beneficiary_name: text('beneficiary_name').notNull(),
    ic_number: text('ic_number'),
    relationship: text('relationship'),
    purpose: text('purpose'),
    /** "%" or a fraction of the net estate, e.g. "10%" or "1/4". */
    portion: text('portion').notNull(),
    amount_sen: integer('amount_sen'),
    /**
     * A bequest to an institution of the staff's list (issue 41 item 7; ADR 0268): its id, and its kind and
     * registration as they were when the testator chose it (printed on the will; `beneficiary_name` holds its name).
     */
    institution_id: text('institution_id').references(() => institutions.id),
    institution_kind: text('institution_kind'),
    institution_registration: text('institution_registration'),
    ...timestamps(),
  },
  (t) => [index('bequests_will_idx').on(t.wasiat_id)],
);
