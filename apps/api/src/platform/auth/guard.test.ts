import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import { guardPlugin } from './guard.ts';

describe('guard (fail closed, DESIGN.md §9.5)', () => {
  it('refuses to start when an /api route declares no access', async () => {
    const app = Fastify();
    await app.register(guardPlugin, { db: {} as Db });
    await expect(
      (async () => {
        app.get('/api/forgotten', async () => ({}));
        await app.ready();
      })(),
    ).rejects.toThrow(/declares no config.access/);
  });
  it('starts when every /api route declares access', async () => {
    const app = Fastify();
    await app.register(guardPlugin, { db: {} as Db });
    app.get('/api/open', { config: { access: 'public' } }, async () => ({ ok: true }));
    await app.ready();
    const r = await app.inject({ method: 'GET', url: '/api/open' });
    expect(r.json()).toEqual({ ok: true });
    await app.close();
  });
  it('keeps the list of declared routes with their access (read by the security probes)', async () => {
    const app = Fastify();
    await app.register(guardPlugin, { db: {} as Db });
    app.get('/api/thing/:id', { config: { access: 'will:read:any' } }, async () => ({}));
    app.route({
      method: ['PATCH', 'PUT'],
      url: '/api/thing/:id',
      config: { access: 'authenticated' },
      handler: async () => ({}),
    });
    app.get('/outside', async () => ({}));
    await app.ready();
    expect(app.declaredRoutes).toEqual([
      { method: 'GET', url: '/api/thing/:id', access: 'will:read:any' },
      { method: 'PATCH', url: '/api/thing/:id', access: 'authenticated' },
      { method: 'PUT', url: '/api/thing/:id', access: 'authenticated' },
    ]);
    await app.close();
  });
});
