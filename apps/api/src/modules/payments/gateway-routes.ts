/**
 * The payment gateways' public routes (docs/api/payments.md): Billplz's signed callback and redirect (ADR 0041),
 * and the sandbox gateway's page and form post (ADR 0008; only where env.ts allows the sandbox). Registered by
 * routes.ts `paymentsRoutes`; all paths under `/api`.
 */
import { P, sandboxOutcomeSchema, translate } from '@wasiat/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { findGatewayPayment, paymentOfBill, settleGateway, settleSandbox } from './gateway-flow.ts';
import { readBillplzCallback, readBillplzRedirect, verifyBillplzSignature } from './gateways/billplz.ts';
import { sendReceiptSoon } from './receipts.ts';
import { afterGatewayUrl, sandboxNotFoundPage, sandboxPage } from './sandbox-page.ts';
import { sandboxPath } from './serialize.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });

/** Parse `application/x-www-form-urlencoded` bodies in a scope (gateway pages and callbacks). */
function formBodies(scope: FastifyInstance) {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}

/** Register the gateways' public routes on the `/api` instance. */
export async function gatewayRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  // Billplz (ADR 0041): signed callback (server to server) and signed redirect (the browser).
  if (ctx.env.PAYMENT_GATEWAY === 'billplz') {
    const key = ctx.env.BILLPLZ_X_SIGNATURE_KEY as string;
    await api.register(async (scope) => {
      formBodies(scope);
      /**
       * `POST /api/payment-gateway/billplz/callback` (form, public) → 200 `OK` once verified (also for a
       * repeated delivery, which changes nothing); 403 `payments.signature_invalid` for a missing or
       * forged X-Signature; 404 for an unknown bill; 422 when the paid amount is not the payment's.
       */
      scope.post(
        '/payment-gateway/billplz/callback',
        { config: { access: 'public' }, schema: { body: z.record(z.string(), z.string()) } },
        async (req, reply) => {
          const f = req.body as Record<string, string>;
          if (!verifyBillplzSignature(f, key)) {
            return reply.status(403).send({ message: translate(P.signatureInvalid, req.lang) });
          }
          const o = readBillplzCallback(f);
          const p = await paymentOfBill(db, 'billplz', o.billId);
          if (!p) return reply.status(404).send({ message: translate('errors.not_found', req.lang) });
          const r = await settleGateway(db, p.id, { ...o, gatewayReference: o.billId, via: 'callback' }, req.ip);
          if (r?.refused) return reply.status(422).send({ message: translate(P.signatureInvalid, req.lang) });
          if (r?.changed) sendReceiptSoon(ctx, r.payment);
          return reply.type('text/plain').send('OK');
        },
      );
      /**
       * `GET /api/payment-gateway/billplz/redirect/{payment_id}?billplz[id]&billplz[paid]&billplz[paid_at]
       * &billplz[x_signature]` (public) → 303 to the payment's `redirect_url` with `status=1|0`,
       * `payment_id` and the payable. A forged signature or another payment's bill changes nothing and
       * returns with the payment's actual state.
       */
      scope.get(
        '/payment-gateway/billplz/redirect/:id',
        { config: { access: 'public' }, schema: { params: idParams, querystring: z.record(z.string(), z.string()) } },
        async (req, reply) => {
          const id = (req.params as { id: string }).id;
          const q = req.query as Record<string, string>;
          const p = await findGatewayPayment(db, id);
          if (!p) return reply.status(404).send({ message: translate('errors.not_found', req.lang) });
          let after = p;
          if (verifyBillplzSignature(q, key)) {
            const o = readBillplzRedirect(q);
            if (o.billId === p.gateway_bill_id) {
              const r = await settleGateway(db, p.id, { ...o, gatewayReference: o.billId, via: 'redirect' }, req.ip);
              if (r) after = r.payment;
              if (r?.changed) sendReceiptSoon(ctx, r.payment);
            }
          }
          return reply.redirect(await afterGatewayUrl(db, after), 303);
        },
      );
    });
  }

  /**
   * The page's CSP `form-action` widened to the origin of the payment's `redirect_url` when that is absolute (an
   * allowed client origin, ADR 0256): browsers apply `form-action` to the 303 that follows the form post too.
   */
  const allowReturnOrigin = (reply: FastifyReply, redirectUrl: string | null) => {
    if (!redirectUrl || !/^https?:\/\//i.test(redirectUrl)) return;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp !== 'string') return;
    const origin = new URL(redirectUrl).origin;
    reply.header('content-security-policy', csp.replace(/form-action 'self'/, `form-action 'self' ${origin}`));
  };
  // The sandbox gateway: plain HTML forms, so this scope parses application/x-www-form-urlencoded.
  // Only where env.ts allows the sandbox (the embedded demo or PAYMENT_SANDBOX=1, never beside a real gateway
  // or in production; ADR 0008, ADR 0107). Page and form post need the payer's signed link.
  if (ctx.env.PAYMENT_SANDBOX !== '1') return;
  const signedLink = (req: FastifyRequest) => {
    const { id } = req.params as { id: string };
    const q = req.query as { expires?: string; signature?: string };
    return ctx.signer.verify(sandboxPath(id), q.expires, q.signature);
  };
  await api.register(async (scope) => {
    formBodies(scope);

    /**
     * `GET /api/payment-gateway/sandbox/{id}?expires&signature` — HTML page (ms + en) with the amount and two
     * buttons, for the holder of the payment's signed link (`payment_link`); 404 page without it.
     */
    scope.get(
      '/payment-gateway/sandbox/:id',
      { config: { access: 'public' }, schema: { params: idParams } },
      async (req, reply) => {
        reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
        if (!signedLink(req)) return reply.status(404).send(sandboxNotFoundPage());
        const p = await findGatewayPayment(db, (req.params as { id: string }).id);
        if (!p || (p.gateway !== null && p.gateway !== 'sandbox')) return reply.status(404).send(sandboxNotFoundPage());
        allowReturnOrigin(reply, p.redirect_url);
        return reply.send(sandboxPage(p, req.url));
      },
    );

    /**
     * `POST /api/payment-gateway/sandbox/{id}?expires&signature` (form `outcome=approve|fail`; the signed link
     * again, else 404) → 303 to the payment's
     * `redirect_url` (default `/payment-status`) with `?status=1|0&payment_id=…&wasiat_id=…`. A settled
     * payment is not changed; the redirect then reports its actual state.
     */
    scope.post(
      '/payment-gateway/sandbox/:id',
      { config: { access: 'public' }, schema: { params: idParams, body: sandboxOutcomeSchema } },
      async (req, reply) => {
        const { outcome } = req.body as z.output<typeof sandboxOutcomeSchema>;
        const id = (req.params as { id: string }).id;
        if (!signedLink(req)) return reply.status(404).type('text/html; charset=utf-8').send(sandboxNotFoundPage());
        const found = await findGatewayPayment(db, id);
        const r =
          found && (found.gateway === null || found.gateway === 'sandbox')
            ? await settleSandbox(db, id, outcome, req.ip)
            : undefined;
        if (!r) return reply.status(404).type('text/html; charset=utf-8').send(sandboxNotFoundPage());
        if (r.changed) sendReceiptSoon(ctx, r.payment);
        return reply.redirect(await afterGatewayUrl(db, r.payment), 303);
      },
    );
  });
}
