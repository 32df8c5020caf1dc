/**
 * API benchmark (issue 2 "bench/api.ts"; issue 18 items 1–3): seeds 100,000 wills in PostgreSQL, then measures
 * with autocannon (50 connections, BENCH_SECONDS each, after a warm-up of each target) the authenticated
 * `GET /api/wasiat/{id}`, the will list of a staff user (all organisations) and of a client (their own), beside,
 * in the same run, a bare Fastify route (the framework's limit), the bare route plus one SELECT by id through
 * node-postgres (the ceiling of any read that asks the database once; ADR 0196) and pgbench running the same
 * primary-key SELECT (the database's limit). Then the logging cost: CPU time per request of the same read through an app with the
 * production logger (http/logging.ts, asynchronous destination to /dev/null) and one without, alternated.
 * Then it adds wills up to BENCH_WILLS_LARGE (1,000,000) and measures the two lists again. Every other list shape the
 * screens send (filters, search, pages; wills, amendments, hibahs, payments; each role) is bench/api-lists.ts (ADR 0277).
 *
 *   node --import tsx bench/api.ts        # BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 *   BENCH_QUICK=1 …                       # 20,000 / 100,000 wills, 3 s runs (a smoke run; not the issue's sizes)
 *
 * Goals (issue 18): read ≥ 30% of the bare route, p99 < 20 ms; lists ≥ 2,000 req/s, p99 < 50 ms at 100,000 wills
 * and < 100 ms at 1,000,000; logging < 5% of a request's CPU. Prints each beside its goal (bench/lib/results.ts).
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
import type { Ctx } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed/seed.ts';
import { issueToken } from '../apps/api/src/platform/auth/tokens.ts';
import { loadEnv } from '../apps/api/src/platform/config/env.ts';
import { LocalFileStore } from '../apps/api/src/platform/files/storage.ts';
import { asyncDestination, loggerOptions } from '../apps/api/src/platform/http/logging.ts';
import { UrlSigner } from '../apps/api/src/platform/http/signed-url.ts';
import { createMailer } from '../apps/api/src/platform/mail/mailer.ts';
import { quick, report } from './lib/results.ts';

const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WILLS = Number(process.env.BENCH_WILLS ?? (quick ? 20_000 : 100_000));
const WILLS_LARGE = Number(process.env.BENCH_WILLS_LARGE ?? (quick ? 100_000 : 1_000_000));
const DURATION = Number(process.env.BENCH_SECONDS ?? (quick ? 3 : 10));
const CONNECTIONS = 50;

// BENCH_DB_NAME names the scratch database (created here and dropped at the end); default a random bench_….
const dbName = process.env.BENCH_DB_NAME ?? `bench_${randomBytes(4).toString('hex')}`;
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
/** Add the wills numbered from..to (deterministic: the same data every run). */
const addWills = (from: number, to: number) =>
  client.query(
    `INSERT INTO wills (id, user_id, created_by, organization_id, status, plan, wasiat_type, price_sen, created_at)
     SELECT 'bw' || g, 'bu' || (1 + g % 1000), 'bu' || (1 + g % 1000),
            (SELECT id FROM organizations WHERE code = 'DEMO'), g % 4, CASE WHEN g % 2 = 0 THEN 'basic' ELSE 'comprehensive' END,
            1, 35000, now() - (g || ' minutes')::interval
     FROM generate_series($1::int, $2::int) g`,
    [from, to],
  );
await addWills(1, WILLS);
// VACUUM as well as ANALYZE: the steady state autovacuum reaches after inserts (PostgreSQL 13+ vacuums on inserts),
// with the visibility map set so a client's total is counted from the index alone (ADR 0195); a table measured
// straight after a bulk load reads the heap instead (ADR 0198). bench/reports.ts does the same.
await client.query('VACUUM ANALYZE');
console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);

const dir = mkdtempSync(join(tmpdir(), 'wasiat-bench-'));
// With METRICS_TOKEN, as production runs: every request is recorded for /metrics (ops/metrics.ts; ADR 0237).
const env = loadEnv({ NODE_ENV: 'production', METRICS_TOKEN: 'bench-metrics-token-0123456789' });
const ctx: Ctx = {
  db: database.db,
  env,
  store: new LocalFileStore(join(dir, 'files')),
  mailer: createMailer({ from: env.MAIL_FROM, outboxDir: dir, log: () => {} }),
  signer: new UrlSigner('bench'),
  appUrl: 'http://localhost',
};
const app = await buildApp(ctx);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const staff = await client.query(`SELECT id FROM users WHERE username = 'staff'`);
const token = await issueToken(database.db, staff.rows[0].id);
// A client with wills of their own (bu42: every 1,000th will; 100 at 100,000 wills, 1,000 at 1,000,000).
const clientToken = await issueToken(database.db, 'bu42');
const willId = `bw${Math.min(4242, WILLS)}`;

