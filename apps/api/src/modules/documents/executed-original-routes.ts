/**
 * Routes of the executed original of a will (issue 41 item 1; ADR 0266; docs/api/documents.md "Executed
 * original"); the rules are in executed-original.ts.
 *
 * - `GET /api/wasiat/{id}/executed-original` (whoever may see the will) → `{ executed_original }`.
 * - `POST /api/wasiat/{id}/executed-original { scan (data URL or base64: PNG, JPEG, WebP or PDF ≤ 5 MB),
 *   scan_filename?, custody: provider|testator, custody_place }` (JSON, or multipart with `scan` as a file; the
 *   testator, the will's agent or staff) → 201 `{ message, executed_original }`.
 * - `POST /api/executed-original/{id}/verify { printed_sha256, custody?, custody_place? }` (`will:verify`) →
 *   `{ message, executed_original }`.
 * - `POST /api/executed-original/{id}/refuse { reason }` (`will:verify`) → `{ message, executed_original }`.
 * A will or scan the caller may not see → 404.
 */
import {
  executedOriginalRefusalSchema,
  executedOriginalUploadSchema,
  executedOriginalVerifySchema,
} from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { type Access, requireUser } from '../auth/index.ts';
import { multipartToBody } from '../wills/index.ts';
import {
  executedOriginalView,
  refuseExecutedOriginal,
  uploadExecutedOriginal,
  verifyExecutedOriginal,
} from './executed-original.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
/** Everyone who may see some wills; the will's own scope decides (404 otherwise). */
const READ: Access = ['will:read:own', 'will:read:agent', 'will:read:organisation', 'will:read:any'];

/** Register the executed-original routes (called by the documents module's routes). */
export function executedOriginalRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get('/wasiat/:id/executed-original', { config: { access: READ }, schema: { params: idParams } }, async (req) =>
    executedOriginalView(ctx.db, requireUser(req), req.params.id),
  );

  r.post(
    '/wasiat/:id/executed-original',
    {
      config: { access: READ },
      preValidation: multipartToBody,
      schema: { params: idParams, body: executedOriginalUploadSchema },
    },
    async (req, reply) => {
      const out = await uploadExecutedOriginal(
        ctx,
        { user: requireUser(req), ip: req.ip },
        req.params.id,
        req.body,
        req.lang,
      );
      return reply.status(201).send(out);
    },
  );

  r.post(
    '/executed-original/:id/verify',
    { config: { access: 'will:verify' }, schema: { params: idParams, body: executedOriginalVerifySchema } },
    async (req) =>
      verifyExecutedOriginal(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.body, req.lang),
  );

  r.post(
    '/executed-original/:id/refuse',
    { config: { access: 'will:verify' }, schema: { params: idParams, body: executedOriginalRefusalSchema } },
    async (req) =>
      refuseExecutedOriginal(ctx, { user: requireUser(req), ip: req.ip }, req.params.id, req.body.reason, req.lang),
  );
}
