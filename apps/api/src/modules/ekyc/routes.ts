/**
 * Routes of the eKYC module (issue 3; reference §2.8). A record ("ekycable") is a will, a hibah or an
 * amendment (`ekycable_type` "Wasiat" | "Hibah" | "Amendment"; subjects.ts, ADR 0094); where a path has
 * `{id}` of a record, `ekycable_type` (query or body) says which kind, "Wasiat" when absent. The manual
 * review, reset and clear routes also take "User" with a user's id: their own eKYC of /ekyc (ADR 0147).
 *
 * - `POST /api/face-verification { selfie_image, mykad_image?, user_id?, ekycable_type?, ekycable_id? }`
 *   (raw base64 or data URLs) → `{ face_verification: { verification_score, passed, created_at, … }, message }`.
 *   Any `verification_score` in the body is ignored. Without `ekycable_type`: a user-level eKYC (oneself).
 * - `GET /api/user/{id}/face-verification?return_first=true&min_verification_score=70` →
 *   `{ count, user: { id, face_verified }, face_verification | null }`.
 *
 * Manual fallback (reference §3.1 Part D; manual.ts):
 * - `GET /api/ekyc/manual?status=pending` (`ekyc:review`) → `{ data: [{ id, ekycable_type, ekycable_id,
 *   wasiat_id, status, attachment_id, mykad_front_id, user, record, wasiat?, created_at, … }] }`
 * - `GET /api/ekyc/manual/{id}?ekycable_type=` (a visible record) → `{ review | null, ekycable_type,
 *   ekycable_id, face_verification_count, max_attempts, ekyc_verified_at, ekyc_method }`
 * - `POST /api/ekyc/manual { ekycable_type, ekycable_id, document }` (who may act on the record, after the
 *   limit) → 201 `{ review, message }`
 * - `POST /api/ekyc/manual/{id}/approve` · `…/reject { reason }` (`ekyc:review`) → `{ review, message }`
 * - `POST /api/ekyc/{id}/reset` (`ekyc:review`) → `{ face_verification_count: 0, message }`
 * - `POST /api/ekyc/{id}/clear` (`ekyc:review`; spec §4 "clear") → `{ ekyc_verified_at: null,
 *   ekyc_method: null, face_verification_count: 0, message }`
 *
 * MyKad images of a hibah (the grantor's, before its eKYC step; mykad-documents.ts):
 * - `GET /api/hibah/{id}/document` → `{ attachments: { data: [...] } }`
 * - `POST /api/hibah/{id}/document { is_base64, type: "mykad-front"|"mykad-back", document }` (or multipart)
 *   → 201 `{ attachment, document_ocr | null }`
 * (an amendment's: `POST /api/amendment/{id}/document`, amendments/routes.ts, which calls the same code).
 * - `GET /api/hibah/{id}/identity/reuse` (the grantor only, else 404) → `{ reusable: { source_type, source_id,
 *   verified_at, front, back } | null, reason, window_months }`; `POST` the same path → `{ attachments,
 *   ekyc_verified_at, ekyc_method, source }`, 422 `_` `ekyc.reuse_*` when nothing may be reused (reuse.ts, ADR 0251).
 *
 * MyKad OCR (mykad/reading.ts; reference §2.8; ADR 0090):
 * - `POST /api/document-ocr { document, ic_number? }` (JSON data URL, or multipart) →
 *   `{ response: { ic_number, name, address, postcode, city, state, gender, religion, nationality }, document_ocr, message }`;
 *   422 `document` `ekyc.mykad_mismatch` when the number read differs from the MyKad entered.
 * - `GET /api/user/{id}/document-ocr` → `{ document_ocr | null }` (the latest reading).
 *
 * Public eKYC links and their revocation: public.ts. The 2021 client's `route-token` link and manual-eKYC
 * PATCH of a will: original-contract.ts (ADR 0182).
 */
import { translate } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { documentOcr, latestReading } from '../mykad/index.ts';
import { actorOf, multipartToBody, registerAttachableReader } from '../wills/index.ts';
import { attemptVisible } from './attempt-images.ts';
import {
  clearEkyc,
  decideManualReview,
  listManualReviews,
  manualStatus,
  REVIEW_STATUSES,
  resetAttempts,
  uploadManualEkyc,
} from './manual.ts';
import { amendmentVisible, hibahVisible, listDocuments, uploadMykad } from './mykad-documents.ts';
import { publicEkycRoutes } from './public.ts';
import { reuseIdentity, reuseOffer } from './reuse.ts';
import { serializeAttempt, userVerifications, verifyFace } from './service.ts';
import { EKYCABLE_TYPES, SUBJECT_TYPES, type SubjectType } from './subjects.ts';

