/**
 * HTTP routes of the amendments module (docs/api/amendments.md — the contract; spec §7 `GET /amendment`
 * → `{ amendments: { data } }`; reference §2.4) for wills and hibahs (issue 5; ADR 0036, 0037). Thin:
 * parse → authorise → service → answer. All under `/api`. Registers the payable kind `Amendment` (ADR 0016), the signable route `amendment.witness`, and
 * the job `amendments.window` (ADR 0017).
 */
import {
  amendmentDraftSchema,
  amendmentStatusKey,
  amendmentTransitionSchema,
  flag,
  hibahAmendmentDraftSchema,
  signatureMethodSchema,
} from '@wasiat/domain';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { amendment_witnesses, attachments } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { attachmentPath } from '../../platform/files/uploads.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { replies } from '../../platform/http/reply-schemas.ts';
import { registerSignableRoute } from '../../platform/http/signed-routes.ts';
import { registerJob } from '../../platform/jobs/scheduler.ts';
import { mykadType, uploadMykad } from '../ekyc/index.ts';
import { registerNoticeKind } from '../notices/index.ts';
import { registerPayable } from '../payments/index.ts';
import { actorOf, findVisibleWill, idParams, multipartToBody, parseBody } from '../wills/index.ts';
import { heirBequestRoutes } from './heir-bequests.ts';
import { amendmentWindowJob } from './jobs.ts';
import { amendmentPayable } from './payable.ts';
import { ACT_ON_AMENDMENTS as ACT, assertCanEditDraft, READ_AMENDMENTS as READ } from './policy.ts';
import { amendmentListReply, amendmentReadReply } from './schemas.ts';
import { searchWills } from './search.ts';
import {
  addDocument,
  applyAmendment,
  findVisibleAmendment,
  getAmendment,
  listAmendments,
  saveDraft,
  serializeAmendments,
  signDraft,
} from './service.ts';
import { readRequestedStatus } from './status-reading.ts';
import { changeAmendmentStatus } from './transitions.ts';
import { versionRoutes } from './version-routes.ts';
import {
  confirmWitness,
  requestWitnessOtp,
  verifyWitnessOtp,
  WITNESS_LINK_TTL_SECONDS,
  witnessLinkPath,
  witnessView,
} from './witnesses.ts';

const linkQuery = z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() });
const listQuery = z.object({
  wasiat_id: optionalQuery(z.string().max(64)),
  hibah_id: optionalQuery(z.string().max(64)),
  amendmentable_type: optionalQuery(z.enum(['Wasiat', 'Hibah'])),
  status: optionalQuery(z.string().max(20)),
  organization_id: optionalQuery(z.string().max(64)),
  reference_no: optionalQuery(z.string().max(30)),
  ic_number: optionalQuery(z.string().max(20)),
  user_id: optionalQuery(z.string().max(64)),
  load_with: optionalQuery(z.string().max(200)),
  ...pageQuery,
});

