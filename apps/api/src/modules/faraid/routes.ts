/**
 * Routes of the faraid module (issue 9). Public and rate limited (per IP, in this scope only).
 *
 * - `POST /api/faraid { deceased: "male"|"female", heirs: { <heir key>: count }, policy?: "radd"|"baitulmal",
 *   estate?: sen }` → `{ shares: { <key>: "n/d", baitulmal? }, amounts?: { <key>: sen }, reserved?, steps }`.
 *   422 naming `heirs.<key>` for an unknown heir key or an impossible set.
 */
import rateLimit from '@fastify/rate-limit';
import { type FaraidRequest, faraidRequestSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../context.ts';
import { faraidAnswer } from './service.ts';

/** Requests per minute per IP. */
export const FARAID_RATE_LIMIT = 120;

export async function faraidRoutes(api: FastifyInstance, _ctx: Ctx) {
  await api.register(async (scope) => {
    await scope.register(rateLimit, { max: FARAID_RATE_LIMIT, timeWindow: '1 minute' });
    scope.post('/faraid', { config: { access: 'public' }, schema: { body: faraidRequestSchema } }, async (req) =>
      faraidAnswer(req.body as FaraidRequest, req.lang),
    );
  });
}
