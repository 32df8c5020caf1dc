/**
 * A dependency's outage degrades the features that need it and nothing else (issue 35 items 1, 2 and 9;
 * ADRs 0219, 0220). The app runs in this process on a fresh PostgreSQL database (postgres://postgres@127.0.0.1:5432,
 * as the other system suites) with its files on an S3 endpoint the test controls:
 * - object storage hung (a server that accepts connections and never answers): MyKad uploads answer a translated
 *   503 within the store's timeout, record nothing, and the will reads made meanwhile answer within their usual time;
 * - object storage stopped (connection refused): the same, at once;
 * - database connections terminated (`pg_terminate_backend`) under readers, writers and a transaction left open
 *   on a checked-out connection: every answer is 200 or a translated 503, and the process keeps serving (an
 *   unhandled 'error' event of a checked-out client would end this worker and fail the run).
 * Each prints what it saw.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attachments } from '../../src/db/schema/index.ts';
import { newClient, ok, orgAndBranch, pay, userDetail } from '../../src/modules/wills/test-fixtures.ts';
import { S3FileStore } from '../../src/platform/files/storage.ts';
import type { TestApp } from '../harness.ts';

const PG_SERVER = 'postgres://postgres@127.0.0.1:5432';
process.env.DATABASE_URL ??= `${PG_SERVER}/postgres`;
const { makeTestApp } = await import('../harness.ts');

type Body = { message?: string } | null;

/** The store's limit for one call, waiting included (S3_TIMEOUT_MS). */
const S3_TIMEOUT_MS = 1500;
/** A 1×1 JPEG, as the wills module's fixtures upload (no OCR: the back of the card). */
const JPEG =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';

let t: TestApp;
let blackHole: Server;
const sockets = new Set<Socket>();

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};

async function timed<T>(f: () => Promise<T>): Promise<{ ms: number; r: T }> {
  const t0 = performance.now();
  const r = await f();
  return { ms: performance.now() - t0, r };
}

/** A client's will at the MyKad step (paid, particulars given). */
async function willAtDocument() {
  const c = await newClient(t);
  const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: c.token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' },
    }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
  return { c, id: w.id as string };
}

const s3At = (port: number) =>
  new S3FileStore({
    bucket: 'wasiat-files',
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    accessKeyId: 'test',
    secretAccessKey: 'test',
    sse: 'none',
    timeoutMs: S3_TIMEOUT_MS,
    concurrency: 4,
  });

beforeAll(async () => {
  t = await makeTestApp();
  blackHole = createServer((s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    s.on('error', () => {});
  });
  await new Promise<void>((r) => blackHole.listen(0, '127.0.0.1', () => r()));
}, 120_000);

afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise<void>((r) => blackHole.close(() => r()));
  // Closing the app waits for the pool to end; after the connections were terminated under load, CI once saw that
  // wait outlast the hook (a client not handed back; noted in the issue-35 closing note). The suite's checks are
  // made above: bound the close so a hang is reported, not fatal to the run.
  const closed = await Promise.race([
    t?.close().then(() => true),
    new Promise<false>((r) => setTimeout(() => r(false), 60_000).unref()),
  ]);
  if (!closed) console.warn('dependency-outages: the app did not close within 60 s (pool end waiting)');
}, 120_000);

