/**
 * Routes of the users module (docs/api/wills.md; spec §7 `GET user ?ic_number` → `users.data`,
 * `POST user` → `user`; reference §2.1, §2.10):
 *
 * - `GET /user ?ic_number, username?, return_first, limit, page` (user:lookup, or a Client for themself;
 *   30 an hour per user, audited) → `{ users: page }`, or with `return_first=true` `{ users: user | null }`;
 *   without a grant for the client the answer is empty, the same as for an unregistered MyKad (ADR 0101, 0133,
 *   0228)
 * - `GET /user ?role=Client&with=wasiat&name&limit&page` (user:lookup and client:read; not rate-limited as a
 *   lookup) → `{ users: { data: [{ id, name, ic_number, wasiat }], total } }`: the 2021 client list, the clients
 *   the caller may see as `GET /client` (ADR 0137)
 * - `POST /user { ic_number, username?, name?, email?, mobile_number? }` (user:create:client) → 201 `{ user }`;
 *   with `organization_id` and a non-Client `role` (the 2021 organisation user form) a member of that organisation
 *   (staff:manage; the 2021 adapter's hook on this route, compat/v2021/organisations/original-members.ts, ADR 0164)
 *   (a client with an e-mail gets a welcome mail to set their password: users/invitations.ts, ADR 0243)
 * - `POST /user/{id}/invitation` (staff:manage or user:create:client) → `{ invitation: { sent, days } }`: the
 *   invitation to set a password sent again (users/invitations.ts resendInvitation; ADR 0243)
 * - `GET /user/{id}/signature` (own id) → `{ signature: { id } | null }`
 * - `POST /user/{id}/signature { is_base64: true, document: dataURL PNG }` (own id) → `{ signature: { id } }`
 */
import { can, clientCreateSchema, requiredString, signatureUploadSchema, V } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser, userCan } from '../../platform/auth/guard.ts';
import { fieldError, forbidden, notFound } from '../../platform/http/errors.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { serializeUser } from '../auth/index.ts';
import { listClients } from '../clients/index.ts';
import { resendInvitation, welcomeRegisteredClient } from './invitations.ts';
import { createClient, findSelfByMykad, findUsersByMykad, saveUserSignature } from './service.ts';

/** The 2021 client list: `GET /user?role=Client` without `ic_number` (reference §2.1; ADR 0137). */
const isClientList = (q: unknown) => {
  const o = (q ?? {}) as Record<string, unknown>;
  const ic = typeof o.ic_number === 'string' ? o.ic_number.trim() : o.ic_number;
  return o.role === 'Client' && (ic === undefined || ic === '' || ic === 'null' || ic === 'undefined');
};
const truthy = (v: unknown) => v === true || v === 1 || v === '1' || v === 'true';
const idParams = z.object({ id: z.string().min(1).max(64) });

/** Register the users routes (each declares `config.access`). */
export async function usersRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();

  /**
   * Find accounts by exact MyKad (agents/partners: only clients they act for under a grant; anything else is the
   * same empty answer, registered or not — ADR 0101, issue 36 item 6 / ADR 0228). A
   * Client (no `user:lookup`) may look up only themself: their own record when `ic_number` is their own,
   * else nothing (`null` / an empty page) — never whether another account exists (issue 20, ADR 0133).
   * `username` is accepted (the 2021 client sends the MyKad there too) and not a filter.
   */
  r.get(
    '/user',
    {
      config: {
        access: ['user:lookup', 'will:create:own'],
        // the client list (`role=Client` without `ic_number`) is a list, not a MyKad lookup: not counted
        rateLimit: { ...routeRateLimit(ctx.env, 'mykadLookup'), allowList: (req) => isClientList(req.query) },
      },
      schema: {
        querystring: z.object({
          ic_number: optionalQuery(requiredString().max(20)),
          return_first: optionalQuery(z.string().max(10)),
          username: z.unknown().optional(),
          // the 2021 client list (contract-org, issue 20): `role=Client&with=wasiat&name&limit&page`
          role: optionalQuery(z.string().max(30)),
          name: optionalQuery(z.string().trim().max(100)),
          with: optionalQuery(z.string().max(100)),
          ...pageQuery,
        }),
      },
    },
    async (req) => {
      const me = requireUser(req);
      if (isClientList(req.query)) {
        // The clients the caller may see, as `GET /api/client` (clients/service.ts scope; client:read).
        if (!userCan(me, 'client:read')) throw forbidden();
        return listClients(ctx.db, me, req.query);
      }
      if (!req.query.ic_number) throw fieldError('ic_number', V.required);
      const page = can(me.role, 'user:lookup')
        ? await findUsersByMykad(ctx.db, { user: me, ip: req.ip }, req.query.ic_number, req.query)
        : await findSelfByMykad(ctx.db, me, req.query.ic_number);
      return truthy(req.query.return_first) ? { users: page.data[0] ?? null } : { users: page };
    },
  );

  /**
   * Create a client account by MyKad, without password: 201 `{ user }`; 422 when MyKad/e-mail is taken.
   * The name may be left out (the 2021 client's part A sends `{ ic_number, username }`): a nameless
   * account, named by its particulars later (ADR 0133).
   */
  r.post(
    '/user',
    {
      config: { access: 'user:create:client' },
      schema: { body: clientCreateSchema },
    },
    async (req, reply) => {
      const me = requireUser(req);
      const user = await createClient(ctx.db, { user: me, ip: req.ip, lang: req.lang }, req.body);
      // the client's welcome mail: an invitation to set their password (issue 38 item 5; ADR 0243)
      await welcomeRegisteredClient(ctx, me, user.id);
      return reply.status(201).send({ user: await serializeUser(ctx.db, user) });
    },
  );

  /**
   * Send a staff member's, partner user's or registered client's invitation again (ADR 0243): the previous link
   * stops working. By the inviter, the provider's staff, or a staff manager of the user's organisation; anyone
   * else 404. 409 `errors.invitation_accepted` once they have a password.
   */
  r.post(
    '/user/:id/invitation',
    { config: { access: ['staff:manage', 'user:create:client'] }, schema: { params: idParams } },
    async (req) => resendInvitation(ctx, { user: requireUser(req), ip: req.ip }, req.params.id),
  );

  /** The caller's own signature reference (another id: 404). */
  r.get('/user/:id/signature', { config: { access: 'authenticated' }, schema: { params: idParams } }, async (req) => {
    const me = requireUser(req);
    if (req.params.id !== me.id) throw notFound();
    return { signature: me.signature_id ? { id: me.signature_id } : null };
  });

  /** Save the caller's own signature (PNG only). */
  r.post(
    '/user/:id/signature',
    { config: { access: 'authenticated' }, schema: { params: idParams, body: signatureUploadSchema } },
    async (req) => {
      const id = await saveUserSignature(
        ctx,
        { user: requireUser(req), ip: req.ip },
        req.params.id,
        req.body.document,
        req.body.signature_method,
      );
      return { signature: { id } };
    },
  );
}
