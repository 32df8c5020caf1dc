/**
 * Routes of the organisations module, management side (issue 6; reference §2.9 paths and bodies;
 * DESIGN.md §3 conventions). Thin: parse → authorise (`config.access`, actions of the permission table)
 * → service → reply. Scoping (another tenant's record is a 404) is in the services via policy.ts.
 *
 * - `POST /organization` (organisation:manage) → 201 `{ organization }`
 * - `PATCH /organization/{id}` (organisation:manage) → `{ organization }`
 * - `PATCH /organization/{id}/preference` and `PATCH /preference/{id}` (organisation:manage) → `{ preference }`
 * - `POST /branch` (branch:manage) → 201 `{ branch }`; `GET /branch/{id}` and `GET /branch/{id}/user`
 *   (organisation:read) → `{ branch }`;
 *   `PATCH /branch/{id}` (branch:manage) → `{ branch }`; `DELETE /branch/{id}` (branch:manage) deactivates
 * - ringgit pricing keys (domain pricingSchema); the 2021 client's other bodies (partial PATCH bodies,
 *   `company_registration_number`, type labels, `POST /branch { is_headquarter: 1 }`) and its calls without a
 *   counterpart here are the 2021 adapter's (compat/v2021/organisations/; issue 20, issue 34 item 4)
 * - `POST /pricing` (organisation:manage) → 201 `{ pricing }`; `GET /pricing/{id}` (organisation:read);
 *   `PATCH /pricing/{id}` (organisation:manage)
 * - `GET /organization/{id}/user-access` (organisation:read) → `{ user_accesses }`;
 *   `POST /organization/{id}/user` (staff:manage) → 201 `{ user }`;
 *   `GET|PATCH /organization/{id}/user/{user_id}` (organisation:read | staff:manage) → `{ user }`
 * - `GET /user-access/pending` (user:approve) → `{ user_accesses }`; `PATCH /user-access/{id}` `{ status: 1 }`
 *   (user:approve) → `{ user_access }`
 * - `POST /organizations/{id}/promo-codes/generate` (promo:manage) → 201 `{ promo_codes: [...] }`;
 *   `GET /organizations/{id}/promo-codes` (promo:manage, or promo:read for a partner's own) → `{ promo_codes: page }`;
 *   `GET /organizations/{id}/promo-codes/export?format=csv|xlsx` → the file (attachment)
 * - `GET /organization/{id}/product` (organisation:read) → `{ products: page }`; `POST /organization/{id}/product`
 *   (organisation:manage) → 201 `{ product }`; `GET /product/{id}` (organisation:read) and `PATCH /product/{id}`
 *   (organisation:manage) → `{ product }` (products.ts)
 * - `POST /user/` (any logged-in user) `{ organization_id, branch_id?, role }` → 201 `{ user }`: access request
 *   (spec §7; access-requests.ts)
 */
import {
  accessRequestSchema,
  branchSchema,
  individuOwnerSchema,
  organisationSchema,
  preferenceSchema,
  pricingSchema,
  productSchema,
  promoGenerateSchema,
  staffCreateSchema,
  staffUpdateSchema,
} from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { preferences } from '../../db/schema/index.ts';
import { requireUser, userCan } from '../../platform/auth/guard.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { requestAccess } from './access-requests.ts';
import { createOrganisation, updateOrganisation, updatePreference } from './admin-service.ts';
import {
  createBranch,
  createPricing,
  deactivateBranch,
  getBranch,
  getPricing,
  updateBranch,
  updatePricing,
} from './branches-pricing.ts';
import { createIndividuOwner, getIndividu } from './individu.ts';
import { createProduct, getProduct, listProducts, updateProduct } from './products.ts';
import { exportPromoCodes, generatePromoCodes, listPromoCodes } from './promo-codes.ts';
import { approveAccess, createStaff, getStaff, listPendingAccess, listStaff, updateStaff } from './staff.ts';

const id = z.string().min(1).max(64);
const idParams = z.object({ id });
const actor = (req: FastifyRequest) => ({ user: requireUser(req), ip: req.ip });

