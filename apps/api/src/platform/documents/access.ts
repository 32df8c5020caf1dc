/**
 * Who may download a will's documents (docs/api/documents.md; DESIGN.md §3, §4, §9.3–9.4).
 *
 * Two ways in:
 * 1. A bearer user who may see the will — decided by the wills module's scope (`willScope` in
 *    wills/policy.ts, through `findVisibleWill`), the one place for will visibility. Anyone else gets a
 *    404, never a 403 (the will's existence is not revealed).
 * 2. A signed URL from `POST /api/route/sign` (DESIGN.md §4: "downloads opened in a new tab carry a
 *    short-lived signed URL, never a bare id"): a new browser tab cannot send the bearer header, so the
 *    HMAC over the path and expiry is the credential. The signing endpoint only signs a path for a
 *    caller who passes rule 1 (see routes.ts).
 *
 * Because of 2, the document routes declare `config.access: 'public'` and call {@link documentAccess}
 * themselves; the guard cannot express "bearer OR signature".
 */
import type { FastifyRequest } from 'fastify';
import type { Ctx } from '../../context.ts';
import type { AuthUser } from '../auth/guard.ts';
import { AppError, unauthenticated } from '../http/errors.ts';

/**
 * How a document request is authorised: by a valid signature (the path was signed for someone who
 * could see it), or by the bearer user, whose right to this will the caller must still check with
 * `findVisibleWill` (wills/queries.ts).
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
