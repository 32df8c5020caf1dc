/**
 * HTTP routes of the wills module (docs/api/wills.md — THE contract; DESIGN.md §3). Thin: parse →
 * authorise (config.access + policy.ts scope) → call the service → answer. All under `/api`.
 *
 * - `POST /wasiat { user_id, agent_id? }` → 201 `{ wasiat }` (200 with the client's open will)
 * - `GET /wasiat ?user_id,status,organization_id,ic_number,name,limit,page,load_with` → `{ wasiats: page }`
 * - `GET /wasiat/pending-approval ?type` → `{ organizations: [{ id, name, code, total_pending }] }`
 * - `GET /wasiat/{id} ?load_with` → `{ wasiat }`
 * - `POST(PATCH) /wasiat/{id}` part b | part e estate | part f | `{ status }` → `{ wasiat }`
 * - `POST(DELETE) /wasiat/{id}` staff delete a will as dummy data → `{ wasiat_id, deleted_at, message }`
 * - `GET|POST(PATCH) /wasiat/{id}/user-detail` → `{ user_detail }`
 * - `GET /wasiat/{id}/heir-bequests`, `POST /wasiat/{id}/heir-bequests/acknowledge` (heir-bequests.ts)
 * - `GET /wasiat/{id}/offer`: what the organisation lets the will hold (offer.ts)
 * - `GET /wasiat/{id}/wasiat-wajibah`, `PUT /wasiat/{id}/predeceased-children` (wajibah-routes.ts; ADR 0270)
 * - `POST|GET /wasiat/{id}/testator-link` and the testator's public page calls (testator-link-routes.ts; ADR 0298)
 * People, property and document routes: people.ts, property.ts, documents.ts (registered here).
 * Multipart bodies are accepted on every route of the module (multipart.ts).
 */

import {
  catalogueCode,
  ESTATE_KEYS,
  estateSchema,
  HEIR_BEQUEST_ERRORS,
  mustAgree,
  ORGANISATION_TYPES,
  partBSchema,
  requiredString,
  translate,
  verificationSchema,
  W,
  willTransitionSchema,
} from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { replies } from '../../platform/http/reply-schemas.ts';
import { requireUser } from '../auth/index.ts';
import { afterNamedPeopleChanged, userDetailRoutes } from '../instruments/index.ts';
import { deliverNotices, registerNoticeKind } from '../notices/index.ts';
import { registerOtpSubject } from '../otp/index.ts';
import { willCodeSigner } from './code-signer.ts';
import { documentRoutes } from './documents.ts';
import { saveEstate } from './estate-service.ts';
import { acknowledgeWillHeirBequests, getWillHeirBequests } from './heir-bequests.ts';
import { willReadJson, willReadWithSession } from './hot-read.ts';
import { actorOf as actor, EDIT_WILLS, idParams, parseBody, READ_WILLS } from './http.ts';
import { listReadWithSession, plainWillListFromSession, plainWillListJson } from './list-json.ts';
import { multipartToBody } from './multipart.ts';
import { willOffer } from './offer.ts';
import { notePaymentChoice } from './payment-choice.ts';
import { peopleRoutes } from './people.ts';
import { propertyRoutes } from './property.ts';
import { findVisibleWill, listWills, parseLoadWith, pendingApproval } from './queries.ts';
import { willListReply, willReadReply } from './schemas.ts';
import { readWill, serializeWill, serializeWillList } from './serializers.ts';
import { createWill, getUserDetail, savePartB, saveUserDetail, saveVerification } from './service.ts';
import { testatorLinkRoutes } from './testator-link-routes.ts';
import { changeStatus, deleteWill } from './transitions.ts';
import { wajibahRoutes } from './wajibah-routes.ts';
import { witnessIdentityRoutes } from './witness-routes.ts';

const PART_B_KEYS = ['organization_id', 'branch_id', 'plan', 'pricing_id', 'wasiat_type', 'agent_id'];
const PART_F_KEYS = ['acknowledged_pdpa', 'acknowledged_confirmation'];
const PAYMENT_CHOICE_KEYS = ['is_cash_payment', 'payment_options_id', 'is_payment_verified'];

