/**
 * Drives the product's built 2021 web client (GitHub `JumperWasHere/awaris`, commit 3ff95d9; issue 39 item 2) in
 * Chromium against our API and records every call it makes to `/api`: method, path, query, body (JSON, or the
 * multipart fields with files as `<file name type size>`), the headers that matter (`Authorization` as
 * `Bearer <token>`/`Bearer null`, `Type`, `X-localization`, `Accept`, `Content-Type`), status, the reply's keys
 * (dotted paths, `[]` for the elements of an array) and the 422/4xx message. None of the client's code is here:
 * the client is built outside this repository (commands in docs/compat-2021-capture.md) and given by its path.
 *
 * Each journey (scripts/capture-2021/journeys.mjs) is a list of steps; a step acts on the page and names what the
 * next screen shows. A journey's calls are written to apps/api/test/contract/captured/<journey>.json, and counted in
 * the five classes of issue 39: (a) went on; (b) 2xx but the screen broke (an uncaught page error or a console error
 * after it within its step, or the step's next screen not reached: then its last 2xx call; not vue-router's
 * "Navigation cancelled … with a new navigation", the client's own guard redirecting); (c) 404; (d) other 4xx;
 * (e) 5xx.
 *
 * With `--assist`, a journey's `assists` change a request on its way (each one a known refusal, e.g. a JSON null
 * where we want a string) so that the journey can be followed past it; such calls carry `assisted: {note,
 * sent_body}` in the fixture and the counts are those of the assisted run (say so when quoting them).
 *
 * Usage:
 *   node scripts/capture-2021.mjs --client /work/awaris-dist [--api http://127.0.0.1:3100/api] [--port 4100]
 *        [--journeys a,b,c,d,e] [--out apps/api/test/contract/captured] [--shots /tmp/capture-shots] [--assist]
 * The build's VUE_APP_API_URL must be the `--api` address (the client bakes it in). When nothing answers there, the
 * script starts our API itself (PGlite in a temporary DATA_DIR, the demo seed, CORS_ORIGINS the client's origin,
 * APP_URL the API's own: the gateway returns to the client's absolute redirect_url, ADR 0256) and stops it at the end. The demo users' second factor is not passed (the 2021 client has none).
 */
import { execFileSync, spawn } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { extname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { JOURNEYS } from './capture-2021/journeys.mjs';

const root = new URL('..', import.meta.url).pathname;
const { values: args } = parseArgs({
  options: {
    client: { type: 'string', default: process.env.CLIENT_2021_DIST },
    api: { type: 'string', default: process.env.CLIENT_2021_API ?? 'http://127.0.0.1:3100/api' },
    port: { type: 'string', default: '4100' },
    journeys: { type: 'string', default: Object.keys(JOURNEYS).join(',') },
    out: { type: 'string', default: join(root, 'apps/api/test/contract/captured') },
    shots: { type: 'string' },
    headed: { type: 'boolean', default: false },
    assist: { type: 'boolean', default: false },
  },
});
if (!args.client || !existsSync(join(args.client, 'index.html'))) {
  console.error('--client <dir of the built 2021 client, with index.html> is required');
  process.exit(2);
}
const apiBase = args.api.replace(/\/+$/, '');
const origin = `http://127.0.0.1:${args.port}`;

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.json': 'application/json',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.ico': 'image/x-icon',
  '.gif': 'image/gif',
};

/** Serves the built client, every unknown path answered with index.html (the client's router is in history mode). */
function serveClient(dir, port) {
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url, origin).pathname);
    let file = resolve(dir, `.${path}`);
    if (!file.startsWith(resolve(dir)) || !existsSync(file) || statSync(file).isDirectory())
      file = join(dir, 'index.html');
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok) => server.listen(Number(port), '127.0.0.1', () => ok(server)));
}

async function apiUp() {
  try {
    return (await fetch(`${new URL(apiBase).origin}/healthz`)).ok;
  } catch {
    return false;
  }
}

