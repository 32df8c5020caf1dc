/**
 * Laravel-style method spoofing (DESIGN.md §3; reference §1.2, §7.1): a POST whose JSON, urlencoded
 * or multipart body carries `_method` = PATCH | PUT | DELETE is routed as that method.
 *
 * Routing happens before Fastify reads a body, so this runs at the HTTP server: a POST body (up to
 * `limit` bytes) is buffered, `_method` is looked for, and Fastify is handed a replayable request with
 * the overridden method. Larger bodies pass through untouched (they then stay POST). ADR 0004.
 */
import { IncomingMessage, type ServerResponse } from 'node:http';

const SPOOFABLE = new Set(['PATCH', 'PUT', 'DELETE']);

/** Find `_method` in a raw body of the given content type; returns the upper-cased method or undefined. */
export function findSpoofedMethod(contentType: string, body: Buffer): string | undefined {
  const ct = contentType.toLowerCase();
  let found: string | undefined;
  if (ct.includes('application/json')) {
    try {
      const parsed = JSON.parse(body.toString('utf8'));
      if (parsed && typeof parsed === 'object' && typeof parsed._method === 'string') found = parsed._method;
    } catch {
      return undefined;
    }
  } else if (ct.includes('application/x-www-form-urlencoded')) {
    found = new URLSearchParams(body.toString('utf8')).get('_method') ?? undefined;
  } else if (ct.includes('multipart/form-data')) {
    const m = /name="_method"\r\n(?:[^\r\n]+\r\n)*\r\n([A-Za-z]+)\r\n/.exec(body.toString('latin1'));
    found = m?.[1];
  }
  const up = found?.toUpperCase();
  return up && SPOOFABLE.has(up) ? up : undefined;
}

/**
 * Wrap a Node request handler so spoofed POSTs reach it with their real method.
 * @param limit largest body (bytes) that is inspected; default 12 MiB (MyKad images as base64).
 */
export function withMethodSpoofing(
  handler: (req: IncomingMessage, res: ServerResponse) => void,
  limit = 12 * 1024 * 1024,
) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const ct = req.headers['content-type'] ?? '';
    const length = Number(req.headers['content-length'] ?? 'NaN');
    const inspectable =
      req.method === 'POST' &&
      /json|x-www-form-urlencoded|multipart\/form-data/i.test(ct) &&
      (Number.isNaN(length) || length <= limit);
    if (!inspectable) return handler(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let passedThrough = false;
    const replay = (body: Buffer) => {
      const copy = new IncomingMessage(req.socket);
      copy.method = findSpoofedMethod(ct, body) ?? 'POST';
      copy.url = req.url;
      copy.headers = req.headers;
      copy.rawHeaders = req.rawHeaders;
      copy.httpVersion = req.httpVersion;
      copy.httpVersionMajor = req.httpVersionMajor;
      copy.httpVersionMinor = req.httpVersionMinor;
      copy.complete = true;
      copy.push(body);
      copy.push(null);
      handler(copy, res);
    };
    req.on('data', (c: Buffer) => {
      if (passedThrough) return;
      size += c.length;
      chunks.push(c);
      if (size > limit) {
        // Too large to inspect: hand over what we have as a POST; Fastify's body limit answers 413.
        passedThrough = true;
        req.pause();
        replay(Buffer.concat(chunks));
      }
    });
    req.on('end', () => {
      if (!passedThrough) replay(Buffer.concat(chunks));
    });
    req.on('error', () => res.destroy());
  };
}
