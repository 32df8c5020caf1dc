/** `GET /healthz` and `GET /readyz` (issue 19; ADR 0111), on the harness's real database and folder. */
import { writeFileSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { LocalFileStore, S3FileStore } from '../files/storage.ts';
import { startDraining } from './health.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('health endpoints', () => {
  it('answers /healthz, and /readyz when database, migrations and storage are fine; /api/health stays', async () => {
    expect(await t.call('GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
    const r = await t.call('GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok', draining: 'ok' },
    });
    expect((await t.call('GET', '/api/health')).status).toBe(200);
  });

  it('keeps an idle connection 72 s, longer than a load balancer (60 s) or a client (ADR 0202), not Node’s 5 s', async () => {
    const r = await t.call('GET', '/healthz');
    expect(r.headers.get('connection')).toBe('keep-alive');
    expect(r.headers.get('keep-alive')).toBe('timeout=72');
  });

  it('answers within 1 s while the object store hangs, and stays ready (issue 35 item 3)', async () => {
    const sockets: Socket[] = [];
    const hung = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', () => r()));
    const store = t.ctx.store;
    t.ctx.store = new S3FileStore({
      bucket: 'b',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${(hung.address() as { port: number }).port}`,
      forcePathStyle: true,
      accessKeyId: 'k',
      secretAccessKey: 's',
      timeoutMs: 10_000,
    });
    try {
      const t0 = performance.now();
      const r = await t.call('GET', '/readyz');
      const ms = performance.now() - t0;
      console.log(
        `/readyz with a hung object store: ${r.status} in ${ms.toFixed(0)} ms, storage: ${r.body.checks.storage}`,
      );
      expect(r.status).toBe(200);
      expect(r.body.checks.storage).not.toBe('ok');
      expect(ms).toBeLessThan(1000);
    } finally {
      t.ctx.store = store;
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => hung.close(() => r()));
    }
  });

  it('stays ready when the shared storage is unreachable (reported, ADR 0221); not ready when a migration is missing, and while draining', async () => {
    const store = t.ctx.store;
    const notADir = join(tmpdir(), `wasiat-not-a-dir-${process.pid}`);
    writeFileSync(notADir, 'x');
    t.ctx.store = new LocalFileStore(join(notADir, 'files'));
    let r = await t.call('GET', '/readyz');
    expect(r.status).toBe(200);
    expect(r.body.status).toBe('ready');
    expect(r.body.checks.storage).not.toBe('ok');
    t.ctx.store = store;

    const { rows } = await t.ctx.db.$client.query(
      'select id from drizzle.__drizzle_migrations order by created_at desc limit 1',
    );
    await t.ctx.db.$client.query(`delete from drizzle.__drizzle_migrations where id = ${Number(rows[0].id)}`);
    r = await t.call('GET', '/readyz');
    expect(r.status).toBe(503);
    expect(r.body.checks).toMatchObject({ database: 'ok', migrations: 'pending', storage: 'ok' });

    startDraining(t.ctx);
    r = await t.call('GET', '/readyz');
    expect(r.body.checks.draining).toBe('stopping');
    expect((await t.call('GET', '/healthz')).status).toBe(200);
  });
});
