/**
 * Input trimming, in one place for every route (issue 20; ADR 0137). The product's 2021 client sends values
 * with stray spaces (e.g. `branch_id` with a trailing space, reference §7.3) and its server trimmed every
 * string input; so does ours, before validation, on the JSON/urlencoded body and the query string.
 *
 * Left exactly as sent (ADR 0137):
 * - every key containing `password` (`password`, `password_confirmation`, `old_password`, `current_password`):
 *   a password may begin or end with a space, and changing it would lock its owner out;
 * - `document` and `signature` (signature pads and uploads as base64 data URLs; a signature is evidence and is
 *   stored byte for byte, ADR 0123), and everything nested under them;
 * - multipart bodies (files and their fields are read by the upload handlers as they come).
 */
import type { FastifyInstance } from 'fastify';

/** Keys whose value (and everything under it) is never altered. */
export function isUntrimmedKey(key: string): boolean {
  const k = key.toLowerCase();
  return k.includes('password') || k === 'document' || k === 'signature';
}

/**
 * Trim every string of a JSON value in place, recursively through objects and arrays, except under the keys
 * of {@link isUntrimmedKey}. Returns the value (a bare string is returned trimmed).
 */
export function trimInput<T>(value: T): T {
  if (typeof value === 'string') return value.trim() as T;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = trimInput(value[i]);
    return value;
  }
  // plain objects, including the prototype-less ones of the query-string parser (never Buffers or Dates)
  if (value && Object.prototype.toString.call(value) === '[object Object]') {
    const o = value as Record<string, unknown>;
    for (const k of Object.keys(o)) {
      if (!isUntrimmedKey(k)) o[k] = trimInput(o[k]);
    }
  }
  return value;
}

/**
 * Register the trimming hook (`preValidation`, so every route's schema sees trimmed values). Query objects
 * are Fastify's own plain objects; bodies only when parsed from JSON or a urlencoded form.
 */
export function installInputTrimming(app: FastifyInstance) {
  app.addHook('preValidation', async (req) => {
    if (req.query && typeof req.query === 'object') trimInput(req.query);
    const ct = String(req.headers['content-type'] ?? '').toLowerCase();
    if (req.body != null && !ct.includes('multipart/form-data')) {
      req.body = trimInput(req.body);
    }
  });
}
