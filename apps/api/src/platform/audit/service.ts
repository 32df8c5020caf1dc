/** Reading the audit trail (issue 11 "Staff see a record's history"). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { audit_events, users } from '../../db/schema/index.ts';

/** Every event of one record, oldest first, with the actor's name. */
export async function recordHistory(db: Db, entityType: string, entityId: string) {
  const rows = await db
    .select({ e: audit_events, actorName: users.name })
    .from(audit_events)
    .leftJoin(users, eq(users.id, audit_events.actor_id))
    .where(and(eq(audit_events.entity_type, entityType), eq(audit_events.entity_id, entityId)))
    .orderBy(asc(audit_events.seq));
  return rows.map(({ e, actorName }) => ({
    id: e.id,
    seq: e.seq,
    action: e.action,
    actor: e.actor_id ? { id: e.actor_id, name: actorName ?? null } : null,
    before: e.before,
    after: e.after,
    ip: e.ip,
    at: e.at.toISOString(),
    hash: e.hash,
  }));
}
