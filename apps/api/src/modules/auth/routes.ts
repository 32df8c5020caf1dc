/**
 * Auth routes (spec §7; issue 2 "Auth"; reference §2.1):
 * - `POST /api/login { username, password }` → `{ user, token }` (username, e-mail or MyKad); with the 2021
 *   client's `role` key it opens a 2021-contract session, and a second factor is a 403 with a message (ADR 0135)
 * - `GET /api/authenticate` → `{ user, token }` or 401
 * - `POST /api/logout` → `{ message }` (revokes the token)
 * - `POST /api/users { user: {…sign-up} }` → `{ user, token }`
 * - `POST /api/password/create { email }`, `POST /api/password/reset {…}`, `POST /api/password/change {…}`
 * Abuse limits (issue 11; http/rate-limits.ts): sign-up 10/hour/IP; password create and reset 5/15 min/IP each.
 */

import {
  loginSchema,
  passwordChangeSchema,
  passwordCreateSchema,
  passwordResetSchema,
  signUpSchema,
  translate,
} from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { requireUser } from './guard.ts';
import { changePassword, login, requestPasswordReset, resetPassword, serializeUser, signUp } from './service.ts';
import { issueToken, revokeAllTokens, revokeToken } from './tokens.ts';

export async function authRoutes(api: FastifyInstance, ctx: Ctx) {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });

  api.post('/login', { config: { access: 'public' }, schema: { body: loginSchema } }, async (req, reply) => {
    const body = req.body as z.output<typeof loginSchema>;
    const out = await login(ctx, body, meta(req));
    // The 2021 client (its login body carries `role`) reads `token` and `user` of a success and shows `message`
    // or the first of `errors` of a failure, so an account that needs a second factor gets a 403 it shows as a
    // clear message; the challenge is still there for a front end that can finish it (ADR 0135).
    if (body.role !== undefined && 'two_factor_required' in out) {
      const message = translate('security.two_factor_old_client', req.lang);
      return reply.status(403).send({ message, errors: { username: [message] }, ...out });
    }
    return out;
  });

  api.get('/authenticate', { config: { access: 'authenticated' } }, async (req) => {
    const user = requireUser(req);
    return { user: await serializeUser(ctx.db, user, { clientContract: req.clientContract }) };
  });

  api.post('/logout', { config: { access: 'authenticated' } }, async (req) => {
    if (req.tokenId) await revokeToken(ctx.db, req.tokenId);
    return { message: 'ok' };
  });

  api.post(
    '/users',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'signUp') },
      schema: { body: z.object({ user: signUpSchema }) },
    },
    async (req, reply) => {
      const { user } = req.body as { user: z.output<typeof signUpSchema> };
      const out = await signUp(ctx, user, meta(req));
      return reply.status(201).send(out);
    },
  );

  api.post(
    '/password/create',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'passwordReset') },
      schema: { body: passwordCreateSchema },
    },
    async (req) => {
      const { email } = req.body as { email: string };
      await requestPasswordReset(ctx, email, req.lang);
      return { message: translate('errors.password_reset_sent', req.lang) };
    },
  );

  api.post(
    '/password/reset',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'passwordReset') },
      schema: { body: passwordResetSchema },
    },
    async (req) => {
      const body = req.body as z.output<typeof passwordResetSchema>;
      await resetPassword(ctx, body);
      return { message: translate('errors.password_changed', req.lang) };
    },
  );

  api.post(
    '/password/change',
    { config: { access: 'authenticated' }, schema: { body: passwordChangeSchema } },
    async (req) => {
      const user = requireUser(req);
      const body = req.body as z.output<typeof passwordChangeSchema>;
      await changePassword(ctx, user, body);
      // Other sessions end; this one stays.
      await revokeAllTokens(ctx.db, user.id);
      const token = await issueToken(ctx.db, user.id, meta(req));
      return { message: translate('errors.password_changed', req.lang), token };
    },
  );
}
