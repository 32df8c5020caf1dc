/**
 * API benchmark (issue 2 "bench/api.ts"): seeds 100,000 wills in PostgreSQL, then measures with
 * autocannon (50 connections, DURATION seconds each) the authenticated `GET /api/wasiat/{id}` and the will
 * list, and prints them beside, in the same run, a bare Fastify route (the framework's limit) and pgbench
 * running the same primary-key SELECT (the database's limit).
 *
 *   node --import tsx bench/api.ts        # BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *
 * Goal: the authenticated read at ≥ 30% of the bare route's rate, p99 < 20 ms. Prints figures; asserts nothing.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { issueToken } from '../apps/api/src/auth/tokens.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed/seed.ts';
import { loadEnv } from '../apps/api/src/env.ts';
import { LocalFileStore } from '../apps/api/src/files/storage.ts';
import { UrlSigner } from '../apps/api/src/http/signed-url.ts';
import { createMailer } from '../apps/api/src/mail/mailer.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WILLS = Number(process.env.BENCH_WILLS ?? 100_000);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

const dbName = `bench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;

const database = await openDatabase({ url: url.toString(), max: 20 });
await seedDemo(database.db);
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
console.log(`seeding ${WILLS} wills in ${dbName}…`);
const t0 = Date.now();
await client.query(`
  INSERT INTO users (id, name, username, role)
  SELECT 'bu' || g, 'Pelanggan ' || g, 'bench' || g, 'Client' FROM generate_series(1, 1000) g`);
await client.query(
  `INSERT INTO wills (id, user_id, created_by, organization_id, status, plan, wasiat_type, price_sen, created_at)
   SELECT 'bw' || g, 'bu' || (1 + g % 1000), 'bu' || (1 + g % 1000),
          (SELECT id FROM organizations WHERE code = 'DEMO'), g % 4, CASE WHEN g % 2 = 0 THEN 'basic' ELSE 'comprehensive' END,
          1, 35000, now() - (g || ' minutes')::interval
   FROM generate_series(1, $1::int) g`,
  [WILLS],
);
await client.query('ANALYZE');
console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const dir = mkdtempSync(join(tmpdir(), 'wasiat-bench-'));
const env = loadEnv({ NODE_ENV: 'production' });
const app = await buildApp({
  db: database.db,
  env,
  store: new LocalFileStore(join(dir, 'files')),
  mailer: createMailer({ from: env.MAIL_FROM, outboxDir: dir, log: () => {} }),
  signer: new UrlSigner('bench'),
  appUrl: 'http://localhost',
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const staff = await client.query(`SELECT id FROM users WHERE username = 'staff'`);
const token = await issueToken(database.db, staff.rows[0].id);
const willId = `bw${Math.min(4242, WILLS)}`;

const bare = Fastify();
bare.get('/bare', async () => ({ wasiat: { id: willId, status: 2 } }));
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

async function load(name: string, target: string, headers: Record<string, string> = {}) {
  const r = await autocannon({ url: target, connections: CONNECTIONS, duration: DURATION, headers });
  const non2xx = r.non2xx + r.errors;
  console.log(
    `${name.padEnd(34)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p99 ${String(r.latency.p99).padStart(4)} ms${non2xx ? `   (${non2xx} errors/non-2xx!)` : ''}`,
  );
  return r;
}

const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
const check = await fetch(`${base}/api/wasiat/${willId}`, { headers: auth });
if (check.status !== 200) throw new Error(`GET /api/wasiat/${willId} answered ${check.status}`);

console.log(`\n${CONNECTIONS} connections, ${DURATION} s each, ${WILLS} wills\n`);
const bareR = await load('bare Fastify route', bareUrl);
const readR = await load('GET /api/wasiat/{id} (authenticated)', `${base}/api/wasiat/${willId}`, auth);
await load('GET /api/wasiat?limit=15 (list)', `${base}/api/wasiat?limit=15`, auth);
await load('GET /api/wasiat?status=1&limit=15', `${base}/api/wasiat?status=1&limit=15`, auth);

const script = join(dir, 'select.sql');
writeFileSync(script, `SELECT * FROM wills WHERE id = '${willId}';\n`);
let pgbenchLine = 'pgbench not available';
try {
  const out = execFileSync(
    'pgbench',
    ['-n', '-c', String(CONNECTIONS), '-j', '2', '-T', String(DURATION), '-f', script, url.toString()],
    { encoding: 'utf8' },
  );
  const tps = /tps = ([\d.]+)/.exec(out)?.[1];
  const lat = /latency average = ([\d.]+) ms/.exec(out)?.[1];
  pgbenchLine = `${Number(tps).toFixed(0).padStart(7)} tx/s    avg ${lat} ms`;
} catch (e) {
  pgbenchLine = `pgbench failed: ${(e as Error).message.split('\n')[0]}`;
}
console.log(`${'pgbench, same SELECT by id'.padEnd(34)} ${pgbenchLine}`);
const ratio = (readR.requests.average / bareR.requests.average) * 100;
console.log(
  `\nauthenticated read = ${ratio.toFixed(1)}% of the bare route (goal ≥ 30%); p99 ${readR.latency.p99} ms (goal < 20 ms)`,
);

await app.close();
await bare.close();
await client.end();
await database.close();
await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await admin.end();
