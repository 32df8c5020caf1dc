/**
 * Routes of the grants module (issue 16 item 1; ADR 0101):
 *
 * - `GET /api/client-grant ?status&user_id&organization_id&limit&page` (authenticated; scoped: client own,
 *   Partner their organisations', Agent their requests, staff with grant:audit all) → `{ grants: page }`
 * - `POST /api/client-grant { user_id, channel: "email"|"sms"|"dashboard" }` (grant:request) → 201
 *   `{ grant, otp? }`
 * - `POST /api/client-grant/{id}/code { code }` (grant:request; the requester) → `{ grant }`
 * - `POST /api/client-grant/{id}/approve` (the client) → `{ grant }`
 * - `POST /api/client-grant/{id}/refuse { reason? }` (the client) → `{ grant }`
 * - `POST /api/client-grant/{id}/withdraw { reason? }` (the client; staff with grant:audit, reason
 *   required) → `{ grant }`
 * - `POST /api/client-grant/{id}/block` and `/unblock` (the client) → `{ grant }`: block or unblock the person
 *   who made grant `id` (issue 36 item 3; grants/blocks.ts)
 * - `POST /api/client-grant/by-mykad { ic_number, channel }` → 202 `{ request, message }` (always) and
 *   `POST /api/client-grant/by-mykad/code { ic_number, code }` → `{ grant }` | 422 (grants/by-mykad.ts; ADR 0228)
 * Request limits, code tries and blocks: grants/limits.ts (ADR 0227).
 */
import { mykad, requiredString } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { optionalQuery, pageQuery } from '../../platform/http/pagination.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { smsSenderFor } from '../otp/index.ts';
import { blockRequester, unblockRequester } from './blocks.ts';
import { codeByMykad, requestByMykad } from './by-mykad.ts';
import { listGrants } from './listing.ts';
import { approveByCode, decideRequest, requestGrant, withdrawGrant } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(64) });
const reasonBody = z.object({ reason: z.string().trim().max(500).nullish() }).nullish();

/** Register the grants routes (each declares `config.access`). */
export async function grantsRoutes(api: FastifyInstance, ctx: Ctx) {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const sms = smsSenderFor(ctx.env);

  r.get(
    '/client-grant',
    {
      config: { access: 'authenticated' },
      schema: {
        querystring: z.object({
          ...pageQuery,
          status: optionalQuery(z.enum(['pending', 'active', 'refused', 'withdrawn'])),
          user_id: optionalQuery(z.string().max(64)),
          organization_id: optionalQuery(z.string().max(64)),
        }),
      },
    },
    async (req) => listGrants(ctx.db, requireUser(req), req.query),
  );

  r.post(
    '/client-grant',
    {
      config: { access: 'grant:request', rateLimit: routeRateLimit(ctx.env, 'otpRequest') },
      schema: {
        body: z.object({
          user_id: requiredString().max(64),
          channel: z.enum(['email', 'sms', 'dashboard'], { message: 'validation.invalid' }),
        }),
      },
    },
    async (req, reply) => {
      const out = await requestGrant(ctx, sms, { user: requireUser(req), ip: req.ip }, req.body, req.lang);
      return reply.status(201).send(out);
    },
  );

  // Asking by MyKad: the same answer whether or not the number is registered (issue 36 item 6; grants/by-mykad.ts).
  r.post(
    '/client-grant/by-mykad',
    {
      config: { access: 'grant:request', rateLimit: routeRateLimit(ctx.env, 'otpRequest') },
      schema: {
        body: z.object({
          ic_number: mykad(),
          channel: z.enum(['email', 'sms', 'dashboard'], { message: 'validation.invalid' }),
        }),
      },
    },
    async (req, reply) =>
      reply
        .status(202)
        .send(await requestByMykad(ctx, sms, { user: requireUser(req), ip: req.ip }, req.body, req.lang)),
  );

  r.post(
    '/client-grant/by-mykad/code',
    {
      config: { access: 'grant:request' },
      schema: { body: z.object({ ic_number: mykad(), code: requiredString().max(12) }) },
    },
    async (req) => codeByMykad(ctx, { user: requireUser(req), ip: req.ip }, req.body),
  );

  r.post(
    '/client-grant/:id/code',
    {
      config: { access: 'grant:request' },
      schema: { params: idParams, body: z.object({ code: requiredString().max(12) }) },
    },
    async (req) => approveByCode(ctx.db, { user: requireUser(req), ip: req.ip }, req.params.id, req.body.code),
  );

  r.post(
    '/client-grant/:id/approve',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => decideRequest(ctx.db, { user: requireUser(req), ip: req.ip }, req.params.id, 'approve'),
  );

  r.post(
    '/client-grant/:id/refuse',
    { config: { access: 'authenticated' }, schema: { params: idParams, body: reasonBody } },
    async (req) =>
      decideRequest(
        ctx.db,
        { user: requireUser(req), ip: req.ip },
        req.params.id,
        'refuse',
        req.body?.reason ?? undefined,
      ),
  );

  r.post(
    '/client-grant/:id/withdraw',
    { config: { access: 'authenticated' }, schema: { params: idParams, body: reasonBody } },
    async (req) => withdrawGrant(ctx.db, { user: requireUser(req), ip: req.ip }, req.params.id, req.body?.reason),
  );

  r.post(
    '/client-grant/:id/block',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => blockRequester(ctx.db, { user: requireUser(req), ip: req.ip }, req.params.id),
  );

  r.post(
    '/client-grant/:id/unblock',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req) => unblockRequester(ctx.db, { user: requireUser(req), ip: req.ip }, req.params.id),
  );
}
