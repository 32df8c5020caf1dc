/**
 * Audit events (issue 2 "Audit: every state change writes an audit event (actor, time, IP, before/after)
 * in the same transaction"; DESIGN.md §9.6). Call inside the transaction that makes the change.
 *
 * Each event joins the hash chain (issue 11 "Audit trail"; chain.ts): a transaction-level advisory lock
 * serialises writers (several API processes on one PostgreSQL), then the latest hash is read and the new
 * event's hash computed. The lock is held until the caller's transaction ends, so the next writer reads
 * this event once it is committed (or the previous one if it rolled back).
 */
import { type AuditAction, isAuditAction } from '@wasiat/domain';
import { desc, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { audit_events } from '../../db/schema/index.ts';
import { eventHash } from './chain.ts';

/** Key of the advisory lock that serialises audit writers (any constant unique in this database). */
export const AUDIT_CHAIN_LOCK = 7_310_411;

export interface AuditInput {
  actorId: string | null | undefined;
  /** A catalogued action (packages/domain/src/audit-catalogue.ts, ADR 0159): each has a Malay and English label. */
  action: AuditAction;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

async function append(tx: Db, e: AuditInput) {
  // The type already limits actions to the catalogue; a cast around it must not write a raw key either.
  if (!isAuditAction(e.action)) throw new Error(`audit action not in the catalogue: ${e.action}`);
  await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK})`);
  const [last] = await tx
    .select({ hash: audit_events.hash })
    .from(audit_events)
    .orderBy(desc(audit_events.seq))
    .limit(1);
  const fields = {
    prev_hash: last?.hash ?? null,
    actor_id: e.actorId ?? null,
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId,
    before: e.before ?? null,
    after: e.after ?? null,
    ip: e.ip ?? null,
    at: new Date(),
  };
  await tx
    .insert(audit_events)
    .values({ ...fields, before: fields.before as never, after: fields.after as never, hash: eventHash(fields) });
}

/** Write one audit event with `db` (pass the transaction; outside one, a transaction is opened for it). */
export async function recordAudit(db: Db, e: AuditInput) {
  if (db instanceof PgTransaction) return append(db, e);
  await db.transaction((tx) => append(tx as unknown as Db, e));
}
