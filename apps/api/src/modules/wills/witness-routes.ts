/**
 * Routes of a will's witnesses' identification and of its governing law (issue 41 items 2 and 8; ADRs 0259,
 * 0260); the rules are in witness-identity.ts and governing-law.ts.
 *
 * - `POST /witness/{id}/identification/code` → `{ otp: { channel, destination, expires_at }, message }`
 * - `POST /witness/{id}/identification { code }` → `{ witness }` (identified by `email_code`)
 * - `POST /witness/{id}/identification/staff` (`will:verify`) → `{ witness }` (identified by `staff`)
 * - `GET /wasiat/{id}/governing-law` → `{ governing_law }` · `PUT /wasiat/{id}/governing-law { state }` → `{ governing_law }`
 */
import { governingLawSchema, witnessCodeSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../auth/index.ts';
import { confirmGoverningLaw, readGoverningLaw } from './governing-law.ts';
import { actorOf as actor, EDIT_WILLS, idParams, paramId, READ_WILLS } from './http.ts';
import { witnessBody } from './serializers.ts';
import { identifyWitnessByCode, identifyWitnessByStaff, sendWitnessCode } from './witness-identity.ts';

/** Register the routes of the file comment. */
export async function witnessIdentityRoutes(api: FastifyInstance, ctx: Ctx) {
  api.post(
    '/witness/:id/identification/code',
    { config: { access: EDIT_WILLS }, schema: { params: idParams } },
    async (req) => sendWitnessCode(ctx, actor(req), paramId(req), req.lang),
  );
  api.post(
    '/witness/:id/identification',
    { config: { access: EDIT_WILLS }, schema: { params: idParams, body: witnessCodeSchema } },
    async (req) => {
      const { code } = req.body as z.output<typeof witnessCodeSchema>;
      return { witness: witnessBody(await identifyWitnessByCode(ctx, actor(req), paramId(req), code)) };
    },
  );
  api.post(
    '/witness/:id/identification/staff',
    { config: { access: 'will:verify' }, schema: { params: idParams } },
    async (req) => ({ witness: witnessBody(await identifyWitnessByStaff(ctx, actor(req), paramId(req))) }),
  );
  api.get('/wasiat/:id/governing-law', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) =>
    readGoverningLaw(ctx.db, requireUser(req), paramId(req)),
  );
  api.put(
    '/wasiat/:id/governing-law',
    { config: { access: EDIT_WILLS }, schema: { params: idParams, body: governingLawSchema } },
    async (req) => {
      const { state } = req.body as z.output<typeof governingLawSchema>;
      return confirmGoverningLaw(ctx.db, actor(req), paramId(req), state);
    },
  );
}
