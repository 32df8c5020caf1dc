/**
 * HTTPS with HTTP/2 (TLS_CERT_FILE and TLS_KEY_FILE; ADR 0207): the real server, with a certificate made for the
 * test by openssl, answers browsers over HTTP/2 and older clients over HTTP/1.1, with the same routes, bodies,
 * compression and method spoofing as the plain server.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type ClientHttp2Session, connect, constants } from 'node:http2';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { selfSignedCertificate } from '../../../test/self-signed.ts';
import { loadEnv } from '../config/env.ts';

let t: TestApp;
let dir: string;
let session: ClientHttp2Session;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wasiat-tls-'));
  const { certFile, keyFile } = selfSignedCertificate(dir);
  t = await makeTestApp({ tls: { cert: readFileSync(certFile), key: readFileSync(keyFile) } });
  session = connect(t.baseUrl, { rejectUnauthorized: false });
});
afterAll(async () => {
  session?.close();
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One HTTP/2 request on the shared session: status, headers and the body's bytes. */
function h2(path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = session.request({ ':method': init.method ?? 'GET', ':path': path, ...init.headers });
    const chunks: Buffer[] = [];
    let headers: Record<string, unknown> = {};
    req.on('response', (h) => {
      headers = h;
    });
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve({ status: Number(headers[':status']), headers, body: Buffer.concat(chunks) }));
    req.on('error', reject);
    req.end(init.body);
  });
}

const json = { 'content-type': 'application/json', accept: 'application/json', type: 'api-private' };

describe('HTTPS with HTTP/2 (ADR 0207)', () => {
  it('speaks HTTP/2 to a client that offers it (ALPN h2)', async () => {
    const r = await h2('/api/health');
    expect(session.alpnProtocol).toBe('h2');
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body.toString())).toEqual({ status: 'ok' });
  });

  it('takes a JSON body over HTTP/2: the demo client logs in, and a wrong password is refused', async () => {
    const ok = await h2('/api/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'client', password: 'Demo12345' }),
    });
    expect(ok.status).toBe(200);
    expect(JSON.parse(ok.body.toString())).toMatchObject({ user: { username: 'client' }, token: expect.any(String) });
    const bad = await h2('/api/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'client', password: 'wrong-password' }),
    });
    expect(bad.status).toBeGreaterThanOrEqual(400);
    expect(JSON.parse(bad.body.toString()).token).toBeUndefined();
  });

  it('routes a spoofed method (`_method`) over HTTP/2 as over HTTP/1.1', async () => {
    const login = await h2('/api/login', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username: 'client', password: 'Demo12345' }),
    });
    const auth = { ...json, authorization: `Bearer ${JSON.parse(login.body.toString()).token}` };
    const me = JSON.parse(login.body.toString()).user as { id: string };
    const created = await h2('/api/wasiat', {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ user_id: me.id }),
    });
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.body.toString()) as { wasiat: { id: string } }).wasiat.id;
    expect(id).toBeTruthy();
    // PATCH /api/wasiat/:id exists; POST /api/wasiat/:id does not.
    const spoofed = await h2(`/api/wasiat/${id}`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ _method: 'PATCH' }),
    });
    const plain = await h2(`/api/wasiat/${id}`, { method: 'POST', headers: auth, body: JSON.stringify({}) });
    expect(plain.status).toBe(404);
    expect([200, 422]).toContain(spoofed.status);
  });

  it('serves the web client over HTTP/2 with its caching and brotli', async () => {
    const page = await h2('/login', { headers: { 'accept-encoding': 'br' } });
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-encoding']).toBe('br');
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(brotliDecompressSync(page.body).toString())?.[1];
    expect(script).toBeTruthy();
    const asset = await h2(script as string, { headers: { 'accept-encoding': 'br' } });
    expect(asset.status).toBe(200);
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(asset.body).length).toBeGreaterThan(asset.body.length);
    // HTTP/2 forbids connection-specific headers: none is sent.
    expect(asset.headers.connection).toBeUndefined();
    expect(asset.headers[constants.HTTP2_HEADER_STATUS]).toBe(200);
  });

  it('answers HTTP/1.1 over TLS too, for clients without HTTP/2', async () => {
    const r = await new Promise<{ status: number; version: string; body: string }>((resolve, reject) => {
      const req = httpsRequest(`${t.baseUrl}/api/health`, { rejectUnauthorized: false }, (res) => {
        let body = '';
        res.on('data', (c) => {
          body += c;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, version: res.httpVersion, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(r).toEqual({ status: 200, version: '1.1', body: '{"status":"ok"}' });
  });

  it('refuses a certificate without its key, or a key without its certificate, at start', () => {
    expect(() => loadEnv({ TLS_CERT_FILE: '/etc/ssl/cert.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(() => loadEnv({ TLS_KEY_FILE: '/etc/ssl/key.pem' })).toThrow(/TLS_CERT_FILE and TLS_KEY_FILE go together/);
    expect(loadEnv({ TLS_CERT_FILE: 'c.pem', TLS_KEY_FILE: 'k.pem' })).toMatchObject({ TLS_CERT_FILE: 'c.pem' });
  });
});
