import type { GetReply } from '@/lib/api-types.ts';

/**
 * A hibah as `GET /api/hibah/{id}` returns it (docs/api/hibah.md), generated from the API's reply schema
 * (hibah/schemas.ts → `npm run api:types`; ADR 0301).
 */
export type Hibah = GetReply<'/api/hibah/{id}'>['hibah'];