/** Starts our API on the `--api` port (PGlite in a temporary DATA_DIR, demo seed), when none answers there. */
async function startApi() {
  if (await apiUp()) return null;
  const u = new URL(apiBase);
  const dataDir = mkdtempSync(join(tmpdir(), 'capture-2021-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: u.port,
      HOST: u.hostname,
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      CORS_ORIGINS: origin,
      APP_URL: u.origin,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 120 && !(await apiUp()); i++) await new Promise((r) => setTimeout(r, 500));
  if (!(await apiUp())) throw new Error('our API did not become ready');
  console.log(`API started (DATA_DIR ${dataDir})`);
  return child;
}

/** Dotted key paths of a reply, `[]` for the elements of an array (first three elements merged), to depth 5. */
function keyPaths(v, prefix = '', depth = 0, out = new Set()) {
  if (depth > 5 || v === null || typeof v !== 'object') return out;
  if (Array.isArray(v)) {
    for (const e of v.slice(0, 3)) keyPaths(e, `${prefix}[]`, depth + 1, out);
    return out;
  }
  for (const [k, x] of Object.entries(v)) {
    const p = prefix ? `${prefix}.${k}` : k;
    out.add(p);
    keyPaths(x, p, depth + 1, out);
  }
  return out;
}

/** Long strings (base64 images) shortened in the fixture: `<N chars: first 24…>`. */
function shorten(v) {
  if (typeof v === 'string') return v.length > 200 ? `<${v.length} chars: ${v.slice(0, 24)}…>` : v;
  if (Array.isArray(v)) return v.map(shorten);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shorten(x)]));
  return v;
}

/** The request body as recorded: JSON, or the multipart/urlencoded fields with files summarised. */
function bodyOf(req) {
  const type = req.headers()['content-type'] ?? '';
  const raw = req.postDataBuffer();
  if (!raw) return undefined;
  if (type.includes('application/json')) {
    try {
      return JSON.parse(raw.toString('utf8'));
    } catch {
      return raw.toString('utf8');
    }
  }
  if (type.includes('multipart/form-data')) {
    const boundary = /boundary=(.+)$/.exec(type)?.[1];
    const fields = {};
    for (const part of raw.toString('latin1').split(`--${boundary}`)) {
      const head = /name="([^"]+)"(?:; filename="([^"]*)")?[\s\S]*?\r\n\r\n/.exec(part);
      if (!head) continue;
      const value = part.slice(head.index + head[0].length).replace(/\r\n$/, '');
      const ctype = /Content-Type: ([^\r\n]+)/i.exec(part)?.[1];
      fields[head[1]] =
        head[2] !== undefined
          ? `<file ${head[2]} ${ctype} ${value.length} bytes>`
          : Buffer.from(value, 'latin1').toString('utf8');
    }
    return { multipart: fields };
  }
  return raw.toString('utf8');
}

const KEEP_HEADERS = ['authorization', 'type', 'x-localization', 'accept', 'content-type'];
function headersOf(req) {
  const h = req.headers();
  const out = {};
  for (const k of KEEP_HEADERS) if (h[k] !== undefined) out[k] = h[k];
  if (out.authorization)
    out.authorization =
      out.authorization === 'Bearer null' ? 'Bearer null' : out.authorization.replace(/^Bearer .+$/, 'Bearer <token>');
  if (out['content-type']?.startsWith('multipart/form-data')) out['content-type'] = 'multipart/form-data';
  return out;
}

