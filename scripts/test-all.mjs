#!/usr/bin/env node
/**
 * `npm test`: every check in one run — typecheck, lint, unit + integration tests (vitest: domain, API on a
 * real database and SMTP server, web in jsdom, and the system suites: fault injection on PostgreSQL, the fuzz
 * pass), then the Playwright journeys in Chromium, then the scan of every log the run wrote
 * (`test-results/logs`: the e2e web server's, the suites' API logs) for MyKad numbers, OTPs and tokens
 * (scripts/log-scan.ts; ADR 0089).
 * Prints one closing line `N passed, N failed` (CI reads only that line) and writes the counts to
 * `test-results/summary.json` so `.ci/run` can add the PostgreSQL pass to them.
 * Typecheck, lint and the log scan count as one check each.
 *
 * The vitest runs go beside the browser journeys (ADR 0178): the journeys run one test at a time and mostly
 * wait on the browser, so on CI's two CPUs the two overlap instead of adding up. The vitest output goes to
 * `test-results/vitest.log` and is printed after the journeys. With `PG_PASS_URL=postgres://…` (set by
 * `.ci/run`) the API tests then run a second time against that PostgreSQL server (a fresh database per test
 * file), output in `test-results/vitest-pg.log`. Every count joins the closing line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const out = 'test-results';
mkdirSync(out, { recursive: true });
// Logs of this run only: the suites and the e2e web server write here, the log scan reads it at the end.
const logs = `${out}/logs`;
rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });
let passed = 0;
let failed = 0;
/** What failed, named, for the list printed just above the closing line (the end of CI's output is what is read). */
const failures = [];
const firstLine = (m) =>
  stripVTControlCharacters(String(m ?? ''))
    .trim()
    .split('\n')[0]
    .slice(0, 300);
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const bin = (name) => `node_modules/.bin/${name}`;

/** Minutes and seconds since the run began, printed at each phase's end (where CI's time goes; ADR 0197). */
const began = Date.now();
const clock = () => {
  const s = Math.round((Date.now() - began) / 1000);
  return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
};
const timings = [];
const mark = (what) => timings.push(`${clock()} ${what}`);

function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  if (run(cmd, args) === 0) passed += 1;
  else {
    failed += 1;
    failures.push(name);
    console.log(`✗ ${name} failed`);
  }
  mark(`${name} done`);
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npm', ['run', '--silent', 'lint']);

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const haveChromium = existsSync(chromium);
// The web client (for the journeys) and the compiled API (the tests that start the server as production does).
console.log('\n=== build of the web client and the compiled API ===');
const built = run('npm', ['run', '--silent', 'build']) === 0;
mark('build done');

/**
 * A vitest run in the background with its output in `test-results/<name>.log` (printed once it has ended);
 * resolves to its counts.
 */
