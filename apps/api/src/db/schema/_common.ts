/** Column helpers shared by the schema files. */
import { randomBytes } from 'node:crypto';
import { text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A new record id: 128 random bits, base64url (22 characters). Every id that can appear in a URL is
 * unguessable (issue 2: "{wasiat_id} in every public URL is an unguessable identifier"; ADR 0003).
 */
export const newId = () => randomBytes(16).toString('base64url');

/** Primary key column `id`, filled with {@link newId}. */
export const idColumn = () => text('id').primaryKey().$defaultFn(newId);

/** `created_at` / `updated_at` in UTC (DESIGN.md §7). */
export const timestamps = () => ({
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date()),
});

/** A nullable timestamptz column in UTC. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Postal address columns `address`, `postcode`, `city`, `state` (free text), as a person or company gives them. */
export const addressColumns = () => ({
  address: text('address'),
  postcode: text('postcode'),
  city: text('city'),
  state: text('state'),
});
