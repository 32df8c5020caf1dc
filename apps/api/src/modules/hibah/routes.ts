/**
 * HTTP routes of the hibah module (docs/api/hibah.md — THE contract; issue 5; spec §7). Thin: parse →
 * authorise (config.access + policy.ts) → call the service → answer. All under `/api`.
 *
 * The calls of the spec, exactly: `GET /hibah?user_id=&hibah_type_id=14` → `{ hibahs: { data, … } }`,
 * `GET /hibah/{id}?load_with=userDetail` → `{ hibah }`, `POST /hibah` → `{ hibah }`, `POST /hibah/{id}`
 * (update, also PATCH/PUT or `_method`), `POST /hibah/{id}/user-detail` → `{ user_detail }`,
 * `POST /hibah/{id}/caretaker`, `GET /hibah/{id}/receiver/validate-signature`.
 * Product list: products.ts. Parties and property: routes-parts.ts; public party links, one-cent and certificate:
 * routes-public.ts.
 */
import { HIBAH_FIELD_KEYS, hibahCreateSchema, hibahFieldsSchema, hibahTransitionSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { replies } from '../../platform/http/reply-schemas.ts';
import { requireUser } from '../auth/index.ts';
import { userDetailRoutes } from '../instruments/index.ts';
import { registerNoticeKind } from '../notices/index.ts';
import { registerOtpSubject } from '../otp/index.ts';
import { registerPayable } from '../payments/index.ts';
import { certificateFacts, trustTerms } from './certificate-facts.ts';
import { companyOf, companyView } from './company.ts';
import { loadHibahContent } from './content.ts';
import { grantorSignatureState, hibahDocumentVersion } from './document-version.ts';
import { actorOf, EDIT_HIBAH, idParams, parseBody, READ_HIBAH } from './http.ts';
import { registerHibahJobs } from './jobs.ts';
import { registerPartyLinks } from './links.ts';
import { hibahPayable } from './payable.ts';
import { assertGrantor } from './policy.ts';
import { productRoutes } from './products.ts';
import { extrasOfRead, readUpdate, registerExtraRoutes } from './readings.ts';
import { companyRoutes } from './routes-company.ts';
import { partsRoutes } from './routes-parts.ts';
import { publicRoutes } from './routes-public.ts';
import { hibahReadReply } from './schemas.ts';
import { parseLoadWith, serializeHibah, serializeHibahs } from './serializers.ts';
import { createHibah, findVisibleHibah, getUserDetail, listHibahs, saveUserDetail, updateFields } from './service.ts';
import { changeStatus } from './transitions.ts';

export async function hibahRoutes(api: FastifyInstance, ctx: Ctx) {
  registerPayable(hibahPayable);
  registerOtpSubject('hibah', async (db, user, id) => {
    assertGrantor(user, await findVisibleHibah(db, user, id));
    return undefined;
  });
  // What a hibah's status change tells the grantor (notices module; spec §4 hibah statuses, the 14-day draft window).
  registerNoticeKind('Hibah', {
    nameKey: 'notices.kind.hibah',
    yoursKey: 'notices.yours.hibah',
    statusKey: (s) => `notices.hibah_status.${s}`,
    nextStepKey: (s) =>
      ({
        1: 'notices.next.hibah_returned',
        3: 'notices.next.hibah_draft',
        4: 'notices.next.hibah_witnesses',
        5: 'notices.next.hibah_registered',
      })[s] ?? null,
    path: () => '/hibah/list-client',
  });
  registerPartyLinks(ctx);
  registerHibahJobs();
  const r = api.withTypeProvider<ZodTypeProvider>();

  /**
   * `GET /hibah` → `{ hibahs: { data, current_page, per_page, total, last_page } }`, newest first; with
   * `return_first=true` → `{ hibahs: <the newest> | null }` (reference §1.6).
   */
  r.get(
    '/hibah',
    {
      config: { access: READ_HIBAH },
      schema: {
        querystring: z.object({
          user_id: optionalQuery(z.string().max(64)),
          hibah_type_id: optionalQuery(z.coerce.number().int()),
          hibah_type: optionalQuery(z.coerce.number().int()),
          status: optionalQuery(z.string().max(40)),
          except_status: optionalQuery(z.string().max(40)),
          organization_id: optionalQuery(z.string().max(64)),
          load_with: optionalQuery(z.string().max(200)),
          return_first: optionalQuery(z.string().max(10)),
          ...pageQuery,
        }),
      },
    },
    async (req) => {
      const first = req.query.return_first === 'true' || req.query.return_first === '1';
      const { rows, page } = await listHibahs(ctx.db, requireUser(req), first ? { ...req.query, limit: 1 } : req.query);
      // `organization` comes with every list entry (the 2021 client's own list reads `organization.name`).
      const load = parseLoadWith(req.query.load_with).add('organization');
      const data = await serializeHibahs(ctx.db, rows, load);
      // `return_first=true` (the 2021 client, reference §1.6): the newest one itself, or null.
      return { hibahs: first ? (data[0] ?? null) : page(data) };
    },
  );

  /** `POST /hibah` → 201 `{ hibah }` (200 with the client's open hibah of that product). */
  r.post('/hibah', { config: { access: EDIT_HIBAH }, schema: { body: hibahCreateSchema } }, async (req, reply) => {
    const { hibah, created } = await createHibah(ctx.db, actorOf(req), req.body);
    return reply.status(created ? 201 : 200).send({ hibah: await serializeHibah(ctx.db, hibah) });
  });

  /**
   * `GET /hibah/{id}?load_with=userDetail` → `{ hibah }` with `user`, `mykad_front`, `mykad_back`, `selfie` (404
   * when not the caller's to see).
   */
  r.get(
    '/hibah/:id',
    {
      config: { access: READ_HIBAH },
      schema: {
        params: idParams,
        querystring: z.object({ load_with: optionalQuery(z.string().max(200)) }),
        response: replies({ 200: hibahReadReply }),
      },
    },
    async (req) => {
      const h = await findVisibleHibah(ctx.db, requireUser(req), req.params.id);
      const sig = await grantorSignatureState(ctx.db, h);
      // The grantor (`user`) and the MyKad images come with every read (the 2021 client, reference §2.3).
      const load = parseLoadWith(req.query.load_with).add('user');
      return {
        hibah: {
          ...(await serializeHibah(ctx.db, h, load)),
          // what a registered reading adds (readings.ts; the 2021 contract's MyKad images, reference §2.3)
          ...(await extrasOfRead(ctx.db, h.id)),
          // 1 when the grantor's signature is of the content as it is now (issue 21 item 5); the version hashes.
          signature_current: sig.current ? 1 : 0,
          document_sha256: sig.now,
          signed_document_sha256: sig.signed,
          draft_accepted_sha256: h.draft_accepted_sha256,
          approved_sha256: h.approved_sha256,
        },
      };
    },
  );

  /**
   * `POST /hibah/{id}` (or PATCH/PUT, or POST with `_method`): `{ status, … }` → a status change
   * (transitions.ts); field keys → a field update (service.ts). → `{ hibah }`. Grantor only (403), staff
   * may only verify (2 → 3 / 2 → 1). 404 not visible; 422 per field.
   */
  const update = async (req: any) => {
    const b = (req.body ?? {}) as Record<string, unknown>;
    const a = actorOf(req);
    let h: Awaited<ReturnType<typeof updateFields>>;
    // a registered reading of the body first (readings.ts; the 2021 contract's part C and hand-over, ADR 0162)
    const read = await readUpdate(ctx.db, a, req.params.id, b);
    if (read.kind === 'unchanged') return { hibah: await serializeHibah(ctx.db, read.hibah) };
    if (read.kind === 'fields') {
      h = await updateFields(ctx.db, a, req.params.id, parseBody(hibahFieldsSchema, read.body));
    } else if ('status' in b && b.status !== null && b.status !== '') {
      h = await changeStatus(ctx, a, req.params.id, parseBody(hibahTransitionSchema, b));
    } else if (HIBAH_FIELD_KEYS.some((k) => k in b)) {
      h = await updateFields(ctx.db, a, req.params.id, parseBody(hibahFieldsSchema, b));
    } else throw fieldError('_', 'errors.validation_failed');
    return { hibah: await serializeHibah(ctx.db, h) };
  };
  const updateOpts = {
    config: { access: READ_HIBAH },
    schema: { params: idParams, body: z.looseObject({}).optional() },
  };
  r.post('/hibah/:id', updateOpts, update);
  r.patch('/hibah/:id', updateOpts, update);
  r.put('/hibah/:id', updateOpts, update);

  /**
   * `GET /hibah/{id}/summary` → `{ summary: { receivers, properties, trust, company, document_sha256 } }`:
   * what the hibah gives, as the certificate states it (hibah/certificate-facts.ts: per receiver the property
   * and share, minor flag, caretaker and allowance; the trust's terms `trust` — purposeType, purpose,
   * propertySource, period, otherPeriodInstructions, distributionLifetime, distributionAfterDeath, each a
   * string or null (issue 37 item 5); catalogue labels "Malay / English"), and the version it is —
   * shown where the grantor accepts the draft and where staff approve (issue 21 item 3). 404 when not
   * the caller's to see.
   */
  r.get('/hibah/:id/summary', { config: { access: READ_HIBAH }, schema: { params: idParams } }, async (req) => {
    const h = await findVisibleHibah(ctx.db, requireUser(req), req.params.id);
    const content = await loadHibahContent(ctx.db, h.id);
    const facts = certificateFacts(content);
    // A corporate hibah's grantor is its company and signatories (issue 21 item 6).
    const company = await companyView(ctx.db, await companyOf(ctx.db, h.id));
    const trust = trustTerms(content.fields ?? {});
    return { summary: { ...facts, trust, company, document_sha256: await hibahDocumentVersion(ctx.db, h.id) } };
  });

  /** `GET|POST|PATCH|PUT /hibah/{id}/user-detail`: the grantor's particulars (instruments/user-detail-routes.ts). */
  userDetailRoutes(api, ctx, {
    base: '/hibah',
    read: READ_HIBAH,
    edit: EDIT_HIBAH,
    actorOf,
    get: getUserDetail,
    save: saveUserDetail,
  });

  // `GET /hibah/products`: the offered products with texts and prices (products.ts; issue 37 item 1).
  await productRoutes(api, ctx);
  await partsRoutes(api, ctx);
  await companyRoutes(api, ctx);
  await publicRoutes(api, ctx);
  // the routes registered by the composition root to follow ours (readings.ts; the 2021 contract's, ADR 0240)
  await registerExtraRoutes(api, ctx);
}
