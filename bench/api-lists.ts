/**
 * The list benchmark (issue 42 item 2; ADR 0277), the second half of the API bench (bench/api.ts measures the hot
 * read and the two plain first pages): seeds `--records N` (default 100,000; then 1,000,000 in a full run) wills,
 * amendments, hibahs and payments across organisations, branches, agents and clients (bench/lists/seed.ts), then
 * measures every list request the screens send (bench/lists/shapes.ts) as staff, partner, agent and client with
 * autocannon (50 connections, BENCH_LIST_SECONDS each after 1 s of warm-up), and prints each beside its goal:
 * ≥ 2,000 req/s and p99 < 50 ms at 100,000 records; p99 < 100 ms at 1,000,000 (bench/lib/results.ts).
 * `--explain` prints EXPLAIN (ANALYZE, BUFFERS) of every statement each shape sends (captured at the driver) instead
 * of measuring.
 *
 *   node --import tsx bench/api-lists.ts                      # 100,000 then 1,000,000 records (BENCH_QUICK=1: 20,000)
 *   node --import tsx bench/api-lists.ts --records 1000000    # one size only
 *   … --only 'status=1' --explain                             # shapes whose label or path contains the text
 *
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_DB_NAME (kept when given).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import type { Ctx } from '../apps/api/src/context.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed/seed.ts';
import { issueToken } from '../apps/api/src/platform/auth/tokens.ts';
import { loadEnv } from '../apps/api/src/platform/config/env.ts';
import { LocalFileStore } from '../apps/api/src/platform/files/storage.ts';
import { UrlSigner } from '../apps/api/src/platform/http/signed-url.ts';
import { createMailer } from '../apps/api/src/platform/mail/mailer.ts';
import { quick, report } from './lib/results.ts';
import { captureStatements, explainAll } from './lists/explain.ts';
import { BENCH_ORG, BENCH_USERS, mykadOf, seedPeople, seedRecords } from './lists/seed.ts';
import { listShapes, type Role } from './lists/shapes.ts';

const { values: args } = parseArgs({
  options: { records: { type: 'string' }, only: { type: 'string' }, explain: { type: 'boolean' } },
});
const SIZES = args.records ? [Number(args.records)] : quick ? [20_000] : [100_000, 1_000_000];
const DURATION = Number(process.env.BENCH_LIST_SECONDS ?? (quick ? 2 : 5));
const CONNECTIONS = 50;
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = process.env.BENCH_DB_NAME ?? `bench_${randomBytes(4).toString('hex')}`;
const keep = Boolean(process.env.BENCH_DB_NAME);

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName])).rowCount;
if (!exists) await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(adminUrl);
url.pathname = `/${dbName}`;
const database = await openDatabase({ url: url.toString(), max: 20 });
const client = new pg.Client({ connectionString: url.toString() });
await client.connect();
// the app's own connection settings (db/client.ts), so EXPLAIN shows the plans the app gets
await client.query('SET jit = off');
const seeded = Number((await client.query(`SELECT count(*)::int AS n FROM wills WHERE id LIKE 'bw%'`)).rows[0].n);
if (!seeded) {
  await seedDemo(database.db);
  await seedPeople(client, Math.max(...SIZES));
}

const dir = mkdtempSync(join(tmpdir(), 'wasiat-bench-'));
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
const staffId = (await client.query(`SELECT id FROM users WHERE username = 'staff'`)).rows[0].id as string;
const tokens: Record<Role, string> = {
  staff: await issueToken(database.db, staffId),
  partner: await issueToken(database.db, BENCH_USERS.partner),
  agent: await issueToken(database.db, BENCH_USERS.agent),
  client: await issueToken(database.db, BENCH_USERS.client),
};
const headers = (role: Role) => ({ Authorization: `Bearer ${tokens[role]}`, Accept: 'application/json' });

let done = seeded;
for (const n of SIZES) {
  if (done < n) {
    console.log(`seeding records ${done + 1}–${n} of each list (wills, hibahs, amendments, payments)…`);
    const t0 = Date.now();
    for (let from = done + 1; from <= n; from += 100_000)
      await seedRecords(client, Math.max(...SIZES), from, Math.min(n, from + 99_999));
    await client.query('VACUUM ANALYZE');
    console.log(`seeded in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    done = n;
  }
  // facts of the seeded data the shapes ask for (the client bc21 owns records 20, 20 + C, …)
  const c = Number(BENCH_USERS.client.slice(2));
  const g = c - 1;
  const one = async (q: string) => (await client.query(q)).rows[0]?.v as string;
  const facts = {
    clientId: BENCH_USERS.client,
    org: BENCH_ORG,
    mykad: mykadOf(4242), // a client of every size from 8,484 records
    wasiatNo: await one(`SELECT wasiat_no AS v FROM wills WHERE id LIKE 'bw4_' AND wasiat_no IS NOT NULL LIMIT 1`),
    referenceNo: await one(`SELECT reference_no AS v FROM amendments WHERE id = 'bam42'`),
    clientWill: `bw${g}`,
    far: 100,
  };
  const shapes = listShapes(facts).filter((s) => !args.only || `${s.label} ${s.path}`.includes(args.only));
  const k = `${n / 1000}k`;
  const p99Goal = n > 100_000 ? 100 : 50;
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s each (after 1 s of warm-up), ${n} records of each list\n`);
  for (const s of shapes) {
    const check = await fetch(base + s.path, { headers: headers(s.role) });
    const body = (await check.json()) as Record<string, { total?: number; data?: unknown[] }>;
    const page = Object.values(body)[0];
    const shown = `${s.kind} list (${s.role}) ${s.label}`;
    if (args.explain) {
      const texts = await captureStatements(database.db, () => fetch(base + s.path, { headers: headers(s.role) }));
      console.log(`\n── ${shown}: ${s.path}`);
      await explainAll(client, texts);
      continue;
    }
    await autocannon({ url: base + s.path, connections: CONNECTIONS, duration: 1, headers: headers(s.role) });
    const r = await autocannon({
      url: base + s.path,
      connections: CONNECTIONS,
      duration: DURATION,
      headers: headers(s.role),
    });
    // let the requests still in flight finish before the next shape (a slow shape's backlog would be measured there)
    for (let i = 0; i < 30; i++) {
      const t = Date.now();
      await fetch(base + s.path, { headers: headers(s.role) });
      if (Date.now() - t < 200) break;
    }
    const bad = r.non2xx + r.errors;
    const rate = r.requests.average;
    const rows = `${page?.data?.length ?? '?'} rows of ${page?.total ?? '?'}`;
    console.log(
      `${shown.padEnd(58)} ${rate.toFixed(0).padStart(6)} req/s  p99 ${String(r.latency.p99).padStart(4)} ms  (${check.status}, ${rows})`,
    );
    const ok = check.status === 200 && r.requests.total > 0 && bad === 0 && r.latency.p99 < p99Goal;
    if (n > 100_000)
      report(
        'api-lists',
        `${shown} at ${k}`,
        `p99 < ${p99Goal} ms`,
        `${rate.toFixed(0)} req/s, p99 ${r.latency.p99} ms`,
        ok,
      );
    else
      report(
        'api-lists',
        `${shown} at ${k}`,
        `>= 2,000 req/s, p99 < ${p99Goal} ms`,
        `${rate.toFixed(0)} req/s, p99 ${r.latency.p99} ms`,
        ok && rate >= 2000,
      );
  }
}

await app.close();
await client.end();
await database.close();
if (!keep) await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await admin.end();
