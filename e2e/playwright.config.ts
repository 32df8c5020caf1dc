/**
 * Browser journeys in Debian's Chromium (never a downloaded browser; DESIGN.md §8). The app runs on a
 * fresh embedded database in a temporary folder, started by its binary so stopping it stops it. Its log
 * (level info, the production logger configuration) goes to `test-results/logs/e2e-server.log` at the
 * repository root, which `npm test` scans for MyKad numbers, OTPs and tokens at the end (ADR 0089).
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
// One folder per run; workers re-read this file, so they take the main process's folder from the env.
const firstLoad = !process.env.E2E_DATA_DIR;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'wasiat-e2e-'));
/** The web server's log: one file per run (started afresh by the main process, not by the workers). */
const serverLog = fileURLToPath(new URL('../test-results/logs/e2e-server.log', import.meta.url));
if (firstLoad) {
  mkdirSync(dirname(serverLog), { recursive: true });
  writeFileSync(serverLog, '');
}
/** The app's DATA_DIR, for tests that read what it writes (mail in DATA_DIR/outbox as .eml). */
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './tests',
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['json']],
  use: {
    baseURL: `http://localhost:${port}`,
    channel: undefined,
    locale: 'ms-MY',
    timezoneId: 'Asia/Kuala_Lumpur',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // `exec`: the shell becomes the server (stopping it stops the server); its output goes to the log file.
    command: `exec node --import tsx ../apps/api/src/main.ts >> '${serverLog}' 2>&1`,
    cwd: fileURLToPath(new URL('.', import.meta.url)),
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // The journeys sign many clients up from one address: abuse limits ×20 here (they are tested at their
    // real values in apps/api/src/platform/http/rate-limits.test.ts).
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: '',
      RATE_LIMIT_SCALE: '20',
      SHUTDOWN_DRAIN_SECONDS: '0',
    },
  },
});
