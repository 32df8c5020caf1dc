/**
 * Institutions a bequest may go to (issue 41 item 7 "Waqf and sadaqah"; ADR 0268): the list the provider's staff
 * keep of state Islamic religious councils, mosques, registered charities and waqf institutions. A row is never
 * deleted (bequests name it): staff deactivate it, and it is no longer offered for new bequests.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps } from './_common.ts';
import { users } from './users.ts';

export const institutions = pgTable(
  'institutions',
  {
    id: idColumn(),
    /** `council` | `mosque` | `charity` | `waqf` (domain INSTITUTION_KINDS). */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** Registration number (e.g. the Registrar of Societies' number); required unless a council. */
    registration_no: text('registration_no'),
    /** The law it is established or registered under, with the section (a council's enactment). */
    registered_under: text('registered_under'),
    /** Domain STATES; null for a body that works across states. */
    state: text('state'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    active: boolean('active').notNull().default(true),
    created_by: text('created_by').references(() => users.id),
    updated_by: text('updated_by').references(() => users.id),
    ...timestamps(),
  },
  (t) => [
    index('institutions_active_name_idx').on(t.active, t.name),
    uniqueIndex('institutions_name_registration_uq').on(
      sql`lower(${t.name})`,
      sql`coalesce(${t.registration_no}, '')`,
      sql`coalesce(${t.registered_under}, '')`,
    ),
  ],
);