const bare = Fastify();
bare.get('/bare', async () => ({ wasiat: { id: willId, status: 2 } }));
// The floor of any read that asks the database (ADR 0196): the bare route plus ONE round trip through node-postgres
// (a pool of 20, a named prepared statement: the same SELECT by id as pgbench), nothing else: no token, no scope,
// no serializer. What the authenticated read costs beyond this is the app's own.
const floorPool = new pg.Pool({ connectionString: url.toString(), max: 20 });
bare.get('/bare-select', async () => {
  const r = await floorPool.query({
    name: 'floor_select',
    text: 'SELECT * FROM wills WHERE id = $1',
    values: [willId],
  });
  return { wasiat: r.rows[0] };
});
await bare.listen({ port: 0, host: '127.0.0.1' });
const bareUrl = `http://127.0.0.1:${(bare.server.address() as { port: number }).port}/bare`;

/** Warm up (2 s, not counted), then measure `target` for DURATION seconds with CONNECTIONS connections. */
async function load(name: string, target: string, headers: Record<string, string> = {}) {
  await autocannon({ url: target, connections: CONNECTIONS, duration: 2, headers });
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

console.log(`\n${CONNECTIONS} connections, ${DURATION} s each (after 2 s of warm-up), ${WILLS} wills\n`);
const clientAuth = { Authorization: `Bearer ${clientToken}`, Accept: 'application/json' };
const bareR = await load('bare Fastify route', bareUrl);
const readR = await load('GET /api/wasiat/{id} (authenticated)', `${base}/api/wasiat/${willId}`, auth);
const bareR2 = await load('bare Fastify route (again)', bareUrl);
const floorR = await load('bare route + one SELECT by id', `${bareUrl}-select`);
const staffList = await load('GET /api/wasiat?limit=15 (staff)', `${base}/api/wasiat?limit=15`, auth);
await load('GET /api/wasiat?status=1&limit=15 (staff)', `${base}/api/wasiat?status=1&limit=15`, auth);
const clientList = await load('GET /api/wasiat?limit=15 (client)', `${base}/api/wasiat?limit=15`, clientAuth);

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
console.log(`${'pgbench, same SELECT by id'.padEnd(34)} ${pgbenchLine}\n`);

// The bare route measured before and after the read: the ratio is to their mean (same run, same load).
const bareMean = (bareR.requests.average + bareR2.requests.average) / 2;
const ratio = (readR.requests.average / bareMean) * 100;
const k = (n: number) => `${(n / 1000).toFixed(0)}k`;
report('api', 'GET /api/wasiat/{id} vs bare route', '>= 30%', `${ratio.toFixed(1)}%`, ratio >= 30);
console.log(
  `bare route + one SELECT by id: ${((floorR.requests.average / bareMean) * 100).toFixed(1)}% of the bare route` +
    ` (the ceiling of a read that asks the database once, here); the read is ${((readR.requests.average / floorR.requests.average) * 100).toFixed(1)}% of it`,
);
report(
  'api',
  'GET /api/wasiat/{id} p99',
  '< 20 ms',
  `${readR.latency.p99} ms`,
  readR.requests.total > 0 && readR.non2xx + readR.errors === 0 && readR.latency.p99 < 20,
);
const listFigures = (who: string, r: autocannon.Result, wills: number, p99Goal: number, rateGoal?: number) => {
  if (rateGoal)
    report(
      'api',
      `will list (${who}) at ${k(wills)} wills`,
      `>= ${rateGoal.toLocaleString('en')} req/s`,
      `${r.requests.average.toFixed(0)} req/s`,
      r.non2xx + r.errors === 0 && r.requests.average >= rateGoal,
    );
  report(
    'api',
    `will list (${who}) p99 at ${k(wills)} wills`,
    `< ${p99Goal} ms`,
    `${r.latency.p99} ms`,
    // a run that answered nothing, or with errors, is not met (ADR 0115)
    r.requests.total > 0 && r.non2xx + r.errors === 0 && r.latency.p99 < p99Goal,
  );
};
listFigures('staff, all organisations', staffList, WILLS, 50, 2000);
listFigures("client's own", clientList, WILLS, 50, 2000);

// Logging: CPU time per request of the same read, in this process, through an app with the production
// logger (one line per request, asynchronous destination; here /dev/null) and through one without. Requests
// are injected (no sockets: the request's own CPU, so the share is if anything overstated). The database's time
// is not this process's CPU.
const logged = await buildApp(ctx, { logger: loggerOptions('info', { stream: asyncDestination('/dev/null') }) });
const plain = await buildApp(ctx);
await Promise.all([logged.ready(), plain.ready()]);
const ROUND = quick ? 500 : 1000;
/** CPU time (µs) of this process per request, `ROUND` requests injected one after another. */
async function cpuPerRequest(
  a: typeof app | typeof bare,
  path = `/api/wasiat/${willId}`,
  headers: Record<string, string> = auth,
) {
  const c0 = process.cpuUsage();
  for (let i = 0; i < ROUND; i++) {
    const r = await a.inject({ method: 'GET', url: path, headers });
    if (r.statusCode !== 200) throw new Error(`inject answered ${r.statusCode}`);
  }
  const c = process.cpuUsage(c0);
  return (c.user + c.system) / ROUND; // µs
}
await cpuPerRequest(logged);
await cpuPerRequest(plain);
// Interleaved request by request: each logged request is followed by the same request without the logger, and
// the process's CPU time is read around each one, so the machine's drift (other load, JIT, GC) falls on both
// sides alike; the share is the median over blocks of ROUND pairs (ADR 0188). Medians of whole rounds of each
// app moved by ±5% between runs, about the size of the figure itself.
const BLOCKS = quick ? 7 : 15;
const injectRead = async (a: typeof app) => {
  const r = await a.inject({ method: 'GET', url: `/api/wasiat/${willId}`, headers: auth });
  if (r.statusCode !== 200) throw new Error(`inject answered ${r.statusCode}`);
};
/**
 * The mean of the lower 98% of per-request CPU times: the top 2% are the requests that a major GC or the
 * scheduler happened to land on (a few ms each, on either side at random), which moved a block's share by ±15%.
 */
const trimmedMean = (xs: number[]) => {
  const kept = [...xs].sort((a, b) => a - b).slice(0, Math.ceil(xs.length * 0.98));
  return kept.reduce((a, b) => a + b, 0) / kept.length;
};
const withLog: number[] = [];
const without: number[] = [];
const blockShares: number[] = [];
for (let b = 0; b < BLOCKS; b++) {
  const l: number[] = [];
  const n: number[] = [];
  for (let i = 0; i < ROUND; i++) {
    const c0 = process.cpuUsage();
    await injectRead(logged);
    const c1 = process.cpuUsage(c0);
    const c2 = process.cpuUsage();
    await injectRead(plain);
    const c3 = process.cpuUsage(c2);
    l.push(c1.user + c1.system);
    n.push(c3.user + c3.system);
  }
  const lm = trimmedMean(l);
  const nm = trimmedMean(n);
  withLog.push(lm);
  without.push(nm);
  blockShares.push(((lm - nm) / lm) * 100);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const share = median(blockShares);
console.log(
  `\nCPU per read: ${median(withLog).toFixed(0)} µs with the logger, ${median(without).toFixed(0)} µs without` +
    ` (${BLOCKS} blocks of ${ROUND} interleaved pairs, trimmed means; the blocks' shares from ${Math.min(...blockShares).toFixed(1)}%` +
    ` to ${Math.max(...blockShares).toFixed(1)}%, median ${share.toFixed(1)}%)`,
);
report('api', 'logging share of a request CPU', '< 5%', `${Math.max(0, share).toFixed(1)}%`, share < 5);

// CPU per request of each route, injected (no sockets, no autocannon): far less sensitive to the machine's load
// than req/s, so a change in the app's own cost shows here even on a busy machine (ADR 0139). Medians of 5.
const cpuOf = async (a: typeof app | typeof bare, path: string, headers: Record<string, string>) => {
  await cpuPerRequest(a, path, headers);
  const xs: number[] = [];
  for (let i = 0; i < 5; i++) xs.push(await cpuPerRequest(a, path, headers));
  return median(xs);
};
const cpuBare = await cpuOf(bare, '/bare', {});
const cpuFloor = await cpuOf(bare, '/bare-select', {});
const cpuRead = await cpuOf(plain, `/api/wasiat/${willId}`, auth);
const cpuStaffList = await cpuOf(plain, '/api/wasiat?limit=15', auth);
const cpuClientList = await cpuOf(plain, '/api/wasiat?limit=15', clientAuth);
console.log(
  `CPU per request, injected (medians of 5 × ${ROUND}): bare route ${cpuBare.toFixed(0)} µs, bare route + one SELECT ${cpuFloor.toFixed(0)} µs, read ${cpuRead.toFixed(0)} µs` +
    ` (bare/read ${((cpuBare / cpuRead) * 100).toFixed(1)}%), list staff ${cpuStaffList.toFixed(0)} µs, list client ${cpuClientList.toFixed(0)} µs`,
);
await logged.close();
await plain.close();

// The lists at the large size: more wills, same users.
if (WILLS_LARGE > WILLS) {
  console.log(`\nadding wills up to ${WILLS_LARGE}…`);
  const t1 = Date.now();
  for (let from = WILLS + 1; from <= WILLS_LARGE; from += 200_000)
    await addWills(from, Math.min(WILLS_LARGE, from + 199_999));
  await client.query('VACUUM ANALYZE');
  console.log(`added in ${((Date.now() - t1) / 1000).toFixed(1)} s\n`);
  const staffBig = await load('GET /api/wasiat?limit=15 (staff)', `${base}/api/wasiat?limit=15`, auth);
  const clientBig = await load('GET /api/wasiat?limit=15 (client)', `${base}/api/wasiat?limit=15`, clientAuth);
  listFigures('staff, all organisations', staffBig, WILLS_LARGE, 100);
  listFigures("client's own", clientBig, WILLS_LARGE, 100);
}

await app.close();
await bare.close();
await floorPool.end();
await client.end();
await database.close();
await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await admin.end();
