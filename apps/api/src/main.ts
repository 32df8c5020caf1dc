/**
 * Start the server: open the database (PGlite in DATA_DIR/pglite unless DATABASE_URL is set), apply
 * migrations, seed, and listen on PORT (default 3000). See README and docs/operations.md.
 */

import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import type { Http2Session } from 'node:http2';
import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import type { Ctx } from './context.ts';
import { LOCKS, withAdvisoryLock } from './db/advisory-lock.ts';
import { openDatabase } from './db/client.ts';
import { seedProgrammes } from './db/seed/programmes.ts';
import { DEMO_PASSWORD, DEMO_USERS, hasDemo, seedBase, seedDemo } from './db/seed/seed.ts';
import { seedDemoTwoFactor } from './modules/auth/index.ts';
import { assertSafeForProduction, loadEnv } from './platform/config/env.ts';
import { createFileStore } from './platform/files/storage.ts';
import { startDraining } from './platform/http/health.ts';
import { asyncDestination, loggerOptions, scrubLogText } from './platform/http/logging.ts';
import { UrlSigner } from './platform/http/signed-url.ts';
import { startJobRunner } from './platform/jobs/runner.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { holdServerLock } from './platform/ops/server-lock.ts';

const env = loadEnv();
// Production refuses unsafe configuration before it opens anything (issue 35 item 5; ADR 0218).
assertSafeForProduction(env);
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });

/** APP_KEY, or one generated on first start and kept in DATA_DIR/app.key. */
function appKey(): string {
  if (env.APP_KEY) return env.APP_KEY;
  const file = join(dataDir, 'app.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

// On PGlite this process owns DATA_DIR: `npm run backup` refuses while the lock is held (ADR 0239).
if (!env.DATABASE_URL) holdServerLock(dataDir);
const database = await openDatabase({
  url: env.DATABASE_URL,
  pgliteDir: join(dataDir, 'pglite'),
  max: env.DATABASE_POOL_MAX,
  waitMs: env.DATABASE_POOL_WAIT_MS,
  migrate: env.DATABASE_MIGRATE === '1',
});
const embedded = database.kind === 'pglite';
// Never in production, whatever the database (assertSafeForProduction refuses SEED_DEMO=1 there; ADR 0218).
const wantDemo = env.NODE_ENV !== 'production' && (env.SEED_DEMO === '1' || (embedded && env.SEED_DEMO !== '0'));
let seededDemo = false;
const seed = async () => {
  if (wantDemo) {
    seededDemo = !(await hasDemo(database.db));
    await seedDemo(database.db);
    await seedProgrammes(database.db, DEMO_PASSWORD);
  } else {
    await seedBase(database.db);
  }
};
// N processes starting together seed one at a time (ADR 0111).
if (env.DATABASE_URL) await withAdvisoryLock(env.DATABASE_URL, LOCKS.seed, seed);
else await seed();

const signer = new UrlSigner(appKey());
// The demo staff, officer and admin log in with the demo TOTP secret (ADR 0081; README).
if (wantDemo)
  await seedDemoTwoFactor(
    { db: database.db, signer },
    DEMO_USERS.map((u) => u.username),
  );

// TLS_CERT_FILE and TLS_KEY_FILE: HTTPS with HTTP/2 (ADR 0207).
const tls =
  env.TLS_CERT_FILE && env.TLS_KEY_FILE
    ? { cert: readFileSync(env.TLS_CERT_FILE), key: readFileSync(env.TLS_KEY_FILE) }
    : undefined;
const appUrl = env.APP_URL ?? `${tls ? 'https' : 'http'}://localhost:${env.PORT}`;
const ctx: Ctx = {
  db: database.db,
  env,
  store: createFileStore(env, dataDir),
  mailer: createMailer({
    smtpUrl: env.SMTP_URL,
    from: env.MAIL_FROM,
    timeoutMs: env.SMTP_TIMEOUT_MS,
    concurrency: env.SMTP_MAX_CONCURRENCY,
    outboxDir: join(dataDir, 'outbox'),
    // the printed reset link carries a token: masked like every log line (http/logging.ts; ADR 0082)
    log: (m) => console.log(scrubLogText(m)),
  }),
  signer,
  appUrl,
};
// One line per request, to an asynchronous destination (http/logging.ts; ADR 0113).
const app = await buildApp(ctx, { logger: loggerOptions(env.LOG_LEVEL, { stream: asyncDestination() }), tls });

const jobs =
  env.JOBS === '1'
    ? await startJobRunner(ctx, database.kind, (msg, err) => (err ? app.log.error({ err }, msg) : app.log.info(msg)))
    : null;

/**
 * Graceful stop (ADR 0111, ADR 0238), in this order and within SHUTDOWN_DRAIN_SECONDS + SHUTDOWN_GRACE_SECONDS
 * (+ about a second to close the pool):
 * 1. `/readyz` answers 503 at once, and the process keeps serving for SHUTDOWN_DRAIN_SECONDS (default 5 s) so the
 *    balancer takes it out of rotation before anything is refused;
 * 2. HTTP/2 sessions get a GOAWAY (the client opens new streams elsewhere; streams in flight finish); the server
 *    stops accepting; each keep-alive connection is closed as soon as it is idle; requests in flight may finish
 *    for SHUTDOWN_GRACE_SECONDS (default 10 s), then the rest are cut;
 * 3. the job workers finish their runs within what is left of the grace (their claims are released);
 * 4. the database pool closes; exit 0. A second signal exits at once.
 */
let stopping = false;
const sessions = new Set<Http2Session>();
app.server.on('session', (s: Http2Session) => {
  sessions.add(s);
  s.once('close', () => sessions.delete(s));
});
const shutdown = async (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  const grace = env.SHUTDOWN_GRACE_SECONDS * 1000;
  app.log.info(
    `${signal}: stopping (not ready now; accepting for ${env.SHUTDOWN_DRAIN_SECONDS} s, then up to ${env.SHUTDOWN_GRACE_SECONDS} s for requests in flight)`,
  );
  startDraining(ctx);
  await new Promise((r) => setTimeout(r, env.SHUTDOWN_DRAIN_SECONDS * 1000));
  const closing = Date.now();
  for (const s of sessions) s.close();
  const cut = setTimeout(() => {
    app.log.warn('requests still in flight after the grace period: closing their connections');
    app.server.closeAllConnections?.();
    for (const s of sessions) s.destroy();
  }, grace);
  cut.unref();
  // Keep-alive connections (a load balancer's, a browser's) would hold the close until the grace ends: each
  // one is closed as soon as it is idle, i.e. once its request in flight has been answered.
  const idle = setInterval(() => app.server.closeIdleConnections?.(), 100);
  idle.unref();
  try {
    await app.close();
    clearTimeout(cut);
    clearInterval(idle);
    await jobs?.stop(Math.max(1000, grace - (Date.now() - closing)));
    await database.close();
    app.log.info('stopped');
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'shutdown failed');
    process.exit(1);
  }
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: env.PORT, host: env.HOST });
console.log(
  `\nWasiat platform on ${appUrl} (database: ${embedded ? `PGlite in ${join(dataDir, 'pglite')}` : 'PostgreSQL'}; files: ${ctx.store.describe}; jobs: ${jobs?.kind ?? 'off'})`,
);
if (wantDemo) {
  console.log(
    `${seededDemo ? 'Demo users created' : 'Demo users'} (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`,
  );
}
