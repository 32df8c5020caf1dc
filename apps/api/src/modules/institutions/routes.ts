/**
 * Routes of the institutions module (issue 41 item 7 "Waqf and sadaqah"; ADR 0268): the list of institutions a
 * will's bequest may go to. Each route declares `config.access` against the permission table; the writes need
 * `institution:manage` (the provider's Staff, Officer, Admin; any other role is refused by the guard, 403, before
 * the body is read).
 *
 * - `GET /api/institution ?q&kind&state&include_inactive` (signed in) → `{ institutions: InstitutionJson[] }` by
 *   name, at most 500: the active ones; staff who keep the list also get the deactivated with `include_inactive=1`.
 * - `GET /api/institution/{id}` (signed in) → `{ institution }`; a deactivated one is a 404 except to staff.
 * - `POST /api/institution` (`institution:manage`) `{ kind, name, registration_no?, registered_under?, state?,
 *   email?, phone?, address? }` → 201 `{ institution }`; 422 per field (domain `institutionSchema`: a council needs
 *   `registered_under`, the other kinds `registration_no`; `institutions.duplicate` on `name`).
 * - `PATCH /api/institution/{id}` (`institution:manage`) the same fields and `active?` (false deactivates it) →
 *   `{ institution }`; 404 when it does not exist.
 */
import { INSTITUTION_KIND_CODES, institutionSchema, institutionUpdateSchema, STATES } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { optionalQuery } from '../../platform/http/pagination.ts';
import { requireUser } from '../auth/index.ts';
import { findInstitution, institutionBody, listInstitutions } from './queries.ts';
import { createInstitution, updateInstitution } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const listQuery = z.object({
  q: optionalQuery(z.string().trim().max(100)),
  kind: optionalQuery(z.enum(INSTITUTION_KIND_CODES)),
  state: optionalQuery(z.enum(STATES)),
  include_inactive: optionalQuery(z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true')),
});

/** Register the institutions routes. */
export async function institutionsRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();

  r.get('/institution', { config: { access: 'authenticated' }, schema: { querystring: listQuery } }, async (req) => ({
    institutions: await listInstitutions(ctx.db, requireUser(req), req.query),
  }));

  r.get('/institution/:id', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (req) => ({
    institution: institutionBody(await findInstitution(ctx.db, requireUser(req), req.params.id)),
  }));

  r.post(
    '/institution',
    { config: { access: 'institution:manage' }, schema: { body: institutionSchema } },
    async (req, reply) => {
      const institution = await createInstitution(ctx.db, { user: requireUser(req), ip: req.ip }, req.body);
      return reply.status(201).send({ institution });
    },
  );

  r.patch(
    '/institution/:id',
    { config: { access: 'institution:manage' }, schema: { params: idParams, body: institutionUpdateSchema } },
    async (req) => ({
      institution: await updateInstitution(ctx.db, { user: requireUser(req), ip: req.ip }, req.params.id, req.body),
    }),
  );
}
