/** Cross-cutting routes: catalogues, health, and `POST /api/route/sign` (DESIGN.md §3). */

import { CATALOGUES, STATES } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../auth/guard.ts';
import { signableRoute } from './signed-routes.ts';

export async function coreRoutes(api: FastifyInstance, ctx: Ctx) {
  /** Catalogues of spec §3 with ms/en labels, and the states: `{ catalogues: {...}, states: [...] }`. */
  api.get('/catalogues', { config: { access: 'public' } }, async () => ({ catalogues: CATALOGUES, states: STATES }));

  api.get('/health', { config: { access: 'public' } }, async () => ({ status: 'ok' }));

  /**
   * `POST /api/route/sign { route_name, ...params }` → `{ url }`: an expiring HMAC-signed URL for a named
   * route, or `{ url: "" }` when the name is unknown or the resource is not the caller's (spec §7).
   */
  api.post(
    '/route/sign',
    {
      config: { access: 'authenticated' },
      schema: { body: z.looseObject({ route_name: z.string().max(100) }) },
    },
    async (req) => {
      const user = requireUser(req);
      const { route_name, ...params } = req.body as { route_name: string } & Record<string, unknown>;
      const route = signableRoute(route_name);
      if (!route) return { url: '' };
      const path = await route.resolve(params, user);
      if (!path) return { url: '' };
      return { url: ctx.signer.sign(path, route.ttlSeconds) };
    },
  );
}
