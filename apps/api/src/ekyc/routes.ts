/**
 * Routes of the eKYC module (issue 3; reference §2.8):
 *
 * - `POST /api/face-verification { selfie_image, mykad_image?, user_id?, ekycable_type?: "Wasiat",
 *   ekycable_id? }` (raw base64 or data URLs) → `{ face_verification: { verification_score, passed,
 *   created_at, … }, message }`. Any `verification_score` in the body is ignored.
 * - `GET /api/user/{id}/face-verification?return_first=true&min_verification_score=70` →
 *   `{ count, user: { id, face_verified }, face_verification | null }`.
 */
import { translate } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { serializeAttempt, userVerifications, verifyFace } from './service.ts';

const verifyBody = z.object({
  selfie_image: z.string().min(1, 'validation.required'),
  mykad_image: z.string().nullish(),
  user_id: z.string().max(64).nullish(),
  ekycable_type: z.enum(['Wasiat']).nullish(),
  ekycable_id: z.string().max(64).nullish(),
});

const listQuery = z.object({
  return_first: z.string().optional(),
  min_verification_score: z.coerce.number().min(0).max(100).optional(),
});

export async function ekycRoutes(api: FastifyInstance, ctx: Ctx) {
  api.post('/face-verification', { config: { access: 'ekyc:attempt' }, schema: { body: verifyBody } }, async (req) => {
    const body = req.body as z.infer<typeof verifyBody>;
    const attempt = await verifyFace(ctx, { user: requireUser(req), ip: req.ip }, body);
    return {
      face_verification: serializeAttempt(attempt),
      message: translate(attempt.passed ? 'ekyc.passed' : 'ekyc.score_too_low', req.lang),
    };
  });

  api.get(
    '/user/:id/face-verification',
    {
      config: { access: 'authenticated' },
      schema: { params: z.object({ id: z.string().min(1).max(64) }), querystring: listQuery },
    },
    async (req) => {
      const q = req.query as z.infer<typeof listQuery>;
      return userVerifications(ctx.db, requireUser(req), (req.params as { id: string }).id, q.min_verification_score);
    },
  );
}
