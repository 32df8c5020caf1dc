/**
 * Routes of the estate file (issue 40 item 4; ADR 0274), registered by the estates module's routes.ts. Access from
 * the permission table as the estate's other routes: `death:verify` (staff) and `death:read:organisation` (the
 * registering organisation's partner); a report outside the caller's scope, or not verified, is a 404 (policy.ts).
 *
 * - `GET /api/death-report/{id}/estate-file` → `{ file }` (file-service.ts `fileBody`: deceased, heirs, property,
 *   asset map, claims, distribution with every line in sen and its rule, executor fee, hibahs).
 * - `POST /api/death-report/{id}/estate-file/heirs { kind: died|added, heir_id?, name?, relationship?, ic_number?,
 *   event_date, note? }` → 201 `{ message, file }`; 422 naming the field.
 * - `DELETE /api/estate-heir-change/{id}` → `{ message, file }` (the correction withdrawn).
 * - `PUT /api/death-report/{id}/estate-file/claims { funeral_sen, other_debts_sen }` → `{ message, file }`.
 * The distribution follows the heirs' recorded consents and guardianship marks (the consents module; ADR 0275).
 */
import { estateClaimsSchema, estateHeirChangeSchema } from '@wasiat/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { type Access, requireUser } from '../auth/index.ts';
import { addHeirChange, readEstateFile, saveClaims, withdrawHeirChange } from './file-service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const ESTATE: Access = ['death:verify', 'death:read:organisation'];
const actor = (req: FastifyRequest) => ({ user: requireUser(req), ip: req.ip });

/** Register the estate file's routes. */
export function estateFileRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get('/death-report/:id/estate-file', { config: { access: ESTATE }, schema: { params: idParams } }, async (req) => ({
    file: await readEstateFile(ctx.db, requireUser(req), req.params.id, req.lang),
  }));
  r.post(
    '/death-report/:id/estate-file/heirs',
    { config: { access: ESTATE }, schema: { params: idParams, body: estateHeirChangeSchema } },
    async (req, reply) => reply.code(201).send(await addHeirChange(ctx, actor(req), req.params.id, req.body, req.lang)),
  );
  r.delete('/estate-heir-change/:id', { config: { access: ESTATE }, schema: { params: idParams } }, async (req) =>
    withdrawHeirChange(ctx, actor(req), req.params.id, req.lang),
  );
  r.put(
    '/death-report/:id/estate-file/claims',
    { config: { access: ESTATE }, schema: { params: idParams, body: estateClaimsSchema } },
    async (req) => saveClaims(ctx, actor(req), req.params.id, req.body, req.lang),
  );
}
