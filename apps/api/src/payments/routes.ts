/**
 * Routes of the payments module (docs/api/payments.md; DESIGN.md §2, §9.2 thin routes: parse →
 * authorise → service). All paths under `/api`; money in integer sen.
 *
 * - `POST /payment` → `{ payment, wasiat, payment_link? }`
 * - `GET /payment/{id}` → `{ payment }`; `GET /wasiat/{id}/payment` → `{ payments: { data, … } }`
 * - `POST /payment/{id}/confirm` (Staff/Accountant/Admin, `payment:confirm`) → `{ payment }`
 * - `POST /promo-code/check { code, wasiat_id }` → `{ promo_code: { code, discount_sen, amount_due_sen } }`
 * - `GET|POST /payment-gateway/sandbox/{id}` — the public sandbox gateway page and its form post (303).
 * Visibility (404 for a will the caller may not see) is decided in policy.ts.
 */

import rateLimit from '@fastify/rate-limit';
import { paymentCreateSchema, promoCheckSchema, sandboxOutcomeSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { pageQuery } from '../http/pagination.ts';
import { paymentStatusUrl, sandboxNotFoundPage, sandboxPage } from './sandbox-page.ts';
import {
  checkPromo,
  confirmPayment,
  createPayment,
  findGatewayPayment,
  getPayment,
  listWillPayments,
  settleSandbox,
} from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export async function paymentsRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;

  /**
   * `POST /api/payment { paymentable_type: "Wasiat", paymentable_id, payment_options_id (1 gateway,
   * 2 direct, 3 cash), promo_code?, reference? (required for direct), redirect_url? }`
   * → `{ payment, wasiat, payment_link? }`. Errors: see service `createPayment` (404, 422 `payments.*`).
   */
  api.post('/payment', { config: { access: 'authenticated' }, schema: { body: paymentCreateSchema } }, async (req) =>
    createPayment(db, requireUser(req), req.body as z.output<typeof paymentCreateSchema>, req.ip),
  );

  /** `GET /api/payment/{id}` → `{ payment }` for the will's owner, agent or staff; else 404. */
  api.get('/payment/:id', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (req) =>
    getPayment(db, requireUser(req), (req.params as { id: string }).id),
  );

  /** `GET /api/wasiat/{id}/payment?limit&page` → `{ payments: { data, current_page, … } }`, newest first. */
  api.get(
    '/wasiat/:id/payment',
    { config: { access: 'authenticated' }, schema: { params: idParams, querystring: z.object(pageQuery) } },
    async (req) =>
      listWillPayments(db, requireUser(req), (req.params as { id: string }).id, req.query as { limit?: number }),
  );

  /**
   * `POST /api/payment/{id}/confirm {}` → `{ payment }` (status `paid`, `confirmed_by`, `confirmed_at`,
   * `receipt_no`; sets `wasiat.payment_received_at`). 403 without `payment:confirm`; 422
   * `payments.not_confirmable` unless a pending direct/cash payment.
   */
  api.post(
    '/payment/:id/confirm',
    { config: { access: 'payment:confirm' }, schema: { params: idParams } },
    async (req) => confirmPayment(db, requireUser(req), (req.params as { id: string }).id, req.ip),
  );

  // Promo check: rate-limited per user, so codes cannot be guessed by enumeration.
  await api.register(async (scope) => {
    await scope.register(rateLimit, {
      max: 30,
      timeWindow: '1 minute',
      keyGenerator: (req) => req.user?.id ?? req.ip,
    });
    /**
     * `POST /api/promo-code/check { code, wasiat_id }` → `{ promo_code: { code, discount_sen,
     * amount_due_sen, expires_at } }` (spec §5 "valid and unused"); 422 `payments.promo_invalid` on
     * `promo_code`; 404 for a will not visible. Does not redeem.
     */
    scope.post(
      '/promo-code/check',
      { config: { access: 'authenticated' }, schema: { body: promoCheckSchema } },
      async (req) => {
        const body = req.body as z.output<typeof promoCheckSchema>;
        return checkPromo(db, requireUser(req), body.code, body.wasiat_id);
      },
    );
  });

  // The sandbox gateway: plain HTML forms, so this scope parses application/x-www-form-urlencoded.
  // Off when PAYMENT_SANDBOX=0 (production with a real gateway; ADR 0008).
  if (ctx.env.PAYMENT_SANDBOX === '0') return;
  await api.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );

    /** `GET /api/payment-gateway/sandbox/{id}` — public HTML page (ms + en) with the amount and two buttons. */
    scope.get(
      '/payment-gateway/sandbox/:id',
      { config: { access: 'public' }, schema: { params: idParams } },
      async (req, reply) => {
        const p = await findGatewayPayment(db, (req.params as { id: string }).id);
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!p) return reply.status(404).send(sandboxNotFoundPage());
        return reply.send(sandboxPage(p));
      },
    );

    /**
     * `POST /api/payment-gateway/sandbox/{id}` (form `outcome=approve|fail`) → 303 to
     * `/payment-status?status=1|0&payment_id=…&wasiat_id=…`. A settled payment is not changed; the
     * redirect then reports its actual state.
     */
    scope.post(
      '/payment-gateway/sandbox/:id',
      { config: { access: 'public' }, schema: { params: idParams, body: sandboxOutcomeSchema } },
      async (req, reply) => {
        const { outcome } = req.body as z.output<typeof sandboxOutcomeSchema>;
        const p = await settleSandbox(db, (req.params as { id: string }).id, outcome, req.ip);
        if (!p) return reply.status(404).type('text/html; charset=utf-8').send(sandboxNotFoundPage());
        return reply.redirect(paymentStatusUrl(p), 303);
      },
    );
  });
}
