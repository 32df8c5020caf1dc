/**
 * The versions of a registered will and of a registered hibah (docs/api/amendments.md "Versions"; ADR 0021,
 * 0037): `GET /wasiat/{id}/versions[/{no}]` and `GET /hibah/{id}/versions[/{no}]`, for a caller who may see the
 * record (404 otherwise). Registered by `amendmentsRoutes` (routes.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../auth/index.ts';
import { findVisibleWill, idParams } from '../wills/index.ts';
import { listHibahVersions, readHibahVersion } from './hibah.ts';
import { READ_AMENDMENTS as READ } from './policy.ts';
import { listVersions, readVersion } from './versions.ts';

/** Register the version routes of wills and hibahs on `api`. */
export function versionRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  // ——— Versions of a will (versions.ts) ———
  r.get('/wasiat/:id/versions', { config: { access: READ }, schema: { params: idParams } }, async (req) =>
    listVersions(ctx.db, requireUser(req), req.params.id),
  );
  r.get(
    '/wasiat/:id/versions/:no',
    {
      config: { access: READ },
      schema: { params: idParams.extend({ no: z.coerce.number().int().min(1).max(100000) }) },
    },
    async (req) => {
      const user = requireUser(req);
      const w = await findVisibleWill(ctx.db, user, req.params.id);
      return { version: await readVersion(ctx.db, user, w, req.params.no) };
    },
  );

  // ——— Versions of a hibah (hibah.ts; ADR 0037) ———
  r.get('/hibah/:id/versions', { config: { access: READ }, schema: { params: idParams } }, async (req) =>
    listHibahVersions(ctx.db, requireUser(req), req.params.id),
  );
  r.get(
    '/hibah/:id/versions/:no',
    {
      config: { access: READ },
      schema: { params: idParams.extend({ no: z.coerce.number().int().min(1).max(100000) }) },
    },
    async (req) => ({ version: await readHibahVersion(ctx.db, requireUser(req), req.params.id, req.params.no) }),
  );
}
