/**
 * Web client benchmark (issue 18 item 4; ADR 0116): builds the SPA, starts the real server (apps/api/src/main.ts,
 * embedded PGlite with the demo seed in a temporary DATA_DIR), and runs Lighthouse 12 (mobile, simulated slow 4G
 * and 4× CPU, the default) in Debian's Chromium on `/login` (logged out) and on the demo client's `/dashboard`
 * and `/wasiat/part-a` (the token and user of `POST /api/login` put in localStorage as the login page stores them; the HTTP
 * cache is cleared before each run so every asset is transferred). The server speaks HTTPS with HTTP/2, as a phone
 * meets the service (TLS_CERT_FILE/TLS_KEY_FILE, a certificate made by openssl for the run; ADR 0207);
 * `BENCH_PLAIN_HTTP=1` serves plain HTTP/1.1 instead, to compare. Prints, per page, the performance score,
 * LCP and the JavaScript transferred (compressed bytes on the wire), each beside its goal.
 *
 *   node --import tsx bench/web.ts            # env: CHROME_PATH (default /usr/bin/chromium), BENCH_PORT (3290),
 *                                             # BENCH_RUNS (5: runs per page, the median is kept), BENCH_SKIP_BUILD=1,
 *                                             # BENCH_BASE_URL (measure a server already running with the demo
 *                                             # seed, e.g. when a loaded machine starts one slower than 3 minutes),
 *                                             # BENCH_LHR_DIR (a folder: each run's Lighthouse result is kept there),
 *                                             # BENCH_PAGES (comma-separated paths: measure only these pages)
 *
 * Goals (issue 18 item 4): `/login` ≤ 150 kB of JavaScript, every other page ≤ 300 kB; performance ≥ 95 and
 * LCP ≤ 2.5 s on the three pages. With `BENCH_RESULTS=<file>` one JSON line per figure is appended:
 * `{"bench":"web","figure":"/login Lighthouse performance","goal":">= 95","value":"97","met":true}`.
 */
import { execFileSync, spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { selfSignedCertificate } from '../apps/api/test/self-signed.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3290);
const external = process.env.BENCH_BASE_URL;
const plainHttp = process.env.BENCH_PLAIN_HTTP === '1';
const base = external ?? `${plainHttp ? 'http' : 'https'}://localhost:${port}`;
// The median of 5 runs per page: one run's score moved by ±3 between runs of the same build here, and Lighthouse's
// own advice for a figure is the median of several runs (ADR 0205).
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 5));
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// As e2e/playwright.config.ts launches Chromium.
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  // The server's certificate is made for this run (below): self-signed.
  '--ignore-certificate-errors',
];

interface Page {
  path: string;
  /** Log in as the demo client first. */
  auth: boolean;
  /** Goal for the JavaScript transferred, bytes. */
  jsGoal: number;
}
const PAGES: Page[] = [
  { path: '/login', auth: false, jsGoal: 150 * 1024 },
  { path: '/dashboard', auth: true, jsGoal: 300 * 1024 },
  { path: '/wasiat/part-a', auth: true, jsGoal: 300 * 1024 },
];
const only = process.env.BENCH_PAGES?.split(',');
const SCORE_GOAL = 95;
const LCP_GOAL_MS = 2500;

