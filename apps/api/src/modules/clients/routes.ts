/**
 * Routes of the clients module (spec §2 /client, /client/{client_id}; reference §2.1 client list):
 *
 * - `GET /client?name&limit&page` (client:read) → `{ users: { data: [{ id, name, ic_number, wasiat }], … } }`
 * - `GET /client/{id}` (client:read) → `{ user }` with `wills`; another tenant's client is a 404.
 * - `PATCH /user/{id}` (own id: anyone; another: client:edit within scope) → `{ user }` (profile.ts).
 * - `GET /user/{id}` (the 2021 client, reference §2.1; ADR 0162) → `{ user }`: one's own profile, or a client
 *   as `GET /client/{id}` (client:read within scope); anyone else is a 404.
 */
import { can, userProfileSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { updateProfile } from './profile.ts';
import { getClient, listClients, ownProfile } from './service.ts';

/** Register the clients routes (each declares `config.access`). */
export async function clientsRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();

  /** The clients the caller may see, searched by name/username/MyKad, paginated. */
  r.get(
    '/client',
    {
      config: { access: 'client:read' },
      schema: { querystring: z.object({ ...pageQuery, name: optionalQuery(z.string().trim().max(100)) }) },
    },
    async (req) => listClients(ctx.db, requireUser(req), req.query),
  );

  /** One client (404 when out of the caller's scope). */
  r.get(
    '/client/:id',
    { config: { access: 'client:read' }, schema: { params: z.object({ id: z.string().min(1).max(64) }) } },
    async (req) => getClient(ctx.db, requireUser(req), req.params.id),
  );

  /** One's own profile or a client in scope (reference §2.1 `GET user/{id}`); else 404. */
  r.get(
    '/user/:id',
    { config: { access: 'authenticated' }, schema: { params: z.object({ id: z.string().min(1).max(64) }) } },
    async (req) => {
      const me = requireUser(req);
      if (req.params.id === me.id) return { user: await ownProfile(ctx.db, me.id) };
      if (!can(me.role, 'client:read')) throw notFound();
      return getClient(ctx.db, me, req.params.id);
    },
  );

  /** Edit a profile: the caller's own, or a client's in scope (checked in profile.ts: 403 / 404). */
  r.patch(
    '/user/:id',
    {
      config: { access: 'authenticated' },
      schema: { params: z.object({ id: z.string().min(1).max(64) }), body: userProfileSchema },
    },
    async (req) => updateProfile(ctx, { user: requireUser(req), ip: req.ip, lang: req.lang }, req.params.id, req.body),
  );
}
