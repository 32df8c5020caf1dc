/**
 * Routes of the documents module (docs/api/documents.md; DESIGN.md §2, §3): the will PDF, the amended will
 * PDF (ADR 0074), the receipt PDF, their signed download links, and the public verification of a will.
 *
 * The two PDF routes declare `access: 'public'` because a signed URL (no bearer) must also open them;
 * they authorise inside with `documentAccess` (policy.ts), which is bearer-or-signature.
 *
 * Every PDF served here is sealed and registered (issued.ts, seal.ts; issue 11, ADRs 0070–0071), and
 * `POST /public/wasiat/{id}/verify` tells whether an uploaded file is one of them.
 */

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { amendments } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { type DocumentAccess, documentAccess } from '../../platform/documents/access.ts';
import { registerDocumentCheckRoute } from '../../platform/documents/check-route.ts';
import type { IssueActor } from '../../platform/documents/issued.ts';
import { configureSeal, sealKind } from '../../platform/documents/seal.ts';
import { notFound } from '../../platform/http/errors.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { registerSignableRoute } from '../../platform/http/signed-routes.ts';
import { registerVersionCertificatePrinter } from '../hibah/index.ts';
import { receiptPdf, settledPaymentFor } from '../payments/index.ts';
import { documentAmendment, issueAnyAmendmentDocument } from './amendment-document.ts';
import { executedOriginalRoutes } from './executed-original-routes.ts';
import { issueHibahVersionCertificate } from './hibah-amendment-document.ts';
import { authorisedWill, hasReceipt, latestPayment, publicWill } from './service.ts';
import { issueWillDocument, issueWillVersionDocument } from './will-document.ts';

/** Lifetime of a signed download link (docs/api/documents.md: 5 minutes). */
export const SIGNED_LINK_TTL_SECONDS = 300;

const idParams = z.object({ id: z.string().min(1).max(64) });
/** Query of a document route: the optional signed-URL parameters (policy.ts). */
const signedQuery = z.looseObject({
  /** A named version of the will's content (ADR 0021); absent = the current version. */
  version: z.coerce.number().int().min(1).max(100000).optional(),
  expires: z.string().max(20).optional(),
  signature: z.string().max(100).optional(),
});

/** Path of a will's PDF (what is signed). */
export const certificatePath = (id: string) => `/api/wasiat/${id}/certificate/final`;
/** Path of an amended will's PDF (what is signed). */
export const amendmentCertificatePath = (id: string) => `/api/amendment/${id}/certificate/comprehensive`;
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

/** The audit actor of a document download: the bearer user, or nobody for a signed link. */
const issueActor = (access: DocumentAccess, ip: string): IssueActor => ({
  userId: access.via === 'bearer' ? access.user.id : null,
  ip,
});

