/**
 * The 2021 client's staff calls on a will (issue 20; reference §2.2 `PATCH wasiat/{id}`, §3.1 "Staff/approval
 * actions", §4.1 `option_delete_id`; ADR 0182), as additions beside our own bodies of `PATCH|PUT /wasiat/{id}`.
 * {@link originalWillUpdate} is a route-level preValidation hook of that route (after the guard and the
 * multipart hook; attached by {@link willStaffCallsOnRoutes} before the other hooks of this folder on that route);
 * it reads the bodies the 2021 sidebar sends and leaves every other body to the route:
 *
 * - **Decline** `{ status: 0 }` (optionally `wasiat_id`; sent as `wasiat/{id}?ekyc_verified_at=` when the
 *   reason is the eKYC): on a submitted will (1) or one already declined (3), from a caller with `will:verify`
 *   → `{ wasiat }` UNCHANGED. Our decline (1 → 3, spec §4 "cancelled, update needed") needs its reason, which
 *   the 2021 client sends in the next call; the decline is made by that call. Anyone else → 403 (the will
 *   visible) or 404. On a will in another status the body goes on to the route (422 `wills.invalid_transition`).
 * - **Reason** `{ rejected_reason, option_delete_id, wasiat_id }` (those keys only) → our cancel
 *   `{ status: 3, rejected_reason, option_delete_id }` (transitions.ts: `will:verify` or 403, a submitted will,
 *   the reason required; option 1 clears the eKYC, 3 soft-deletes). `option_delete_id` 4 (bank financing, BMMB)
 *   is not ours → 422. A reason sent as free text only (no `option_delete_id`, which our own cancel requires,
 *   ADR 0250) is taken as option 2, "information not valid" — the one without side effects.
 * - **PDPA reset** `{ acknowledged_pdpa: 0, acknowledged_confirmation: 0 }` (both 0, nothing else) from a caller
 *   with `will:verify` (from anyone else the route's 422 as before) → staff's reset
 *   of the acknowledgements (verification-reset.ts; `will:verify`, status 0/3; ADR 0183) → `{ wasiat }`. The
 *   sidebar's second call, `DELETE wasiat/{id}/signature`, is a route of ours (documents.ts).
 * - **Type change** `{ wasiat_type }` alone (optionally `wasiat_id`) → part b with the will's own organisation,
 *   branch and plan (service.ts `savePartB`): only the type changes, by whoever may save part b, while the will
 *   may be changed (status 0/3, else 422 `wills.not_editable`). A registered or submitted will keeps its type.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { requireUser, userCan } from '../../../modules/auth/index.ts';
import {
  actorOf,
  assertCanVerify,
  findVisibleWill,
  resetAcknowledgements,
  serializeWill,
} from '../../../modules/wills/index.ts';
import { attachPreValidation, type Body, isObject } from '../calls.ts';

/** Whether `b` carries no keys but `keys` (and the echo `wasiat_id` / `_method`). */
const only = (b: Body, ...keys: string[]) =>
  Object.keys(b).every((k) => keys.includes(k) || k === 'wasiat_id' || k === '_method');

/** The cancel reason of a 2021 free-text reason: 2, information not valid (CANCEL_REASONS; ADR 0250). */
const FREE_TEXT_REASON = 2;

/** A 2021 flag's "no": 0, "0" or false. */
const isZero = (v: unknown) => v === 0 || v === '0' || v === false;

/** The hook (see the module comment). */
function originalWillUpdate(ctx: Ctx) {
  return async (req: FastifyRequest, reply: FastifyReply) => {
    const b = req.body;
    if (!isObject(b)) return;
    const id = (req.params as { id: string }).id;

    // Decline: `{ status: 0 }` alone — the step before the reason.
    if ('status' in b && Number(b.status) === 0 && b.status !== '' && b.status !== null && only(b, 'status')) {
      const user = requireUser(req);
      const will = await findVisibleWill(ctx.db, user, id);
      if (will.status !== 1 && will.status !== 3) return;
      assertCanVerify(user);
      return reply.send({ wasiat: await serializeWill(ctx.db, will) });
    }

    // Reason: our cancel for update with that reason.
    if ('rejected_reason' in b && only(b, 'rejected_reason', 'option_delete_id')) {
      const { wasiat_id: _echo, ...rest } = b;
      const noOption =
        rest.option_delete_id === undefined || rest.option_delete_id === null || rest.option_delete_id === '';
      req.body = { ...rest, ...(noOption ? { option_delete_id: FREE_TEXT_REASON } : {}), status: 3 };
      return;
    }

    // PDPA reset by staff: both acknowledgements 0. From anyone else the body goes on to the route, which
    // refuses a "no" (422 `validation.pdpa_required`), as before.
    if (
      only(b, 'acknowledged_pdpa', 'acknowledged_confirmation') &&
      isZero(b.acknowledged_pdpa) &&
      isZero(b.acknowledged_confirmation)
    ) {
      const user = requireUser(req);
      await findVisibleWill(ctx.db, user, id); // 404 first, for everyone
      if (!userCan(user, 'will:verify')) return;
      const will = await resetAcknowledgements(ctx.db, actorOf(req), id);
      return reply.send({ wasiat: await serializeWill(ctx.db, will) });
    }

    // Type change: part b with everything but the type as it is.
    if ('wasiat_type' in b && only(b, 'wasiat_type')) {
      const will = await findVisibleWill(ctx.db, requireUser(req), id);
      req.body = {
        organization_id: will.organization_id ?? '',
        branch_id: will.branch_id ?? '',
        plan: will.plan ?? undefined,
        wasiat_type: b.wasiat_type,
      };
    }
  };
}

/**
 * Attach {@link originalWillUpdate} to `PATCH|PUT /wasiat/{id}` (modules.ts: first of this folder's hooks on
 * that route, before the wills module declares it).
 */
export function willStaffCallsOnRoutes(api: FastifyInstance, ctx: Ctx) {
  const hook = originalWillUpdate(ctx);
  attachPreValidation(api, { 'PATCH /wasiat/:id': hook, 'PUT /wasiat/:id': hook });
}
