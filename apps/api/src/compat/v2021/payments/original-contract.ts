/**
 * The 2021 client's cash and transfer payments of a will (issue 20; reference §2.2 "payment", §2.7, §4.1
 * `payment_options_id`; ADR 0163). That client records them with PATCHes of the will — never `POST payment`:
 * - transfer (2): `{ is_cash_payment: 0 }`, `{ payment_options_id: 2 }`, the receipt `POST wasiat/{id}/document
 *   { type: "payment" }`, then staff approve it with `{ is_cash_payment: 1, is_payment_verified: 1,
 *   payment_options_id: 2 }`;
 * - cash (3): `{ is_cash_payment: 1, is_payment_verified: 1, payment_options_id: 3 }` from the wizard.
 *
 * {@link paymentsOnWillRoutes} adds a route-level hook to `PATCH|PUT /wasiat/{id}` (after the guard, ADR 0107)
 * that maps these onto our payments (ADR 0040; the same services, rules and audit as `POST /payment` and
 * `POST /payment/{id}/confirm`):
 * - `is_payment_verified: 1` with option 2 or 3 from someone who may confirm payments (`payment:confirm`) →
 *   the will's pending payment of that mode (made now with the latest receipt when there is none: 422
 *   `payments.slip_required` on `slip_attachment_id` without one; the 2021 client asks for no transfer
 *   reference, so `reference` is `slip <attachment id>`) is confirmed → `{ wasiat }`, paid.
 * - option 3 from anyone else (the testator or their agent) → a pending cash payment is recorded (unless one
 *   is), and the will is answered unchanged by the wills route: cash is paid when staff confirm it, never by
 *   the payer's own flag (ADR 0131 difference 5 stays for `is_payment_verified`).
 * Everything else goes on to the wills route unchanged.
 */
import { can, P, PAYMENT_OPTIONS, paymentCreateSchema } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { attachments, payments } from '../../../db/schema/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import { confirmPayment, createPayment } from '../../../modules/payments/index.ts';
import { parseBody, readWill } from '../../../modules/wills/index.ts';
import { fieldError } from '../../../platform/http/errors.ts';

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);
const yes = (v: unknown) => v === 1 || v === '1' || v === true || v === 'true';

/** The will's newest pending payment of mode `option`, if any. */
async function pendingOf(db: Db, willId: string, option: number) {
  const [p] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.paymentable_type, 'Wasiat'),
        eq(payments.paymentable_id, willId),
        eq(payments.status, 'pending'),
        eq(payments.payment_options_id, option),
      ),
    )
    .orderBy(desc(payments.created_at))
    .limit(1);
  return p ?? null;
}

/** Record (or reuse) the will's pending payment of mode `option` as `req`'s caller. */
async function pendingPayment(db: Db, req: FastifyRequest, willId: string, option: number) {
  const found = await pendingOf(db, willId, option);
  if (found) return found;
  // A transfer names its slip; the 2021 client asks for no transfer reference, so the slip stands for it.
  const [slip] =
    option === PAYMENT_OPTIONS.direct
      ? await db
          .select({ id: attachments.id })
          .from(attachments)
          .where(
            and(
              eq(attachments.attachable_type, 'Wasiat'),
              eq(attachments.attachable_id, willId),
              eq(attachments.type, 'payment'),
            ),
          )
          .orderBy(desc(attachments.created_at))
          .limit(1)
      : [];
  if (option === PAYMENT_OPTIONS.direct && !slip) throw fieldError('slip_attachment_id', P.slipRequired);
  const input = parseBody(paymentCreateSchema, {
    paymentable_type: 'Wasiat',
    paymentable_id: willId,
    payment_options_id: option,
    ...(slip ? { slip_attachment_id: slip.id, reference: `slip ${slip.id}` } : {}),
  });
  return (await createPayment(db, requireUser(req), input, req.ip)).payment;
}

/** Attach the hook (see the module comment); call BEFORE the wills module registers its routes. */
export function paymentsOnWillRoutes(api: FastifyInstance, ctx: Ctx) {
  const db = ctx.db;
  const hook = async (req: FastifyRequest, reply: FastifyReply) => {
    const b = req.body;
    if (!isObject(b) || !('payment_options_id' in b) || 'status' in b) return;
    const option = Number(b.payment_options_id);
    if (option !== PAYMENT_OPTIONS.direct && option !== PAYMENT_OPTIONS.cash) return;
    const user = requireUser(req);
    const willId = (req.params as { id: string }).id;
    if (yes(b.is_payment_verified) && can(user.role, 'payment:confirm')) {
      const p = await pendingPayment(db, req, willId, option);
      await confirmPayment(db, user, p.id, req.ip);
      return reply.send({ wasiat: await readWill(db, user, willId) });
    }
    if (option === PAYMENT_OPTIONS.cash) {
      await pendingPayment(db, req, willId, option);
      const { is_payment_verified: _ignored, ...rest } = b;
      req.body = rest;
    }
  };
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (!['PATCH', 'PUT'].includes(method) || route.url !== '/api/wasiat/:id') continue;
      route.preValidation = [...(route.preValidation ? [route.preValidation].flat() : []), hook] as never;
    }
  });
}
