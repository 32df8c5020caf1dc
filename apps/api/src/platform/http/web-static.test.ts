import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS, IMMUTABLE, IMMUTABLE_NEEDLESS_HEADERS, REVALIDATE, serveWeb } from './web-static.ts';

/** A build folder as `vite build` writes it: hashed assets and index.html, each with .br and .gz siblings. */
function fakeDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'wasiat-web-'));
  mkdirSync(join(dir, 'assets'));
  const put = (rel: string, text: string) => {
    writeFileSync(join(dir, rel), text);
    writeFileSync(join(dir, `${rel}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${rel}.gz`), gzipSync(text));
  };
  put('index.html', `<!doctype html><html><body><div id="root"></div>${' '.repeat(2000)}</body></html>`);
  put('assets/index-AbC123.js', `console.log("app");${'/* padding */'.repeat(200)}`);
  writeFileSync(join(dir, 'robots.txt'), 'globalThis.x = 1;');
  return dir;
}

describe('serving the built SPA (issue 17 item 1, issue 18 item 4)', () => {
  let app: FastifyInstance;
  let dir = '';
  beforeAll(async () => {
    dir = fakeDist();
    app = Fastify();
    // The security headers as the app sets them (app.ts: helmet's middleware on the raw response).
    const headers = helmet();
    app.addHook('onRequest', (req, reply, done) =>
      headers(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined)),
    );
    await serveWeb(app, dir);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers / with index.html (not 403), revalidated every time', async () => {
    const r = await app.inject({ url: '/' });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(r.headers['cache-control']).toBe(REVALIDATE);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.body).toContain('<div id="root">');
    expect(r.headers['content-security-policy']).toContain("script-src 'self'");
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('sends index.html brotli-compressed to a browser that accepts br', async () => {
    const r = await app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers.vary).toMatch(/accept-encoding/i);
    expect(r.headers['content-type']).toMatch(/^text\/html/);
    expect(brotliDecompressSync(r.rawPayload).toString()).toContain('<div id="root">');
  });

  it('answers every SPA route (typed or reloaded) with index.html, no-cache, compressed when asked', async () => {
    for (const url of ['/dashboard/agent', '/wasiat/part-a?x=1', '/verification/12/success', '/pdpa']) {
      const r = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(r.statusCode, url).toBe(200);
      expect(r.headers['content-encoding'], url).toBe('gzip');
      expect(r.headers['cache-control'], url).toBe(REVALIDATE);
      expect(gunzipSync(r.rawPayload).toString(), url).toContain('<div id="root">');
    }
  });

  it('serves hashed assets for a year, immutable, in the encoding asked for', async () => {
    const br = await app.inject({
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'br;q=1, gzip;q=0.5' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toMatch(/^console\.log\("app"\)/);
    for (const h of DOCUMENT_ONLY_HEADERS) expect(br.headers[h], h).toBeUndefined();
    // never revalidated, never fetched in ranges: no validators (ADR 0205)
    for (const h of IMMUTABLE_NEEDLESS_HEADERS) expect(br.headers[h], h).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');

    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe(IMMUTABLE);

    const plain = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toMatch(/^console\.log\("app"\)/);
    expect(plain.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('keeps unhashed files revalidated', async () => {
    const r = await app.inject({ url: '/robots.txt', headers: { 'accept-encoding': 'br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.headers['cache-control']).toBe(REVALIDATE);
    // revalidated on every load: its validators stay, and a second load is a 304 without a body
    expect(r.headers.etag).toBeTruthy();
    const again = await app.inject({ url: '/robots.txt', headers: { 'if-none-match': String(r.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('answers 404 for a missing hashed asset and for other methods, never index.html', async () => {
    const missing = await app.inject({ url: '/assets/index-Old999.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<div id="root">');
    const post = await app.inject({ method: 'POST', url: '/dashboard' });
    expect(post.statusCode).toBe(404);
  });
});
