/**
 * A client blocks or unblocks a requester (issue 36 item 3; ADR 0227), through one of the requester's grants or
 * requests to them:
 * - `POST /api/client-grant/{id}/block`: the person who made grant `id` (`created_by`) may no longer ask this
 *   client (their requests are 403 `grants.requester_blocked` and the client is sent nothing); their pending
 *   requests to the client are refused now. An active grant stays until the client withdraws it.
 * - `POST /api/client-grant/{id}/unblock`: they may ask again.
 * Both are idempotent, audited (`grant.block`, `grant.unblock`, entity ClientGrant) and answer `{ grant }` with
 * `requester_blocked` (grants/listing.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { client_grants, grant_blocks } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { AuthUser } from '../auth/index.ts';
import { serializeGrant } from './listing.ts';

interface Actor {
  user: AuthUser;
  ip?: string;
}

/** The caller's own grant `id` (as the client) and its blockable requester. @throws 404; 422 `grants.cannot_block`. */
async function ownGrant(db: Db, actor: Actor, id: string) {
  const [g] = await db
    .select()
    .from(client_grants)
    .where(and(eq(client_grants.id, id), eq(client_grants.client_id, actor.user.id)))
    .limit(1);
  if (!g) throw notFound();
  // a grant the client made themself (their own choice of organisation) has nobody to block
  if (!g.created_by || g.created_by === g.client_id) throw fieldError('id', 'grants.cannot_block');
  return { g, requesterId: g.created_by };
}

/**
 * `POST /api/client-grant/{id}/block` (the client): block the requester of grant `id`; their pending requests to
 * the caller are refused. @returns `{ grant }`. @throws 404 when `id` is not the caller's; 422
 * `grants.cannot_block` (id) for a grant the caller made themself.
 */
export async function blockRequester(db: Db, actor: Actor, id: string) {
  const { g, requesterId } = await ownGrant(db, actor, id);
  await db.transaction(async (tx) => {
    await tx.insert(grant_blocks).values({ client_id: g.client_id, requester_id: requesterId }).onConflictDoNothing();
    const refused = await tx
      .update(client_grants)
      .set({ status: 'refused', refused_at: new Date() })
      .where(
        and(
          eq(client_grants.client_id, g.client_id),
          eq(client_grants.created_by, requesterId),
          eq(client_grants.status, 'pending'),
        ),
      )
      .returning({ id: client_grants.id });
    for (const r of refused) {
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'grant.refuse',
        entityType: 'ClientGrant',
        entityId: r.id,
        before: { status: 'pending' },
        after: { status: 'refused' },
        ip: actor.ip,
      });
    }
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: 'grant.block',
      entityType: 'ClientGrant',
      entityId: g.id,
      after: { requester_id: requesterId },
      ip: actor.ip,
    });
  });
  return { grant: await serializeGrant(db, actor.user, g) };
}

/**
 * `POST /api/client-grant/{id}/unblock` (the client): the requester of grant `id` may ask again.
 * @returns `{ grant }`. @throws as {@link blockRequester}.
 */
export async function unblockRequester(db: Db, actor: Actor, id: string) {
  const { g, requesterId } = await ownGrant(db, actor, id);
  const gone = await db
    .delete(grant_blocks)
    .where(and(eq(grant_blocks.client_id, g.client_id), eq(grant_blocks.requester_id, requesterId)))
    .returning({ c: grant_blocks.client_id });
  if (gone.length) {
    await recordAudit(db, {
      actorId: actor.user.id,
      action: 'grant.unblock',
      entityType: 'ClientGrant',
      entityId: g.id,
      before: { requester_id: requesterId },
      ip: actor.ip,
    });
  }
  return { grant: await serializeGrant(db, actor.user, g) };
}
