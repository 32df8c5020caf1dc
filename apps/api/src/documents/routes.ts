/**
 * Routes of the documents module (docs/api/documents.md; DESIGN.md §2, §3): the will PDF, the receipt
 * PDF, their signed download links, and the public verification of a will.
 *
 * The two PDF routes declare `access: 'public'` because a signed URL (no bearer) must also open them;
 * they authorise inside with `documentAccess` (policy.ts), which is bearer-or-signature.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { AuthUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { registerSignableRoute } from '../http/signed-routes.ts';
import { renderReceiptPdf } from './pdf/receipt.ts';
import { renderWillPdf } from './pdf/will.ts';
import { documentAccess } from './policy.ts';
import { authorisedWill, hasReceipt, latestPayment, publicWill, receiptPdfData, willPdfData } from './service.ts';

/** Lifetime of a signed download link (docs/api/documents.md: 5 minutes). */
export const SIGNED_LINK_TTL_SECONDS = 300;

const idParams = z.object({ id: z.string().min(1).max(64) });
/** Query of a document route: the optional signed-URL parameters (policy.ts). */
const signedQuery = z.looseObject({
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

/** Path of a will's PDF (what is signed). */
export const certificatePath = (id: string) => `/api/wasiat/${id}/certificate/final`;
/** Path of a will's receipt PDF (what is signed). */
export const receiptPath = (id: string) => `/api/wasiat/${id}/receipt`;

function sendPdf(reply: FastifyReply, bytes: Buffer, filename: string) {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
    .header('Cache-Control', 'private, no-store')
    .send(bytes);
}

/** The will id of `POST /route/sign` params when the caller may see that will, else null. */
async function visibleWill(ctx: Ctx, params: Record<string, unknown>, user: AuthUser) {
  const id = params.wasiat_id;
  if (typeof id !== 'string' || !id || id.length > 64) return null;
  try {
    return await authorisedWill(ctx, id, { via: 'bearer', user });
  } catch {
    return null;
  }
}

export async function documentsRoutes(api: FastifyInstance, ctx: Ctx) {
  /**
   * `POST /api/route/sign { route_name: "wasiat.certificate", wasiat_id }` → `{ url }` (core-routes.ts):
   * a 5-minute signed link to the will PDF, only for a caller who may see the will (policy.ts
   * `canSeeWill`) and only once it is registered (status 2); else `{ url: "" }`.
   */
  registerSignableRoute('wasiat.certificate', {
    ttlSeconds: SIGNED_LINK_TTL_SECONDS,
    async resolve(params, user) {
      const w = await visibleWill(ctx, params, user);
      return w && w.status === 2 ? certificatePath(w.id) : null;
    },
  });

  /**
   * `POST /api/route/sign { route_name: "wasiat.receipt", wasiat_id }` → `{ url }`: a 5-minute signed
   * link to the receipt, for a caller who may see the will, once its latest payment is paid or waived.
   */
  registerSignableRoute('wasiat.receipt', {
    ttlSeconds: SIGNED_LINK_TTL_SECONDS,
    async resolve(params, user) {
      const w = await visibleWill(ctx, params, user);
      if (!w) return null;
      return hasReceipt(await latestPayment(ctx, w.id)) ? receiptPath(w.id) : null;
    },
  });

  /**
   * `GET /api/wasiat/{id}/certificate/final` → `application/pdf`, the registered will.
   * Access: bearer user who may see the will, or a valid signed URL (`?expires&signature`).
   * Errors: 401 no credential; 403 `documents.link_invalid` tampered/expired link without a bearer;
   * 404 unknown, not the caller's, or not registered (status ≠ 2).
   */
  api.get(
    '/wasiat/:id/certificate/final',
    { config: { access: 'public' }, schema: { params: idParams, querystring: signedQuery } },
    async (req, reply) => {
      const access = documentAccess(ctx, req);
      const { id } = req.params as z.infer<typeof idParams>;
      const w = await authorisedWill(ctx, id, access);
      const bytes = await renderWillPdf(await willPdfData(ctx, w));
      return sendPdf(reply, bytes, `wasiat-${w.wasiat_no ?? w.id}.pdf`);
    },
  );

  /**
   * `GET /api/wasiat/{id}/receipt` → `application/pdf`, the receipt of the will's latest payment.
   * Access as for the will PDF. 404 also when the latest payment is not paid or waived.
   */
  api.get(
    '/wasiat/:id/receipt',
    { config: { access: 'public' }, schema: { params: idParams, querystring: signedQuery } },
    async (req, reply) => {
      const access = documentAccess(ctx, req);
      const { id } = req.params as z.infer<typeof idParams>;
      const w = await authorisedWill(ctx, id, access);
      const data = await receiptPdfData(ctx, w);
      return sendPdf(reply, await renderReceiptPdf(data), `resit-${data.receiptNo}.pdf`);
    },
  );

  /**
   * `GET /api/public/wasiat/{id}` (public, the QR code's target) →
   * `{ wasiat: { id, wasiat_no, status, registered_at, testator: { name, ic_number } (masked),
   * organization: { name } | null } }`. 404 unless the will exists and is registered (status 2).
   * Limited to 30 lookups a minute per IP (issue 11; http/rate-limits.ts).
   */
  api.get(
    '/public/wasiat/:id',
    { config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'publicLookup') }, schema: { params: idParams } },
    async (req) => {
      const { id } = req.params as z.infer<typeof idParams>;
      return { wasiat: await publicWill(ctx, id) };
    },
  );
}
