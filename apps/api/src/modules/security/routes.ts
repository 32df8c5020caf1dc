/**
 * Trust-and-safety routes (issue 11):
 * - Second factor (ADR 0081; auth/two-factor.ts): `POST /api/two-factor/enrol { challenge }`,
 *   `POST /api/two-factor/verify { challenge, code }`, `GET /api/two-factor`,
 *   `POST /api/two-factor/recovery-codes { code }`, `DELETE /api/user/{id}/two-factor` (Admin).
 * - Personal data (ADR 0083; security/personal-data.ts): `GET /api/profile/data-export` (zip),
 *   `POST|GET /api/profile/data-requests`, `GET /api/data-requests`, `POST /api/data-requests/{id}/approve|refuse`.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { pageQuery } from '../../platform/http/pagination.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { enrol, regenerateRecoveryCodes, resetTwoFactor, twoFactorStatus, verifySecondFactor } from '../auth/index.ts';
import {
  approveErasure,
  exportPersonalData,
  listDataRequests,
  myDataRequests,
  refuseErasure,
  requestErasure,
} from './personal-data.ts';

const challengeBody = z.object({ challenge: z.string().min(1).max(200) });
const verifyBody = z.object({
  challenge: z.string().min(1).max(200),
  code: z.string({ error: 'security.code_required' }).trim().min(1, { error: 'security.code_required' }).max(40),
});
const codeBody = z.object({
  code: z.string({ error: 'security.code_required' }).trim().min(1, { error: 'security.code_required' }).max(40),
});

export async function securityRoutes(api: FastifyInstance, ctx: Ctx) {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });
  const limit = routeRateLimit(ctx.env, 'twoFactor');

  api.post(
    '/two-factor/enrol',
    { config: { access: 'public', rateLimit: limit }, schema: { body: challengeBody } },
    async (req) => enrol(ctx, (req.body as z.output<typeof challengeBody>).challenge),
  );

  api.post(
    '/two-factor/verify',
    { config: { access: 'public', rateLimit: limit }, schema: { body: verifyBody } },
    async (req) => verifySecondFactor(ctx, req.body as z.output<typeof verifyBody>, meta(req)),
  );

  api.get('/two-factor', { config: { access: 'authenticated' } }, async (req) =>
    twoFactorStatus(ctx.db, requireUser(req)),
  );

  api.post(
    '/two-factor/recovery-codes',
    { config: { access: 'authenticated', rateLimit: limit }, schema: { body: codeBody } },
    async (req) => regenerateRecoveryCodes(ctx, requireUser(req), (req.body as { code: string }).code, req.ip),
  );

  api.delete(
    '/user/:id/two-factor',
    { config: { access: 'two-factor:reset' }, schema: { params: z.object({ id: z.string().max(64) }) } },
    async (req) => resetTwoFactor(ctx, requireUser(req), (req.params as { id: string }).id, req.ip, req.lang),
  );

  api.get('/profile/data-export', { config: { access: 'authenticated' } }, async (req, reply) => {
    const user = requireUser(req);
    const zip = await exportPersonalData(ctx, user);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="wasiat-data-${day}.zip"`)
      .send(zip);
  });

  api.post(
    '/profile/data-requests',
    {
      config: { access: 'authenticated' },
      schema: { body: z.object({ reason: z.string().trim().max(1000, { error: 'security.reason_max' }).optional() }) },
    },
    async (req, reply) => {
      const out = await requestErasure(ctx, requireUser(req), (req.body as { reason?: string }).reason, req.ip);
      return reply.status(201).send(out);
    },
  );

  api.get('/profile/data-requests', { config: { access: 'authenticated' } }, async (req) =>
    myDataRequests(ctx.db, requireUser(req)),
  );

  api.get(
    '/data-requests',
    {
      config: { access: 'data-request:handle' },
      schema: { querystring: z.object({ ...pageQuery, status: z.coerce.number().int().min(0).max(2).optional() }) },
    },
    async (req) => listDataRequests(ctx.db, req.query as { status?: number; limit?: number; page?: number }),
  );

  const idParams = z.object({ id: z.string().max(64) });
  api.post(
    '/data-requests/:id/approve',
    {
      config: { access: 'data-request:handle' },
      schema: { params: idParams, body: z.object({ remarks: z.string().trim().max(1000).optional() }).nullish() },
    },
    async (req) =>
      approveErasure(
        ctx,
        requireUser(req),
        (req.params as { id: string }).id,
        (req.body as { remarks?: string } | undefined)?.remarks,
        req.ip,
      ),
  );

  api.post(
    '/data-requests/:id/refuse',
    {
      config: { access: 'data-request:handle' },
      schema: {
        params: idParams,
        body: z.object({
          remarks: z.string({ error: 'validation.required' }).trim().min(1, 'validation.required').max(1000),
        }),
      },
    },
    async (req) =>
      refuseErasure(
        ctx,
        requireUser(req),
        (req.params as { id: string }).id,
        (req.body as { remarks: string }).remarks,
        req.ip,
      ),
  );
}
