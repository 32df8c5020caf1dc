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
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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

check('log scan', 'node', ['--import', 'tsx', 'scripts/log-scan.ts', logs]);

writeFileSync(`${out}/summary.json`, JSON.stringify({ passed, failed }));
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
