/**
 * Routes of a will's predeceased children and wasiat wajibah (issue 41 item 6; ADR 0270); the rule and the
 * bodies are in wajibah.ts.
 *
 * - `GET /wasiat/{id}/wasiat-wajibah` → `{ predeceased_children, wasiat_wajibah }`
 * - `PUT /wasiat/{id}/predeceased-children { children }` → the same body
 */
import { predeceasedChildrenSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../auth/index.ts';
import { actorOf as actor, EDIT_WILLS, idParams, paramId, READ_WILLS } from './http.ts';
import { readWajibah, savePredeceasedChildren } from './wajibah.ts';

/** Register the routes of the file comment. */
export async function wajibahRoutes(api: FastifyInstance, ctx: Ctx) {
  api.get('/wasiat/:id/wasiat-wajibah', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) =>
    readWajibah(ctx.db, requireUser(req), paramId(req)),
  );
  api.put(
    '/wasiat/:id/predeceased-children',
    { config: { access: EDIT_WILLS }, schema: { params: idParams, body: predeceasedChildrenSchema } },
    async (req) => {
      const { children } = req.body as z.output<typeof predeceasedChildrenSchema>;
      return savePredeceasedChildren(ctx.db, actor(req), paramId(req), children);
    },
  );
}
