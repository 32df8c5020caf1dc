/**
 * Request ids (issue 35 item 8; ADR 0221): Fastify's default (`req-1`, `req-2`, … per process) repeats across
 * processes and restarts, so a log search for one id finds many requests. An id here is the caller's
 * `X-Request-Id` when it is a plain token (a load balancer's or another service's, 1–128 characters of letters,
 * digits, `.`, `_`, `:`, `-`), so one request can be followed across hops; otherwise this process's random tag
 * (48 bits, new at every start) and a counter, e.g. `k3f9a2c1d0e8-1a`. Cheap: no random bytes per request.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

/**
 * This process's random 48-bit tag, written with the letters a–p (one per 4 bits), never digits: a tag of hex
 * digits was now and then twelve digits in a row, which the log scans rightly take for a MyKad number.
 */
const TAG = Array.from(randomBytes(6).toString('hex'), (h) => String.fromCharCode(97 + Number.parseInt(h, 16))).join(
  '',
);
let counter = 0;
const PLAIN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Fastify's `genReqId`: the caller's plain `X-Request-Id`, else `<process tag>-<counter in base 36>`. */
export function requestId(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && PLAIN.test(given)) return given;
  counter += 1;
  return `${TAG}-${counter.toString(36)}`;
}