/** Runs one journey in a fresh browser context; returns its records, the step outcomes and the counts. */
async function runJourney(browser, name, journey) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: 'ms-MY',
    permissions: ['camera'],
  });
  const page = await context.newPage();
  const calls = [];
  const events = [];
  let step = '(start)';
  let seq = 0;
  page.on('pageerror', (e) => events.push({ at: seq, step, kind: 'pageerror', text: String(e.message).slice(0, 300) }));
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource/.test(m.text()))
      events.push({ at: seq, step, kind: 'console', text: m.text().slice(0, 300) });
  });
  page.on('response', async (res) => {
    const req = res.request();
    if (!req.url().startsWith(`${apiBase}/`) || req.method() === 'OPTIONS') return;
    const u = new URL(req.url());
    const rec = {
      n: 0,
      step,
      method: req.method(),
      path: u.pathname.slice(new URL(apiBase).pathname.length + 1),
      query: Object.fromEntries(u.searchParams),
      rawQuery: u.search,
      headers: headersOf(req),
      body: shorten(bodyOf(req)),
      status: res.status(),
    };
    if (assisted.has(req)) rec.assisted = assisted.get(req);
    calls.push(rec);
    rec.n = ++seq;
    try {
      const type = res.headers()['content-type'] ?? '';
      if (type.includes('json')) {
        const body = await res.json();
        rec.replyKeys = [...keyPaths(body)];
        if (res.status() >= 400) rec.error = { message: body?.message, errors: body?.errors };
      } else rec.replyType = type.split(';')[0];
    } catch {
      rec.replyType = 'unreadable';
    }
  });
  const assisted = new WeakMap();
  if (args.assist && journey.assists?.length) {
    await context.route(`${apiBase}/**`, async (route) => {
      const req = route.request();
      const path = new URL(req.url()).pathname.slice(new URL(apiBase).pathname.length + 1);
      const a = journey.assists.find((x) => x.method === req.method() && x.path.test(path));
      const body =
        a && (req.headers()['content-type'] ?? '').includes('json') ? JSON.parse(req.postData() ?? '{}') : null;
      if (!a || !body || !a.when(body)) return route.continue();
      const sent = a.change(structuredClone(body));
      assisted.set(req, { note: a.note, sent_body: sent });
      return route.continue({ postData: JSON.stringify(sent) });
    });
  }
  const steps = [];
  const ctx = {
    page,
    origin,
    apiBase,
    calls,
    shots: args.shots,
    journey: name,
    notes: [],
    blank: () => events.push({ at: seq, step, kind: 'blank', text: `blank view at ${page.url().replace(origin, '')}` }),
  };
  for (const s of journey.steps) {
    step = s.name;
    const from = seq;
    let reached = true;
    let error;
    try {
      await s.run(ctx);
      await page.waitForLoadState('networkidle', { timeout: 8000 }).catch(() => {});
    } catch (e) {
      reached = false;
      error = String(e.message).split('\n')[0].slice(0, 300);
    }
    if (args.shots) {
      mkdirSync(args.shots, { recursive: true });
      await page
        .screenshot({ path: join(args.shots, `${name}-${steps.length + 1}.png`), fullPage: false })
        .catch(() => {});
    }
    steps.push({
      step: s.name,
      reached,
      error,
      calls: [from + 1, seq],
      url: page.url().replace(origin, ''),
      notes: ctx.notes.splice(0),
    });
    console.log(`  [${name}] ${reached ? 'ok  ' : 'STOP'} ${s.name}${error ? ` — ${error}` : ''}`);
    for (const note of steps.at(-1).notes) console.log(`         note: ${note}`);
    if (!reached && !s.optional) break;
  }
  await context.close();
  classify(calls, events, steps);
  return { calls, events, steps };
}

/**
 * vue-router's rejection of a push that the client's own navigation guard replaced by another (e.g. its
 * `requireSignature` sending a user with no signature from /dashboard to /signature): the screen shown is the
 * guard's, nothing broke, so it is kept in `page_errors` but makes no call (b).
 */
