/**
 * Routes of the payments module (docs/api/payments.md; DESIGN.md §2, §9.2 thin routes: parse →
 * authorise → service). All paths under `/api`; money in integer sen.
 *
 * - `POST /payment` → `{ payment, wasiat, payment_link? }`
 * - `GET /payment/{id}` → `{ payment }`; `GET /wasiat/{id}/payment` → `{ payments: { data, … } }`
 * - `GET /payment/latest?paymentable_type&paymentable_id` → `{ payment | null }` (any payable kind)
 * - `POST /payment/slip { paymentable_type, paymentable_id, document }` → 201 `{ attachment }` (any payable kind)
 * - `POST /payment/{id}/confirm` (Staff/Accountant/Admin, `payment:confirm`) → `{ payment }`
 * - `POST /payment/{id}/instalment` (the same roles) → `{ payment, mandate }`: an ATB instalment received
 * - `POST /promo-code/check { code, wasiat_id }` → `{ promo_code: { code, discount_sen, amount_due_sen } }`
 * - the gateways' public routes (Billplz callback and redirect, the sandbox page): gateway-routes.ts.
 * Visibility (404 for a will the caller may not see) is decided in policy.ts.
 */

import rateLimit from '@fastify/rate-limit';
import {
  financingDecisionSchema,
  payableQuerySchema,
  paymentCreateSchema,
  paymentListQuerySchema,
  paymentRefuseSchema,
  paymentSlipSchema,
  promoCheckSchema,
} from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { payments } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { multipartToBody } from '../wills/index.ts';
import { gatewayRoutes } from './gateway-routes.ts';
import { gatewayFor } from './gateways/gateway.ts';
import { paymentHistoryRoutes } from './history.ts';
import { instalmentRoutes } from './instalments.ts';
import { confirmPayment, decideFinancing, listAllPayments, shareLink } from './manual.ts';
import { refusePayment } from './offline.ts';
import { payableKind, registerPayable } from './payables.ts';
import { paidNotification, receiptPdf, registerReceiptMailJob, resendReceipt, sendReceiptSoon } from './receipts.ts';
import { checkPromo, createPayment, getPayment, listPayments, paymentOptionsFor, visiblePayment } from './service.ts';
import { latestPayment, uploadPaymentSlip } from './slips.ts';
import { willPayable } from './will-payable.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

