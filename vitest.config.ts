import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Unit and integration tests: the domain package, the API (real DB, real SMTP), the web client (jsdom), and
 * the whole-system suites of `apps/api/test/system` (fault injection on PostgreSQL, the log scanner), which
 * run once per `npm test` and not again in CI's `--project api` pass on PostgreSQL (ADR 0087). The API tests run on
 * PGlite and, in CI, again on PostgreSQL, except {@link ONCE} (ADR 0209).
 */
/**
 * API test files whose subject is not the data layer: the face model's scores, OCR, the login's timing with a
 * password hash, the sealed PDFs' bytes and text; and the suites of many thousand requests about who may do what
 * and what input is refused — the cross-organisation and access probes generated from the OpenAPI document, and
 * the fuzz pass. Their SQL is the same as the files that run on both engines, so each runs ONCE per run:
 * - in CI (`.ci/run` sets PG_PASS_URL; scripts/test-all.mjs then sets PG_PASS_PLANNED=1 for the PGlite pass) in
 *   the PostgreSQL pass, the engine production runs, where they take a fifth of the time they take on PGlite
 *   (cross-org probes 61 s against 343 s, fuzz 59 s against 213 s) and the CI run stays under 45 minutes
 *   (ADR 0209);
 * - in a developer's `npm test`, without PostgreSQL, on PGlite.
 */
const ONCE = [
  'apps/api/src/modules/ekyc/ekyc.test.ts',
  'apps/api/src/modules/mykad/ocr.test.ts',
  'apps/api/src/modules/auth/login-throttling.test.ts',
  'apps/api/src/modules/documents/sealed.test.ts',
  'apps/api/src/modules/documents/sealed-hibah-amendment.test.ts',
  'apps/api/src/modules/documents/bilingual.test.ts',
  'apps/api/src/modules/security/cross-org-probes.test.ts',
  'apps/api/src/modules/security/access-probes.test.ts',
  'apps/api/src/modules/security/fuzz.test.ts',
];
/** The PGlite pass of a CI run, whose PostgreSQL pass follows and runs {@link ONCE}. */
const pgPassFollows = process.env.PG_PASS_PLANNED === '1' && !process.env.DATABASE_URL;

export default defineConfig({
  test: {
    // One test file per CPU (vitest's default is CPUs − 1: one worker on CI's two CPUs). The API tests spend
    // much of their time waiting on the database, SMTP and timers: on two CPUs the PostgreSQL pass went from
    // 396 s to 238 s (ADR 0100).
    maxWorkers: availableParallelism(),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'apps/api/test/system/**', ...(pgPassFollows ? ONCE : [])],
          globalSetup: ['apps/api/test/pglite-snapshot.ts'],
          environment: 'node',
          // A flow test makes dozens of requests (argon2 logins, PDFs, SMTP); beside the browser journeys on CI's two
          // CPUs one took just over 30 s. A hang still fails, after 90 s.
          testTimeout: 90_000,
          hookTimeout: 90_000,
          // Mail arrives through a real SMTP server: on a loaded CI machine it can take seconds.
          expect: { poll: { timeout: 15000 } },
          pool: 'forks',
          // The test files of a worker share its modules: importing the app (~5 s of CPU: drizzle, pdf-lib, exceljs,
          // the AWS SDK, the schema) once per worker, not once per file, halved this project's time (ADR 0203).
          // Each file still starts its own app on its own database; what a module keeps (the face models, the test
          // seal key) is shared, and nothing that decides an answer is kept per process (health's draining is per app).
          isolate: false,
        },
      },
      {
        test: {
          name: 'system',
          include: ['apps/api/test/system/**/*.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.tsx', 'src/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // Mantine pages in jsdom take seconds each on a loaded two-CPU machine (a 5 s default timed out).
          testTimeout: 20000,
        },
      },
    ],
  },
});
