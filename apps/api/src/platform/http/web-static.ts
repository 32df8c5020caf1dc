/**
 * Serving the built SPA (DESIGN.md §1; issue 18 item 4, issue 17 item 1; ADR 0116).
 *
 * - Every file of `apps/web/dist` is served as is; the build writes `.br` and `.gz` siblings of each text
 *   asset, sent with `Content-Encoding` when the browser's `Accept-Encoding` allows (brotli first), always
 *   with `Vary: Accept-Encoding`.
 * - Hashed assets (`/assets/*`: their name changes with their content) are cached for a year, `immutable`,
 *   without the document-only security headers (DOCUMENT_ONLY_HEADERS) and without validators
 *   (IMMUTABLE_NEEDLESS_HEADERS);
 *   everything else (`index.html` and any unhashed file) is `no-cache`: the browser revalidates it every time,
 *   so a new release is picked up at the next load.
 * - `/` and every other path that is not a file answer `index.html` (history fallback): the router of the
 *   SPA then applies spec §2 (root → /dashboard/agent when logged in; login-required pages → root).
 *   A missing `/assets/*` file is a 404 (never `index.html` served as a script), as is any non-GET.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** `Cache-Control` of hashed build assets: one year, never revalidated (their name changes with them). */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** `Cache-Control` of the unhashed entry files (index.html and the SPA fallback): revalidate each time. */
export const REVALIDATE = 'no-cache';

/**
 * Helmet's headers that only act on a document (ADR 0082), dropped from the hashed scripts and styles, which
 * are never documents: ~750 bytes less on each of the ~50 asset responses of a first load (ADR 0116). The SPA
 * starts no worker from /assets (a worker would take its CSP from its own response). Kept on assets:
 * `X-Content-Type-Options: nosniff`, `Cross-Origin-Resource-Policy`, `Referrer-Policy` (a module script's
 * imports follow its response's policy) and HSTS.
 */
export const DOCUMENT_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
] as const;

/**
 * Headers a hashed asset does without: its validators (`ETag`, `Last-Modified`) and `Accept-Ranges`. An immutable
 * file cached for a year is never revalidated (a new release has new names) and a script or style sheet is never
 * fetched in ranges; ~100 bytes less on each asset response, ~30 of them on a logged-in first load (issue 18 item 4;
 * ADR 0205). index.html keeps them: it is revalidated on every load, and a 304 saves its body.
 */
export const IMMUTABLE_NEEDLESS_HEADERS = ['etag', 'last-modified', 'accept-ranges'] as const;

/** Whether a served file (its path on disk, possibly `.br`/`.gz`) is a hashed build asset. */
const isHashedAsset = (filePath: string) => /[\\/]assets[\\/][^\\/]+$/.test(filePath);

/** Register the SPA's static files and the history fallback on `app`, from the build folder `root`. */
export async function serveWeb(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders: (reply, filePath) => {
      if (isHashedAsset(filePath)) {
        reply.header('cache-control', IMMUTABLE);
        for (const h of DOCUMENT_ONLY_HEADERS) reply.removeHeader(h);
        for (const h of IMMUTABLE_NEEDLESS_HEADERS) reply.removeHeader(h);
      } else {
        reply.header('cache-control', REVALIDATE);
      }
    },
  });
  const sendIndex = (reply: FastifyReply) => reply.sendFile('index.html');
  // "/" is a directory for the static plugin (403 without an index file): it is the SPA's entry page.
  app.get('/', (_req, reply) => sendIndex(reply));
  app.setNotFoundHandler((req, reply) => {
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      req.url.startsWith('/api') ||
      req.url.startsWith('/assets/')
    ) {
      return reply.status(404).send({ message: req.lang === 'en' ? 'Record not found.' : 'Rekod tidak dijumpai.' });
    }
    return sendIndex(reply);
  });
}