export async function paymentsRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  registerPayable(willPayable);
  registerReceiptMailJob();
  const gateway = gatewayFor(ctx.env, ctx.signer);
  paymentHistoryRoutes(api, db); // GET /payment/mine: the payer's history (ADR 0248)
  instalmentRoutes(api, ctx); // POST /payment/{id}/instalment: an ATB instalment received (ADR 0264)

  /**
   * `POST /api/payment { paymentable_type: "Wasiat" | "Amendment" | "Hibah" | …, paymentable_id,
   * payment_options_id (1 gateway, 2 direct, 3 cash, 4 financing, 5 ATB, 6 offline), promo_code?,
   * reference? (direct), slip_attachment_id? (direct), bank_name? (ATB, financing), account_no?,
   * atb_amount_sen?, atb_frequency?, atb_other_frequency?, atb_start_date? (ATB), redirect_url? }`
   * → `{ payment, wasiat, payment_link? }`. Errors: see service `createPayment` (404, 422 `payments.*`).
   */
  api.post('/payment', { config: { access: 'authenticated' }, schema: { body: paymentCreateSchema } }, async (req) => {
    const out = await createPayment(db, requireUser(req), req.body as z.output<typeof paymentCreateSchema>, req.ip, {
      gateway,
      appUrl: ctx.appUrl,
      returnOrigins: ctx.env.CORS_ORIGINS.split(',')
        .map((o) => o.trim())
        .filter(Boolean),
    });
    sendReceiptSoon(ctx, out.payment);
    return out;
  });

  /**
   * `GET /api/payment?status&payment_options_id&manual=1&limit&page` (Staff/Accountant/Admin,
   * `payment:confirm`) → `{ payments: { data, … } }`: the confirmation queue and transaction history.
   */
  api.get(
    '/payment',
    { config: { access: 'payment:confirm' }, schema: { querystring: paymentListQuerySchema } },
    async (req) => listAllPayments(db, req.query as z.output<typeof paymentListQuerySchema>),
  );

  /**
   * `GET /api/payment/options?paymentable_type=Wasiat&paymentable_id=…` → `{ payment_options: [1, 2, …] }`
   * (the modes the caller may choose for that payable; 404 when not visible).
   */
  api.get(
    '/payment/options',
    { config: { access: 'authenticated' }, schema: { querystring: payableQuerySchema } },
    async (req) => {
      const q = req.query as z.output<typeof payableQuerySchema>;
      return paymentOptionsFor(db, requireUser(req), q.paymentable_type, q.paymentable_id);
    },
  );

  /**
   * `GET /api/payment/latest?paymentable_type=Hibah&paymentable_id=…` → `{ payment | null }`: the payable's latest
   * payment (not an ATB instalment), for any payable kind — a screen shows a payment awaiting staff (a declared
   * offline payment) after a reload (slips.ts). 404 when not visible; 422 `payments.payable_unknown`.
   */
  api.get(
    '/payment/latest',
    { config: { access: 'authenticated' }, schema: { querystring: payableQuerySchema } },
    async (req) => {
      const q = req.query as z.output<typeof payableQuerySchema>;
      return latestPayment(db, requireUser(req), q.paymentable_type, q.paymentable_id);
    },
  );

  /**
   * `POST /api/payment/slip` (multipart `{ paymentable_type, paymentable_id, document }`, or JSON with `document` a
   * data URL) → 201 `{ attachment: { id, … } }`: the proof of a payment (direct transfer slip, offline proof; ADR
   * 0285) for any payable kind the caller may see, one rule for all; its id goes to `POST /payment` as
   * `slip_attachment_id`. 404 not visible; 422 on `document` (`validation.required`, `errors.file_type`,
   * `errors.file_too_large`) or `paymentable_type`.
   */
  api.post(
    '/payment/slip',
    { config: { access: 'authenticated' }, preValidation: multipartToBody, schema: { body: paymentSlipSchema } },
    async (req, reply) => {
      const body = req.body as z.output<typeof paymentSlipSchema>;
      return reply.status(201).send(await uploadPaymentSlip(db, ctx.store, requireUser(req), body, req.ip));
    },
  );

  /**
   * `GET /api/payment-status/{payment_id}` (public; the /payment-status page with the public client) → for anyone
   * `{ payment: { id, status, payment_options_id, paymentable_type } }` — what the gateway's return page needs
   * (paid or not, what kind of thing was paid), read from the server rather than trusted from the query string;
   * the amount, receipt number, payable id and what the payable belongs to (`amount_sen`, `receipt_no`,
   * `paymentable_id`, `payable`: `{ wasiat_id?, hibah_id?, hibah_type?, amendment_id?, reference? }`, the owning
   * module's `PayableKind.summary`; ADR 0242) only when the caller's bearer token belongs to someone who may see
   * the payment (the payer; issue 16 item 5, ADR 0107); anyone else gets the outcome alone, as if anonymous.
   * The id is unguessable (ADR 0003); limited like the other public look-ups. 404 for an unknown id.
   */
  api.get(
    '/payment-status/:id',
    { config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'publicLookup') }, schema: { params: idParams } },
    async (req) => {
      const [p] = await db
        .select()
        .from(payments)
        .where(eq(payments.id, (req.params as { id: string }).id))
        .limit(1);
      if (!p) throw notFound();
      const open = {
        id: p.id,
        status: p.status,
        payment_options_id: p.payment_options_id,
        paymentable_type: p.paymentable_type,
      };
      const payer = req.user
        ? await visiblePayment(db, req.user, p.id).then(
            () => true,
            () => false,
          )
        : false;
      if (!payer) return { payment: open };
      const kind = payableKind(p.paymentable_type);
      const payable = kind.summary ? await kind.summary(db, p.paymentable_id) : {};
      return {
        payment: {
          ...open,
          amount_sen: p.amount_sen,
          receipt_no: p.receipt_no,
          paymentable_id: p.paymentable_id,
          payable,
        },
      };
    },
  );

  /** `GET /api/payment/{id}` → `{ payment }` for the will's owner, agent or staff; else 404. */
  api.get('/payment/:id', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (req) =>
    getPayment(db, requireUser(req), (req.params as { id: string }).id),
  );

  /**
   * `GET /api/payment/{id}/share` → `{ payment_link, whatsapp_url }` (a pending gateway payment's pay link
   * and a wa.me link carrying it; reference §2.7 "generate link"). 422 `payments.no_pay_link` otherwise.
   */
  api.get('/payment/:id/share', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (req) =>
    shareLink(db, requireUser(req), (req.params as { id: string }).id, ctx.appUrl, req.lang),
  );

  /**
   * `GET /api/payment/{id}/receipt` → `application/pdf`, the numbered bilingual receipt of that payment
   * (paid or waived). 404 when not visible or not settled.
   */
  api.get(
    '/payment/:id/receipt',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req, reply) => {
      const p = await visiblePayment(db, requireUser(req), (req.params as { id: string }).id);
      const { bytes, filename } = await receiptPdf(ctx, p);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `inline; filename="${filename.replace(/[^\w.-]/g, '_')}"`)
        .header('Cache-Control', 'private, no-store')
        .send(bytes);
    },
  );

  /** `GET /api/wasiat/{id}/payment?limit&page` → `{ payments: { data, current_page, … } }`, newest first. */
  api.get(
    '/wasiat/:id/payment',
    { config: { access: 'authenticated' }, schema: { params: idParams, querystring: z.object(pageQuery) } },
    async (req) =>
      listPayments(db, requireUser(req), 'Wasiat', (req.params as { id: string }).id, req.query as { limit?: number }),
  );

  /**
   * `GET /api/wasiat/{id}/paid-notification` → `{ notification: { email, mobile_number, receipt_no, status,
   * sent_at, failed } }` (where the receipt was sent; reference §2.7). 404 when the will is not visible.
   */
  api.get(
    '/wasiat/:id/paid-notification',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => {
      const { id } = req.params as { id: string };
      await willPayable.loadVisible(db, requireUser(req), id);
      return paidNotification(db, 'Wasiat', id);
    },
  );

  /** `POST /api/wasiat/{id}/paid-notification {}` → the same, after sending the receipt e-mail again. */
  api.post(
    '/wasiat/:id/paid-notification',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => {
      const { id } = req.params as { id: string };
      const user = requireUser(req);
      await willPayable.loadVisible(db, user, id);
      return resendReceipt(ctx, user.id, 'Wasiat', id, req.ip);
    },
  );

  /**
   * `POST /api/payment/{id}/confirm {}` → `{ payment }` (status `paid`, `confirmed_by`, `confirmed_at`,
   * `receipt_no`; sets `wasiat.payment_received_at`). 403 without `payment:confirm`; 422
   * `payments.atb_use_instalments` for an ATB mandate (confirmed by instalments, below), else
   * `payments.not_confirmable` unless a pending direct/cash payment.
   */
  api.post(
    '/payment/:id/confirm',
    { config: { access: 'payment:confirm' }, schema: { params: idParams } },
    async (req) => {
      const out = await confirmPayment(db, requireUser(req), (req.params as { id: string }).id, req.ip);
      sendReceiptSoon(ctx, out.payment);
      return out;
    },
  );

  /**
   * `POST /api/payment/{id}/refuse { reason }` → `{ payment }` (status `failed`, `failure_reason`, `decided_by`,
   * `decided_at`): Staff/Accountant/Admin refuse a pending direct, cash or offline payment whose money did not
   * arrive; the payer may pay again (ADR 0285). 403 without `payment:confirm`; 404 not visible; 422
   * `payments.refuse_reason_required` on `reason`, `payments.not_refusable` unless such a pending payment.
   */
  api.post(
    '/payment/:id/refuse',
    { config: { access: 'payment:confirm' }, schema: { params: idParams, body: paymentRefuseSchema } },
    async (req) => {
      const { reason } = req.body as z.output<typeof paymentRefuseSchema>;
      return refusePayment(db, requireUser(req), (req.params as { id: string }).id, reason, req.ip);
    },
  );

  /**
   * `POST /api/payment/{id}/financing { status: "approved" | "rejected", reason? }` → `{ payment }`
   * (Staff/Accountant/Admin). Rejected rejects the will with the reason (spec §4). 422
   * `payments.not_financing` unless a financing payment awaiting the bank.
   */
  api.post(
    '/payment/:id/financing',
    { config: { access: 'payment:confirm' }, schema: { params: idParams, body: financingDecisionSchema } },
    async (req) => {
      const body = req.body as z.output<typeof financingDecisionSchema>;
      const out = await decideFinancing(db, requireUser(req), (req.params as { id: string }).id, body, req.ip);
      sendReceiptSoon(ctx, out.payment);
      return out;
    },
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
        const id = body.paymentable_id ?? (body.wasiat_id as string);
        return checkPromo(db, requireUser(req), body.code, body.wasiat_id ? 'Wasiat' : body.paymentable_type, id);
      },
    );
  });

  await gatewayRoutes(api, ctx); // Billplz callback and redirect, the sandbox gateway (gateway-routes.ts)
}
