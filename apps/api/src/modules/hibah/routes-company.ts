/**
 * Routes of the corporate grantor (issue 21 item 6; ADR 0165; rules in company.ts):
 * - `GET /hibah/{id}/company` → `{ company }` (null before it is given);
 * - `POST /hibah/{id}/company { name, registration_number, address, postcode, city, state,
 *   signatories: [{ name, ic_number, designation }] }` → `{ company }`; 422 per field;
 * - `POST /hibah/{id}/company/resolution { document: dataURL, filename? }` (or multipart `document`) →
 *   201 `{ company }`.
 */
import { hibahCompanySchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { multipartToBody } from '../wills/index.ts';
import { getCompany, saveCompany, uploadResolution } from './company.ts';
import { actorOf, EDIT_HIBAH, idParams, READ_HIBAH } from './http.ts';

const resolutionBody = z.object({
  document: z.string().min(1).max(8_000_000),
  filename: z.string().trim().max(255).optional(),
  document_filename: z.string().max(255).optional(),
});

/** Register the company routes (called by `hibahRoutes`). */
export async function companyRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get('/hibah/:id/company', { config: { access: READ_HIBAH }, schema: { params: idParams } }, async (req) => ({
    company: await getCompany(ctx.db, requireUser(req), req.params.id),
  }));
  r.post(
    '/hibah/:id/company',
    { config: { access: EDIT_HIBAH }, schema: { params: idParams, body: hibahCompanySchema } },
    async (req) => ({ company: await saveCompany(ctx.db, actorOf(req), req.params.id, req.body) }),
  );
  r.post(
    '/hibah/:id/company/resolution',
    {
      config: { access: EDIT_HIBAH },
      preValidation: multipartToBody,
      schema: { params: idParams, body: resolutionBody },
    },
    async (req, reply) => {
      const b = req.body;
      const company = await uploadResolution(ctx, actorOf(req), req.params.id, {
        document: b.document,
        filename: b.filename || b.document_filename,
      });
      return reply.status(201).send({ company });
    },
  );
}
