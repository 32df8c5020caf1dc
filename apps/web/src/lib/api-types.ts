/**
 * The SPA's reply types, read from the generated OpenAPI types (apps/web/src/lib/api-schema.d.ts, written by
 * `npm run api:types` from the API's reply schemas; ADR 0301). A feature names its reply as
 * `GetReply<'/api/wasiat/{id}'>['wasiat']` instead of writing the shape by hand.
 */
import type { paths } from './api-schema';

/** The JSON body of the 200 answer of `GET path`, as the API's OpenAPI document declares it. */
export type GetReply<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': infer R } } } };
}
  ? R
  : never;
