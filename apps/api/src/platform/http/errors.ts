/**
 * One error type with codes, mapped to HTTP in one handler (DESIGN.md §9.7), with messages translated
 * into the request's language. Bodies follow DESIGN.md §3: 422 `{ message, errors: { field: [msg] } }`,
 * 401/403/404 `{ message }`, 500 `{ message }` without stack or SQL.
 */

import { type Language, translate } from '@wasiat/domain';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { DependencyUnavailableError } from '../resilience/index.ts';

export type ErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'rate_limited'
  | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  validation: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  /** A link that was valid and has been revoked (ADR 0095). */
  gone: 410,
  rate_limited: 429,
  /** A service this request needs is down or slow (ADR 0219); `Retry-After` says when to try again. */
  unavailable: 503,
};

/** Seconds a client is told to wait after a 503 for a dependency (ADR 0219). */
export const RETRY_AFTER_SECONDS = 10;

/** PostgreSQL error classes that mean the connection or the server went away, not that the query was wrong. */
const DB_CONNECTION_CODES = /^(57P0[1-3]|08\d{3}|53300|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE)$/;
const DB_CONNECTION_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|terminating connection/i;

/**
 * The message key of a 503 for an error that says a dependency is down (ADR 0219), or null for any other
 * error: object storage or SMTP past their timeout ({@link DependencyUnavailableError}), a database connection
 * terminated or not to be had within the pool's wait limit. Looks through `cause` (drizzle wraps pg's errors).
 */
export function unavailableKey(error: unknown): string | null {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DependencyUnavailableError) {
      return e.dependency === 'smtp' ? 'errors.mail_unavailable' : 'errors.storage_unavailable';
    }
    const code = String((e as { code?: unknown }).code ?? '');
    if (DB_CONNECTION_CODES.test(code) || DB_CONNECTION_MESSAGES.test(String((e as Error).message ?? ''))) {
      return 'errors.database_unavailable';
    }
  }
  return null;
}

/**
 * A domain error. `messageKey` is an i18n key (e.g. `errors.not_found`); `fields` maps a field name to
 * message keys (422). `params` interpolate into the message.
 */
export class AppError extends Error {
  constructor(
    public code: ErrorCode,
    public messageKey: string,
    public fields: Record<string, string[]> = {},
    public params: Record<string, string | number> = {},
    public headers: Record<string, string> = {},
  ) {
    super(messageKey);
  }
}

/** 422 with one field error: `fieldError('email', 'validation.email_invalid')`. */
export const fieldError = (field: string, key: string, params?: Record<string, string | number>) =>
  new AppError('validation', key, { [field]: [key] }, params);
/** 404 "Record not found." — for anything the caller may not see (never reveal it exists). */
export const notFound = () => new AppError('not_found', 'errors.not_found');
/** 403 for a role that may not. */
export const forbidden = () => new AppError('forbidden', 'errors.forbidden');
/** 401 for a missing or expired token. */
export const unauthenticated = () => new AppError('unauthenticated', 'errors.unauthenticated');

/**
 * The message key of a zod issue: our schemas give every rule a key of `locales/*\/validation.json` (and the
 * other catalogues); an issue zod wrote itself in English ("Invalid input: expected string, received null") —
 * a type or shape our rule did not name — becomes `validation.required` when nothing was sent, else
 * `validation.invalid`, so no 422 carries zod's English (issue 39 item 4; ADR 0255).
 */
function zodMessageKey(message: string): string {
  if (translate(message, 'ms') !== message) return message;
  return /received undefined$/.test(message) ? 'validation.required' : 'validation.invalid';
}

/** Turn zod issues into `{ field: [messageKey] }`, the field being the dotted path. */
export function zodIssuesToFields(issues: { path: PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const i of issues) {
    const field = i.path.map(String).join('.') || '_';
    out[field] = [...(out[field] ?? []), zodMessageKey(i.message)];
  }
  return out;
}

/** Throw a 422 from a failed zod `safeParse`. */
export function fromZod(err: ZodError): AppError {
  const fields = zodIssuesToFields(err.issues);
  const first = Object.values(fields)[0]?.[0] ?? 'errors.validation_failed';
  return new AppError('validation', first, fields);
}

