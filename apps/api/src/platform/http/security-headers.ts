/**
 * The security headers of every response, taken once from helmet (issue 11; issue 18 item 1; ADR 0082, 0200).
 *
 * helmet's middleware writes the same headers on every response: its options are fixed at start and none of its
 * headers depends on the request (the CSP has no nonce). Running it per request cost ~4% of the CPU of
 * `GET /api/wasiat/{id}` (fourteen `setHeader` calls on the raw response, each validated by Node, and Node's slow
 * path of `writeHead` for a response with headers already set). {@link headersOf} runs it once on a recording
 * response; app.ts sets the recorded map in Fastify's own header map on each request, which Fastify hands to
 * `writeHead` in one call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A Connect-style middleware such as `helmet(options)`. */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;

/**
 * The headers `middleware` sets on a response, as lower-case name → value (header removals are dropped: there is
 * nothing to remove from a fresh response).
 * @throws Error when the middleware fails, reads the request, or does not finish synchronously: its headers would
 *   not be the same for every request.
 */
export function headersOf(middleware: Middleware): Record<string, string> {
  const headers: Record<string, string> = {};
  let finished = false;
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return res;
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  const req = new Proxy(
    {},
    {
      get(_t, key) {
        throw new Error(`security headers: the middleware read the request (${String(key)})`);
      },
    },
  );
  middleware(req as IncomingMessage, res as unknown as ServerResponse, (err) => {
    if (err) throw err;
    finished = true;
  });
  if (!finished) throw new Error('security headers: the middleware did not finish synchronously');
  return headers;
}
