/**
 * The public "is this the registered document?" route, reusable per record type (issue 11; ADR 0071):
 * `POST /api/public/wasiat/{id}/verify` today, `POST /api/public/hibah/{id}/verify` for the hibah twin.
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
import type { Ctx } from '../context.ts';
import { fieldError } from '../http/errors.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { checkIssued } from './issued.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/**
 * Register a document-check route.
 * @param url e.g. `/public/wasiat/:id/verify` (under `/api`).
 * @param subjectType the `issued_documents.subject_type` of the record ("Wasiat", "Hibah").
 * @param resolve the record id when it is publicly verifiable; throws 404 (`notFound()`) otherwise.
 */
export function registerDocumentCheckRoute(
  api: FastifyInstance,
  ctx: Ctx,
  opts: { url: string; subjectType: string; resolve: (id: string) => Promise<string> },
) {
  api.post(
    opts.url,
    { config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'publicLookup') }, schema: { params: idParams } },
    async (req) => {
      const { id } = req.params as z.infer<typeof idParams>;
      const subjectId = await opts.resolve(id);
      const part = req.isMultipart() ? await req.file() : undefined;
      if (!part) throw fieldError('file', 'sealed.verify.file_required');
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw fieldError('file', 'sealed.verify.file_required');
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw fieldError('file', 'sealed.verify.not_pdf');
      return { verification: await checkIssued(ctx, opts.subjectType, subjectId, bytes) };
    },
  );
}
