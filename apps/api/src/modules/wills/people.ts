/**
 * Routes for the people of a will (docs/api/wills.md; reference §2.5). Updates and deletes are POST
 * with `_method` (PATCH / DELETE) or the real method. A person of a will the caller may not see: 404.
 *
 * - `GET /wasiat/{id}/heir` → `{ heirs: page }` · `POST /heir` → 201 `{ heir }` · `GET|PATCH|DELETE /heir/{id}`
 * - `GET /wasiat/{id}/witness` → `{ witnesses: page }` · `POST /witness` → 201 `{ witness }` · `GET|PATCH|DELETE /witness/{id}`
 * - `GET /wasiat/{id}/receiver` → `{ receivers: page }` · `POST /receiver` → 201 `{ receiver }` · `GET|PATCH|DELETE /receiver/{id}`
 * - `GET /wasiat/{id}/caretaker` → `{ caretakers: page }` · `POST /caretaker` → 201 `{ caretaker }` · `GET|PATCH|DELETE /caretaker/{id}`
 * - `GET /wasiat/{id}/bequest` → `{ bequests: page }` · `POST /bequest` → 201 `{ bequest }` · `GET|PATCH|DELETE /bequest/{id}`
 * A delete answers `{ message }`. Parts: heirs d; witnesses g; receivers, caretakers, bequests e.
 */

import {
  bequestFieldsSchema,
  bequestSchema,
  caretakerFieldsSchema,
  caretakerSchema,
  heirFieldsSchema,
  heirSchema,
  receiverFieldsSchema,
  receiverSchema,
  signatureUploadSchema,
  translate,
  witnessSchema,
  witnessUpdateSchema,
} from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { actorOf as actor, EDIT_WILLS, idParams, paramId, READ_WILLS } from './http.ts';
import { allPage, createOwned, deleteOwned, findOwned, listOwned, type OwnedKind, updateOwned } from './owned.ts';
import {
  CARETAKER,
  createBequest,
  deleteBequest,
  findBequest,
  HEIR,
  listBequests,
  RECEIVER,
  updateBequest,
} from './people-service.ts';
import { witnessBody } from './serializers.ts';
import { createWitness, deleteWitness, findWitness, listWitnesses, signWitness, updateWitness } from './witnesses.ts';

const deleted = (req: any) => ({ message: translate('wills.deleted', req.lang) });

