/**
 * Routes of the asset and nominee map (issue 40 item 6; ADR 0269). Each declares `config.access` against the
 * permission table; an entry out of the caller's scope is a 404 (policy.ts).
 *
 * - `GET /api/asset ?user_id` (`asset:manage:own` | `asset:read:client`) → `{ assets: [entry], totals: { gross_estate_sen,
 *   liabilities_sen, net_estate_sen, nominated_sen }, last_updated_at, next_review_on }` — the map of `user_id` (a
 *   client the caller acts for) or the caller's own; an entry is `{ id, user_id, kind, group, outside_estate,
 *   description, institution, reference, value_sen, value_estimated_on, nominee_name, nominee_relationship,
 *   documents: [{ id, filename, mime_type, size_bytes, url }], created_at, updated_at }`.
 * - `POST /api/asset` (`asset:manage:own` | `asset:manage:client`) `{ kind, description, institution?, reference?,
 *   value_sen, value_estimated_on, nominee_name?, nominee_relationship?, user_id? }` → 201 `{ asset }`.
 * - `GET /api/asset/{id}` → `{ asset }` · `PATCH|PUT /api/asset/{id}` (fields as POST) → `{ asset }` ·
 *   `DELETE /api/asset/{id}` → `{ message }`.
 * - `POST /api/asset/{id}/document { document (data URL or base64: PNG, JPEG, WebP or PDF ≤ 5 MB), filename? }`
 *   (JSON, or multipart with `document` as a file) → 201 `{ message, asset }`; `DELETE /api/asset-document/{id}` →
 *   `{ asset }`. A document is read through `GET /api/attachment/{id}/file` (whoever may see the entry).
 * - `POST /api/asset/{id}/will-property { wasiat_id, details? }` → 201 `{ message, kind, moveable_property |
 *   immoveable_property }` (to-will.ts).
 * The `assets.review-reminders` job is registered here (review.ts).
 */
import {
  ASSET_MSG,
  assetDocumentSchema,
  assetFieldsSchema,
  assetSchema,
  assetToWillSchema,
  nextAssetReview,
  translate,
} from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { optionalQuery } from '../../platform/http/pagination.ts';
import { type Access, requireUser } from '../auth/index.ts';
import { multipartToBody, registerAttachableReader } from '../wills/index.ts';
import { mapOwner } from './policy.ts';
import { ASSET_ATTACHABLE, findVisibleAsset, readAsset, readMap } from './queries.ts';
import { registerAssetReviewJob } from './review.ts';
import { addAssetDocument, createAsset, deleteAsset, deleteAssetDocument, updateAsset } from './service.ts';
import { assetToWill } from './to-will.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const READ: Access = ['asset:manage:own', 'asset:read:client'];
const WRITE: Access = ['asset:manage:own', 'asset:manage:client'];

/** Register the asset map's routes, its documents' reader and its review job. */
export async function assetsRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  registerAssetReviewJob();
  // An entry's documents: whoever may see the entry (policy.ts).
  registerAttachableReader(ASSET_ATTACHABLE, async (db, user, id) => findVisibleAsset(db, user, id));
  const actor = (req: Parameters<typeof requireUser>[0]) => ({ user: requireUser(req), ip: req.ip });

  r.get(
    '/asset',
    {
      config: { access: READ },
      schema: { querystring: z.object({ user_id: optionalQuery(z.string().min(1).max(64)) }) },
    },
    async (req) => {
      const user = requireUser(req);
      const owner = await mapOwner(ctx.db, user, req.query.user_id, false);
      const map = await readMap(ctx.db, user, owner);
      const now = new Date();
      return { ...map, next_review_on: map.last_updated_at ? nextAssetReview(map.last_updated_at, now) : null };
    },
  );

  r.post('/asset', { config: { access: WRITE }, schema: { body: assetSchema } }, async (req, reply) =>
    reply.status(201).send({ asset: await createAsset(ctx.db, actor(req), req.body) }),
  );

  r.get('/asset/:id', { config: { access: READ }, schema: { params: idParams } }, async (req) => ({
    asset: await readAsset(ctx.db, requireUser(req), req.params.id),
  }));

  const update = { config: { access: WRITE }, schema: { params: idParams, body: assetFieldsSchema } };
  r.patch('/asset/:id', update, async (req) => ({
    asset: await updateAsset(ctx.db, actor(req), req.params.id, req.body),
  }));
  r.put('/asset/:id', update, async (req) => ({
    asset: await updateAsset(ctx.db, actor(req), req.params.id, req.body),
  }));

  r.delete('/asset/:id', { config: { access: WRITE }, schema: { params: idParams } }, async (req) => {
    await deleteAsset(ctx.db, actor(req), req.params.id);
    return { message: translate(ASSET_MSG.deleted, req.lang) };
  });

  r.post(
    '/asset/:id/document',
    {
      config: { access: WRITE },
      preValidation: multipartToBody,
      schema: { params: idParams, body: assetDocumentSchema },
    },
    async (req, reply) =>
      reply.status(201).send({
        message: translate(ASSET_MSG.documentAdded, req.lang),
        asset: await addAssetDocument(ctx, actor(req), req.params.id, req.body),
      }),
  );

  r.delete('/asset-document/:id', { config: { access: WRITE }, schema: { params: idParams } }, async (req) => ({
    asset: await deleteAssetDocument(ctx, actor(req), req.params.id),
  }));

  r.post(
    '/asset/:id/will-property',
    { config: { access: WRITE }, schema: { params: idParams, body: assetToWillSchema } },
    async (req, reply) =>
      reply.status(201).send({
        message: translate(ASSET_MSG.addedToWill, req.lang),
        ...(await assetToWill(ctx.db, actor(req), req.params.id, req.body)),
      }),
  );
}
