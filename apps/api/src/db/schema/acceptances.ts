/**
 * The people a will names accept their role (issue 41 item 3; ADR 0276). One row of `role_acceptances` per request:
 * the will's executor (its registering organisation, a corporate executor, who answers in the app) or one guardian
 * of minor children (a `caretakers` row, who answers through a signed link with a code e-mailed to them). A
 * request is `pending` until answered `accepted` or `declined`; it becomes `superseded` when the will no longer
 * names the person in that role as asked (an amendment changed the children in their care or removed them), and a
 * new request replaces it. The mails (the guardian's link, the organisation's notice, the testator's notice of a
 * decline) go through the platform's `mail_outbox` (schema/mail.ts; ADR 0280), written in the deciding transaction
 * and composed and sent after commit.
 * Timestamps in UTC.
 */
import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';
import { organizations } from './organisations.ts';
import { users } from './users.ts';
import { wills } from './wills.ts';

export const role_acceptances = pgTable(
  'role_acceptances',
  {
    id: idColumn(),
    wasiat_id: text('wasiat_id')
      .notNull()
      .references(() => wills.id),
    /** The organisation that registered the will (the executor; its partners answer and resend). */
    organization_id: text('organization_id').references(() => organizations.id),
    /** executor | guardian (domain ACCEPTANCE_ROLES). */
    role: text('role').notNull(),
    /** The guardian's `caretakers` row when asked (null for the executor; the row may later be replaced). */
    caretaker_id: text('caretaker_id'),
    person_name: text('person_name').notNull(),
    /** MyKad of a guardian; the organisation's registration number (or an individual partner's MyKad) for the executor. */
    person_id_number: text('person_id_number').notNull(),
    /** Where the link went (a guardian) or the organisation's e-mail (the executor); null = none recorded. */
    email: text('email'),
    /** The minor children in the guardian's care, as the will wrote them when asked. */
    wards: text('wards'),
    /** domain guardianRoleKey (a guardian) or `executor|<organisation id>`: what was asked, to tell a change. */
    role_key: text('role_key').notNull(),
    /** pending | accepted | declined | superseded (domain ACCEPTANCE_STATES). */
    state: text('state').notNull().default('pending'),
    asked_at: tz('asked_at').notNull().defaultNow(),
    opened_at: tz('opened_at'),
    decided_at: tz('decided_at'),
    /** The partner who answered for a corporate executor (null for a guardian, who has no account). */
    decided_by: text('decided_by').references(() => users.id),
    /** The reason given with a decline. */
    reason: text('reason'),
    superseded_at: tz('superseded_at'),
    created_at: tz('created_at').notNull().defaultNow(),
  },
  (t) => [index('role_acceptances_will_idx').on(t.wasiat_id, t.state)],
);