const ROUTER_REDIRECT = /^Navigation cancelled from "[^"]*" to "[^"]*" with a new navigation\.?$/;

/** Puts each call in one of issue 39's five classes (see the header). */
function classify(calls, events, steps) {
  for (const c of calls) {
    c.class = c.status === 404 ? 'c' : c.status >= 500 ? 'e' : c.status >= 400 ? 'd' : 'a';
  }
  const failedSteps = new Set(calls.filter((c) => c.class !== 'a').map((c) => c.step));
  const seen = new Set();
  for (const ev of events) {
    if (seen.has(`${ev.step}|${ev.text}`)) continue; // the same breakage shown again on a later render
    seen.add(`${ev.step}|${ev.text}`);
    if (failedSteps.has(ev.step) && ev.kind !== 'blank') continue; // a refused call in the step explains the break
    if (ev.kind === 'pageerror' && ROUTER_REDIRECT.test(ev.text)) continue; // the client's own guard redirected
    const before = calls
      .filter((c) => c.n <= ev.at && (c.step === ev.step || ev.kind === 'blank') && c.class !== 'c')
      .at(-1);
    if (before && before.status < 300) {
      before.class = 'b';
      before.broke = [...(before.broke ?? []), `${ev.kind}: ${ev.text}`];
    }
  }
  for (const s of steps) {
    if (s.reached) continue;
    const last = calls.filter((c) => c.step === s.step && c.status < 300).at(-1);
    if (last && last.class === 'a' && !failedSteps.has(s.step)) {
      last.class = 'b';
      last.broke = [...(last.broke ?? []), `next screen not reached: ${s.error}`];
    }
  }
}

function counts(calls) {
  const c = { a: 0, b: 0, c: 0, d: 0, e: 0 };
  for (const x of calls) c[x.class]++;
  return c;
}

const apiChild = await startApi();
const server = await serveClient(args.client, args.port);
const { chromium } = createRequire(join(root, 'e2e/package.json'))('@playwright/test');
// The camera shows the MyKad holder alone: the 2021 client takes the picture when it chooses, so the e2e video
// (another person, then the holder) made it compare the wrong face half the time (score 60 < its 65; issue 39).
const camera = join(mkdtempSync(join(tmpdir(), 'capture-2021-camera-')), 'holder.y4m');
execFileSync(
  process.execPath,
  ['--import', 'tsx', join(root, 'e2e/fixtures/make-camera-y4m.ts'), '--holder-only', camera],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  headless: !args.headed,
  args: [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-video-capture=${camera}`,
  ],
});
const total = { a: 0, b: 0, c: 0, d: 0, e: 0 };
mkdirSync(args.out, { recursive: true });
try {
  for (const name of args.journeys.split(',')) {
    const journey = JOURNEYS[name];
    if (!journey) throw new Error(`no journey ${name}; known: ${Object.keys(JOURNEYS).join(', ')}`);
    console.log(`journey ${name}: ${journey.title}`);
    const { calls, events, steps } = await runJourney(browser, name, journey);
    const n = counts(calls);
    for (const k of Object.keys(total)) total[k] += n[k];
    writeFileSync(
      join(args.out, `${journey.file}${args.assist && journey.assists?.length ? '.assisted' : ''}.json`),
      `${JSON.stringify(
        {
          journey: journey.title,
          client: 'JumperWasHere/awaris@3ff95d9',
          captured_by: 'scripts/capture-2021.mjs',
          assisted: Boolean(args.assist && journey.assists?.length),
          counts: n,
          steps,
          page_errors: events,
          calls,
        },
        null,
        2,
      )}\n`,
    );
    console.log(
      `  [${name}] ${calls.length} calls: (a) ${n.a} went on, (b) ${n.b} 2xx but broke, (c) ${n.c} 404, (d) ${n.d} other 4xx, (e) ${n.e} 5xx`,
    );
    for (const c of calls.filter((x) => x.class !== 'a')) {
      console.log(
        `    (${c.class}) ${c.method} ${c.path}${c.rawQuery} → ${c.status} ${c.error?.message ?? ''}${c.broke ? ` [${c.broke.join('; ')}]` : ''}`,
      );
    }
  }
} finally {
  await browser.close();
  server.close();
  apiChild?.kill('SIGTERM');
}
const all = Object.values(total).reduce((x, y) => x + y, 0);
console.log(
  `all journeys: ${all} calls: (a) ${total.a} went on, (b) ${total.b} 2xx but broke, (c) ${total.c} 404, (d) ${total.d} other 4xx, (e) ${total.e} 5xx`,
);