function vitestInBackground(name, title, args, env = {}) {
  const json = `${out}/${name}.json`;
  const logFile = `${out}/${name}.log`;
  rmSync(json, { force: true });
  const fd = openSync(logFile, 'w');
  console.log(`\n=== ${title}: running beside the journeys, output in ${logFile} ===`);
  const child = spawn(
    bin('vitest'),
    ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    {
      stdio: ['ignore', fd, fd],
      env: { ...process.env, FORCE_COLOR: '0', ...env },
    },
  );
  return new Promise((res) =>
    child.on('close', (code) => {
      let r = { passed: 0, failed: 1 };
      if (existsSync(json)) {
        const j = JSON.parse(readFileSync(json, 'utf8'));
        r = { passed: j.numPassedTests, failed: j.numFailedTests + (code !== 0 && j.numFailedTests === 0 ? 1 : 0) };
        for (const f of j.testResults ?? []) {
          for (const a of f.assertionResults ?? []) {
            if (a.status === 'failed')
              failures.push(`${name}: ${relative('.', f.name)} › ${a.fullName} — ${firstLine(a.failureMessages?.[0])}`);
          }
          if (f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'))
            failures.push(`${name}: ${relative('.', f.name)} — ${firstLine(f.message)}`);
        }
      } else failures.push(`${name}: no report (exit code ${code})`);
      mark(`${title} done`);
      res({ title, logFile, ...r });
    }),
  );
}

// The vitest lane (see the file comment): every project on PGlite, then, with PG_PASS_URL, the API tests on
// PostgreSQL; one after the other, beside the journeys (ADR 0178).
const lane = (async () => {
  // With a PostgreSQL pass to follow, the PGlite pass leaves it the files that run once (vitest.config.ts ONCE; ADR 0209).
  const results = [
    await vitestInBackground(
      'vitest',
      'unit and integration tests (vitest)',
      [],
      process.env.PG_PASS_URL ? { PG_PASS_PLANNED: '1' } : {},
    ),
  ];
  if (process.env.PG_PASS_URL) {
    results.push(
      await vitestInBackground(
        'vitest-pg',
        `API tests against PostgreSQL (${process.env.PG_PASS_URL})`,
        ['--project', 'api'],
        {
          DATABASE_URL: process.env.PG_PASS_URL,
        },
      ),
    );
  }
  return results;
})();

console.log('\n=== browser journeys (Playwright, Chromium) ===');
if (!haveChromium) {
  console.log(`Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium`);
  failed += 1;
} else if (!built) {
  failed += 1;
} else {
  // Absolute: Playwright resolves a relative report path against its config folder.
  const pwJson = resolve(out, 'playwright.json');
  rmSync(pwJson, { force: true });
  // Asynchronous, so the vitest lane goes on meanwhile.
  const pCode = await new Promise((res) =>
    spawn(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
      stdio: 'inherit',
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
    }).on('close', (code) => res(code ?? 1)),
  );
  mark('browser journeys done');
  if (existsSync(pwJson)) {
    const report = JSON.parse(readFileSync(pwJson, 'utf8'));
    const s = report.stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected + (pCode !== 0 && s.unexpected === 0 ? 1 : 0);
    /** Seconds per spec file, for "Where the time went". */
    const perFile = new Map();
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          const ms = (t.results ?? []).reduce((a, r) => a + (r.duration ?? 0), 0);
          perFile.set(spec.file, (perFile.get(spec.file) ?? 0) + ms);
          if (t.status === 'unexpected' || t.status === 'flaky') {
            const last = t.results?.at(-1);
            failures.push(
              `playwright${t.status === 'flaky' ? ' (flaky, passed on retry)' : ''}: ${spec.file}:${spec.line} › ${spec.title} — ${firstLine(last?.error?.message)}`,
            );
          }
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
    for (const [file, ms] of [...perFile].sort((a, b) => b[1] - a[1]))
      timings.push(`    ${Math.round(ms / 1000)} s in ${file}`);
  } else {
    failed += 1;
    failures.push('playwright: no report');
  }
  const serverLog = `${logs}/e2e-server.log`;
  if (pCode !== 0 && existsSync(serverLog)) {
    // The server's own output goes to its log file, not the console: show its last warnings and errors.
    const notable = readFileSync(serverLog, 'utf8')
      .split('\n')
      .filter((l) => l && !/^\{"level":[123]0,/.test(l));
    console.log(`\nLast warnings and errors of the web server (${serverLog}):\n${notable.slice(-30).join('\n')}`);
  }
}

for (const r of await lane) {
  console.log(`\n=== ${r.title}: output ===\n${readFileSync(r.logFile, 'utf8')}`);
  passed += r.passed;
  failed += r.failed;
}

check('log scan', 'node', ['--import', 'tsx', 'scripts/log-scan.ts', logs]);

console.log(`\nWhere the time went:\n${timings.map((t) => `  ${t}`).join('\n')}`);
writeFileSync(`${out}/summary.json`, JSON.stringify({ passed, failed }));
if (failures.length) console.log(`\nWhat failed:\n${failures.map((f) => `- ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
