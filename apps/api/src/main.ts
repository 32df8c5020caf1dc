/**
 * Start the server: open the database (PGlite in DATA_DIR/pglite unless DATABASE_URL is set), apply
 * migrations, seed, and listen on PORT (default 3000). See README and docs/operations.md.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { buildApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_PASSWORD, DEMO_USERS, hasDemo, seedBase, seedDemo } from './db/seed/seed.ts';
import { loadEnv } from './env.ts';
import { LocalFileStore } from './files/storage.ts';
import { UrlSigner } from './http/signed-url.ts';
import { createMailer } from './mail/mailer.ts';

const env = loadEnv();
const dataDir = resolve(env.DATA_DIR);
mkdirSync(dataDir, { recursive: true });

/** APP_KEY, or one generated on first start and kept in DATA_DIR/app.key. */
function appKey(): string {
  if (env.APP_KEY) return env.APP_KEY;
  const file = join(dataDir, 'app.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(dataDir, 'pglite') });
const embedded = database.kind === 'pglite';
const wantDemo = env.SEED_DEMO === '1' || (embedded && env.SEED_DEMO !== '0');
let seededDemo = false;
if (wantDemo) {
  seededDemo = !(await hasDemo(database.db));
  await seedDemo(database.db);
} else {
  await seedBase(database.db);
}

const appUrl = env.APP_URL ?? `http://localhost:${env.PORT}`;
const app = await buildApp(
  {
    db: database.db,
    env,
    store: new LocalFileStore(join(dataDir, 'files')),
    mailer: createMailer({
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      outboxDir: join(dataDir, 'outbox'),
      log: (m) => console.log(m),
    }),
    signer: new UrlSigner(appKey()),
    appUrl,
  },
  { logger: { level: env.LOG_LEVEL } },
);

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: env.PORT, host: env.HOST });
console.log(
  `\nWasiat platform on ${appUrl} (database: ${embedded ? `PGlite in ${join(dataDir, 'pglite')}` : 'PostgreSQL'})`,
);
if (wantDemo) {
  console.log(
    `${seededDemo ? 'Demo users created' : 'Demo users'} (password ${DEMO_PASSWORD}): ${DEMO_USERS.map((u) => u.username).join(', ')}`,
  );
}
