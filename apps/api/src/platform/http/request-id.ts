/**
 * Request ids (issue 35 item 8; ADR 0221): Fastify's default (`req-1`, `req-2`, … per process) repeats across
 * processes and restarts, so a log search for one id finds many requests. An id here is the caller's
 * `X-Request-Id` when it is a plain token (a load balancer's or another service's, 1–128 characters of letters,
 * digits, `.`, `_`, `:`, `-`), so one request can be followed across hops; otherwise this process's random tag
 * (48 bits, new at every start) and a counter, e.g. `k3f9a2c1d0e8-1a`. Cheap: no random bytes per request.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const TAG = randomBytes(6).toString('hex');
let counter = 0;
const PLAIN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's plain `X-Request-Id`, else `<process tag>-<counter in base 36>`. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && PLAIN.test(given)) return given;
  counter += 1;
  return `${TAG}-${counter.toString(36)}`;
}
