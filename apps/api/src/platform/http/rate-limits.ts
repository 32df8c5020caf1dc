/**
 * Abuse limits (issue 11 "Abuse limits (one mechanism, @fastify/rate-limit, configured per route) … Answers
 * are 429 with a translated message and `Retry-After`"; OWASP ASVS 5.0 V2.4 anti-automation). The plugin is
 * registered once in app.ts with `global: false`; a route opts in with
 * `config: { rateLimit: routeRateLimit(ctx.env, 'signUp') }`. The 429 body is translated by http/errors.ts.
 *
 * Counters live in the database (http/rate-limit-store.ts, ADR 0024), shared by every API process.
 * `RATE_LIMIT_SCALE` multiplies every `max`
 * (tests raise it; a test of the limits lowers it). The faraid calculator keeps its own scoped
 * registration of the same plugin (faraid/routes.ts, issue 9).
 */
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import type { Env } from '../config/env.ts';

type Key = 'ip' | 'user';

/** The limits, per route (issue 11 unless noted). */
export const RATE_LIMITS = {
  /** `POST /api/users`: sign-ups per IP. */
  signUp: { max: 10, timeWindow: '1 hour', key: 'ip' },
  /** `POST /api/login/unlock/create` and `/login/unlock` (each): per IP (issue 36 item 2; ADR 0227). */
  loginUnlock: { max: 10, timeWindow: '15 minutes', key: 'ip' },
  /** `POST /api/password/create` and `/password/reset` (each): per IP. */
  passwordReset: { max: 5, timeWindow: '15 minutes', key: 'ip' },
  /** `GET /api/public/wasiat/{id}`: public verification lookups per IP. */
  publicLookup: { max: 30, timeWindow: '1 minute', key: 'ip' },
  /** `POST /api/face-verification`: eKYC attempts per user. */
  faceVerification: { max: 10, timeWindow: '1 hour', key: 'user' },
  /** `POST /api/otp/request`: per IP (the per-user limit of 5 per 15 minutes is in otp/service.ts). */
  otpRequest: { max: 20, timeWindow: '1 hour', key: 'ip' },
  /** `POST /api/two-factor/enrol` and `/verify` (each): per IP (ADR 0081; per user and challenge in two-factor.ts). */
  twoFactor: { max: 30, timeWindow: '15 minutes', key: 'ip' },
  /** `POST /api/document-ocr`: MyKad OCR reads per user (issue 3; about a second of CPU each). */
  documentOcr: { max: 20, timeWindow: '1 hour', key: 'user' },
  /** `POST /api/ekyc/public/token` and `…/face-verification` (each): the public eKYC link, per IP (ADR 0091). */
  publicEkyc: { max: 30, timeWindow: '1 hour', key: 'ip' },
  /** `GET /api/user?ic_number=`: MyKad lookups per user (issue 16 item 2; ADR 0101). */
  mykadLookup: { max: 30, timeWindow: '1 hour', key: 'user' },
  /** `POST /api/death-report`: death reports per user (issue 40 item 1; ADR 0261). */
  deathReport: { max: 5, timeWindow: '1 day', key: 'user' },
  /** `POST /api/will-inquiry`: "is there a will?" inquiries per IP (issue 40 item 2; ADR 0262). */
  willInquiry: { max: 5, timeWindow: '1 hour', key: 'ip' },
} as const satisfies Record<string, { max: number; timeWindow: string; key: Key }>;

export type RateLimitName = keyof typeof RATE_LIMITS;

/** The logged-in user's id (set by the guard's onRequest hook, which runs before route hooks), else the IP. */
const byUser = (req: FastifyRequest) => (req.user ? `user:${req.user.id}` : `ip:${req.ip}`);

/** The `config.rateLimit` of a route. */
export function routeRateLimit(env: Pick<Env, 'RATE_LIMIT_SCALE'>, name: RateLimitName): RateLimitOptions {
  const l = RATE_LIMITS[name];
  return {
    max: Math.max(1, Math.round(l.max * env.RATE_LIMIT_SCALE)),
    timeWindow: l.timeWindow,
    ...(l.key === 'user' ? { keyGenerator: byUser } : {}),
  };
}

/**
 * Limits for routes of modules that do not declare their own yet, by `METHOD url`; app.ts applies them
 * in an onRoute hook when the route has no `config.rateLimit`.
 */
export const ROUTE_RATE_LIMITS: Record<string, RateLimitName> = {
  'POST /api/face-verification': 'faceVerification',
  'POST /api/document-ocr': 'documentOcr',
  'POST /api/ekyc/public/token': 'publicEkyc',
  'POST /api/ekyc/public/face-verification': 'publicEkyc',
};
