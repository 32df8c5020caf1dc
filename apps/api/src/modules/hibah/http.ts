/**
 * What every hibah route file shares (routes.ts and its routes-*.ts and original-contract-*.ts parts): the access
 * lists, the id parameter, the actor of a request and the body parser that answers 422 naming the field.
 */
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fromZod } from '../../platform/http/errors.ts';
import { type Access, requireUser } from '../auth/index.ts';
import type { Actor } from './service.ts';

/** Any role that may see some hibahs (policy.ts scopes which). */
export const READ_HIBAH: Access = ['will:read:own', 'will:read:agent', 'will:read:organisation', 'will:read:any'];
/** Any role that may register hibahs (for themselves or a client). */
export const EDIT_HIBAH: Access = ['will:create:own', 'will:create:client'];
/** `:id` of a hibah or one of its rows (≤ 64 characters). */
export const idParams = z.object({ id: z.string().min(1).max(64) });
/** The acting user of a request, with the address and user agent the audit trail records. */
export const actorOf = (req: FastifyRequest): Actor => ({
  user: requireUser(req),
  ip: req.ip,
  userAgent: req.headers['user-agent']?.slice(0, 512),
});
/** `b` parsed by `schema`. @throws 422 naming each invalid field (fromZod). */
export function parseBody<S extends z.ZodTypeAny>(schema: S, b: unknown): z.output<S> {
  const r = schema.safeParse(b ?? {});
  if (!r.success) throw fromZod(r.error);
  return r.data;
}
