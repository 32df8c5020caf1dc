/** Who acts on a will and the audit event each change writes (DESIGN.md §9.6). Reached through `service.ts`. */
import type { AuditAction } from '@wasiat/domain';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../auth/index.ts';
import { asDb, type Conn } from './queries.ts';

/** Who acts and from where (for audit events). */
export interface Actor {
  user: AuthUser;
  ip?: string;
  /** The browser's User-Agent header (recorded with signatures; issue 11 certificate of completion). */
  userAgent?: string;
}

/** Write an audit event in the given transaction (DESIGN.md §9.6). */
export async function audit(
  tx: Conn,
  actor: Actor,
  action: AuditAction,
  entity: { type: string; id: string },
  before: unknown,
  after: unknown,
) {
  await recordAudit(asDb(tx), {
    actorId: actor.user.id,
    action,
    entityType: entity.type,
    entityId: entity.id,
    before,
    after,
    ip: actor.ip,
  });
}