const recordParams = z.object({ wasiat_id: z.string().min(1).max(64) });
const recordIdOf = (req: { params: unknown }) => (req.params as { wasiat_id: string }).wasiat_id;
const typeSchema = z.enum(SUBJECT_TYPES, { error: 'validation.choose' });
const typeQuery = z.object({ ekycable_type: typeSchema.optional() });
/** The record kind of a request: `ekycable_type` of the query, else of the body, else "Wasiat". */
const typeOf = (req: { query: unknown; body?: unknown }): SubjectType => {
  const q = (req.query ?? {}) as { ekycable_type?: SubjectType };
  const b = (req.body ?? {}) as { ekycable_type?: unknown };
  if (q.ekycable_type) return q.ekycable_type;
  const parsed = typeSchema.safeParse(b.ekycable_type);
  return parsed.success ? parsed.data : 'Wasiat';
};

const verifyBody = z.object({
  selfie_image: z.string().min(1, 'validation.required'),
  mykad_image: z.string().nullish(),
  user_id: z.string().max(64).nullish(),
  ekycable_type: z.enum(EKYCABLE_TYPES, { error: 'validation.choose' }).nullish(),
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

const manualBody = z.object({
  ekycable_type: typeSchema,
  ekycable_id: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(64),
  document: z.string({ error: 'validation.required' }).min(1, 'validation.required'),
  description: z.string().max(500).nullish(),
});
const mykadBody = z.looseObject({
  type: z.string({ error: 'validation.required' }).max(30),
  document: z.string().max(8_000_000).nullish(),
  duplicate_from_id: z.string().max(64).nullish(),
  description: z.string().max(500).nullish(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });

export async function ekycRoutes(api: FastifyInstance, ctx: Ctx) {
  await publicEkycRoutes(api, ctx);
  // MyKad images and manual selfies of hibahs and amendments are served by GET /attachment/{id}/file to
  // whoever may see the record.
  registerAttachableReader('Hibah', hibahVisible);
  registerAttachableReader('Amendment', amendmentVisible);
  // The images of an attempt: its user, or eKYC reviewers who act for that client (ADR 0147).
  registerAttachableReader('EkycAttempt', attemptVisible);

  api.get(
    '/hibah/:id/document',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => ({
      attachments: { data: await listDocuments(ctx.db, requireUser(req), 'Hibah', (req.params as { id: string }).id) },
    }),
  );
  api.post(
    '/hibah/:id/document',
    {
      config: { access: 'ekyc:attempt' },
      preValidation: multipartToBody,
      schema: { params: idParams, body: mykadBody },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(
          await uploadMykad(
            ctx,
            actorOf(req),
            'Hibah',
            (req.params as { id: string }).id,
            req.body as z.infer<typeof mykadBody>,
          ),
        ),
  );
  api.get(
    '/hibah/:id/identity/reuse',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => reuseOffer(ctx.db, requireUser(req), (req.params as { id: string }).id),
  );
  api.post(
    '/hibah/:id/identity/reuse',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => reuseIdentity(ctx, actorOf(req), (req.params as { id: string }).id),
  );

  api.post('/ekyc/manual', { config: { access: 'ekyc:attempt' }, schema: { body: manualBody } }, async (req, reply) => {
    const b = req.body as z.infer<typeof manualBody>;
    const review = await uploadManualEkyc(ctx, actorOf(req), b.ekycable_type, b.ekycable_id, b);
    return reply.status(201).send({ review, message: translate('ekyc.manual_pending', req.lang) });
  });
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
    { config: { access: 'authenticated' }, schema: { params: recordParams, querystring: typeQuery } },
    async (req) => manualStatus(ctx, requireUser(req), typeOf(req), recordIdOf(req)),
  );

  api.post(
    '/ekyc/manual/:wasiat_id/approve',
    { config: { access: 'ekyc:review' }, schema: { params: recordParams, querystring: typeQuery } },
    async (req) => ({
      review: await decideManualReview(ctx, actorOf(req), typeOf(req), recordIdOf(req), { approve: true }),
      message: translate('ekyc.manual_approved', req.lang),
    }),
  );

  const rejectBody = z.object({
    reason: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(500),
    ekycable_type: typeSchema.optional(),
  });
  api.post(
    '/ekyc/manual/:wasiat_id/reject',
    { config: { access: 'ekyc:review' }, schema: { params: recordParams, querystring: typeQuery, body: rejectBody } },
    async (req) => ({
      review: await decideManualReview(ctx, actorOf(req), typeOf(req), recordIdOf(req), {
        approve: false,
        reason: (req.body as z.infer<typeof rejectBody>).reason,
      }),
      message: translate('ekyc.manual_rejected', req.lang),
    }),
  );

  api.post(
    '/ekyc/:wasiat_id/reset',
    { config: { access: 'ekyc:review' }, schema: { params: recordParams, querystring: typeQuery } },
    async (req) => ({
      ...(await resetAttempts(ctx, actorOf(req), typeOf(req), recordIdOf(req))),
      message: translate('ekyc.reset_done', req.lang),
    }),
  );

  api.post(
    '/ekyc/:wasiat_id/clear',
    { config: { access: 'ekyc:review' }, schema: { params: recordParams, querystring: typeQuery } },
    async (req) => ({
      ...(await clearEkyc(ctx, actorOf(req), typeOf(req), recordIdOf(req))),
      message: translate('ekyc.clear_done', req.lang),
    }),
  );
}
