/**
 * Who may download a will's documents (docs/api/documents.md; DESIGN.md §3, §4, §9.3–9.4).
 *
 * Two ways in:
 * 1. A bearer user who may see the will ({@link canSeeWill}): the owner (`wills.user_id`), the agent who
 *    registered it (`wills.agent_id`, action `will:read:agent`), a Partner of the will's organisation
 *    (an active `user_accesses` row, action `will:read:organisation`), or a role with `will:read:any`
 *    (Staff, Officer, Accountant, Admin). Anyone else gets a 404, never a 403 (the will's existence is
 *    not revealed).
 * 2. A signed URL from `POST /api/route/sign` (DESIGN.md §4: "downloads opened in a new tab carry a
 *    short-lived signed URL, never a bare id"): a new browser tab cannot send the bearer header, so the
 *    HMAC over the path and expiry is the credential. The signing endpoint only signs a path for a
 *    caller who passes rule 1 (see routes.ts).
 *
 * Because of 2, the document routes declare `config.access: 'public'` and call {@link documentAccess}
 * themselves; the guard cannot express "bearer OR signature".
 */
import { can } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { user_accesses, type wills } from '../db/schema/index.ts';
import { AppError, unauthenticated } from '../http/errors.ts';

type WillScope = Pick<typeof wills.$inferSelect, 'user_id' | 'agent_id' | 'organization_id'>;

/**
 * Whether `user` may see the will `w` (rules above). Reads `user_accesses` only for a role with
 * `will:read:organisation`.
 */
export async function canSeeWill(db: Db, user: AuthUser, w: WillScope): Promise<boolean> {
  if (w.user_id === user.id) return true;
  if (can(user.role, 'will:read:any')) return true;
  if (can(user.role, 'will:read:agent') && w.agent_id === user.id) return true;
  if (can(user.role, 'will:read:organisation') && w.organization_id) {
    const [row] = await db
      .select({ id: user_accesses.id })
      .from(user_accesses)
      .where(
        and(
          eq(user_accesses.user_id, user.id),
          eq(user_accesses.organization_id, w.organization_id),
          eq(user_accesses.status, 1),
        ),
      )
      .limit(1);
    if (row) return true;
  }
  return false;
}

/**
 * How a document request is authorised: by a valid signature (the path was signed for someone who
 * could see it), or by the bearer user, whose right to this will the caller must still check with
 * {@link canSeeWill}.
 */
export type DocumentAccess = { via: 'signature' } | { via: 'bearer'; user: AuthUser };

/**
 * Decide how a request to a document route is authorised.
 * - `expires` + `signature` valid for the request path → `{ via: 'signature' }` (a bearer is not needed);
 * - else a bearer user → `{ via: 'bearer', user }`;
 * - else a signature that is present but tampered or expired → 403 `documents.link_invalid`;
 * - else → 401 (no credential at all).
 */
export function documentAccess(ctx: Ctx, req: FastifyRequest): DocumentAccess {
  const q = (req.query ?? {}) as Record<string, unknown>;
  const expires = typeof q.expires === 'string' ? q.expires : undefined;
  const signature = typeof q.signature === 'string' ? q.signature : undefined;
  const path = req.url.split('?')[0];
  if ((expires || signature) && ctx.signer.verify(path, expires, signature)) return { via: 'signature' };
  if (req.user) return { via: 'bearer', user: req.user };
  if (expires || signature) throw new AppError('forbidden', 'documents.link_invalid');
  throw unauthenticated();
}
