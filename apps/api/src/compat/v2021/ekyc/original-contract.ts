/**
 * The 2021 client's manual eKYC and public link of a will (issue 20; reference §1.12, §2.2 `route-token`,
 * §2.8, §3.1 Part D/G, §4.4; ADR 0182), mapped onto our manual review (manual.ts, ADR 0094/0147) and our
 * revocable public eKYC link (public.ts, ADR 0091/0095). Additions beside our own routes:
 *
 * - **Manual eKYC** `PATCH wasiat/{id} { set_ekyc_verified_at: 1, ekyc_method: "Manual" }` (a route-level
 *   preValidation hook of `PATCH|PUT /wasiat/{id}`, {@link ekycOnWillRoutes}). The 2021 client sends it after
 *   uploading the selfie (`POST wasiat/{id}/document { type: "selfie" }`, which is our `ekyc-manual` photo and
 *   opens a pending review). Ours is verified by staff, never by the client's flag:
 *   - from an eKYC reviewer (`ekyc:review`): the pending review is approved as `POST ekyc/manual/{id}/approve`
 *     does (verified now, method "Manual", part `ekyc` done; 422 `ekyc.manual_no_pending` on `_` without one);
 *   - from anyone else who may attempt the will's eKYC (`ekyc:attempt`; 403 otherwise): `{ wasiat }` unchanged
 *     while the review is pending (or the eKYC is verified already); 422 `ekyc.manual_photo_first` on
 *     `selfie` when no photo awaits review.
 *   A will the caller may not see is a 404.
 * - **The testator's public link** `POST route-token { user_id, model_id, model_type: "Wasiat" }` → 201
 *   `{ route_token: { id, token, wasiat_id, expires_at, url } }`: a recorded, revocable eKYC link of the will
 *   (as `POST route/sign { route_name: "ekyc" }`: who may see the will, 404 otherwise; 422
 *   `ekyc.already_verified` on `model_id` when its eKYC is done; `user_id` must be the will's testator, 422
 *   `ekyc.link_not_testator`). `token` is `<expires>.<signature>`; `url` is our page `/ekyc?…` (spec §2; it ends
 *   at `/verification/{wasiat_id}/success`).
 * - `GET route-token/{id}?token=` (public) → `{ bearer_token, expires_at, ekyc }`: the link exchanged for our
 *   public token as `POST ekyc/public/token` does (403 `ekyc.link_invalid`, 410 `ekyc.link_revoked`); it opens
 *   the `/api/ekyc/public/*` routes of that will only.
 */
import { translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../../context.ts';
import { ekyc_links } from '../../../db/schema/index.ts';
import { requireUser, userCan } from '../../../modules/auth/index.ts';
import {
  decideManualReview,
  EKYC_LINK_TTL_SECONDS,
  ekycLinkPath,
  exchangeEkycLink,
  issueEkycLink,
  manualStatus,
} from '../../../modules/ekyc/index.ts';
import { actorOf, findVisibleWill, readWill } from '../../../modules/wills/index.ts';
import { AppError, fieldError, forbidden } from '../../../platform/http/errors.ts';
import { routeRateLimit } from '../../../platform/http/rate-limits.ts';

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);
const yes = (v: unknown) => v === 1 || v === '1' || v === true || v === 'true';

/** Attach the manual-eKYC hook (see the module comment); call BEFORE the wills module registers its routes. */
export function ekycOnWillRoutes(api: FastifyInstance, ctx: Ctx) {
  const hook = async (req: FastifyRequest, reply: FastifyReply) => {
    const b = req.body;
    if (!isObject(b) || !('set_ekyc_verified_at' in b) || !yes(b.set_ekyc_verified_at)) return;
    const user = requireUser(req);
    const will = await findVisibleWill(ctx.db, user, (req.params as { id: string }).id);
    let message: string;
    if (userCan(user, 'ekyc:review')) {
      await decideManualReview(ctx, actorOf(req), 'Wasiat', will.id, { approve: true });
      message = 'ekyc.manual_approved';
    } else {
      if (!userCan(user, 'ekyc:attempt')) throw forbidden();
      const status = await manualStatus(ctx, user, 'Wasiat', will.id);
      if (!status.ekyc_verified_at && status.review?.status !== 'pending') {
        throw fieldError('selfie', 'ekyc.manual_photo_first');
      }
      message = status.ekyc_verified_at ? 'ekyc.passed' : 'ekyc.manual_awaiting_review';
    }
    return reply.send({ wasiat: await readWill(ctx.db, user, will.id), message: translate(message, req.lang) });
  };
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!['PATCH', 'PUT'].includes(method) || route.url !== '/api/wasiat/:id') continue;
      route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), hook] as never;
    }
  });
}

const routeTokenBody = z.object({
  user_id: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(64),
  model_id: z.string({ error: 'validation.required' }).min(1, 'validation.required').max(64),
  model_type: z.enum(['Wasiat'], { error: 'validation.choose' }),
});
const routeTokenQuery = z.object({ token: z.string().max(200).optional() });

/** `POST /route-token` and `GET /route-token/{id}` (see the module comment). */
export async function routeTokenRoutes(api: FastifyInstance, ctx: Ctx) {
  api.post(
    '/route-token',
    { config: { access: 'authenticated' }, schema: { body: routeTokenBody } },
    async (req, reply) => {
      const user = requireUser(req);
      const b = req.body as z.infer<typeof routeTokenBody>;
      const will = await findVisibleWill(ctx.db, user, b.model_id);
      if (b.user_id !== will.user_id) throw fieldError('user_id', 'ekyc.link_not_testator');
      if (will.ekyc_verified_at) throw fieldError('model_id', 'ekyc.already_verified');
      const link = await issueEkycLink(ctx, user, will);
      const url = ctx.signer.sign(ekycLinkPath(will.id, link.id), EKYC_LINK_TTL_SECONDS);
      const q = new URLSearchParams(url.split('?')[1]);
      return reply.status(201).send({
        route_token: {
          id: link.id,
          token: `${q.get('expires')}.${q.get('signature')}`,
          wasiat_id: will.id,
          expires_at: link.expires_at.toISOString(),
          url,
        },
      });
    },
  );

  api.get(
    '/route-token/:id',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'publicEkyc') },
      schema: { params: z.object({ id: z.string().min(1).max(64) }), querystring: routeTokenQuery },
    },
    async (req) => {
      const { id } = req.params as { id: string };
      const [expires = '', signature = ''] = ((req.query as { token?: string }).token ?? '').split('.');
      const [link] = await ctx.db
        .select({ wasiat_id: ekyc_links.wasiat_id })
        .from(ekyc_links)
        .where(eq(ekyc_links.id, id));
      if (!link) throw new AppError('forbidden', 'ekyc.link_invalid');
      return exchangeEkycLink(ctx, { wasiat_id: link.wasiat_id, link_id: id, expires, signature });
    },
  );
}
