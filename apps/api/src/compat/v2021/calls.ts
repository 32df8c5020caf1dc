/**
 * What the 2021 client's calls have in common across the kinds it fills (a hibah, a will's or a hibah's
 * amendment; issue 20, issue 34 item 4; ADR 0240), written once for compat/v2021/amendments/ and
 * compat/v2021/hibah/: a JSON body and its checks, the `:id` path parameter, the 2021 upload body, and the
 * attachment of route-level `preValidation` hooks to routes as they are declared.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

/** A JSON body or row, as the 2021 client sends or reads it. */
export type Body = Record<string, unknown>;
/** A route-level hook: answers (and ends the request) or returns nothing to let the route go on. */
export type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** Whether `v` is a plain object (not null, not an array). */
export const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);
/** Absent, null or only spaces. */
export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** The `:id` path parameter. */
export const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;

/**
 * The 2021 upload body of a `POST <kind>/{id}/document` (JSON with a base64 `document`; the multipart hook,
 * wills' `multipartToBody`, makes the same shape): `document` required (422 `validation.required`), `type` and
 * `description` trimmed (≤ 40, ≤ 255 characters), `document_filename` ≤ 255, `is_base64` ignored.
 */
export const uploadBody = z.object({
  document: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  type: z.string().trim().max(40).optional(),
  description: z.string().trim().max(255).optional(),
  document_filename: z.string().max(255).optional(),
  is_base64: z.unknown().optional(),
});

/**
 * Attach `hooks` (keyed `METHOD url`, the url as declared without the `/api` prefix, e.g. `POST /receiver`) as
 * route-level `preValidation` hooks, after those the route already has (the guard's permission check has run,
 * ADR 0107), to the routes declared on `api` from now on. Call on the `/api` instance BEFORE the modules whose
 * routes they attach to register them (modules.ts).
 */
export function attachPreValidation(api: FastifyInstance, hooks: Record<string, Hook>) {
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const hook = hooks[`${method} ${route.url.replace(/^\/api/, '')}`];
      if (!hook) continue;
      const before = route.preValidation ? [route.preValidation].flat() : [];
      route.preValidation = [...before, hook] as typeof route.preValidation;
    }
  });
}
