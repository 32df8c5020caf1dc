/**
 * Routes of the OTP module (issue 3):
 *
 * - `POST /api/otp/request { purpose, wasiat_id?, hibah_id?, channel?: "email"|"sms" }` (purpose "will-submit"
 *   with the will's optional `wasiat_id`; "amendment-submit" with the amended will's `wasiat_id` (required);
 *   "hibah-submit" | "hibah-finalise" | "hibah-amendment-submit" with `hibah_id`, the grantor only — 403
 *   `hibah.grantor_only`; ADRs 0096, 0097) →
 *   `{ otp: { channel, destination (masked), expires_at, to_testator }, message }` (to_testator: the code went to the
 *   will's testator, ADR 0278); 429 after 5 requests in 15 minutes
 *   per user or per destination, or 10 in a day per destination (otp/service.ts), or 20 in an hour from
 *   one IP (issue 11; http/rate-limits.ts); 422 `channel` `otp.sms_failed` when the SMS provider refuses.
 * - `POST /api/otp/verify { code, purpose, wasiat_id?, hibah_id? }` → `{ otp: { verified, purpose, verified_at } }`;
 *   422 "Your OTP code is incorrect. Please try again." on field `code`.
 * - `GET /api/otp/verified?purpose&wasiat_id?&hibah_id?` → `{ otp: { verified, verified_at, valid_until } }`:
 *   whether the caller's own verified code still holds (a reloaded page keeps it; issue 17 item 13).
 * - The 2021 client's `POST /api/sms/code { phone_number }` → `{ otp }` and `POST /api/sms/verify
 *   { phone_number, code }` → `{ otp }` (reference §2.11; ADR 0162): a code by SMS to the caller's own mobile
 *   (another number: 422 `otp.phone_not_yours`), which the caller's next finalising step spends.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { routeRateLimit } from '../../platform/http/rate-limits.ts';
import { OTP_PURPOSES, requestOtp, requestSmsCode, verifiedOtpStatus, verifyOtp, verifySmsCode } from './service.ts';
import { smsSenderFor } from './sms.ts';

const requestBody = z.object({
  purpose: z.enum(OTP_PURPOSES),
  wasiat_id: z.string().max(64).nullish(),
  hibah_id: z.string().max(64).nullish(),
  channel: z.enum(['email', 'sms']).optional(),
});
const verifyBody = z.object({
  code: z.string().trim().min(1, 'validation.required').max(12),
  purpose: z.enum(OTP_PURPOSES),
  wasiat_id: z.string().max(64).nullish(),
  hibah_id: z.string().max(64).nullish(),
});

export async function otpRoutes(api: FastifyInstance, ctx: Ctx) {
  const sms = smsSenderFor(ctx.env);
  api.post(
    '/otp/request',
    {
      config: { access: 'authenticated', rateLimit: routeRateLimit(ctx.env, 'otpRequest') },
      schema: { body: requestBody },
    },
    async (req) =>
      requestOtp(ctx, sms, { user: requireUser(req), ip: req.ip }, req.body as z.infer<typeof requestBody>, req.lang),
  );
  api.get(
    '/otp/verified',
    { config: { access: 'authenticated' }, schema: { querystring: requestBody.omit({ channel: true }) } },
    async (req) => verifiedOtpStatus(ctx.db, requireUser(req), req.query as z.infer<typeof requestBody>),
  );
  api.post('/otp/verify', { config: { access: 'authenticated' }, schema: { body: verifyBody } }, async (req) =>
    verifyOtp(ctx.db, { user: requireUser(req), ip: req.ip }, req.body as z.infer<typeof verifyBody>),
  );
  const phoneBody = z.object({ phone_number: z.string().trim().min(1, 'validation.required').max(30) });
  api.post(
    '/sms/code',
    {
      config: { access: 'authenticated', rateLimit: routeRateLimit(ctx.env, 'otpRequest') },
      schema: { body: phoneBody },
    },
    async (req) => {
      const b = req.body as z.infer<typeof phoneBody>;
      return requestSmsCode(ctx, sms, { user: requireUser(req), ip: req.ip }, b.phone_number, req.lang);
    },
  );
  const smsVerifyBody = phoneBody.extend({ code: z.string().trim().min(1, 'validation.required').max(12) });
  api.post('/sms/verify', { config: { access: 'authenticated' }, schema: { body: smsVerifyBody } }, async (req) => {
    const b = req.body as z.infer<typeof smsVerifyBody>;
    return verifySmsCode(ctx.db, { user: requireUser(req), ip: req.ip }, b.phone_number, b.code);
  });
}