/** Register the routes of one kind of owned row (heir, receiver, caretaker; property.ts: properties). */
export function ownedRoutes(
  api: FastifyInstance,
  ctx: Ctx,
  kind: OwnedKind,
  o: { path: string; one: string; many: string; create: z.ZodTypeAny; update: z.ZodTypeAny; owner: string },
) {
  /** List of a visible will: `{ <many>: page }`. */
  api.get(`/wasiat/:id/${o.path}`, { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => ({
    [o.many]: allPage(await listOwned(ctx.db, requireUser(req), kind, paramId(req))),
  }));
  /** Create on the will named by `<owner>` (e.g. `heirable_id`): 201 `{ <one> }`. */
  api.post(`/${o.path}`, { config: { access: EDIT_WILLS }, schema: { body: o.create } }, async (req, reply) => {
    const body = req.body as Record<string, unknown>;
    const row = await createOwned(ctx.db, actor(req), kind, String(body[o.owner]), body);
    return reply.status(201).send({ [o.one]: row });
  });
  /** One: `{ <one> }`. */
  api.get(`/${o.path}/:id`, { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => ({
    [o.one]: (await findOwned(ctx.db, requireUser(req), kind, paramId(req))).row,
  }));
  /** Update (PATCH/PUT, or POST with `_method`): `{ <one> }`; 422 per field, 404 when not visible. */
  const update = async (req: any) => ({
    [o.one]: await updateOwned(ctx.db, actor(req), kind, req.params.id, req.body),
  });
  const opts = { config: { access: EDIT_WILLS }, schema: { params: idParams, body: o.update } };
  api.patch(`/${o.path}/:id`, opts, update);
  api.put(`/${o.path}/:id`, opts, update);
  /** Delete (DELETE, or POST with `_method: DELETE`): `{ message }`. */
  api.delete(`/${o.path}/:id`, { config: { access: EDIT_WILLS }, schema: { params: idParams } }, async (req) => {
    await deleteOwned(ctx.db, actor(req), kind, paramId(req));
    return deleted(req);
  });
}

/** Register heirs, receivers, caretakers, witnesses and bequests routes. */
export async function peopleRoutes(api: FastifyInstance, ctx: Ctx) {
  ownedRoutes(api, ctx, HEIR, {
    path: 'heir',
    one: 'heir',
    many: 'heirs',
    create: heirSchema,
    update: heirFieldsSchema,
    owner: 'heirable_id',
  });
  ownedRoutes(api, ctx, RECEIVER, {
    path: 'receiver',
    one: 'receiver',
    many: 'receivers',
    create: receiverSchema,
    update: receiverFieldsSchema,
    owner: 'receivable_id',
  });
  ownedRoutes(api, ctx, CARETAKER, {
    path: 'caretaker',
    one: 'caretaker',
    many: 'caretakers',
    create: caretakerSchema,
    update: caretakerFieldsSchema,
    owner: 'caretakerable_id',
  });

  // ------------------------------------------------------------ witnesses (signature included)
  /** Witnesses of a visible will: `{ witnesses: page }`, each with `signature: { id }`. */
  api.get('/wasiat/:id/witness', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => ({
    witnesses: allPage((await listWitnesses(ctx.db, requireUser(req), paramId(req))).map(witnessBody)),
  }));
  /** Add a witness (all fields + PNG signature required, spec §5): 201 `{ witness }`. */
  api.post('/witness', { config: { access: EDIT_WILLS }, schema: { body: witnessSchema } }, async (req, reply) => {
    const body = req.body as z.output<typeof witnessSchema>;
    const row = await createWitness(ctx, actor(req), body.witnessable_id, body);
    return reply.status(201).send({ witness: witnessBody(row) });
  });
  /** Sign a witness afterwards (reference §2.10; ADR 0131): `{ signature: { id } }`. */
  api.post(
    '/witness/:id/signature',
    { config: { access: EDIT_WILLS }, schema: { params: idParams, body: signatureUploadSchema } },
    async (req) => {
      const b = req.body as z.output<typeof signatureUploadSchema>;
      return { signature: { id: await signWitness(ctx, actor(req), paramId(req), b.document, b.signature_method) } };
    },
  );
  api.get('/witness/:id', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => ({
    witness: witnessBody((await findWitness(ctx.db, requireUser(req), paramId(req))).row),
  }));
  const witnessUpdate = async (req: any) => ({
    witness: witnessBody(await updateWitness(ctx, actor(req), req.params.id, req.body)),
  });
  const witnessOpts = {
    config: { access: EDIT_WILLS },
    schema: { params: idParams, body: witnessUpdateSchema },
  };
  api.patch('/witness/:id', witnessOpts, witnessUpdate);
  api.put('/witness/:id', witnessOpts, witnessUpdate);
  api.delete('/witness/:id', { config: { access: EDIT_WILLS }, schema: { params: idParams } }, async (req) => {
    await deleteWitness(ctx, actor(req), paramId(req));
    return deleted(req);
  });

  // ------------------------------------------------------------ bequests
  /** Bequests of a visible will: `{ bequests: page }`. */
  api.get('/wasiat/:id/bequest', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => ({
    bequests: allPage(await listBequests(ctx.db, requireUser(req), paramId(req))),
  }));
  /** Add a bequest; portions together ≤ the whole (422 `validation.share_total_over`): 201 `{ bequest }`. */
  api.post('/bequest', { config: { access: EDIT_WILLS }, schema: { body: bequestSchema } }, async (req, reply) => {
    const body = req.body as z.output<typeof bequestSchema>;
    return reply.status(201).send({ bequest: await createBequest(ctx.db, actor(req), body.wasiat_id, body) });
  });
  api.get('/bequest/:id', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => ({
    bequest: (await findBequest(ctx.db, requireUser(req), paramId(req))).row,
  }));
  const bequestUpdate = async (req: any) => ({
    bequest: await updateBequest(ctx.db, actor(req), req.params.id, req.body),
  });
  const bequestOpts = { config: { access: EDIT_WILLS }, schema: { params: idParams, body: bequestFieldsSchema } };
  api.patch('/bequest/:id', bequestOpts, bequestUpdate);
  api.put('/bequest/:id', bequestOpts, bequestUpdate);
  api.delete('/bequest/:id', { config: { access: EDIT_WILLS }, schema: { params: idParams } }, async (req) => {
    await deleteBequest(ctx.db, actor(req), paramId(req));
    return deleted(req);
  });
}
