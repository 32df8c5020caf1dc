/**
 * Routes for parties without an account (signed links), the one-cent trust, the staff verification
 * queue and the certificate (docs/api/hibah.md).
 *
 * - `GET /public/hibah/{id}/receiver/{rid}` · `POST …/otp` · `POST …/sign { code, signature }` (signed link)
 * - `GET /public/hibah/{id}/witness/{wid}` · `POST …/otp` · `POST …/confirm { code, signature }` (signed link)
 * - the one-cent redeem codes: routes-coupons.ts
 * - `GET /hibah/pending-approval ?status=2|4` → `{ organizations: [{ id, name, code, total_pending }] }` (staff)
 * - `GET /hibah/{id}/certificate[?version=n]` → sealed PDF (bearer who may see it, or a signed link
 *   `hibah.certificate`; earlier versions for staff-side roles only, ADR 0098)
 * - `GET /public/hibah/{id}` → `{ hibah }` masked facts (QR target)
 * - `POST /public/hibah/{id}/verify` (multipart `file`) → `{ verification }`: is it the registered document?
 */
import { hibahWitnessConfirmSchema, translate } from '@wasiat/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { amendments, hibahs, organizations } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { documentAccess } from '../../platform/documents/access.ts';
import { registerDocumentCheckRoute } from '../../platform/documents/check-route.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { registerSignableRoute } from '../../platform/http/signed-routes.ts';
import { issueHibahCertificate, publicHibah } from './certificate.ts';
import { idParams, parseBody } from './http.ts';
import { assertLink, markLinkViewed, receiverLinkPath, receiverPage, witnessLinkPath, witnessPage } from './links.ts';
import { confirmWitness, receiverSignByLink, sendReceiverCode, sendWitnessCode } from './party-codes.ts';
import { assertCanVerify } from './policy.ts';
import { couponRoutes } from './routes-coupons.ts';
import { findVisibleHibah } from './service.ts';
import { printVersionCertificate } from './version-certificate.ts';

const linkQuery = z.looseObject({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });
/** The certificate's query: a signed link's parameters and the optional version (ADR 0098). */
const certificateQuery = linkQuery.extend({ version: z.coerce.number().int().min(1).max(100000).optional() });
const rParams = z.object({ id: z.string().min(1).max(64), rid: z.string().min(1).max(64) });
const wParams = z.object({ id: z.string().min(1).max(64), wid: z.string().min(1).max(64) });
export const hibahCertificatePath = (id: string) => `/api/hibah/${id}/certificate`;

