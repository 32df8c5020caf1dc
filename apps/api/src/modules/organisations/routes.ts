/**
 * Routes of the organisations module, read side (docs/api/payments.md; spec §7 preference; reference
 * §2.9). Any logged-in user; what they see is scoped in policy.ts (an organisation not visible is a 404).
 *
 * - `GET /organization` → `{ organizations: { data, … } }`
 * - `GET /organization/{id}` → `{ organization }`
 * - `GET /organization/{id}/branch` → `{ branches: { data, … }, organization }`
 * - `GET /organization/{id}/user?role=Agent` → `{ users: { data, … }, user_accesses: { data, … } }`
 * - `GET /user/{id}/access` → `{ user_accesses: { data, … } }` (2021 shape; user-accesses.ts)
 * - `GET /organization/{id}/pricing?product=Wasiat` → `{ pricings: { data, … } }` (active, in effect now)
 * - `GET /organization/{id}/preference` → `{ preference }` (flags 1 = yes / 2 = no)
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { organisationManageRoutes } from './manage-routes.ts';
import {
  getOrganisation,
  getPreference,
  listBranches,
  listOrganisations,
  listOrganisationUsers,
  listPricings,
} from './service.ts';
import { listAccessesOfUser, listUserAccesses } from './user-accesses.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const int = () => optionalQuery(z.coerce.number().int());
const text = () => optionalQuery(z.string().max(100));
const id = (req: { params: unknown }) => (req.params as { id: string }).id;

export async function organisationsRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  const access = { access: 'authenticated' as const };

  /** `GET /api/organization?allow_wasiat=1&allow_hibah&type&limit&page` (staff: all; others: theirs). */
  api.get(
    '/organization',
    {
      config: access,
      schema: {
        querystring: z.object({
          ...pageQuery,
          allow_wasiat: int(),
          allow_hibah: int(),
          type: text(),
          is_partner: int(),
          name: text(),
        }),
      },
    },
    async (req) => listOrganisations(db, requireUser(req), req.query as Parameters<typeof listOrganisations>[2]),
  );

  /** `GET /api/organization/{id}` → `{ organization }`; 404 when not visible. */
  api.get('/organization/:id', { config: access, schema: { params: idParams } }, async (req) =>
    getOrganisation(db, requireUser(req), id(req)),
  );

  /** `GET /api/organization/{id}/branch?status&is_headquarter&limit&page` → `{ branches, organization }`. */
  api.get(
    '/organization/:id/branch',
    {
      config: access,
      schema: { params: idParams, querystring: z.object({ ...pageQuery, status: int(), is_headquarter: int() }) },
    },
    async (req) => listBranches(db, requireUser(req), id(req), req.query as Parameters<typeof listBranches>[3]),
  );

  /**
   * `GET /api/organization/{id}/user?role=Agent&branch_id&limit&page` → `{ users: { data: [{id,name,…}] } }`, and
   * beside it the 2021 client's `user_accesses` page (with `status`, `name` filters; user-accesses.ts, ADR 0138).
   */
  api.get(
    '/organization/:id/user',
    {
      config: access,
      schema: {
        params: idParams,
        querystring: z.object({
          ...pageQuery,
          role: text(),
          branch_id: text(),
          status: int(),
          name: text(),
          witness_listing: int(),
        }),
      },
    },
    async (req) => {
      const user = requireUser(req);
      const q = req.query as Parameters<typeof listUserAccesses>[3];
      const ours = await listOrganisationUsers(db, user, id(req), q as Parameters<typeof listOrganisationUsers>[3]);
      const accesses = await listUserAccesses(db, user, id(req), q);
      return accesses ? { ...ours, user_accesses: accesses } : ours;
    },
  );

  /** `GET /api/user/{id}/access` → `{ user_accesses }` (own; another's within managed organisations; ADR 0138). */
  api.get('/user/:id/access', { config: access, schema: { params: idParams } }, async (req) =>
    listAccessesOfUser(db, requireUser(req), id(req)),
  );

  /** `GET /api/organization/{id}/pricing?product=Wasiat&plan&limit&page` → `{ pricings }` (sen; active now). */
  api.get(
    '/organization/:id/pricing',
    {
      config: access,
      schema: { params: idParams, querystring: z.object({ ...pageQuery, product: text(), plan: text(), all: int() }) },
    },
    async (req) => listPricings(db, requireUser(req), id(req), req.query as Parameters<typeof listPricings>[3]),
  );

  /** `GET /api/organization/{id}/preference` → `{ preference }` (spec §7; flags 1 = yes / 2 = no). */
  api.get('/organization/:id/preference', { config: access, schema: { params: idParams } }, async (req) =>
    getPreference(db, requireUser(req), id(req)),
  );

  await organisationManageRoutes(api, ctx);
}