/** Register the management routes of the organisations module (each declares `config.access`). */
export async function organisationManageRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const { db } = ctx;

  /** Create an organisation (with its headquarters branch and default preference). */
  r.post(
    '/organization',
    {
      config: { access: 'organisation:manage' },
      schema: { body: organisationSchema },
    },
    async (req, reply) => reply.status(201).send(await createOrganisation(db, actor(req), req.body)),
  );

  /** Edit an organisation (a partial body changes only what it carries). */
  r.patch(
    '/organization/:id',
    {
      config: { access: 'organisation:manage' },
      schema: { params: idParams, body: organisationSchema },
    },
    async (req) => updateOrganisation(db, actor(req), req.params.id, req.body),
  );

  /** Edit the preference flags of an organisation (1 = yes, 2 = no). */
  r.patch(
    '/organization/:id/preference',
    {
      config: { access: 'organisation:manage' },
      schema: { params: idParams, body: preferenceSchema },
    },
    async (req) => updatePreference(db, actor(req), req.params.id, req.body),
  );

  /** The same by preference id (reference §2.9 `PATCH preference/{id}`). */
  r.patch(
    '/preference/:id',
    {
      config: { access: 'organisation:manage' },
      schema: { params: idParams, body: preferenceSchema },
    },
    async (req) => {
      const [p] = await db
        .select({ org: preferences.organization_id })
        .from(preferences)
        .where(eq(preferences.id, req.params.id))
        .limit(1);
      if (!p) throw notFound();
      return updatePreference(db, actor(req), p.org, req.body);
    },
  );

  /** Create a branch of an organisation the caller manages. */
  r.post(
    '/branch',
    {
      config: { access: 'branch:manage' },
      schema: { body: branchSchema },
      // `{ is_headquarter: 1 }` answers the headquarters made with the organisation (2021 contract)
    },
    async (req, reply) => reply.status(201).send(await createBranch(db, actor(req), req.body)),
  );

  /** One branch. */
  r.get('/branch/:id', { config: { access: 'organisation:read' }, schema: { params: idParams } }, async (req) =>
    getBranch(db, requireUser(req), req.params.id),
  );

  /** The same (reference §2.9 / §7.5: the 2021 client reads a branch at `branch/{id}/user`). */
  r.get('/branch/:id/user', { config: { access: 'organisation:read' }, schema: { params: idParams } }, async (req) =>
    getBranch(db, requireUser(req), req.params.id),
  );

  /** Edit a branch (`organization_id` in the body is ignored: a branch stays in its organisation; partial bodies). */
  r.patch(
    '/branch/:id',
    {
      config: { access: 'branch:manage' },
      schema: { params: idParams, body: branchSchema },
    },
    async (req) => updateBranch(db, actor(req), req.params.id, req.body),
  );

  /** Deactivate a branch (status 0; never removed). */
  r.delete('/branch/:id', { config: { access: 'branch:manage' }, schema: { params: idParams } }, async (req) =>
    deactivateBranch(db, actor(req), req.params.id),
  );

  /** Create a price (sen) for a product and plan, with effective dates. */
  r.post(
    '/pricing',
    { config: { access: 'organisation:manage' }, schema: { body: pricingSchema } },
    async (req, reply) => reply.status(201).send(await createPricing(db, actor(req), req.body)),
  );

  /** One price. */
  r.get('/pricing/:id', { config: { access: 'organisation:read' }, schema: { params: idParams } }, async (req) =>
    getPricing(db, requireUser(req), req.params.id),
  );

  /** Edit a price (wills keep the price they were registered at; a partial body changes only what it carries). */
  r.patch(
    '/pricing/:id',
    {
      config: { access: 'organisation:manage' },
      schema: { params: idParams, body: pricingSchema },
    },
    async (req) => updatePricing(db, actor(req), req.params.id, req.body),
  );

  /** Staff of an organisation, every access status. */
  r.get(
    '/organization/:id/user-access',
    {
      config: { access: 'organisation:read' },
      schema: {
        params: idParams,
        querystring: z.object({
          ...pageQuery,
          status: optionalQuery(z.coerce.number().int()),
          branch_id: optionalQuery(id),
          name: optionalQuery(z.string().trim().max(100)),
        }),
      },
    },
    async (req) => listStaff(db, requireUser(req), req.params.id, req.query),
  );

  /** Create a staff member (invited by e-mail to set a password). */
  r.post(
    '/organization/:id/user',
    { config: { access: 'staff:manage' }, schema: { params: idParams, body: staffCreateSchema } },
    async (req, reply) =>
      reply.status(201).send(await createStaff(ctx, { ...actor(req), lang: req.lang }, req.params.id, req.body)),
  );

  /** The Individu page: an individual organisation and its owner account (ADR 0019). */
  r.get(
    '/organization/:id/individu',
    { config: { access: 'organisation:read' }, schema: { params: idParams } },
    async (req) => getIndividu(db, requireUser(req), req.params.id),
  );

  /** Create the owner account of an individual organisation (invited by e-mail). */
  r.post(
    '/organization/:id/individu',
    { config: { access: 'staff:manage' }, schema: { params: idParams, body: individuOwnerSchema } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await createIndividuOwner(ctx, { ...actor(req), lang: req.lang }, req.params.id, req.body)),
  );

  const staffParams = z.object({ id, user_id: id });

  /** One staff member of an organisation. */
  r.get(
    '/organization/:id/user/:user_id',
    { config: { access: 'organisation:read' }, schema: { params: staffParams } },
    async (req) => getStaff(db, requireUser(req), req.params.id, req.params.user_id),
  );

  /** Edit a staff member (activating a pending access needs user:approve). */
  r.patch(
    '/organization/:id/user/:user_id',
    { config: { access: 'staff:manage' }, schema: { params: staffParams, body: staffUpdateSchema } },
    async (req) => updateStaff(ctx, { ...actor(req), lang: req.lang }, req.params.id, req.params.user_id, req.body),
  );

  /** Accesses waiting for approval (/client/pending). */
  r.get(
    '/user-access/pending',
    { config: { access: 'user:approve' }, schema: { querystring: z.object({ ...pageQuery }) } },
    async (req) => listPendingAccess(db, requireUser(req), req.query),
  );

  /**
   * 'Approve Access' (`{ status: 1 }`, user:approve; reference §2.1 PATCH user-access/{id}). The 2021 user-edit body
   * (staff:manage; placing the membership) is answered before this by the 2021 adapter's hook
   * (compat/v2021/organisations/original-members.ts; ADR 0164).
   */
  r.patch(
    '/user-access/:id',
    {
      config: { access: ['user:approve', 'staff:manage'] },
      schema: {
        params: idParams,
        body: z.object({ status: z.coerce.number().int().min(0).max(2).optional() }).loose(),
      },
    },
    async (req) => {
      if (!userCan(requireUser(req), 'user:approve')) throw forbidden();
      if (req.body.status !== 1) throw fieldError('status', 'validation.choose');
      return approveAccess(db, actor(req), req.params.id);
    },
  );

  /** Generate N promo codes. */
  r.post(
    '/organizations/:id/promo-codes/generate',
    { config: { access: 'promo:manage' }, schema: { params: idParams, body: promoGenerateSchema } },
    async (req, reply) => reply.status(201).send(await generatePromoCodes(db, actor(req), req.params.id, req.body)),
  );

  const promoStatus = optionalQuery(z.enum(['used', 'unused', 'expired']));

  /** Promo codes with redeemed by/at, paginated. */
  r.get(
    '/organizations/:id/promo-codes',
    {
      config: { access: ['promo:manage', 'promo:read'] },
      schema: { params: idParams, querystring: z.object({ ...pageQuery, status: promoStatus }) },
    },
    async (req) => listPromoCodes(db, requireUser(req), req.params.id, req.query),
  );

  /** Export the promo codes as CSV or XLSX (an attachment). */
  r.get(
    '/organizations/:id/promo-codes/export',
    {
      config: { access: ['promo:manage', 'promo:read'] },
      schema: {
        params: idParams,
        querystring: z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx'), status: promoStatus }),
      },
    },
    async (req, reply) => {
      const f = await exportPromoCodes(db, requireUser(req), req.params.id, req.query, req.lang);
      return reply
        .header('content-type', f.contentType)
        .header('content-disposition', `attachment; filename="${f.filename}"`)
        .header('cache-control', 'no-store')
        .send(f.body);
    },
  );

  /** Products of an organisation (wasiat, hibah, trust), by category then name. */
  r.get(
    '/organization/:id/product',
    {
      config: { access: 'organisation:read' },
      schema: {
        params: idParams,
        querystring: z.object({ ...pageQuery, category: optionalQuery(z.string().max(20)) }),
      },
    },
    async (req) => listProducts(db, requireUser(req), req.params.id, req.query),
  );

  /** Create a product of an organisation. */
  r.post(
    '/organization/:id/product',
    { config: { access: 'organisation:manage' }, schema: { params: idParams, body: productSchema } },
    async (req, reply) => reply.status(201).send(await createProduct(db, actor(req), req.params.id, req.body)),
  );

  /** One product. */
  r.get('/product/:id', { config: { access: 'organisation:read' }, schema: { params: idParams } }, async (req) =>
    getProduct(db, requireUser(req), req.params.id),
  );

  /** Edit a product. */
  r.patch(
    '/product/:id',
    { config: { access: 'organisation:manage' }, schema: { params: idParams, body: productSchema } },
    async (req) => updateProduct(db, actor(req), req.params.id, req.body),
  );

  /** Access request of the caller (spec §7 `POST /api/user/`; note the trailing slash: `POST /user` creates a client). */
  r.post('/user/', { config: { access: 'authenticated' }, schema: { body: accessRequestSchema } }, async (req, reply) =>
    reply.status(201).send(await requestAccess(db, actor(req), req.body)),
  );
}