/** Register the module (an encapsulated plugin: the multipart hook applies to these routes only). */
export async function willsRoutes(api: FastifyInstance, ctx: Ctx) {
  registerOtpSubject('will', willCodeSigner);
  // What a will's status change tells the testator (notices module; spec §4 will statuses).
  registerNoticeKind('Wasiat', {
    nameKey: 'notices.kind.will',
    yoursKey: 'notices.yours.will',
    statusKey: (s) => `notices.will_status.${s}`,
    nextStepKey: (s) => (s === 2 ? 'notices.next.will_registered' : s === 3 ? 'notices.next.will_cancelled' : null),
    path: () => '/wasiat/list',
  });
  await api.register(async (scope) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    r.addHook('preValidation', multipartToBody);

    /**
     * Start a will (part a). Client: own `user_id` only (else 404). Agent/Partner/Staff/Admin: a
     * Client's `user_id` (422 `wills.user_not_client`); they become `agent_id`. 201, or 200 with the
     * client's will already in status 0/1/3.
     */
    r.post(
      '/wasiat',
      {
        config: { access: EDIT_WILLS },
        schema: {
          body: z.object({
            user_id: requiredString(),
            agent_id: optionalQuery(z.string().max(64)),
            status: z.unknown().optional(),
          }),
        },
      },
      async (req, reply) => {
        const { will, created } = await createWill(ctx.db, actor(req), req.body);
        return reply.status(created ? 201 : 200).send({ wasiat: await serializeWill(ctx.db, will) });
      },
    );

    /** List the wills the caller may see, newest first: `{ wasiats: { data, current_page, … } }`. */
    r.get(
      '/wasiat',
      {
        config: {
          access: READ_WILLS,
          // the first page is the session check's own statement: one statement per request (list-json.ts; ADR 0192)
          sessionRead: (db, params, req) => listReadWithSession(db, params, req.query),
        },
        schema: {
          querystring: z.object({
            user_id: optionalQuery(z.string().max(64)),
            status: optionalQuery(z.string().max(20)),
            organization_id: optionalQuery(z.string().max(64)),
            ic_number: optionalQuery(z.string().max(20)),
            name: optionalQuery(z.string().max(100)),
            load_with: optionalQuery(z.string().max(200)),
            ...pageQuery,
          }),
          response: replies({ 200: willListReply }),
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        // staff over all organisations or a client's own, unfiltered: JSON written by PostgreSQL (ADR 0189); a
        // request whose answer an edge adapter rewrites (guard.ts `objectReply`) keeps the general path
        if (!req.query.load_with && !req.objectReply) {
          const json =
            plainWillListFromSession(req.sessionRow, user, req.query) ??
            (await plainWillListJson(ctx.db, user, req.query));
          if (json) return reply.type('application/json; charset=utf-8').send(json);
        }
        const { rows, page } = await listWills(ctx.db, user, req.query);
        return { wasiats: page(await serializeWillList(ctx.db, rows, parseLoadWith(req.query.load_with))) };
      },
    );

    /** Staff approval queue: organisations with wills awaiting confirmation (status 1), plain array. */
    r.get(
      '/wasiat/pending-approval',
      {
        config: { access: 'will:verify' },
        schema: { querystring: z.object({ type: optionalQuery(z.string().max(40)) }) },
      },
      // `type` as a code or the 2021 client's label (`Swasta`, `Individu`, `Kerajaan`, …; ADR 0131, 0163)
      async (req) => ({
        organizations: await pendingApproval(
          ctx.db,
          req.query.type === undefined ? undefined : String(catalogueCode(ORGANISATION_TYPES, req.query.type)),
        ),
      }),
    );

    /** One will with `load_with` relations: `{ wasiat }` (404 when not the caller's to see). */
    r.get(
      '/wasiat/:id',
      {
        config: {
          access: READ_WILLS,
          // the read is the session check's own statement: one statement per request (hot-read.ts; ADR 0187)
          sessionRead: (db, params, req) =>
            willReadWithSession(db, params, String((req.params as { id?: unknown }).id), req.query),
        },
        schema: {
          params: idParams,
          querystring: z.object({ load_with: optionalQuery(z.string().max(200)) }),
          response: replies({ 200: willReadReply }),
        },
      },
      async (req, reply) => {
        const user = requireUser(req);
        // without load_with, the answer as the session check read it, as JSON text (hot-read.ts; ADR 0193); a
        // request whose answer an edge adapter rewrites (guard.ts `objectReply`) gets it as the object
        if (!req.query.load_with) {
          const json = willReadJson(req.sessionRow, user, req.params.id);
          if (json && req.objectReply) return JSON.parse(json);
          if (json) return reply.type('application/json; charset=utf-8').send(json);
        }
        // with load_with, the session check carried the will's row (ADR 0187): the relations add their queries
        const rel = parseLoadWith(req.query.load_with);
        return { wasiat: await readWill(ctx.db, user, req.params.id, rel, req.sessionRow) };
      },
    );

    /**
     * Update a will (POST with `_method: PATCH`, or PATCH/PUT). The body says which: `status` 1/2/3 →
     * transition (transitions.ts); organisation fields → part b; estate figures
     * (`estimated_estate_sen`, `funeral_sen`, `debts_sen`, `harta_sepencarian_sen`; `heirs_consent` and
     * `heirs_consent_note` accepted and ignored, ADR 0257) → part e (estate-service.ts); `acknowledged_*` → part f; `is_cash_payment` /
     * `payment_options_id` → the 2021 client's payment choice (payment-choice.ts).
     * Errors: 404 not visible, 403 role, 422 per field (`wills.*`, `validation.*`).
     */
    const update = async (req: any) => {
      const body = (req.body ?? {}) as Record<string, unknown>;
      const a = actor(req);
      const id = req.params.id as string;
      const status = Number(body.status);
      let will: Awaited<ReturnType<typeof changeStatus>>;
      if ([1, 2, 3].includes(status)) {
        const notices: string[] = [];
        will = await changeStatus(ctx.db, a, id, parseBody(willTransitionSchema, body), notices);
        await deliverNotices(ctx, notices);
        // The registered will's requests to accept (issue 41 item 3; ADR 0276), after commit.
        if (will.status === 2) await afterNamedPeopleChanged(ctx);
      } else if (PART_B_KEYS.some((k) => k in body)) {
        will = await savePartB(ctx.db, a, id, parseBody(partBSchema, body));
      } else if (ESTATE_KEYS.some((k) => k in body)) {
        will = await saveEstate(ctx.db, a, id, parseBody(estateSchema, body));
      } else if (PART_F_KEYS.some((k) => k in body)) {
        parseBody(verificationSchema, body);
        will = await saveVerification(ctx.db, a, id);
      } else if (PAYMENT_CHOICE_KEYS.some((k) => k in body)) {
        will = await notePaymentChoice(ctx.db, a, id, body);
      } else if ('status' in body) {
        await findVisibleWill(ctx.db, a.user, id);
        throw fieldError('status', 'wills.invalid_transition');
      } else {
        throw fieldError('_', 'errors.validation_failed');
      }
      return { wasiat: await serializeWill(ctx.db, will) };
    };
    const updateOpts = {
      config: { access: READ_WILLS },
      schema: { params: idParams, body: z.looseObject({}).optional() },
    };
    r.patch('/wasiat/:id', updateOpts, update);
    r.put('/wasiat/:id', updateOpts, update);

    /**
     * `DELETE /wasiat/{id}` (POST with `_method: DELETE`; body `{ rejected_reason? }`): staff with `will:verify`
     * soft-delete a will as dummy data (transitions.ts `deleteWill`; reference §2.2; ADR 0182) →
     * `{ wasiat_id, deleted_at, message }`. 404 not visible, 403 without `will:verify`, 422 registered
     * (`wills.delete_registered`) or submitted without a reason (`wills.rejected_reason_required`).
     */
    r.delete(
      '/wasiat/:id',
      {
        config: { access: READ_WILLS },
        schema: { params: idParams, body: z.looseObject({ rejected_reason: z.unknown().optional() }).optional() },
      },
      async (req) => {
        const body = (req.body ?? {}) as { rejected_reason?: unknown };
        const reason = typeof body.rejected_reason === 'string' ? body.rejected_reason : undefined;
        const notices: string[] = [];
        const will = await deleteWill(ctx.db, actor(req), req.params.id, { rejected_reason: reason }, notices);
        await deliverNotices(ctx, notices);
        return { wasiat_id: will.id, deleted_at: will.deleted_at, message: translate(W.deleted, req.lang) };
      },
    );

    /** `GET|POST|PATCH|PUT /wasiat/{id}/user-detail`: part c, the testator's particulars (instruments/). */
    userDetailRoutes(scope, ctx, {
      base: '/wasiat',
      read: READ_WILLS,
      edit: EDIT_WILLS,
      actorOf: actor,
      get: getUserDetail,
      save: saveUserDetail,
    });

    /** What the will's organisation lets it hold, with the limits (offer.ts; issue 38 item 9). */
    r.get('/wasiat/:id/offer', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) =>
      willOffer(ctx.db, requireUser(req), req.params.id),
    );
    /** Bequests to heirs through property shares, worked out by the server (heir-bequests.ts; ADR 0155). */
    r.get('/wasiat/:id/heir-bequests', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) =>
      getWillHeirBequests(ctx.db, requireUser(req), req.params.id),
    );
    /** The testator acknowledges them (`acknowledged` must be 1): who, when, which bequests, which version. */
    r.post(
      '/wasiat/:id/heir-bequests/acknowledge',
      {
        config: { access: EDIT_WILLS },
        schema: { params: idParams, body: z.object({ acknowledged: mustAgree(HEIR_BEQUEST_ERRORS.ackRequired) }) },
      },
      async (req) => acknowledgeWillHeirBequests(ctx.db, actor(req), req.params.id),
    );

    await peopleRoutes(r, ctx);
    await witnessIdentityRoutes(r, ctx);
    await wajibahRoutes(r, ctx);
    await testatorLinkRoutes(r, ctx);
    await propertyRoutes(r, ctx);
    await documentRoutes(r, ctx);
  });
}
