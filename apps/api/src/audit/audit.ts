/**
 * Audit events (issue 2 "Audit: every state change writes an audit event (actor, time, IP, before/after)
 * in the same transaction"; DESIGN.md §9.6). Call inside the transaction that makes the change.
 */
import type { Db } from '../db/client.ts';
import { audit_events } from '../db/schema/index.ts';

export interface AuditInput {
  actorId: string | null | undefined;
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
  ip?: string;
}

/** Write one audit event with `db` (pass the transaction). */
export async function recordAudit(db: Db, e: AuditInput) {
  await db.insert(audit_events).values({
    actor_id: e.actorId ?? null,
    action: e.action,
    entity_type: e.entityType,
    entity_id: e.entityId,
    before: (e.before ?? null) as never,
    after: (e.after ?? null) as never,
    ip: e.ip,
  });
}