export async function publicRoutes(api: FastifyInstance, ctx: Ctx) {
  const limit = { rateLimit: routeRateLimit(ctx.env, 'publicLookup') };
  api.get(
    '/public/hibah/:id/receiver/:rid',
    { config: { access: 'public', ...limit }, schema: { params: rParams, querystring: linkQuery } },
    async (req: any) => {
      assertLink(ctx, receiverLinkPath(req.params.id, req.params.rid), req.query);
      const page = await receiverPage(ctx, req.params.id, req.params.rid);
      await markLinkViewed(ctx, 'receiver', req.params.id, req.params.rid);
      return page;
    },
  );
  api.post(
    '/public/hibah/:id/receiver/:rid/otp',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'otpRequest') },
      schema: { params: rParams, querystring: linkQuery },
    },
    async (req: any) => {
      assertLink(ctx, receiverLinkPath(req.params.id, req.params.rid), req.query);
      return sendReceiverCode(ctx, req.params.id, req.params.rid, req.lang);
    },
  );
  api.post(
    '/public/hibah/:id/receiver/:rid/sign',
    { config: { access: 'public', ...limit }, schema: { params: rParams, querystring: linkQuery } },
    async (req: any) => {
      assertLink(ctx, receiverLinkPath(req.params.id, req.params.rid), req.query);
      const b = parseBody(hibahWitnessConfirmSchema, req.body);
      return {
        ...(await receiverSignByLink(ctx, req.params.id, req.params.rid, b, {
          ip: req.ip,
          userAgent: req.headers['user-agent']?.slice(0, 512),
        })),
        message: translate('hibah.signed', req.lang),
      };
    },
  );
  api.get(
    '/public/hibah/:id/witness/:wid',
    { config: { access: 'public', ...limit }, schema: { params: wParams, querystring: linkQuery } },
    async (req: any) => {
      assertLink(ctx, witnessLinkPath(req.params.id, req.params.wid), req.query);
      const page = await witnessPage(ctx, req.params.id, req.params.wid);
      await markLinkViewed(ctx, 'witness', req.params.id, req.params.wid);
      return page;
    },
  );
  api.post(
    '/public/hibah/:id/witness/:wid/otp',
    { config: { access: 'public', ...limit }, schema: { params: wParams, querystring: linkQuery } },
    async (req: any) => {
      assertLink(ctx, witnessLinkPath(req.params.id, req.params.wid), req.query);
      return sendWitnessCode(ctx, req.params.id, req.params.wid, req.lang);
    },
  );
  api.post(
    '/public/hibah/:id/witness/:wid/confirm',
    { config: { access: 'public', ...limit }, schema: { params: wParams, querystring: linkQuery } },
    async (req: any) => {
      assertLink(ctx, witnessLinkPath(req.params.id, req.params.wid), req.query);
      const b = parseBody(hibahWitnessConfirmSchema, req.body);
      return {
        ...(await confirmWitness(
          ctx,
          req.params.id,
          req.params.wid,
          b,
          req.ip,
          undefined,
          req.headers['user-agent']?.slice(0, 512),
        )),
        message: translate('hibah.confirmed', req.lang),
      };
    },
  );

  await couponRoutes(api, ctx);

  api.get(
    '/hibah/pending-approval',
    {
      config: { access: 'hibah:verify' },
      schema: { querystring: z.object({ status: z.coerce.number().int().min(0).max(5).optional() }) },
    },
    async (req: any) => {
      assertCanVerify(requireUser(req));
      const status = req.query.status ?? 2;
      const rows = await ctx.db
        .select({
          id: organizations.id,
          name: organizations.name,
          code: organizations.code,
          total_pending: count(hibahs.id),
        })
        .from(hibahs)
        .innerJoin(organizations, eq(organizations.id, hibahs.organization_id))
        .where(and(eq(hibahs.status, status), isNull(hibahs.deleted_at)))
        .groupBy(organizations.id, organizations.name, organizations.code);
      return { organizations: rows.map((r) => ({ ...r, total_pending: Number(r.total_pending) })) };
    },
  );

  registerSignableRoute('hibah.certificate', {
    ttlSeconds: 300,
    async resolve(params, user) {
      const id = params.hibah_id;
      if (typeof id !== 'string' || id.length > 64) return null;
      try {
        const h = await findVisibleHibah(ctx.db, user, id);
        return h.status === 5 ? hibahCertificatePath(h.id) : null;
      } catch {
        return null;
      }
    },
  });
  /**
   * `GET /api/hibah/{id}/certificate[?version=n]` → `application/pdf`, the sealed, registered hibah
   * certificate (ADRs 0070, 0074). Without `version` (or with the current one): the live hibah. With an
   * earlier version (issue 5; ADR 0098): staff-side roles only (`will:read:any`, as `GET
   * /hibah/{id}/versions/{n}`) — a version made by an amendment is that amendment's amended hibah (the
   * same bytes as `GET /amendment/{id}/certificate/comprehensive`), the registered original is printed
   * from its snapshot. Access: bearer who may see the hibah, or a signed link `hibah.certificate` (the
   * current version only). Errors: 401 no credential; 403 `documents.link_invalid`; 404 not visible, not
   * registered, unknown version, or an earlier version for anyone else.
   */
  api.get(
    '/hibah/:id/certificate',
    { config: { access: 'public' }, schema: { params: idParams, querystring: certificateQuery } },
    async (req: any, reply) => {
      const access = documentAccess(ctx, req);
      const actor = { userId: access.via === 'bearer' ? access.user.id : null, ip: req.ip };
      const user = access.via === 'bearer' ? access.user : null;
      const { version } = req.query as z.infer<typeof certificateQuery>;
      let out: { bytes: Buffer; filename: string };
      if (version !== undefined) {
        out = await printVersionCertificate(ctx, user, req.params.id, version, actor);
      } else {
        if (user) await findVisibleHibah(ctx.db, user, req.params.id);
        // Sealed and registered (issue 11; ADR 0074): the same bytes for unchanged content.
        const { bytes, number } = await issueHibahCertificate(ctx, req.params.id, actor);
        out = { bytes, filename: `sijil-hibah-${number}.pdf` };
      }
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${out.filename.replace(/[^\w.-]/g, '_')}"`)
        .header('Cache-Control', 'private, no-store')
        .send(out.bytes);
    },
  );
  api.get(
    '/public/hibah/:id',
    { config: { access: 'public', ...limit }, schema: { params: idParams } },
    async (req: any) => ({
      hibah: await publicHibah(ctx, req.params.id),
    }),
  );
  /**
   * `POST /api/public/hibah/{id}/verify` (public; multipart `file`, a PDF ≤ 5 MB) → `{ verification:
   * { registered, sha256, kind, issued_at } }`: whether the upload is byte for byte one of the sealed
   * documents issued for this hibah or its amendments (its certificate "hibah", a receipt "receipt", any
   * version). 404
   * unless the hibah is registered (as `GET /public/hibah/{id}`); 422 on `file` as the will's twin;
   * rate-limited like the public lookup. Nothing is stored. (documents/check-route.ts; ADRs 0071, 0074)
   */
  registerDocumentCheckRoute(api, ctx, {
    url: '/public/hibah/:id/verify',
    subjects: async (id) => {
      const h = await publicHibah(ctx, id);
      // The hibah's own documents and those of its amendments (receipts, amended certificates; ADR 0074).
      const ams = await ctx.db
        .select({ id: amendments.id })
        .from(amendments)
        .where(and(eq(amendments.amendmentable_type, 'Hibah'), eq(amendments.amendmentable_id, h.id)));
      return [{ type: 'Hibah', id: h.id }, ...ams.map((a) => ({ type: 'Amendment', id: a.id }))];
    },
  });
}