function send422(
  reply: FastifyReply,
  lang: Language,
  fields: Record<string, string[]>,
  params: Record<string, string | number> = {},
) {
  const errors: Record<string, string[]> = {};
  for (const [f, keys] of Object.entries(fields)) errors[f] = keys.map((k) => translate(k, lang, params));
  const message = Object.values(errors)[0]?.[0] ?? translate('errors.validation_failed', lang);
  return reply.status(422).send({ message, errors });
}

/**
 * PostgreSQL refusing text the client sent: 22021 (a NUL character or invalid UTF-8 in a text value or an
 * id), 22P05 (`\u0000` in jsonb), 54001 (JSON nested past the server's depth limit). Found by the fuzz pass
 * (security/fuzz.test.ts; ADR 0088).
 */
const UNREADABLE_PG_CODES = new Set(['22021', '22P05', '54001']);
/** Errors of the multipart parser (@fastify/busboy) for a body it cannot read: no/overlong boundary, cut off. */
const UNREADABLE_MULTIPART =
  /^(Multipart: Boundary not found|Boundary required|Unsupported Content-Type\.|Unexpected end of multipart data|\w+ terminated early due to unexpected end of multipart data|The needle cannot)/;

/** Whether an error means the request's input cannot be read or stored as sent: a 422, not a server fault. */
export function isUnreadableInput(error: Error): boolean {
  if ((error as FastifyError).statusCode) return false;
  const pgCode = (error as { cause?: { code?: unknown } }).cause?.code ?? (error as { code?: unknown }).code;
  if (typeof pgCode === 'string' && UNREADABLE_PG_CODES.has(pgCode)) return true;
  return UNREADABLE_MULTIPART.test(error.message ?? '');
}

/**
 * Whether zod itself threw while checking the input (not a validation failure it reports): zod 4 runs a
 * `.min()`/`.max()` length check even after the type check failed when the value has a `length` property, so
 * `{ "name": { "length": [{ "toString": 1 }] } }` makes it compare an array that cannot become a primitive
 * (TypeError "Cannot convert object to primitive value"; found by the fuzz pass, ADR 0088). Such input is
 * unreadable: 422, whether it came through a route schema (fastify then marks it FST_ERR_VALIDATION, 500) or
 * a schema a handler parses itself.
 */
export function isZodInputTypeError(error: Error): boolean {
  return error instanceof TypeError && /[\\/]node_modules[\\/]zod[\\/]/.test(error.stack ?? '');
}

/** Install the one error handler and the 404 handler for `/api`. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request: FastifyRequest, reply: FastifyReply) => {
    const lang = request.lang;
    if (error instanceof AppError) {
      reply.headers(error.headers);
      if (error.code === 'validation') {
        const fields = Object.keys(error.fields).length ? error.fields : { _: [error.messageKey] };
        return send422(reply, lang, fields, error.params);
      }
      return reply.status(STATUS[error.code]).send({ message: translate(error.messageKey, lang, error.params) });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const v of error.validation) {
        const field = v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
        fields[field] = [...(fields[field] ?? []), zodMessageKey(v.message ?? 'validation.invalid')];
      }
      return send422(reply, lang, fields);
    }
    if (isZodInputTypeError(error)) return send422(reply, lang, { _: ['errors.validation_failed'] });
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      return reply.status(429).send({ message: translate('errors.rate_limited', lang) });
    }
    if (status && status >= 400 && status < 500) {
      const key =
        status === 413 ? 'errors.file_too_large' : status === 415 ? 'errors.file_type' : 'errors.validation_failed';
      if (status === 400 || status === 413 || status === 415) return send422(reply, lang, { _: [key] });
      return reply.status(status).send({ message: translate(status === 404 ? 'errors.not_found' : key, lang) });
    }
    if (isUnreadableInput(error)) return send422(reply, lang, { _: ['errors.validation_failed'] });
    const unavailable = unavailableKey(error);
    if (unavailable) {
      // Only this request fails; the process keeps serving (issue 35 items 1 and 2).
      request.log.warn({ err: error }, 'dependency unavailable');
      return reply
        .status(503)
        .header('Retry-After', String(RETRY_AFTER_SECONDS))
        .send({ message: translate(unavailable, lang) });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: translate('errors.system', lang) });
  });
}
