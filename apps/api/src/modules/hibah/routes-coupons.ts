/**
 * Routes of the one-cent trust's redeem codes (reference §3.3; ADRs 0035, 0028):
 *
 * - `POST /one-cent/hibah-coupon { count, amount_sen?, organization_id?, expires_at? }` → 201 `{ coupons:
 *   [{ id, code, amount_sen, expires_at }] }` (`hibah:coupon:manage`; 422 per field);
 * - `GET /one-cent/hibah-coupon?status=used|unused|expired&limit&page` → `{ coupons: { data, … } }` with
 *   generated and redeemed by/at (`hibah:coupon:manage`);
 * - `GET /one-cent/hibah-coupon/export?format=csv|xlsx&status` → the file as an attachment (same);
 * - `POST /one-cent/hibah-coupon/{code}/redeem` → `{ hibah, message }` (a signed-in client; 422 on `code`).
 */
import { hibahCouponGenerateSchema, translate } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { COUPON_STATUSES, exportCoupons, listCoupons } from './coupon-list.ts';
import { actorOf, parseBody } from './http.ts';
import { generateCoupons, redeemCoupon } from './onecent.ts';
import { serializeHibah } from './serializers.ts';

export async function couponRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const status = optionalQuery(z.enum(COUPON_STATUSES));

  /** Generate codes (staff). */
  r.post('/one-cent/hibah-coupon', { config: { access: 'hibah:coupon:manage' } }, async (req, reply) => {
    const rows = await generateCoupons(ctx.db, actorOf(req), parseBody(hibahCouponGenerateSchema, req.body));
    return reply.status(201).send({
      coupons: rows.map((c) => ({ id: c.id, code: c.code, amount_sen: c.amount_sen, expires_at: c.expires_at })),
    });
  });

  /** The codes with generated and redeemed by/at, newest first. */
  r.get(
    '/one-cent/hibah-coupon',
    { config: { access: 'hibah:coupon:manage' }, schema: { querystring: z.object({ ...pageQuery, status }) } },
    async (req) => listCoupons(ctx.db, req.query),
  );

  /** Every code of the filter as CSV or XLSX (an attachment). */
  r.get(
    '/one-cent/hibah-coupon/export',
    {
      config: { access: 'hibah:coupon:manage' },
      schema: { querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx'), status }) },
    },
    async (req, reply) => {
      const f = await exportCoupons(ctx.db, req.query, req.lang);
      return reply
        .header('content-type', f.contentType)
        .header('content-disposition', `attachment; filename="${f.filename}"`)
        .header('cache-control', 'no-store')
        .send(f.body);
    },
  );

  /** Redeem a code once (a POST: the 2021 client's GET with a side effect is not reproduced). */
  r.post(
    '/one-cent/hibah-coupon/:code/redeem',
    { config: { access: 'will:create:own' }, schema: { params: z.object({ code: z.string().min(1).max(40) }) } },
    async (req) => {
      const h = await redeemCoupon(ctx.db, actorOf(req), req.params.code);
      return { hibah: await serializeHibah(ctx.db, h), message: translate('hibah.redeemed', req.lang) };
    },
  );
}
