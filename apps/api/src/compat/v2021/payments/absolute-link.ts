/**
 * The gateway pay link as the 2021 client uses it (issue 39 item 6; ADR 0256): it does
 * `window.location.replace(payment_link)` (`wasiat/asas/part-payment.vue:129-133`) from its own origin, so a link
 * that is a path (`/api/payment-gateway/sandbox/{id}?expires&signature`, payments/gateways/sandbox.ts) opened
 * the client's own server, not ours. In a 2021-contract session (ADR 0135) only, on the payments routes
 * (`/payment…`), a `payment_link` that is a path — at the top of the reply, in `payment`, or in each of
 * `payments.data[]` — is answered absolute on the API's public origin (`APP_URL`, `ctx.appUrl`). A link that is
 * already absolute (Billplz's bill page) is left as it is.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { type Body, isObject } from '../calls.ts';
import { isOriginalSession } from '../edge.ts';

/** `link` made absolute on `origin` when it is a path (`/…`, not `//…`); anything else unchanged. */
export function absoluteLink(link: unknown, origin: string): unknown {
  return typeof link === 'string' && link.startsWith('/') && !link.startsWith('//') ? origin + link : link;
}

function withLink(o: Body, origin: string): Body {
  return 'payment_link' in o ? { ...o, payment_link: absoluteLink(o.payment_link, origin) } : o;
}

/** Attach the reply hook to the routes under `/payment` as they are declared (call before the payments module). */
export function absolutePayLinkOnRoutes(api: FastifyInstance, ctx: Ctx) {
  const origin = new URL(ctx.appUrl).origin;
  const hook = async (req: FastifyRequest, _r: unknown, payload: unknown) => {
    if (!isOriginalSession(req) || !isObject(payload)) return payload;
    let out = withLink(payload, origin);
    if (isObject(out.payment)) out = { ...out, payment: withLink(out.payment, origin) };
    const page = out.payments;
    if (isObject(page) && Array.isArray(page.data))
      out = { ...out, payments: { ...page, data: page.data.map((p) => (isObject(p) ? withLink(p, origin) : p)) } };
    return out;
  };
  api.addHook('onRoute', (route) => {
    if (!/^(\/api)?\/payment(\/|$)/.test(route.url)) return;
    route.preSerialization = [...(route.preSerialization ? [route.preSerialization].flat() : []), hook] as never;
  });
}
