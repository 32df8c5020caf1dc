/**
 * Abuse limits of grant requests (issue 36 item 3; ADR 0227):
 * - a request's one-time code has {@link GRANT_CODE_MAX_TRIES} tries in all, counted on the grant row
 *   (`client_grants.code_tries`), so asking again — which sends a new code — never gives new tries;
 * - requests, whatever the channel (e-mail, SMS or the dashboard alone), are limited per requester and client,
 *   per requester and per client ({@link GRANT_REQUEST_LIMITS}); the counters are the database's shared rate-limit
 *   counters (platform/http/rate-limit-store.ts), so every API process sees one count;
 * - a client may block a requester (grants/blocks.ts): a blocked requester is refused before anything is counted
 *   or sent.
 */
import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { client_grants, grant_blocks } from '../../db/schema/index.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { hitRateLimit } from '../../platform/http/rate-limit-store.ts';

/** Tries at a grant request's code, over every code sent for that request. */
export const GRANT_CODE_MAX_TRIES = 5;

const HOUR_MS = 60 * 60 * 1000;
/**
 * Grant requests (`POST /api/client-grant`, every channel), each `max` × RATE_LIMIT_SCALE per `windowMs`,
 * checked in this order (a refused request counts only against the limits checked so far):
 * - `pair`: by one requester to one client;
 * - `requester`: by one requester to any clients;
 * - `client`: to one client from anyone.
 */
export const GRANT_REQUEST_LIMITS = {
  pair: { max: 3, windowMs: 24 * HOUR_MS },
  requester: { max: 30, windowMs: HOUR_MS },
  client: { max: 10, windowMs: 24 * HOUR_MS },
} as const;

/** Whether `clientId` has blocked `requesterId`. */
export async function isBlocked(db: Db, clientId: string, requesterId: string) {
  const [row] = await db
    .select({ c: grant_blocks.client_id })
    .from(grant_blocks)
    .where(and(eq(grant_blocks.client_id, clientId), eq(grant_blocks.requester_id, requesterId)))
    .limit(1);
  return !!row;
}

/**
 * May `requesterId` ask `clientId` now? Refuses a blocked requester (403 `grants.requester_blocked`; nothing
 * counted), then counts this request against {@link GRANT_REQUEST_LIMITS}.
 * @throws 403 `grants.requester_blocked`; 429 `grants.too_many_requests` with Retry-After (seconds).
 */
export async function assertMayRequest(db: Db, scale: number, requesterId: string, clientId: string) {
  if (await isBlocked(db, clientId, requesterId)) throw new AppError('forbidden', 'grants.requester_blocked');
  const keys = {
    pair: `grant-request:pair:${requesterId}|${clientId}`,
    requester: `grant-request:requester:${requesterId}`,
    client: `grant-request:client:${clientId}`,
  };
  for (const name of ['pair', 'requester', 'client'] as const) {
    const limit = GRANT_REQUEST_LIMITS[name];
    const hit = await hitRateLimit(db, keys[name], limit.windowMs);
    if (hit.current > Math.max(1, Math.round(limit.max * scale))) {
      const seconds = Math.max(1, Math.ceil(hit.ttl / 1000));
      throw new AppError('rate_limited', 'grants.too_many_requests', {}, {}, { 'retry-after': String(seconds) });
    }
  }
}

/** Whether a grant request's code tries are all used (no code can approve it any more). */
export const codeTriesUsed = (g: { code_tries: number }) => g.code_tries >= GRANT_CODE_MAX_TRIES;

/**
 * Take one of the grant's code tries before a code is checked (atomic: concurrent tries each take one, and no
 * more than {@link GRANT_CODE_MAX_TRIES} are ever taken). A right code needs no try back: the grant is then active.
 * @throws 422 `grants.code_tries_used` on `code` when none is left.
 */
export async function takeCodeTry(db: Db, grantId: string) {
  const taken = await db
    .update(client_grants)
    .set({ code_tries: sql`${client_grants.code_tries} + 1` })
    .where(and(eq(client_grants.id, grantId), lt(client_grants.code_tries, GRANT_CODE_MAX_TRIES)))
    .returning({ id: client_grants.id });
  if (!taken.length) throw fieldError('code', 'grants.code_tries_used');
}

/** Give back a try {@link takeCodeTry} took when no code was compared (the code had expired). */
export async function giveCodeTryBack(db: Db, grantId: string) {
  await db
    .update(client_grants)
    .set({ code_tries: sql`greatest(0, ${client_grants.code_tries} - 1)` })
    .where(eq(client_grants.id, grantId));
}
