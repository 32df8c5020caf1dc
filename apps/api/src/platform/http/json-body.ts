/**
 * JSON bodies (issue 36 item 7; ADR 0226): an `application/json` request with an EMPTY body is a request
 * without a body, as HTTP clients send a bodiless POST (`POST /api/logout` from a client that always sets
 * `Content-Type: application/json`). Fastify's own parser answers such a request 400
 * (FST_ERR_CTP_EMPTY_JSON_BODY, our 422), so the logout never ran and the token stayed valid.
 *
 * Every other body goes to Fastify's default JSON parser unchanged (secure-json-parse, `__proto__` and
 * `constructor` keys refused as before). A route that needs a body still refuses the missing one: its zod
 * schema answers 422.
 */
import type { FastifyInstance } from 'fastify';

/**
 * Replace the `application/json` parser of `app` by one that reads an empty body as no body (`undefined`)
 * and hands any other body to Fastify's default parser (`onProtoPoisoning` / `onConstructorPoisoning` "error",
 * Fastify's defaults). The body limit stays the app's `bodyLimit`.
 */
export function acceptEmptyJsonBodies(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(req, text, done);
  });
}
