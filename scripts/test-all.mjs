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
 * `PG_PASS_URL=postgres://…` (set by `.ci/run`): the API tests run a second time against that PostgreSQL
 * server (a fresh database per test file), alongside the browser journeys (they mostly wait on the browser,
 * so on CI's two CPUs the two overlap instead of adding up; ADR 0178). Its output goes to
 * `test-results/vitest-pg.log`, printed after the journeys; its counts join the closing line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';

const out = 'test-results';
mkdirSync(out, { recursive: true });
// Logs of this run only: the suites and the e2e web server write here, the log scan reads it at the end.
const logs = `${out}/logs`;
rmSync(logs, { recursive: true, force: true });
mkdirSync(logs, { recursive: true });
let passed = 0;
let failed = 0;
const run = (cmd, args, env = {}) =>
  spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;
const bin = (name) => `node_modules/.bin/${name}`;

function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  if (run(cmd, args) === 0) passed += 1;
  else {
    failed += 1;
    console.log(`✗ ${name} failed`);
  }
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', bin('biome'), ['check', '.']);

console.log('\n=== unit and integration tests (vitest) ===');
const vitestJson = `${out}/vitest.json`;
rmSync(vitestJson, { force: true });
const vCode = run(bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`]);
if (existsSync(vitestJson)) {
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests + (vCode !== 0 && r.numFailedTests === 0 ? 1 : 0);
} else failed += 1;

/** The PostgreSQL pass (see the file comment), started beside the journeys; `finish()` waits and counts. */
function startPgPass(url) {
  const json = `${out}/vitest-pg.json`;
  const logFile = `${out}/vitest-pg.log`;
  rmSync(json, { force: true });
  const fd = openSync(logFile, 'w');
  console.log(`\n=== API tests against PostgreSQL (${url}), beside the journeys; output in ${logFile} ===`);
  const child = spawn(
    bin('vitest'),
    ['run', '--project', 'api', '--reporter=default', '--reporter=json', `--outputFile.json=${json}`],
    { stdio: ['ignore', fd, fd], env: { ...process.env, DATABASE_URL: url, FORCE_COLOR: '0' } },
  );
  const exited = new Promise((res) => child.on('close', (code) => res(code ?? 1)));
  return {
    async finish() {
      const code = await exited;
      console.log(`\n=== API tests against PostgreSQL: output ===\n${readFileSync(logFile, 'utf8')}`);
      if (!existsSync(json)) {
        failed += 1;
        return;
      }
      const r = JSON.parse(readFileSync(json, 'utf8'));
      passed += r.numPassedTests;
      failed += r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
    },
  };
}
const pgPass = process.env.PG_PASS_URL ? startPgPass(process.env.PG_PASS_URL) : null;

console.log('\n=== browser journeys (Playwright, Chromium) ===');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.log(`Chromium is missing at ${chromium}. Install it with: sudo apt-get install -y chromium`);
  failed += 1;
} else if (run('npm', ['run', '--silent', 'build']) !== 0) {
  failed += 1;
} else {
  // Absolute: Playwright resolves a relative report path against its config folder.
  const pwJson = resolve(out, 'playwright.json');
  rmSync(pwJson, { force: true });
  const pCode = run(bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts'], {
    PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson,
  });
  if (existsSync(pwJson)) {
    const s = JSON.parse(readFileSync(pwJson, 'utf8')).stats;
    passed += s.expected + s.flaky;
    failed += s.unexpected + (pCode !== 0 && s.unexpected === 0 ? 1 : 0);
  } else failed += 1;
  const serverLog = `${logs}/e2e-server.log`;
  if (pCode !== 0 && existsSync(serverLog)) {
    // The server's own output goes to its log file, not the console: show its last warnings and errors.
    const notable = readFileSync(serverLog, 'utf8')
      .split('\n')
      .filter((l) => l && !/^\{"level":[123]0,/.test(l));
    console.log(`\nLast warnings and errors of the web server (${serverLog}):\n${notable.slice(-30).join('\n')}`);
  }
}

await pgPass?.finish();

check('log scan', 'node', ['--import', 'tsx', 'scripts/log-scan.ts', logs]);

writeFileSync(`${out}/summary.json`, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
