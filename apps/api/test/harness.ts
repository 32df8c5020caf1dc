/**
 * Integration-test harness: a real server on a random port over a real database, and a real SMTP server.
 *
 * - Database: an in-memory PGlite (started from the run's migrated and seeded snapshot, test/pglite-snapshot.ts),
 *   or — when DATABASE_URL is set — a fresh PostgreSQL database created
 *   for this test file on that server and dropped at the end (DESIGN.md §9.9). Same migrations either way.
 * - Mail: an in-process SMTP server (smtp-server); `mails` collects what arrived.
 * - Requests go over HTTP (fetch), so method spoofing and the whole Node path are exercised.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { inject } from 'vitest';
import { buildApp, type TlsFiles } from '../src/app.ts';
import type { Ctx } from '../src/context.ts';
import { openDatabase } from '../src/db/client.ts';
import { login_challenges, two_factors } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD, DEMO_USERS, seedDemo } from '../src/db/seed/seed.ts';
import { currentCode, openSecret, seedDemoTwoFactor } from '../src/modules/auth/two-factor.ts';
import type { DeclaredRoute } from '../src/platform/auth/guard.ts';
import { loadEnv } from '../src/platform/config/env.ts';
import { LocalFileStore } from '../src/platform/files/storage.ts';
import { UrlSigner } from '../src/platform/http/signed-url.ts';
import { createMailer } from '../src/platform/mail/mailer.ts';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

export interface TestApp {
  ctx: Ctx;
  baseUrl: string;
  mails: ReceivedMail[];
  dbKind: 'pglite' | 'postgres';
  /** Every `/api` route the built app declared, with its `config.access` (auth/guard.ts). */
  routes: DeclaredRoute[];
  /** Call the API: `call('POST', '/api/login', { body })` → `{ status, body, headers }`. */
  call(
    method: string,
    path: string,
    opts?: {
      token?: string;
      body?: unknown;
      lang?: 'ms' | 'en';
      form?: FormData;
      headers?: Record<string, string>;
      /** `manual` to see a 3xx answer itself (fetch follows redirects by default). */
      redirect?: RequestRedirect;
    },
  ): Promise<{ status: number; body: any; headers: Headers; raw: Buffer }>;
  /**
   * Log in a demo user (password Demo12345) or any user; returns the token. For a role with a second factor
   * (ADR 0081) it completes the step as the user's authenticator would: it enrols when needed (keeping the
   * secret), reads an enrolled user's sealed secret from the database, and computes the TOTP code.
   */
  login(username: string, password?: string): Promise<string>;
  /**
   * Complete a `{ two_factor_required, enrolment_required, challenge }` login answer → the verify answer
   * `{ user, token, recovery_codes? }`. Clears the user's replay marker first, so one test file may log the
   * same user in many times within one 30-second step (replay refusal is tested in security/two-factor.test.ts).
   */
  secondFactor(answer: { enrolment_required: boolean; challenge: string }): Promise<any>;
  close(): Promise<void>;
}

/**
 * An existing database and file folder for {@link makeTestApp} to open instead of a fresh seeded one (the test of
 * migrations carrying a database's data, ADR 0293): a PostgreSQL `url` (not dropped at `close()`), or an in-memory
 * PGlite started from `pgliteSnapshot` (a `dumpDataDir()` tarball); `filesDir` the file store's folder (kept at
 * `close()`); `signer` the deployment's APP_KEY signer (sealed TOTP secrets, signed links). Its migrations run on
 * opening; nothing is seeded.
 */
export interface ExistingData {
  url?: string;
  pgliteSnapshot?: Blob;
  filesDir?: string;
  signer?: UrlSigner;
}

