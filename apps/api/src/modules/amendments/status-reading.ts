/**
 * How the status number of `PATCH /amendment/{id}` is read before the transition (routes.ts): by default as
 * it is. The composition root may register another reading (the 2021 contract's numbering, ADR 0163, lives in
 * `apps/api/src/compat/v2021/`), so this module knows no client's numbering but its own.
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../auth/index.ts';

/**
 * A reading: the caller `user`, amendment `id`, the requested `status` and the request (its session) →
 * the status meant, or `unchanged: true` when the request changes nothing (the route answers the amendment);
 * `valuesOptional: true` when the session's screens ask no value of a property (the one-third rule then leaves
 * unvalued property out; ADR 0257).
 * May throw what `findVisibleAmendment` throws (404).
 */
export type StatusReading = (
  db: Db,
  user: AuthUser,
  id: string,
  status: number,
  req: FastifyRequest,
) => Promise<{ status: number; unchanged?: boolean; valuesOptional?: boolean }>;

let reading: StatusReading = async (_db, _user, _id, status) => ({ status });

/** Register how requested statuses are read (once, at start; the last registration wins). */
export function registerStatusReading(fn: StatusReading) {
  reading = fn;
}

/** The status meant by a request (the registered reading; as sent when none is registered). */
export const readRequestedStatus: StatusReading = (db, user, id, status, req) => reading(db, user, id, status, req);
