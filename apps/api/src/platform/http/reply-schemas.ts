/**
 * Reply schemas (issue 34 item 5; ADR 0301): a route may declare `schema.response` with zod schemas. They go into
 * the OpenAPI document (`/api/docs/json`, through `jsonSchemaTransform`), from which the SPA's reply types are
 * generated (`npm run api:types` → apps/web/src/lib/api-schema.d.ts). They never change an answer:
 *
 * - **Serialising** ({@link replySerializerCompiler}), in every environment: `JSON.stringify` of the reply as the
 *   handler made it — what Fastify does for a route without a response schema. Nothing is stripped (the 2021
 *   client's adapter, compat/v2021, reads keys no schema lists) and nothing is refused: no reply becomes a 500.
 *   Fastify does not call a route's serializer for a string payload (`reply.send(text)`, e.g. the will's hot read
 *   sending the JSON text PostgreSQL wrote; fastify/lib/reply.js `send`), so such replies go out unchanged too.
 * - **Checking** ({@link installReplyCheck}), only when `NODE_ENV=test`: after serialisation (so a string payload
 *   is checked as well as an object), a JSON reply of a route whose schema has an entry for its status code is
 *   parsed and checked against it. A mismatch becomes a 500 whose body names the route and each wrong key, and is
 *   written to stderr, so the test that made the call fails. Schemas are loose objects (`z.looseObject`): keys they
 *   do not list are allowed, so a schema lists what the SPA reads, not the whole reply. A reply rewritten for the
 *   2021 client (guard.ts `objectReply`) is that client's contract, not the SPA's, and is not checked.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { type ZodType, z } from 'zod';

/** Fastify's serializer compiler for routes with reply schemas: the reply as JSON, unchanged (see above). */
export const replySerializerCompiler = () => (data: unknown) => JSON.stringify(data);

/** The zod schema a route declares for `status` (exact code, then `2xx`, then `default`), or null. */
function schemaFor(reply: FastifyReply, status: number): ZodType | null {
  const response = (reply.routeOptions.schema as { response?: Record<string, unknown> } | undefined)?.response;
  if (!response) return null;
  const s = response[String(status)] ?? response[`${String(status)[0]}xx`] ?? response.default;
  return s instanceof z.ZodType ? s : null;
}

/**
 * The answer's mismatch with its declared schema as a message, or null when it matches (or nothing is declared,
 * or it is not JSON text). `payload` is the serialised answer.
 */
function replyMismatch(reply: FastifyReply, payload: unknown): string | null {
  if (typeof payload !== 'string') return null;
  if (!String(reply.getHeader('content-type') ?? '').includes('json')) return null;
  const schema = schemaFor(reply, reply.statusCode);
  if (!schema) return null;
  const checked = schema.safeParse(JSON.parse(payload));
  if (checked.success) return null;
  const route = `${reply.request.method} ${reply.routeOptions.url} ${reply.statusCode}`;
  return `The reply of ${route} does not match its response schema (ADR 0301):\n${z.prettifyError(checked.error)}`;
}

/**
 * Under `NODE_ENV=test`, check every JSON reply against its route's response schema (see the module comment); in
 * any other environment, do nothing. A mismatch answers 500 `{ message }` with the mismatch named.
 */
export function installReplyCheck(app: FastifyInstance, nodeEnv: string) {
  if (nodeEnv !== 'test') return;
  app.addHook('onSend', async (req, reply, payload) => {
    if (req.objectReply) return payload;
    const mismatch = replyMismatch(reply, payload);
    if (!mismatch) return payload;
    console.error(mismatch);
    reply.code(500).type('application/json; charset=utf-8');
    return JSON.stringify({ message: mismatch });
  });
}

/** A page of `item` as pagination.ts `toPage` answers it: `{ data, current_page, per_page, total, last_page }`. */
export const replyPage = <T extends ZodType>(item: T) =>
  z.looseObject({
    data: z.array(item),
    current_page: z.number(),
    per_page: z.number(),
    total: z.number(),
    last_page: z.number(),
  });

/**
 * A route's `schema.response` (`{ 200: schema }`), typed so that the handler's reply is not: several routes answer
 * JSON text written by PostgreSQL (`reply.send(text)`), which no compile-time type can follow; the check is the
 * test-time one of {@link installReplyCheck}.
 */
export const replies = (byStatus: Record<number, ZodType>): Record<number, unknown> => byStatus;
