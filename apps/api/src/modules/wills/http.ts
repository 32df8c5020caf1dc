/**
 * Shared HTTP bits of the wills module's route files: the access lists (auth/guard.ts `config.access`),
 * the `:id` params schema and in-handler body parsing with domain schemas.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Access } from '../../platform/auth/guard.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { fromZod } from '../../platform/http/errors.ts';
import type { Actor } from './service.ts';

/** Any role that may read some wills (policy.ts scopes which). */
export const READ_WILLS: Access = ['will:read:own', 'will:read:agent', 'will:read:organisation', 'will:read:any'];
/** Any role that may change some wills (owner or registrar; policy.ts decides per will). */
export const EDIT_WILLS: Access = ['will:create:own', 'will:create:client'];

/** `:id` path parameter (22-character ids; up to 64 accepted, unknown ones are a 404). */
export const idParams = z.object({ id: z.string().min(1).max(64) });

/** Parse with a domain schema inside a handler; a failure is the usual 422 `{ message, errors }`. */
export function parseBody<S extends z.ZodTypeAny>(schema: S, body: unknown): z.output<S> {
  const r = schema.safeParse(body ?? {});
  if (!r.success) throw fromZod(r.error);
  return r.data;
}

/** The acting user, their IP and User-Agent (for audit events and signature facts); 401 without a user. */
export const actorOf = (req: FastifyRequest): Actor => ({
  user: requireUser(req),
  ip: req.ip,
  userAgent: req.headers['user-agent']?.slice(0, 512),
});

/** The `:id` of a route with {@link idParams}. */
export const paramId = (req: FastifyRequest) => (req.params as { id: string }).id;
