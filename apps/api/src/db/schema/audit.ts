/**
 * Audit events: every state change, with actor, time, IP and before/after (issue 2 "Audit"; DESIGN.md §9.6).
 * Insert-only and hash-chained (issue 11 "Audit trail"): `seq` orders the chain, `prev_hash` is the
 * previous event's `hash`, and `hash` is the SHA-256 of the event's canonical JSON (audit/chain.ts). A
 * trigger (migration `audit_insert_only`) refuses UPDATE, DELETE and TRUNCATE.
 */
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, tz } from './_common.ts';

export const audit_events = pgTable(
  'audit_events',
  {
    id: idColumn(),
    /** Position in the hash chain (1, 2, …). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    actor_id: text('actor_id'),
    /** e.g. will.submit, will.confirm, will.cancel, payment.confirm, will.sign, auth.login */
    action: text('action').notNull(),
    entity_type: text('entity_type').notNull(),
    entity_id: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    ip: text('ip'),
    at: tz('at').notNull().defaultNow(),
    /** `hash` of the previous event in `seq` order; null for the first. */
    prev_hash: text('prev_hash'),
    /** SHA-256 (hex) of the canonical JSON of this event and `prev_hash`. */
    hash: text('hash').notNull(),
  },
  (t) => [index('audit_entity_idx').on(t.entity_type, t.entity_id), uniqueIndex('audit_seq_idx').on(t.seq)],
);
