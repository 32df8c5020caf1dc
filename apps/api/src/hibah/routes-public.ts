/**
 * Routes for parties without an account (signed links), the one-cent trust, the staff verification
 * queue and the certificate (docs/api/hibah.md).
 *
 * - `GET /public/hibah/{id}/receiver/{rid}` · `POST …/otp` · `POST …/sign { code, signature }` (signed link)
 * - `GET /public/hibah/{id}/witness/{wid}` · `POST …/otp` · `POST …/confirm { code, signature }` (signed link)
 * - `POST /one-cent/hibah-coupon { count, amount_sen?, organization_id?, expires_at? }` → 201 `{ coupons }` (staff)
 * - `POST /one-cent/hibah-coupon/{code}/redeem` → `{ hibah, message }`
 * - `GET /hibah/pending-approval ?status=2|4` → `{ organizations: [{ id, name, code, total_pending }] }` (staff)
 * - `GET /hibah/{id}/certificate` → PDF (bearer who may see it, or a signed link `hibah.certificate`)
 * - `GET /public/hibah/{id}` → `{ hibah }` masked facts (QR target)
 */
import { hibahCouponGenerateSchema, hibahWitnessConfirmSchema, translate } from '@wasiat/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { hibahs, organizations } from '../db/schema/index.ts';
import { documentAccess } from '../documents/policy.ts';
import { routeRateLimit } from '../http/rate-limits.ts';
import { registerSignableRoute } from '../http/signed-routes.ts';
import { hibahCertificatePdf, publicHibah } from './certificate.ts';
import {
  assertLink,
  confirmWitness,
  receiverLinkPath,
  receiverPage,
  receiverSignByLink,
  sendReceiverCode,
  sendWitnessCode,
  witnessLinkPath,
  witnessPage,
} from './links.ts';
import { generateCoupons, redeemCoupon } from './onecent.ts';
import { assertCanVerify } from './policy.ts';
import { actorOf, idParams, parseBody } from './routes.ts';
import { serializeHibah } from './serializers.ts';
import { findVisibleHibah } from './service.ts';

const linkQuery = z.looseObject({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });
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
      return receiverPage(ctx, req.params.id, req.params.rid);
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
        ...(await receiverSignByLink(ctx, req.params.id, req.params.rid, b, req.ip)),
        message: translate('hibah.signed', req.lang),
      };
    },
  );
  api.get(
    '/public/hibah/:id/witness/:wid',
    { config: { access: 'public', ...limit }, schema: { params: wParams, querystring: linkQuery } },
    async (req: any) => {
      assertLink(ctx, witnessLinkPath(req.params.id, req.params.wid), req.query);
      return witnessPage(ctx, req.params.id, req.params.wid);
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
        ...(await confirmWitness(ctx, req.params.id, req.params.wid, b, req.ip)),
        message: translate('hibah.confirmed', req.lang),
      };
    },
  );

  api.post('/one-cent/hibah-coupon', { config: { access: 'hibah:coupon:manage' } }, async (req: any, reply) => {
    const rows = await generateCoupons(ctx.db, actorOf(req), parseBody(hibahCouponGenerateSchema, req.body));
    return reply.status(201).send({
      coupons: rows.map((c) => ({ id: c.id, code: c.code, amount_sen: c.amount_sen, expires_at: c.expires_at })),
    });
  });
  api.post(
    '/one-cent/hibah-coupon/:code/redeem',
    { config: { access: 'will:create:own' }, schema: { params: z.object({ code: z.string().min(1).max(40) }) } },
    async (req: any) => {
      const h = await redeemCoupon(ctx.db, actorOf(req), req.params.code);
      return { hibah: await serializeHibah(ctx.db, h), message: translate('hibah.redeemed', req.lang) };
    },
  );

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
  api.get(
    '/hibah/:id/certificate',
    { config: { access: 'public' }, schema: { params: idParams, querystring: linkQuery } },
    async (req: any, reply) => {
      const access = documentAccess(ctx, req);
      if (access.via === 'bearer') await findVisibleHibah(ctx.db, access.user, req.params.id);
      const { bytes, number } = await hibahCertificatePdf(ctx, req.params.id);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="sijil-hibah-${number.replace(/[^\w.-]/g, '_')}.pdf"`)
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );
  api.get(
    '/public/hibah/:id',
    { config: { access: 'public', ...limit }, schema: { params: idParams } },
    async (req: any) => ({
      hibah: await publicHibah(ctx, req.params.id),
    }),
  );
}
