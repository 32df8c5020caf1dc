/** Audit events: every state change, with actor, time, IP and before/after (issue 2 "Audit"; DESIGN.md §9.6). */
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';

export const audit_events = pgTable(
  'audit_events',
  {
    id: idColumn(),
    actor_id: text('actor_id'),
    /** e.g. will.submit, will.confirm, will.cancel, payment.confirm, will.sign, auth.login */
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: tz('at').notNull().defaultNow(),
  },
  (t) => [index('audit_entity_idx').on(t.entity_type, t.entity_id)],
);
