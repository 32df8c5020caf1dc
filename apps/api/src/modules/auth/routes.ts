/**
 * Auth routes (spec §7; issue 2 "Auth"; reference §2.1):
 * - `POST /api/login { username, password }` → `{ user, token }` (username, e-mail or MyKad); a body an edge
 *   adapter reads as another client contract opens a session of that contract (service.ts
 *   `registerLoginContract`; compat/v2021/auth/, ADR 0135)
 * - `GET /api/authenticate` → `{ user, token }` or 401
 * - `POST /api/logout` → `{ message }` (revokes the token)
 * - `POST /api/users { user: {…sign-up} }` → `{ user, token }`
 * - `POST /api/login/unlock/create { username, password, channel? }` → `{ message }` (always the same) and
 *   `POST /api/login/unlock { username, password, code }` → as `/login`: the owner past the per-account lock
 *   (a 429 of `/login` with `unlock: true`; auth/account-lock.ts, issue 36 item 2, ADR 0227); 10/15 min/IP each
 * - `POST /api/password/create { email }`, `POST /api/password/reset {…}`, `POST /api/password/change {…}`
 * - `POST /api/password/invitation { email, token }` → `{ message }`: a new invitation for an expired one (ADR 0243)
 * Abuse limits (issue 11; http/rate-limits.ts): sign-up 10/hour/IP; password create and reset 5/15 min/IP each.
 */

import {
  invitationRenewSchema,
  type Language,
  loginSchema,
  passwordChangeSchema,
  passwordCreateSchema,
  passwordResetSchema,
  signUpSchema,
  translate,
} from '@wasiat/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { issueToken, revokeAllTokens, revokeToken } from '../../platform/auth/tokens.ts';
import { AppError } from '../../platform/http/errors.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { requestUnlockCode } from './account-lock.ts';
import { renewInvitation } from './invitations.ts';
import { rememberLanguage } from './language.ts';
import { changePassword, login, requestPasswordReset, resetPassword, serializeUser, signUp } from './service.ts';

/** `POST /api/login/unlock/create`: the login's name and password, and optionally where the code goes. */
const unlockCreateSchema = loginSchema.omit({ role: true }).extend({
  channel: z.enum(['email', 'sms'], { message: 'validation.invalid' }).optional(),
});
/** `POST /api/login/unlock`: the login's name and password with the code sent. */
const unlockSchema = loginSchema
  .omit({ role: true })
  .extend({ code: z.string().trim().min(1, 'validation.required').max(12) });

export async function authRoutes(api: FastifyInstance, ctx: Ctx) {
  const meta = (req: { ip: string; headers: Record<string, unknown> }) => ({
    ip: req.ip,
    userAgent: String(req.headers['user-agent'] ?? ''),
  });

  /** A 429 of the per-account lock says `unlock: true`: the owner may ask for a code (ADR 0227). */
  const accountLocked = (e: unknown, lang: Language, reply: FastifyReply) => {
    if (!(e instanceof AppError) || e.messageKey !== 'errors.login_account_locked') throw e;
    const message = translate(e.messageKey, lang, e.params);
    return reply.status(429).headers(e.headers).send({ message, unlock: true });
  };

  api.post('/login', { config: { access: 'public' }, schema: { body: loginSchema } }, async (req, reply) => {
    const body = req.body as z.output<typeof loginSchema>;
    let out: Awaited<ReturnType<typeof login>>;
    try {
      out = await login(ctx, body, meta(req));
    } catch (e) {
      return accountLocked(e, req.lang, reply);
    }
    // The language of a login is the language of the person's mails (users.language; the notices module).
    if ('token' in out && out.user?.id) await rememberLanguage(ctx.db, String(out.user.id), req.lang);
    return out;
  });

  api.post(
    '/login/unlock/create',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'loginUnlock') },
      schema: { body: unlockCreateSchema },
    },
    async (req) => {
      const body = req.body as z.output<typeof unlockCreateSchema>;
      await requestUnlockCode(ctx, body, req.lang, (err) => req.log.warn({ err }, 'unlock code not sent'));
      return { message: translate('errors.login_unlock_sent', req.lang) };
    },
  );

  api.post(
    '/login/unlock',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'loginUnlock') },
      schema: { body: unlockSchema },
    },
    async (req) => {
      const { code, ...body } = req.body as z.output<typeof unlockSchema>;
      return login(ctx, body, meta(req), { unlockCode: code });
    },
  );

  api.get('/authenticate', { config: { access: 'authenticated' } }, async (req) => {
    const user = requireUser(req);
    return { user: await serializeUser(ctx.db, user, { contract: req.sessionContract }) };
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
      // an already registered MyKad is answered 201 `{ pending, message }` (issue 36 item 6; ADR 0228)
      const out = await signUp(ctx, user, meta(req), req.lang);
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

  /**
   * `POST /api/password/invitation { email, token }` → `{ message }` (always the same): a new invitation for an
   * expired invitation link (auth/invitations.ts renewInvitation; ADR 0243). Rate-limited as password reset.
   */
  api.post(
    '/password/invitation',
    {
      config: { access: 'public', rateLimit: routeRateLimit(ctx.env, 'passwordReset') },
      schema: { body: invitationRenewSchema },
    },
    async (req) => {
      await renewInvitation(ctx, req.body as z.output<typeof invitationRenewSchema>);
      return { message: translate('errors.invitation_renew_sent', req.lang) };
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