/** One figure: printed, and appended to BENCH_RESULTS when set (the format shared by the benchmarks). */
function figure(name: string, goal: string, value: string, met: boolean) {
  console.log(`${name.padEnd(44)} ${value.padStart(10)}   goal ${goal.padEnd(10)} ${met ? 'met' : 'NOT met'}`);
  if (process.env.BENCH_RESULTS) {
    appendFileSync(process.env.BENCH_RESULTS, `${JSON.stringify({ bench: 'web', figure: name, goal, value, met })}\n`);
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * `fetch` for the benchmark's own calls to the server: over HTTPS the certificate is this run's self-signed one,
 * which Node's fetch refuses, so those go through `https.request` without verifying it.
 */
async function call(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  if (!url.startsWith('https:')) return fetch(url, init);
  return new Promise<{ ok: boolean; status: number; json: () => Promise<unknown> }>((resolve, reject) => {
    const req = httpsRequest(
      url,
      { method: init.method ?? 'GET', headers: init.headers, rejectUnauthorized: false },
      (res) => {
        let text = '';
        res.on('data', (c) => {
          text += c;
        });
        res.on('end', () => {
          const status = res.statusCode ?? 0;
          resolve({ ok: status >= 200 && status < 300, status, json: async () => JSON.parse(text) });
        });
      },
    );
    req.on('error', reject);
    req.end(init.body);
  });
}

async function waitForHealth(timeoutMs: number) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      if ((await call(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the server did not answer ${base}/api/health`);
}

/** The demo client's session as `POST /api/login` answers it: the token and the user (lib/storage.ts keeps both). */
async function clientSession(): Promise<{ token: string; user: unknown }> {
  const r = await call(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', Type: 'api-private' },
    body: JSON.stringify({ username: 'client', password: 'Demo12345' }),
  });
  const body = (await r.json()) as { token?: string; user?: unknown };
  if (!body.token || !body.user) throw new Error(`demo client login failed: ${r.status} ${JSON.stringify(body)}`);
  return { token: body.token, user: body.user };
}

/**
 * One Lighthouse run of `url`. A run whose trace Lighthouse could not record (a `runtimeError` such as
 * NO_NAVSTART, for which Lighthouse's own advice is to run it again) is run again, up to 3 times in all.
 */
async function measure(chromePort: number, url: string) {
  for (let attempt = 1; ; attempt++) {
    const result = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      disableStorageReset: true,
    });
    if (!result) throw new Error(`no Lighthouse result for ${url}`);
    const err = result.lhr.runtimeError;
    if (!err) return result.lhr;
    if (attempt >= 3) throw new Error(`${url}: ${err.code} ${err.message}`);
    console.log(`  ${url}: ${err.code}, run again`);
  }
}

if (!process.env.BENCH_SKIP_BUILD && !external) {
  console.log('building apps/web …');
  execFileSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
}
const dataDir = mkdtempSync(join(tmpdir(), 'wasiat-bench-web-'));
// HTTPS with HTTP/2 (ADR 0207): a certificate for localhost, made for this run.
const tlsEnv: Record<string, string> = {};
if (!plainHttp && !external) {
  const { certFile, keyFile } = selfSignedCertificate(dataDir);
  tlsEnv.TLS_CERT_FILE = certFile;
  tlsEnv.TLS_KEY_FILE = keyFile;
}
const server = external
  ? null
  : spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        SEED_DEMO: '1',
        ...tlsEnv,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth(180_000);
  const client = await clientSession();
  chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  console.log(
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, ${runs} run(s) per page; ${base}`,
  );
  for (const p of PAGES.filter((x) => !only || only.includes(x.path))) {
    const scores: number[] = [];
    const lcps: number[] = [];
    const js: number[] = [];
    for (let i = 0; i < runs; i++) {
      // The session as the client keeps it (lib/storage.ts), then an empty HTTP cache.
      const page = await browser.newPage();
      await page.goto(`${base}/pdpa`, { waitUntil: 'load' });
      // As the login page leaves it (lib/storage.ts): `id_token` and `LOGGED_USER`.
      await page.evaluate(
        (c) => {
          localStorage.clear();
          if (c) {
            localStorage.setItem('id_token', c.token);
            localStorage.setItem('LOGGED_USER', JSON.stringify(c.user));
          }
        },
        p.auth ? client : null,
      );
      const cdp = await page.createCDPSession();
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
      await page.close();
      const lhr = await measure(chrome.port, `${base}${p.path}`);
      // BENCH_LHR_DIR=<dir>: keep each run's Lighthouse result (JSON) to read its audits
      if (process.env.BENCH_LHR_DIR)
        writeFileSync(
          join(process.env.BENCH_LHR_DIR, `${p.path.replace(/\W+/g, '_')}-${i + 1}.json`),
          JSON.stringify(lhr),
        );
      const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
      if (finalPath !== p.path) throw new Error(`${p.path} ended on ${finalPath} (not logged in?)`);
      scores.push(Math.round((lhr.categories.performance.score ?? 0) * 100));
      const ms = (id: string) => `${Math.round(lhr.audits[id]?.numericValue ?? Number.NaN)} ms`;
      console.log(
        `  ${p.path} run ${i + 1}: FCP ${ms('first-contentful-paint')}, TBT ${ms('total-blocking-time')}, ` +
          `speed index ${ms('speed-index')}, TTI ${ms('interactive')}`,
      );
      lcps.push(lhr.audits['largest-contentful-paint'].numericValue ?? Number.NaN);
      const items =
        (lhr.audits['network-requests'].details as { items?: { resourceType?: string; transferSize?: number }[] })
          .items ?? [];
      js.push(items.filter((r) => r.resourceType === 'Script').reduce((s, r) => s + (r.transferSize ?? 0), 0));
    }
    const score = median(scores);
    const lcp = median(lcps);
    const bytes = median(js);
    figure(`${p.path} Lighthouse performance`, `>= ${SCORE_GOAL}`, String(score), score >= SCORE_GOAL);
    figure(`${p.path} LCP`, `<= ${LCP_GOAL_MS} ms`, `${Math.round(lcp)} ms`, lcp <= LCP_GOAL_MS);
    figure(
      `${p.path} JavaScript transferred`,
      `<= ${p.jsGoal / 1024} kB`,
      `${(bytes / 1024).toFixed(1)} kB`,
      bytes <= p.jsGoal,
    );
  }
  await browser.disconnect();
} finally {
  await chrome?.kill();
  if (server) {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
  }
  rmSync(dataDir, { recursive: true, force: true });
}
