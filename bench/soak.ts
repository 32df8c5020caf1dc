/**
 * Soak of two processes (issue 35 "Not done until": "a 10-minute soak of two processes prints event-loop delay
 * p99 < 100 ms and no memory growth"; ADR 0254). Not a test: a bench, run by `npm run bench -- soak` or
 * `node --import tsx bench/soak.ts`.
 *
 * It starts, as production does (ADR 0246), two compiled API processes (`apps/api/dist/main.js`, built when
 * missing) on a fresh PostgreSQL database (BENCH_DATABASE_URL's server, dropped after) with files in a real
 * S3-compatible server (s3rver), job runners on, `/metrics` behind a token. Then, for SOAK_SECONDS (600; 60 with
 * BENCH_QUICK=1), autocannon drives each process at a steady SOAK_RATE requests per second (60) over 10
 * keep-alive connections, mixing what people do all day: a client's notice settings (read and written) and will
 * list, an agent's client list, staff's will list and a monthly report, a health check, and 1 in 8 requests a login
 * (half of them failing). Every 10 s it reads each
 * process's `/metrics`: the event-loop delay p99 of the interval (prom-client resets its histogram at each scrape),
 * the resident set and the heap in use.
 *
 * Figures, each beside its goal: the worst interval's event-loop p99 of either process (< 100 ms); memory growth
 * of each process — the heap in use (after the first fifth, the warm-up) from the mean of the second fifth to the
 * mean of the last fifth (< 10%), and the same of the resident set (< 10%); non-2xx answers other than the
 * expected 401s and 422s (0).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD } from '../apps/api/src/db/seed/seed.ts';
import { currentCode, DEMO_TOTP_SECRET } from '../apps/api/src/modules/auth/two-factor.ts';
import { compiledServer, repoRoot } from '../apps/api/test/compiled.ts';
import { freePort, startS3rver } from '../apps/api/test/s3rver.ts';
import { quick, report } from './lib/results.ts';

const server = (process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test').replace(/\/[^/]*$/, '');
const SECONDS = Number(process.env.SOAK_SECONDS ?? (quick ? 60 : 600));
const RATE = Number(process.env.SOAK_RATE ?? 60);
const SCRAPE_MS = 10_000;
const dbName = `soak_${randomBytes(4).toString('hex')}`;
const metricsToken = randomBytes(24).toString('base64url');
const appKey = randomBytes(32).toString('base64url');

async function admin(sql: string) {
  const c = new pg.Client({ connectionString: `${server}/postgres` });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

interface Sample {
  at: number;
  loopP99Ms: number;
  rssMb: number;
  heapMb: number;
}

/** One API process: the compiled server on its own port and data folder. */
class Api {
  child: ChildProcess | null = null;
  readonly dataDir = mkdtempSync(join(tmpdir(), 'wasiat-soak-'));
  readonly samples: Sample[] = [];
  constructor(
    readonly n: number,
    readonly port: number,
  ) {}
  get url() {
    return `http://127.0.0.1:${this.port}`;
  }
  async start(main: string, s3env: Record<string, string>) {
    this.child = spawn(process.env.API_NODE || process.execPath, ['--enable-source-maps', main], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'development',
        DATABASE_URL: `${server}/${dbName}`,
        PORT: String(this.port),
        HOST: '127.0.0.1',
        JOBS: '1',
        DATA_DIR: this.dataDir,
        APP_KEY: appKey,
        APP_URL: this.url,
        LOG_LEVEL: 'warn',
        SEED_DEMO: '1',
        RATE_LIMIT_SCALE: '1000',
        METRICS_TOKEN: metricsToken,
        MALLOC_ARENA_MAX: '2',
        AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
        ...s3env,
      },
    });
    for (let i = 0; i < 240; i++) {
      const ok = await fetch(`${this.url}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) return;
      await sleep(500);
    }
    throw new Error(`process ${this.n} did not become ready`);
  }
  async json(method: string, path: string, body?: unknown, token?: string) {
    const r = await fetch(`${this.url}${path}`, {
      method,
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json().catch(() => ({}))) as any };
  }
  async login(username: string): Promise<string> {
    const r = await this.json('POST', '/api/login', { username, password: DEMO_PASSWORD });
    if (r.body.token) return r.body.token;
    if (!r.body.challenge) throw new Error(`login ${username}: ${r.status} ${JSON.stringify(r.body)}`);
    const v = await this.json('POST', '/api/two-factor/verify', {
      challenge: r.body.challenge,
      code: await currentCode(DEMO_TOTP_SECRET),
    });
    return v.body.token;
  }
  /** Read this process's figures from `/metrics`. */
  async scrape(): Promise<void> {
    const text = await fetch(`${this.url}/metrics`, { headers: { Authorization: `Bearer ${metricsToken}` } }).then(
      (r) => r.text(),
    );
    const value = (name: string) => Number(new RegExp(`^${name}(?:\\{[^}]*\\})? ([0-9.e+-]+)$`, 'm').exec(text)?.[1]);
    this.samples.push({
      at: Date.now(),
      loopP99Ms: value('nodejs_eventloop_lag_p99_seconds') * 1000,
      rssMb: value('process_resident_memory_bytes') / 2 ** 20,
      heapMb: value('nodejs_heap_size_used_bytes') / 2 ** 20,
    });
  }
  async stop() {
    if (this.child && this.child.exitCode === null) {
      const exited = new Promise((r) => this.child?.once('exit', r));
      this.child.kill('SIGTERM');
      await Promise.race([exited, sleep(30_000)]);
    }
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
/** Growth in percent from the second fifth of the run to the last fifth (the first fifth is the warm-up). */
function growth(samples: Sample[], key: 'rssMb' | 'heapMb') {
  const k = Math.max(1, Math.floor(samples.length / 5));
  const early = mean(samples.slice(k, 2 * k).map((s) => s[key]));
  const late = mean(samples.slice(-k).map((s) => s[key]));
  return { early, late, pct: ((late - early) / early) * 100 };
}

const main = await compiledServer();
await admin(`CREATE DATABASE ${dbName}`);
const s3 = await startS3rver('wasiat-soak');
const apis = [new Api(1, await freePort()), new Api(2, await freePort())];
try {
  await Promise.all(apis.map((a) => a.start(main, s3.env)));
  const [A] = apis;
  const client = await A.login('client');
  const agent = await A.login('agent');
  const staff = await A.login('staff');
  const auth = (t: string) => ({ Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' });
  const reads: autocannon.Request[] = [
    { method: 'GET', path: '/api/profile/notices', headers: auth(client) },
    { method: 'GET', path: '/api/wasiat?limit=15', headers: auth(client) },
    { method: 'GET', path: '/api/client?limit=15', headers: auth(agent) },
    { method: 'GET', path: '/api/wasiat?limit=15', headers: auth(staff) },
    { method: 'GET', path: '/api/reports/monthly', headers: auth(staff) },
    { method: 'PATCH', path: '/api/profile/notices', headers: auth(client), body: JSON.stringify({ sms: false }) },
    { method: 'GET', path: '/healthz' },
  ];
  // Two rounds of the reads, then a login and a failed login: 2 of 16 requests check a password (argon2).
  const requests: autocannon.Request[] = [
    ...reads,
    ...reads,
    {
      method: 'POST',
      path: '/api/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'client', password: DEMO_PASSWORD }),
    },
    {
      method: 'POST',
      path: '/api/login',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'nobody', password: 'wrong-password' }),
    },
  ];
  console.log(
    `soak: 2 compiled processes on PostgreSQL (${dbName}) with S3, ${SECONDS} s at ${RATE} req/s each, ${requests.length} kinds of request`,
  );
  let scraping = true;
  const scraper = (async () => {
    while (scraping) {
      await sleep(SCRAPE_MS);
      await Promise.all(apis.map((a) => a.scrape().catch(() => undefined)));
      const last = apis.map((a) => a.samples.at(-1));
      console.log(
        `  ${apis.map((a, i) => `P${a.n}: loop p99 ${last[i]?.loopP99Ms.toFixed(1)} ms, rss ${last[i]?.rssMb.toFixed(0)} MB, heap ${last[i]?.heapMb.toFixed(0)} MB`).join(' · ')}`,
      );
    }
  })();
  const runs = await Promise.all(
    apis.map((a) => autocannon({ url: a.url, connections: 10, overallRate: RATE, duration: SECONDS, requests })),
  );
  scraping = false;
  await scraper;

  const sent = runs.reduce((s, r) => s + r.requests.total, 0);
  const sum = (f: (r: autocannon.Result) => number) => runs.reduce((s, r) => s + f(r), 0);
  // The failed login (1 of the kinds) answers 4xx by design; any other 4xx, a 1xx/3xx/5xx, an error or a timeout counts.
  const expected4xx = Math.ceil(sent / requests.length) + 10;
  const bad =
    sum((r) => r.errors + r.timeouts + r['1xx'] + r['3xx'] + r['5xx']) +
    Math.max(0, sum((r) => r['4xx']) - expected4xx);
  const worstLoop = Math.max(...apis.flatMap((a) => a.samples.slice(1).map((s) => s.loopP99Ms)));
  report(
    'soak',
    `${SECONDS} s, 2 processes: requests answered`,
    `${RATE * 2 * SECONDS} at ${RATE}/s each`,
    String(sent),
    sent >= RATE * 2 * SECONDS * 0.95,
  );
  report(
    'soak',
    'worst 10-s event-loop delay p99 of either process',
    '< 100 ms',
    `${worstLoop.toFixed(1)} ms`,
    worstLoop < 100,
  );
  for (const a of apis) {
    const heap = growth(a.samples, 'heapMb');
    const rss = growth(a.samples, 'rssMb');
    report(
      'soak',
      `process ${a.n} heap in use, 2nd fifth → last fifth`,
      '< 10% growth',
      `${heap.early.toFixed(1)} → ${heap.late.toFixed(1)} MB (${heap.pct.toFixed(1)}%)`,
      heap.pct < 10,
    );
    report(
      'soak',
      `process ${a.n} resident set, 2nd fifth → last fifth`,
      '< 10% growth',
      `${rss.early.toFixed(1)} → ${rss.late.toFixed(1)} MB (${rss.pct.toFixed(1)}%)`,
      rss.pct < 10,
    );
  }
  report('soak', 'errors, timeouts, 5xx and unexpected 4xx', '0', String(bad), bad === 0);
} finally {
  for (const a of apis) await a.stop();
  await s3.stop();
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`).catch(() => undefined);
}
