/**
 * Who acts on a hibah, finding a hibah in the caller's scope (visibility from policy.ts only), the hibah a
 * step may change now, and the audit event each change writes (docs/api/hibah.md; DESIGN.md §9.6).
 * Reached through `service.ts`.
 */
import { type AuditAction, H, type HibahStep, hibahStepEditable } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hibahs } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { registerReferenceKind } from '../grants/index.ts';
import { assertOwnerAlive } from '../instruments/index.ts';
import { assertCanFill, type HibahRow, hibahScope } from './policy.ts';

/** A transaction handle of {@link Db}. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either the database or a transaction. */
export type Conn = Db | Tx;
/** A transaction where a helper asks for `Db` (same query API). */
export const asDb = (c: Conn) => c as unknown as Db;

/** The acting user and their IP (audit events). */
export interface Actor {
  user: AuthUser;
  ip?: string;
  /** The browser's User-Agent (recorded with signatures for the certificate of completion; ADR 0074). */
  userAgent?: string;
}

/** Write an audit event in the transaction (DESIGN.md §9.6). */
export async function audit(tx: Conn, actor: Actor, action: AuditAction, id: string, before: unknown, after: unknown) {
  await recordAudit(asDb(tx), {
    actorId: actor.user.id,
    action,
    entityType: 'Hibah',
    entityId: id,
    before,
    after,
    ip: actor.ip,
  });
}

/** A hibah the caller may see (`FOR UPDATE` when asked). @throws 404. */
export async function findVisibleHibah(db: Conn, user: AuthUser, id: string, forUpdate = false): Promise<HibahRow> {
  const q = db
    .select()
    .from(hibahs)
    .where(and(eq(hibahs.id, id), hibahScope(user)));
  const [h] = forUpdate ? await q.for('update') : await q;
  if (!h) throw notFound();
  return h;
}

// A `hibah_id` (or `*_type: "Hibah"` pair) in a body or query: visible by the same scope (ADR 0101).
registerReferenceKind('Hibah', async (db, user, id) => {
  const [h] = await db
    .select({ id: hibahs.id })
    .from(hibahs)
    .where(and(eq(hibahs.id, id), hibahScope(user)));
  return Boolean(h);
});

/**
 * A visible hibah, locked, whose `step` may change now: caller is the grantor or its agent (403), status one of
 * the domain's `HIBAH_STEP_STATUSES[step]` — the content -1/0/1, the witnesses until registered (422
 * `hibah.not_editable` on `_`; issue 34, ADR 0223), its grantor's death not verified (422 `deaths.instrument_locked`
 * on `_`; ADR 0261).
 */
export async function fillableHibah(tx: Conn, user: AuthUser, id: string, step: HibahStep = 'content') {
  const h = await findVisibleHibah(tx, user, id, true);
  assertCanFill(user, h);
  if (!hibahStepEditable(step, h.status)) throw fieldError('_', H.notEditable);
  await assertOwnerAlive(tx, h.user_id);
  return h;
}
