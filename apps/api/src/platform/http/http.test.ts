import { createServer } from 'node:http';
import multipart from '@fastify/multipart';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { findSpoofedMethod, withMethodSpoofing } from './method-spoof.ts';
import { UrlSigner } from './signed-url.ts';

describe('method spoofing (_method in JSON, urlencoded and multipart bodies)', () => {
  const app = Fastify({ serverFactory: (h) => createServer(withMethodSpoofing(h)) });
  let base = '';
  beforeAll(async () => {
    await app.register(multipart, { attachFieldsToBody: true });
    app.post('/thing/:id', async (req) => ({ method: 'POST', body: req.body }));
    app.patch('/thing/:id', async (req) => ({ method: 'PATCH', name: (req.body as { name?: unknown }).name }));
    app.delete('/thing/:id', async () => ({ method: 'DELETE' }));
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  });
  afterAll(() => app.close());

  it('routes a JSON POST with _method PATCH to the PATCH route with its body intact', async () => {
    const r = await fetch(`${base}/thing/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _method: 'PATCH', name: 'Aminah' }),
    });
    expect(await r.json()).toEqual({ method: 'PATCH', name: 'Aminah' });
  });
  it('routes a multipart POST with _method DELETE', async () => {
    const form = new FormData();
    form.append('_method', 'DELETE');
    form.append('document', new Blob([Buffer.from('x')]), 'a.txt');
    const r = await fetch(`${base}/thing/1`, { method: 'POST', body: form });
    expect(await r.json()).toEqual({ method: 'DELETE' });
  });
  it('leaves a POST without _method (or with an unknown one) as POST', async () => {
    const r = await fetch(`${base}/thing/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _method: 'TRACE' }),
    });
    expect((await r.json()).method).toBe('POST');
  });
  it('finds _method in urlencoded bodies', () => {
    expect(findSpoofedMethod('application/x-www-form-urlencoded', Buffer.from('a=1&_method=put'))).toBe('PUT');
  });
});

describe('signed URLs', () => {
  const s = new UrlSigner('k');
  it('verifies its own signature until expiry, and refuses tampering', () => {
    const url = new URL(`http://x${s.sign('/api/wasiat/abc/receipt', 60, 1_000_000)}`);
    const exp = url.searchParams.get('expires') ?? undefined;
    const sig = url.searchParams.get('signature') ?? undefined;
    expect(s.verify('/api/wasiat/abc/receipt', exp, sig, 1_000_000)).toBe(true);
    expect(s.verify('/api/wasiat/abd/receipt', exp, sig, 1_000_000)).toBe(false);
    expect(s.verify('/api/wasiat/abc/receipt', String(Number(exp) + 1), sig, 1_000_000)).toBe(false);
    expect(s.verify('/api/wasiat/abc/receipt', exp, sig, 1_000_000 + 61_000)).toBe(false);
  });
});

describe('API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp();
  });
  afterAll(() => t.close());

  it('answers 422 with messages in the language of X-localization, else Accept-Language, else ms', async () => {
    const body = { username: '', password: '' };
    const en = await t.call('POST', '/api/login', { body, lang: 'en' });
    expect(en.status).toBe(422);
    expect(en.body.errors.username).toEqual(['This field is required.']);
    const ms = await t.call('POST', '/api/login', { body, lang: 'ms' });
    expect(ms.body.message).toBe('Ruangan ini wajib diisi.');
    const viaAccept = await t.call('POST', '/api/login', {
      body,
      headers: { 'X-localization': '', 'Accept-Language': 'en-GB,en;q=0.8' },
    });
    expect(viaAccept.body.message).toBe('This field is required.');
  });
  it('answers an unknown API path with a JSON 404', async () => {
    const r = await t.call('GET', '/api/no-such-thing');
    expect(r.status).toBe(404);
    expect(r.body.message).toBeTruthy();
  });
  it('signs only known route names: an unknown one answers { url: "" }', async () => {
    const token = await t.login('client');
    const r = await t.call('POST', '/api/route/sign', { token, body: { route_name: 'nope' } });
    expect(r.body).toEqual({ url: '' });
  });
  it('serves the OpenAPI description at /api/docs', async () => {
    const r = await fetch(`${t.baseUrl}/api/docs/json`);
    expect(r.status).toBe(200);
    const doc = await r.json();
    expect(doc.paths['/api/login']).toBeTruthy();
  });
  it('serves the catalogues with both languages', async () => {
    const r = await t.call('GET', '/api/catalogues');
    expect(r.body.catalogues.races).toHaveLength(19);
    expect(r.body.catalogues.races[0]).toEqual({ code: 1, ms: 'Melayu', en: 'Malay' });
    expect(r.body.states).toHaveLength(16);
  });
});