export async function amendmentsRoutes(api: FastifyInstance, ctx: Ctx) {
  registerPayable(amendmentPayable);
  registerJob(amendmentWindowJob);
  // What an amendment's status change tells the testator (notices module; spec §4 amendment statuses).
  registerNoticeKind('Amendment', {
    nameKey: 'notices.kind.amendment',
    yoursKey: 'notices.yours.amendment',
    statusKey: amendmentStatusKey,
    nextStepKey: (s) =>
      ({ 0: 'notices.next.amendment_returned', 2: 'notices.next.amendment_done', 3: 'notices.next.amendment_review' })[
        s
      ] ?? null,
    path: () => '/pindaan/list',
  });
  /**
   * `POST /api/route/sign { route_name: "amendment.witness", witness_id }` → `{ url }`: the witness's
   * confirmation page, signed for 14 days, for a caller who may see the amendment; else `{ url: "" }`.
   */
  registerSignableRoute('amendment.witness', {
    ttlSeconds: WITNESS_LINK_TTL_SECONDS,
    async resolve(params, user) {
      const wid = params.witness_id;
      if (typeof wid !== 'string' || !wid || wid.length > 64) return null;
      const [w] = await ctx.db.select().from(amendment_witnesses).where(eq(amendment_witnesses.id, wid));
      if (!w) return null;
      try {
        await findVisibleAmendment(ctx.db, user, w.amendment_id);
      } catch {
        return null;
      }
      return witnessLinkPath(w.id);
    },
  });

  const r = api.withTypeProvider<ZodTypeProvider>();

  /** Apply (reference §2.4 `POST amendment`): 201 `{ amendment }`. */
  r.post(
    '/amendment',
    {
      config: { access: ACT },
      schema: {
        body: z.looseObject({
          amendmentable_type: z.string().max(20),
          amendmentable_id: z.string().min(1).max(64),
          notes: z.string().max(20000).nullish(),
        }),
      },
    },
    async (req, reply) => {
      const a = await applyAmendment(ctx.db, actorOf(req), req.body);
      return reply.status(201).send({ amendment: await getAmendment(ctx.db, requireUser(req), a.id) });
    },
  );

  /** List (spec §7 `GET /amendment?hibah_id=` → `{ amendments: { data, … } }`), newest first. */
  const listReply = replies({ 200: amendmentListReply });
  r.get(
    '/amendment',
    { config: { access: READ }, schema: { querystring: listQuery, response: listReply } },
    async (req) => ({
      amendments: await listAmendments(ctx.db, requireUser(req), req.query),
    }),
  );

  /** A will's amendments (reference §2.4 `GET wasiat/{id}/amendment`): `{ amendments, wasiat: { id, user_id } }`. */
  r.get(
    '/wasiat/:id/amendment',
    { config: { access: READ }, schema: { params: idParams, querystring: z.object(pageQuery), response: listReply } },
    async (req) => {
      const user = requireUser(req);
      const w = await findVisibleWill(ctx.db, user, req.params.id);
      return {
        amendments: await listAmendments(ctx.db, user, { ...req.query, wasiat_id: w.id }),
        wasiat: { id: w.id, user_id: w.user_id, wasiat_no: w.wasiat_no, current_version: w.current_version },
      };
    },
  );

  const readReply = replies({ 200: amendmentReadReply });
  r.get(
    '/amendment/:id',
    { config: { access: READ }, schema: { params: idParams, response: readReply } },
    async (req) => ({
      amendment: await getAmendment(ctx.db, requireUser(req), req.params.id),
    }),
  );

  /**
   * Status change (transitions.ts) or, without `status`, the part f message `{ notes }`. The status number is
   * read as the registered reading says (status-reading.ts; the composition root registers the 2021 one).
   */
  r.patch('/amendment/:id', { config: { access: ACT }, schema: { params: idParams } }, async (req) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const user = requireUser(req);
    if (body.status === undefined || body.status === null || body.status === '') {
      const notes = parseBody(z.object({ notes: z.string().max(20000).nullish() }), body);
      await saveDraft(ctx.db, actorOf(req), req.params.id, { notes: notes.notes ?? null });
    } else {
      const t = parseBody(amendmentTransitionSchema, body);
      const meant = await readRequestedStatus(ctx.db, user, req.params.id, t.status, req);
      if (meant.unchanged) return { amendment: await getAmendment(ctx.db, user, req.params.id) };
      t.status = meant.status;
      await changeAmendmentStatus(ctx, actorOf(req), req.params.id, {
        ...t,
        acknowledged_pdpa: flag().parse(body.acknowledged_pdpa),
        acknowledged_confirmation: flag().parse(body.acknowledged_confirmation),
        acknowledged_heir_bequests: flag().parse(body.acknowledged_heir_bequests),
        // A client whose screens ask no value of a will's property (the 2021 one; ADR 0257), as the reading says.
        valuesOptional: meant.valuesOptional ?? false,
      });
    }
    return { amendment: await getAmendment(ctx.db, user, req.params.id) };
  });

  /**
   * Save sections of the draft (a will's parts b–i; a hibah amendment's editor): the body is parsed with
   * the schema of the amendment's type, after the caller's right to change it (404 / 403) is known.
   */
  r.patch('/amendment/:id/draft', { config: { access: ACT }, schema: { params: idParams } }, async (req) => {
    const user = requireUser(req);
    const a = await findVisibleAmendment(ctx.db, user, req.params.id);
    assertCanEditDraft(user, a);
    const schema = a.amendmentable_type === 'Hibah' ? hibahAmendmentDraftSchema : amendmentDraftSchema;
    await saveDraft(ctx.db, actorOf(req), req.params.id, parseBody(schema, req.body));
    return { amendment: await getAmendment(ctx.db, user, req.params.id) };
  });

  /** The testator (grantor) signs the draft (status 3): `{ is_base64, document, description?, signature_method? }`. */
  r.post(
    '/amendment/:id/signature',
    {
      config: { access: ACT },
      schema: {
        params: idParams,
        body: signatureMethodSchema.extend({ document: z.string().max(3_000_000) }).loose(),
      },
    },
    async (req) => {
      await signDraft(ctx, actorOf(req), req.params.id, req.body.document, req.body.signature_method);
      return { amendment: await getAmendment(ctx.db, requireUser(req), req.params.id) };
    },
  );

  /**
   * Documents of the amendment: `{ attachments: { data } }` (reference §2.4), each with `public_path` (read with
   * the bearer token, ADR 0131); `except_type` (comma list, e.g. `mykad-front,mykad-back`) leaves those out.
   */
  r.get(
    '/amendment/:id/document',
    {
      config: { access: READ },
      schema: { params: idParams, querystring: z.object({ except_type: optionalQuery(z.string().max(200)) }) },
    },
    async (req) => {
      const a = await findVisibleAmendment(ctx.db, requireUser(req), req.params.id);
      const except = (req.query.except_type ?? '')
        .split(',')
        .map((x) => x.trim().replace('_', '-'))
        .filter(Boolean);
      const rows = await ctx.db
        .select()
        .from(attachments)
        .where(
          and(
            eq(attachments.attachable_type, 'Amendment'),
            eq(attachments.attachable_id, a.id),
            except.length ? notInArray(attachments.type, except) : undefined,
          ),
        )
        .orderBy(desc(attachments.created_at));
      return {
        attachments: {
          data: rows.map((x) => ({
            id: x.id,
            type: x.type,
            description: x.description,
            mime_type: x.mime_type,
            original_filename: x.original_filename,
            public_path: attachmentPath(x.id),
            created_at: x.created_at,
          })),
        },
      };
    },
  );

  /**
   * Add a document; MyKad images (`type` mykad-front/back or mykad_front/back, or `{ duplicate_from_id,
   * type }` copying the will's; reference §2.4) go through the eKYC module (ekyc/mykad-documents.ts: OCR,
   * different files, replace) → 201 `{ attachment, document_ocr }`.
   */
  r.post(
    '/amendment/:id/document',
    {
      config: { access: ACT },
      // multipart `{ document, type, description }` as the 2021 client uploads (reference §1.7)
      preValidation: multipartToBody,
      schema: {
        params: idParams,
        body: z.looseObject({
          document: z.string().max(8_000_000).optional(),
          duplicate_from_id: z.string().max(64).nullish(),
          type: z.string().max(30).optional(),
          description: z.string().max(500).nullish(),
        }),
      },
    },
    async (req, reply) => {
      if (mykadType(req.body.type) || req.body.duplicate_from_id) {
        return reply.status(201).send(
          await uploadMykad(ctx, actorOf(req), 'Amendment', req.params.id, {
            ...req.body,
            type: req.body.type ?? '',
          }),
        );
      }
      if (!req.body.document) throw fieldError('document', 'validation.required');
      const att = await addDocument(ctx, actorOf(req), req.params.id, { ...req.body, document: req.body.document });
      return reply.status(201).send({
        attachment: {
          id: att.id,
          type: att.type,
          description: att.description,
          mime_type: att.mime_type,
          original_filename: att.original_filename,
          public_path: attachmentPath(att.id),
        },
      });
    },
  );

  /** The amendment's witnesses: `{ witnesses: { data } }` (reference §2.4). */
  // Bequests to heirs of a will amendment's draft, and their acknowledgement (heir-bequests.ts; ADR 0224).
  heirBequestRoutes(api, ctx);
  r.get('/amendment/:id/witness', { config: { access: READ }, schema: { params: idParams } }, async (req) => {
    const a = await findVisibleAmendment(ctx.db, requireUser(req), req.params.id);
    const [one] = await serializeAmendments(ctx.db, [a], false);
    return { witnesses: { data: one.witnesses } };
  });

  // ——— Witness confirmation through the signed link (public; witnesses.ts) ———
  r.get(
    '/amendment-witness/:id',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'publicLookup') },
      schema: { params: idParams, querystring: linkQuery },
    },
    async (req) => witnessView(ctx, req.params.id, req.query),
  );
  r.post(
    '/amendment-witness/:id/otp',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'otpRequest') },
      schema: { params: idParams, querystring: linkQuery },
    },
    async (req) => requestWitnessOtp(ctx, req.params.id, req.query),
  );
  r.post(
    '/amendment-witness/:id/otp/verify',
    {
      config: { access: 'public' },
      schema: { params: idParams, querystring: linkQuery, body: z.object({ code: z.string().trim().max(12) }) },
    },
    async (req) => verifyWitnessOtp(ctx, req.params.id, req.query, req.body.code),
  );
  r.post(
    '/amendment-witness/:id/confirm',
    {
      config: { access: 'public' },
      schema: {
        params: idParams,
        querystring: linkQuery,
        body: signatureMethodSchema.extend({ signature: z.string().max(3_000_000).default('') }),
      },
    },
    async (req) =>
      confirmWitness(
        ctx,
        req.params.id,
        req.query,
        req.body.signature,
        req.ip,
        undefined,
        req.headers['user-agent']?.slice(0, 512),
        req.body.signature_method,
      ),
  );

  // ——— Versions of a will and of a hibah (version-routes.ts; ADR 0037) ———
  versionRoutes(api, ctx);

  // ——— Search (search.ts) ———
  r.get(
    '/carian',
    {
      config: { access: 'will:search' },
      schema: {
        querystring: z.object({
          ic_number: optionalQuery(z.string().max(20)),
          wasiat_no: optionalQuery(z.string().max(30)),
          name: optionalQuery(z.string().max(100)),
          status: optionalQuery(z.string().max(20)),
          having_amendment: optionalQuery(z.string().max(5)),
          ...pageQuery,
        }),
      },
    },
    // JSON text written by PostgreSQL in one statement (search.ts; ADR 0289); a request whose answer an edge
    // adapter rewrites (guard.ts `objectReply`) gets it as the object
    async (req, reply) => {
      const json = await searchWills(ctx.db, requireUser(req), req.query);
      if (req.objectReply) return JSON.parse(json);
      return reply.type('application/json; charset=utf-8').send(json);
    },
  );
}
