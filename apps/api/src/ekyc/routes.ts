/**
 * Routes of the eKYC module (issue 3; reference §2.8):
 *
 * - `POST /api/face-verification { selfie_image, mykad_image?, user_id?, ekycable_type?: "Wasiat",
 *   ekycable_id? }` (raw base64 or data URLs) → `{ face_verification: { verification_score, passed,
 *   created_at, … }, message }`. Any `verification_score` in the body is ignored.
 * - `GET /api/user/{id}/face-verification?return_first=true&min_verification_score=70` →
 *   `{ count, user: { id, face_verified }, face_verification | null }`.
 *
 * Manual fallback (reference §3.1 Part D; manual.ts):
 * - `GET /api/ekyc/manual?status=pending` (`ekyc:review`) → `{ data: [{ id, wasiat_id, status, attachment_id,
 *   mykad_front_id, user, wasiat, created_at, … }] }`
 * - `GET /api/ekyc/manual/{wasiat_id}` (a visible will) → `{ review | null, face_verification_count, max_attempts,
 *   ekyc_verified_at, ekyc_method }`
 * - `POST /api/ekyc/manual/{wasiat_id}/approve` · `…/reject { reason }` (`ekyc:review`) → `{ review, message }`
 * - `POST /api/ekyc/{wasiat_id}/reset` (`ekyc:review`) → `{ face_verification_count: 0, message }`
 * - `POST /api/ekyc/{wasiat_id}/clear` (`ekyc:review`; spec §4 "clear") → `{ ekyc_verified_at: null,
 *   ekyc_method: null, face_verification_count: 0, message }`
 *
 * MyKad OCR (ocr-service.ts; reference §2.8; ADR 0090):
 * - `POST /api/document-ocr { document, ic_number? }` (JSON data URL, or multipart) →
 *   `{ response: { ic_number, name, address, postcode, city, state, gender, religion, nationality }, document_ocr, message }`;
 *   422 `document` `ekyc.mykad_mismatch` when the number read differs from the MyKad entered.
 * - `GET /api/user/{id}/document-ocr` → `{ document_ocr | null }` (the latest reading).
 */
import { translate } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { actorOf } from '../wills/http.ts';
import { multipartToBody } from '../wills/multipart.ts';
import {
  clearEkyc,
  decideManualReview,
  listManualReviews,
  REVIEW_STATUSES,
  resetAttempts,
  willManualStatus,
} from './manual.ts';
import { documentOcr, latestReading } from './ocr-service.ts';
import { publicEkycRoutes } from './public.ts';
import { serializeAttempt, userVerifications, verifyFace } from './service.ts';

const willParams = z.object({ wasiat_id: z.string().min(1).max(64) });
const willIdOf = (req: { params: unknown }) => (req.params as { wasiat_id: string }).wasiat_id;

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

const ocrBody = z.object({
  document: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  ic_number: z.string().max(20).nullish(),
});

export async function ekycRoutes(api: FastifyInstance, ctx: Ctx) {
  await publicEkycRoutes(api, ctx);
  api.post(
    '/document-ocr',
    {
      config: { access: 'authenticated' },
      preValidation: multipartToBody,
      schema: { body: ocrBody },
    },
    async (req) => ({
      ...(await documentOcr(ctx, { user: requireUser(req), ip: req.ip }, req.body as z.infer<typeof ocrBody>)),
      message: translate('ekyc.ocr_read', req.lang),
    }),
  );

  api.get(
    '/user/:id/document-ocr',
    { config: { access: 'authenticated' }, schema: { params: z.object({ id: z.string().min(1).max(64) }) } },
    async (req) => latestReading(ctx.db, requireUser(req), (req.params as { id: string }).id),
  );

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

  api.get(
    '/ekyc/manual',
    {
      config: { access: 'ekyc:review' },
      schema: { querystring: z.object({ status: z.enum(REVIEW_STATUSES).optional() }) },
    },
    async (req) => {
      const q = req.query as { status?: (typeof REVIEW_STATUSES)[number] };
      return { data: await listManualReviews(ctx, requireUser(req), q.status ?? 'pending') };
    },
  );

  api.get(
    '/ekyc/manual/:wasiat_id',
    { config: { access: 'authenticated' }, schema: { params: willParams } },
    async (req) => willManualStatus(ctx, requireUser(req), willIdOf(req)),
  );

  api.post(
    '/ekyc/manual/:wasiat_id/approve',
    { config: { access: 'ekyc:review' }, schema: { params: willParams } },
    async (req) => ({
      review: await decideManualReview(ctx, actorOf(req), willIdOf(req), { approve: true }),
      message: translate('ekyc.manual_approved', req.lang),
    }),
  );

  const rejectBody = z.object({
    reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(500),
  });
  api.post(
    '/ekyc/manual/:wasiat_id/reject',
    { config: { access: 'ekyc:review' }, schema: { params: willParams, body: rejectBody } },
    async (req) => ({
      review: await decideManualReview(ctx, actorOf(req), willIdOf(req), {
        approve: false,
        reason: (req.body as z.infer<typeof rejectBody>).reason,
      }),
      message: translate('ekyc.manual_rejected', req.lang),
    }),
  );

  api.post(
    '/ekyc/:wasiat_id/reset',
    { config: { access: 'ekyc:review' }, schema: { params: willParams } },
    async (req) => ({
      ...(await resetAttempts(ctx, actorOf(req), willIdOf(req))),
      message: translate('ekyc.reset_done', req.lang),
    }),
  );

  api.post(
    '/ekyc/:wasiat_id/clear',
    { config: { access: 'ekyc:review' }, schema: { params: willParams } },
    async (req) => ({
      ...(await clearEkyc(ctx, actorOf(req), willIdOf(req))),
      message: translate('ekyc.clear_done', req.lang),
    }),
  );
}
