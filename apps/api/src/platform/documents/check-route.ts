/**
 * The public "is this the registered document?" route, reusable per record type (issue 11; ADR 0071):
 * `POST /api/public/wasiat/{id}/verify` and its hibah twin `POST /api/public/hibah/{id}/verify` (ADR 0074).
 *
 * Multipart with one file field `file` (a PDF, ≤ 5 MB — the multipart limit of app.ts) →
 * `{ verification: { registered, sha256, kind, issued_at } }` (issued.ts `checkIssued`). The record must be
 * publicly verifiable (`resolve` throws the 404 otherwise, before the upload is read). Errors: 422 on `file`
 * `sealed.verify.file_required` (no or empty file) / `sealed.verify.not_pdf` (not starting with `%PDF-`);
 * 422 `errors.file_too_large`; 429 with `Retry-After` past the public-lookup limit (30 a minute per IP;
 * http/rate-limits.ts). The upload is hashed in memory and never stored.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { fieldError } from '../http/errors.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { checkIssued, type IssuedSubject } from './issued.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Register a document-check route.
 * @param url e.g. `/public/wasiat/:id/verify` (under `/api`).
 * @param subjects the registry subjects (`issued_documents.subject_type` + id) whose documents count as
 *   this record's — e.g. the will and its amendments (their receipts) — when the record is publicly
 *   verifiable; throws 404 (`notFound()`) otherwise.
 */
export function registerDocumentCheckRoute(
  api: FastifyInstance,
  ctx: Ctx,
  opts: { url: string; subjects: (id: string) => Promise<IssuedSubject[]> },
) {
  api.post(
    opts.url,
    { config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'publicLookup') }, schema: { params: idParams } },
    async (req) => {
      const { id } = req.params as z.infer<typeof idParams>;
      const subjects = await opts.subjects(id);
      const part = req.isMultipart() ? await req.file() : undefined;
      if (!part) throw fieldError('file', 'sealed.verify.file_required');
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw fieldError('file', 'sealed.verify.file_required');
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldError('file', 'sealed.verify.not_pdf');
      return { verification: await checkIssued(ctx, subjects, bytes) };
    },
  );
}