async function freshPostgres(adminUrl: string) {
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Start a test app with the demo seed. `env` adds to the test environment; abuse limits are scaled ×100
 * (RATE_LIMIT_SCALE) because a test file signs many clients up from 127.0.0.1 (issue 11 limits are
 * tested in http/rate-limits.test.ts with a small scale).
 */
export async function makeTestApp(
  opts: { env?: Record<string, string>; logger?: boolean | object; tls?: TlsFiles; open?: ExistingData } = {},
): Promise<TestApp> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        cb();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const pgAdmin = process.env.DATABASE_URL;
  const fresh = pgAdmin && !opts.open ? await freshPostgres(pgAdmin) : null;
  // PGlite: start from the run's migrated and seeded snapshot when the global setup made one.
  const snapshot = fresh || opts.open ? '' : inject('pgliteSnapshot');
  const database = await openDatabase({
    url: opts.open ? opts.open.url : fresh?.url,
    max: 4,
    pgliteSnapshot: opts.open ? opts.open.pgliteSnapshot : snapshot ? new Blob([readFileSync(snapshot)]) : undefined,
  });
  if (!snapshot && !opts.open) await seedDemo(database.db);

  const env = loadEnv({ NODE_ENV: 'test', RATE_LIMIT_SCALE: '100', ...opts.env });
  const dir = mkdtempSync(join(tmpdir(), 'wasiat-test-'));
  const ctx: Ctx = {
    db: database.db,
    env,
    store: new LocalFileStore(opts.open?.filesDir ?? join(dir, 'files')),
    mailer: createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtpPort}?ignoreTLS=true`,
      from: env.MAIL_FROM,
      outboxDir: dir,
      log: () => {},
    }),
    signer: opts.open?.signer ?? new UrlSigner(randomBytes(32).toString('hex')),
    appUrl: 'http://localhost:3000',
  };
  await seedDemoTwoFactor(
    ctx,
    DEMO_USERS.map((u) => u.username),
  );
  const app = await buildApp(ctx, { logger: opts.logger, tls: opts.tls });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const baseUrl = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  const call: TestApp['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'X-localization': opts.lang ?? 'en',
      Type: 'api-private',
      ...(opts.headers ?? {}),
    };
    if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
    let body: FormData | string | undefined;
    if (opts.form) body = opts.form;
    else if (opts.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.body);
    }
    let res: Response;
    try {
      res = await fetch(baseUrl + path, { method, headers, body, redirect: opts.redirect });
    } catch (e) {
      // undici says only "fetch failed"; its cause (a reset, a closed socket, a timeout) is what tells why.
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      throw new Error(`${method} ${path}: fetch failed (${cause?.code ?? ''} ${cause?.message ?? e})`, { cause: e });
    }
    const raw = Buffer.from(await res.arrayBuffer());
    let parsed: unknown = null;
    if ((res.headers.get('content-type') ?? '').includes('json')) parsed = JSON.parse(raw.toString('utf8'));
    return { status: res.status, body: parsed as any, headers: res.headers, raw };
  };

  const secondFactor: TestApp['secondFactor'] = async ({ enrolment_required, challenge }) => {
    let secret: string;
    let userId: string;
    const hash = createHash('sha256').update(challenge).digest('hex');
    [{ user_id: userId }] = await ctx.db.select().from(login_challenges).where(eq(login_challenges.token_hash, hash));
    if (enrolment_required) {
      const e = await call('POST', '/api/two-factor/enrol', { body: { challenge } });
      if (e.status !== 200) throw new Error(`enrol failed: ${e.status} ${JSON.stringify(e.body)}`);
      secret = e.body.secret;
    } else {
      const [tf] = await ctx.db.select().from(two_factors).where(eq(two_factors.user_id, userId));
      secret = openSecret(ctx.signer, tf.secret);
    }
    await ctx.db.update(two_factors).set({ last_time_step: null }).where(eq(two_factors.user_id, userId));
    const v = await call('POST', '/api/two-factor/verify', { body: { challenge, code: await currentCode(secret) } });
    if (v.status !== 200) throw new Error(`second factor failed: ${v.status} ${JSON.stringify(v.body)}`);
    return v.body;
  };

  return {
    ctx,
    baseUrl,
    mails,
    dbKind: database.kind,
    routes: app.declaredRoutes,
    call,
    secondFactor,
    async login(username, password = DEMO_PASSWORD) {
      const r = await call('POST', '/api/login', { body: { username, password } });
      if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
      if (r.body.two_factor_required) return (await secondFactor(r.body)).token as string;
      return r.body.token as string;
    },
    async close() {
      await app.close();
      await database.close();
      await fresh?.drop();
      await new Promise<void>((r) => smtp.close(() => r()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