describe('object storage down', () => {
  it('hung: uploads answer 503 within the timeout and record nothing; reads keep their usual time', async () => {
    const wills: Awaited<ReturnType<typeof willAtDocument>>[] = [];
    for (let i = 0; i < 6; i++) wills.push(await willAtDocument());
    const read = (w: (typeof wills)[number]) => t.call('GET', `/api/wasiat/${w.id}`, { token: w.c.token });
    const before: number[] = [];
    for (let i = 0; i < 60; i++) before.push((await timed(() => read(wills[i % wills.length]))).ms);

    t.ctx.store = s3At((blackHole.address() as { port: number }).port);
    // 24 uploaders (4 per will) at once against the hung store, and readers meanwhile.
    const uploads = Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        timed(() =>
          t.call('POST', `/api/wasiat/${wills[i % wills.length].id}/document`, {
            token: wills[i % wills.length].c.token,
            lang: 'ms',
            body: { is_base64: true, type: 'mykad-back', document: JPEG },
          }),
        ),
      ),
    );
    const during: number[] = [];
    const readStatuses = new Set<number>();
    let uploadsDone = false;
    void uploads.then(() => (uploadsDone = true));
    for (let i = 0; !uploadsDone || i < 60; i++) {
      const { ms, r } = await timed(() => read(wills[i % wills.length]));
      during.push(ms);
      readStatuses.add(r.status);
    }
    const answered = await uploads;
    const statuses = [...new Set(answered.map((a) => a.r.status))];
    const slowest = Math.max(...answered.map((a) => a.ms));
    const rows = await t.ctx.db.select().from(attachments).where(sql`${attachments.attachable_type} = 'Wasiat'`);
    console.log(
      `S3 hung: 24 uploads answered ${statuses.join(',')} (slowest ${slowest.toFixed(0)} ms, timeout ${S3_TIMEOUT_MS} ms); ` +
        `${during.length} reads meanwhile: p50 ${percentile(during, 50).toFixed(1)} ms, p99 ${percentile(during, 99).toFixed(1)} ms ` +
        `(before: p50 ${percentile(before, 50).toFixed(1)} ms, p99 ${percentile(before, 99).toFixed(1)} ms); attachment rows ${rows.length}`,
    );
    expect(statuses).toEqual([503]);
    expect(answered[0].r.body.message).toMatch(/Simpanan fail tidak dapat dihubungi/);
    expect(answered[0].r.headers.get('retry-after')).toBe('10');
    expect(slowest).toBeLessThan(S3_TIMEOUT_MS + 2000);
    expect(rows.filter((r) => wills.some((w) => w.id === r.attachable_id))).toHaveLength(0);
    expect([...readStatuses]).toEqual([200]);
    // "Usual time": the reads made during the outage are not held behind the uploads. A read that waited on the
    // hung store would take at least its timeout (1,500 ms), so the slowest reads stay under half of it; the typical
    // read stays within a factor of the quiet one (the 24 uploads' request parsing shares the CPU, and a loaded CI
    // machine once saw p99 559 ms against a quiet p99 of 82 ms with no read held: a factor of the quiet p99 alone
    // measured the machine's load, not the isolation).
    expect(percentile(during, 99)).toBeLessThan(S3_TIMEOUT_MS / 2);
    expect(percentile(during, 50)).toBeLessThan(Math.max(100, 5 * percentile(before, 50)));
  }, 180_000);

  it('stopped: an upload answers 503 at once', async () => {
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    t.ctx.store = s3At(port);
    const w = await willAtDocument();
    const { ms, r } = await timed(() =>
      t.call('POST', `/api/wasiat/${w.id}/document`, {
        token: w.c.token,
        body: { is_base64: true, type: 'mykad-back', document: JPEG },
      }),
    );
    console.log(`S3 stopped: upload answered ${r.status} in ${ms.toFixed(0)} ms: ${(r.body as Body)?.message}`);
    expect(r.status).toBe(503);
    expect(r.body.message).toMatch(/File storage cannot be reached/);
    expect(ms).toBeLessThan(S3_TIMEOUT_MS + 1000);
  }, 120_000);
});

describe('database connections terminated', () => {
  it('only the requests on them fail, with a 503; the process keeps serving', async () => {
    const res = (await t.ctx.db.execute(sql`SELECT current_database() AS db`)) as unknown as { rows: { db: string }[] };
    const db = res.rows[0].db;
    const w = await willAtDocument();
    const statuses: number[] = [];
    const messages = new Set<string>();
    let stop = false;
    const reader = async () => {
      while (!stop) {
        const r = await t.call('GET', `/api/wasiat/${w.id}`, { token: w.c.token });
        statuses.push(r.status);
        if (r.status !== 200) messages.add(String((r.body as Body)?.message));
      }
    };
    const writer = async () => {
      for (let i = 0; !stop; i++) {
        const r = await t.call('POST', `/api/wasiat/${w.id}/user-detail`, {
          token: w.c.token,
          body: userDetail(w.c.ic, { correspondence_address: `No. ${i}, Jalan Ujian` }),
        });
        statuses.push(r.status);
        if (r.status !== 200) messages.add(String((r.body as Body)?.message));
      }
    };
    // A transaction left open on a checked-out connection while it is terminated: the client's 'error' event.
    const heldOpen = t.ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`SELECT 1`);
        await sleep(1500);
        await tx.execute(sql`SELECT 1`);
      })
      .then(
        () => 'committed',
        (e: Error) => `failed: ${e.message.slice(0, 60)}`,
      );
    const load = [reader(), reader(), writer()];
    const admin = new pg.Client({ connectionString: `${PG_SERVER}/postgres` });
    await admin.connect();
    let terminated = 0;
    try {
      for (let k = 0; k < 3; k++) {
        await sleep(400);
        const r = await admin.query(
          'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
          [db],
        );
        terminated += r.rowCount ?? 0;
      }
      await sleep(400);
    } finally {
      await admin.end();
    }
    stop = true;
    await Promise.all(load);
    const held = await heldOpen;
    const after = await t.call('GET', `/api/wasiat/${w.id}`, { token: w.c.token });
    const count = (s: number) => statuses.filter((x) => x === s).length;
    console.log(
      `DB terminated 3× (${terminated} connections): ${statuses.length} answers, ${count(200)} × 200, ${count(503)} × 503, ` +
        `other ${statuses.length - count(200) - count(503)}; the open transaction ${held}; after: ${after.status}; ` +
        `messages: ${[...messages].join(' | ')}`,
    );
    expect(terminated).toBeGreaterThan(0);
    expect(statuses.filter((s) => s !== 200 && s !== 503)).toEqual([]);
    for (const m of messages) expect(m).toMatch(/The service is busy or reconnecting/);
    expect(held).toMatch(/^failed/);
    expect(after.status).toBe(200);
  }, 120_000);
});
