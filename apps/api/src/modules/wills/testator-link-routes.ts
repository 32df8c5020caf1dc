/**
 * Routes of the signed link to a testator who is not present (issue 38 item 5; ADR 0298; testator-link.ts):
 * - `POST /wasiat/{id}/testator-link` (one who may edit the will, not its testator) → `{ link, message }`;
 * - `GET /wasiat/{id}/testator-link` (whoever may see the will) → `{ link | null }`;
 * public, each carrying the link's `?expires&signature`, 30 a minute per IP:
 * - `GET /public/wasiat/{id}/testator-link/{link_id}` → `{ link, sender, conventional, will }`;
 * - `POST /public/wasiat/{id}/testator-link/{link_id}/sign { acknowledged_pdpa, acknowledged_confirmation, document,
 *   signature_method }` → `{ message, signed_at }`.
 * 403 tampered/expired link; 404 unknown or of another will; 410 superseded, used, no longer a draft, or changed;
 * 422 naming the field.
 */
import { signatureUploadSchema, verificationSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { requireUser } from '../auth/index.ts';
import { actorOf, EDIT_WILLS, idParams, READ_WILLS } from './http.ts';
import {
  latestTestatorLink,
  openTestatorLink,
  registerTestatorLinkMail,
  sendTestatorLink,
  signByTestatorLink,
} from './testator-link.ts';

const linkParams = z.object({ id: z.string().min(1).max(64), link_id: z.string().min(1).max(64) });
const linkQuery = z.object({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});
/** The testator's declarations and signature (part f's two bodies in one). */
const signBody = verificationSchema.extend(signatureUploadSchema.shape);

/** Register the routes of the file comment and the link's mail composer (called by routes.ts). */
export async function testatorLinkRoutes(api: FastifyInstance, ctx: Ctx) {
  registerTestatorLinkMail();
  const r = api.withTypeProvider<ZodTypeProvider>();
  const limit = { access: 'public' as const, rateLimit: routeRateLimit(ctx.env, 'publicLookup') };

  r.post('/wasiat/:id/testator-link', { config: { access: EDIT_WILLS }, schema: { params: idParams } }, async (req) =>
    sendTestatorLink(ctx, actorOf(req), req.params.id, req.lang),
  );

  r.get('/wasiat/:id/testator-link', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) =>
    latestTestatorLink(ctx, requireUser(req), req.params.id),
  );

  r.get(
    '/public/wasiat/:id/testator-link/:link_id',
    { config: limit, schema: { params: linkParams, querystring: linkQuery } },
    async (req) => openTestatorLink(ctx, req.params.id, req.params.link_id, req.query),
  );

  r.post(
    '/public/wasiat/:id/testator-link/:link_id/sign',
    { config: limit, schema: { params: linkParams, querystring: linkQuery, body: signBody } },
    async (req) =>
      signByTestatorLink(
        ctx,
        req.params.id,
        req.params.link_id,
        req.query,
        req.body,
        { ip: req.ip, userAgent: req.headers['user-agent']?.slice(0, 512) },
        req.lang,
      ),
  );
}