export async function documentsRoutes(api: FastifyInstance, ctx: Ctx) {
  // The seal key: SEAL_P12_PATH, else the development key in DATA_DIR/seal (seal.ts); with SEAL_LICENSED_CA_PATH,
  // checked against the licensed CAs (ADR 0297): a key that does not verify seals as the platform's own, with a warning.
  const { seal } = configureSeal(ctx.env);
  if (ctx.env.SEAL_LICENSED_CA_PATH && seal.kind === 'platform') {
    api.log.warn(`SEAL_LICENSED_CA_PATH is set but the seal is the platform's own: ${seal.reason}`);
  }
  // An earlier version of a hibah is printed here and served by the hibah routes (ADR 0292).
  registerVersionCertificatePrinter(issueHibahVersionCertificate);
  // The executed original: the signed paper's scan checked against the sealed hash (ADR 0266).
  executedOriginalRoutes(api, ctx);

  /**
   * `GET /api/document-seal` (public) → `{ seal: { kind: "licensed_ca" | "platform", ca_subject } }`: the kind of
   * the seal new PDFs are sealed with (seal.ts `sealKind`; ADR 0297) and, for `licensed_ca`, the licensed CA's
   * subject (else null). The web's signature statement adds its licensed-seal sentence from it. Says nothing of
   * why a seal is not licensed (that stays in the server log).
   */
  api.get('/document-seal', { config: { access: 'public' } }, async (_req, reply) => {
    const k = sealKind();
    reply.header('Cache-Control', 'public, max-age=300');
    return { seal: { kind: k.kind, ca_subject: k.kind === 'licensed_ca' ? k.ca_subject : null } };
  });

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
   * `GET /api/wasiat/{id}/certificate/final[?version=n]` → `application/pdf`, the registered will (kind
   * "will"), or with `version` the PDF of that version (will-document.ts; ADRs 0021, 0099): the current one
   * for whoever may see the will, earlier ones for staff-side roles only.
   * Access: bearer user who may see the will, or a valid signed URL (`?expires&signature`; current only).
   * Errors: 401 no credential; 403 `documents.link_invalid` tampered/expired link without a bearer;
   * 404 unknown, not the caller's, not registered (status ≠ 2), an unknown version, or an earlier version
   * for a caller who is not staff-side; 422 `version` not a whole number ≥ 1.
   */
  api.get(
    '/wasiat/:id/certificate/final',
    { config: { access: 'public' }, schema: { params: idParams, querystring: signedQuery } },
    async (req, reply) => {
      const access = documentAccess(ctx, req);
      const { id } = req.params as z.infer<typeof idParams>;
      const w = await authorisedWill(ctx, id, access);
      const { version } = req.query as z.infer<typeof signedQuery>;
      const actor = issueActor(access, req.ip);
      // `?version=n` (issue 4; ADR 0099): the PDF of that version — the amended will for a version an
      // amendment made, the live will for the current original one, else the earlier version's own PDF
      // (kind "will_version"); earlier versions for staff only (will-document.ts).
      const { bytes, filename } =
        version === undefined
          ? await issueWillDocument(ctx, w, actor)
          : await issueWillVersionDocument(ctx, access.via === 'bearer' ? access.user : null, w, version, actor);
      return sendPdf(reply, bytes, filename);
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
      // The receipt's bytes come from the payments module's single receipt producer (issue 7).
      const p = await settledPaymentFor(ctx.db, 'Wasiat', w.id);
      if (!p) throw notFound();
      const { bytes, filename } = await receiptPdf(ctx, p);
      return sendPdf(reply, bytes, filename);
    },
  );

  /**
   * `POST /api/route/sign { route_name: "amendment.certificate", amendment_id }` → `{ url }`: a 5-minute
   * signed link to the amended will or hibah, for a caller who may see the amendment, once it has
   * succeeded (status 2); else `{ url: "" }`.
   */
  registerSignableRoute('amendment.certificate', {
    ttlSeconds: SIGNED_LINK_TTL_SECONDS,
    async resolve(params, user) {
      const id = params.amendment_id;
      if (typeof id !== 'string' || !id || id.length > 64) return null;
      try {
        return amendmentCertificatePath((await documentAmendment(ctx, id, user)).id);
      } catch {
        return null;
      }
    },
  });

  /**
   * `GET /api/amendment/{id}/certificate/comprehensive` → `application/pdf`, the amended will (reference
   * §1.8; ADR 0074) or, for a hibah's amendment, the amended hibah certificate (ADR 0098): the version made
   * by this amendment, with the amendment block naming the previous version's hashes (content, and the last
   * sealed document of that version issued before it succeeded; ADR 0099) and the amendment's certificate of
   * completion; sealed and registered (subject "Amendment", kind "amendment" / "hibah_amendment"), the same
   * bytes while nothing printed changes.
   * Access: bearer user who may see the amendment, or a valid signed URL. Errors: 401 no credential;
   * 403 `documents.link_invalid` tampered/expired link; 404 unknown, not the caller's, or not succeeded
   * (status ≠ 2).
   */
  api.get(
    '/amendment/:id/certificate/comprehensive',
    { config: { access: 'public' }, schema: { params: idParams, querystring: signedQuery } },
    async (req, reply) => {
      const access = documentAccess(ctx, req);
      const { id } = req.params as z.infer<typeof idParams>;
      const a = await documentAmendment(ctx, id, access.via === 'bearer' ? access.user : null);
      const { bytes, filename } = await issueAnyAmendmentDocument(ctx, a, issueActor(access, req.ip));
      return sendPdf(reply, bytes, filename);
    },
  );

  /**
   * `GET /api/public/wasiat/{id}` (public, the QR code's target) →
   * `{ wasiat: { id, wasiat_no, status, registered_at, testator: { name } (masked; no MyKad, issue 36 item 6),
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

  /**
   * `POST /api/public/wasiat/{id}/verify` (public; multipart with one file field `file`, a PDF up to
   * 5 MB) → `{ verification: { registered, sha256, kind, issued_at } }`: `registered` is true when the
   * upload is byte-for-byte one of the sealed documents issued for this will or its amendments (any
   * version; issued.ts) — a single changed byte makes it false. `kind` ("will" | "will_version" |
   * "receipt" | "amendment") and
   * `issued_at` (ISO 8601 UTC) describe the match, else null. Errors: 404 unless the will exists and is
   * registered (as `GET /public/wasiat/{id}`); 422 `file` `sealed.verify.file_required` (no file) or
   * `sealed.verify.not_pdf`; 422 `errors.file_too_large` over 5 MB. Limited like the public lookup
   * (30 a minute per IP; http/rate-limits.ts). Nothing is stored. (check-route.ts)
   */
  registerDocumentCheckRoute(api, ctx, {
    url: '/public/wasiat/:id/verify',
    subjects: async (id) => {
      const w = await publicWill(ctx, id);
      // The will's own documents (will, amended will, receipt) and its amendments' receipts (ADR 0074).
      const ams = await ctx.db
        .select({ id: amendments.id })
        .from(amendments)
        .where(and(eq(amendments.amendmentable_type, 'Wasiat'), eq(amendments.amendmentable_id, w.id)));
      return [{ type: 'Wasiat', id: w.id }, ...ams.map((a) => ({ type: 'Amendment', id: a.id }))];
    },
  });
}
