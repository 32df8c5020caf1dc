/**
 * Routes for property of a comprehensive will and its receivers' shares (docs/api/wills.md; reference
 * §2.6). Updates and deletes are POST with `_method` (PATCH / DELETE) or the real method.
 *
 * - `GET /wasiat/{id}/moveable-property` → `{ moveable_properties: page }` · `POST /moveable-property` → 201
 *   `{ moveable_property }` · `GET|PATCH|DELETE /moveable-property/{id}`
 * - `GET /wasiat/{id}/immoveable-property` → `{ immoveable_properties: page }` · `POST /immoveable-property` →
 *   201 `{ immoveable_property }` · `GET|PATCH|DELETE /immoveable-property/{id}`
 * - `GET /moveable-property/{id}/receiver`, `GET /immoveable-property/{id}/receiver` →
 *   `{ receivers: { data: [{ id, portion, receiver_id, receiver }] } }`
 * - `POST /property-receiver` → 201 `{ property_receiver }` · `GET|PATCH|DELETE /property-receiver/{id}`
 *   (422 `validation.share_total_over` on `portion` when the property's shares would exceed the whole)
 */

import {
  immoveableSchema,
  moveableSchema,
  propertyReceiverSchema,
  propertyReceiverUpdateSchema,
  translate,
  willImmoveablePatchSchema,
  willMoveablePatchSchema,
} from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { actorOf, EDIT_WILLS, idParams, paramId, READ_WILLS } from './http.ts';
import { allPage } from './owned.ts';
import { ownedRoutes } from './people.ts';
import {
  createShare,
  deleteShare,
  findShare,
  IMMOVEABLE,
  listShares,
  MOVEABLE,
  updateShare,
} from './property-service.ts';

/** Register property and property-receiver routes. */
export async function propertyRoutes(api: FastifyInstance, ctx: Ctx) {
  ownedRoutes(api, ctx, MOVEABLE, {
    path: 'moveable-property',
    one: 'moveable_property',
    many: 'moveable_properties',
    create: moveableSchema,
    update: willMoveablePatchSchema,
    owner: 'moveable_id',
  });
  ownedRoutes(api, ctx, IMMOVEABLE, {
    path: 'immoveable-property',
    one: 'immoveable_property',
    many: 'immoveable_properties',
    create: immoveableSchema,
    update: willImmoveablePatchSchema,
    owner: 'immoveable_id',
  });

  for (const [path, kind] of [
    ['moveable-property', MOVEABLE],
    ['immoveable-property', IMMOVEABLE],
  ] as const) {
    /** The receivers' shares of one visible property: `{ receivers: page }`. */
    api.get(`/${path}/:id/receiver`, { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => ({
      receivers: allPage(await listShares(ctx.db, requireUser(req), kind, paramId(req))),
    }));
  }

  /** Give a receiver of the will a share of one of its properties: 201 `{ property_receiver }`. */
  api.post(
    '/property-receiver',
    { config: { access: EDIT_WILLS }, schema: { body: propertyReceiverSchema } },
    async (req, reply) => {
      const body = req.body as z.output<typeof propertyReceiverSchema>;
      return reply.status(201).send({ property_receiver: await createShare(ctx.db, actorOf(req), body) });
    },
  );
  api.get('/property-receiver/:id', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => {
    const { pr } = await findShare(ctx.db, requireUser(req), paramId(req));
    return { property_receiver: pr };
  });
  const update = async (req: any) => ({
    property_receiver: await updateShare(ctx.db, actorOf(req), req.params.id, req.body),
  });
  const opts = { config: { access: EDIT_WILLS }, schema: { params: idParams, body: propertyReceiverUpdateSchema } };
  api.patch('/property-receiver/:id', opts, update);
  api.put('/property-receiver/:id', opts, update);
  api.delete(
    '/property-receiver/:id',
    { config: { access: EDIT_WILLS }, schema: { params: idParams } },
    async (req) => {
      await deleteShare(ctx.db, actorOf(req), paramId(req));
      return { message: translate('wills.deleted', req.lang) };
    },
  );
}
