/**
 * Database connection: PGlite (embedded default, files in DATA_DIR/pglite) or PostgreSQL when a URL is
 * given (DESIGN.md §1). Both run the same drizzle-kit migrations (db/migrations) on start.
 * One process owns a PGlite folder: never migrate it while a server runs on it (DESIGN.md §8).
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { LOCKS, withAdvisoryLock } from './advisory-lock.ts';
import { releasingTransactions } from './pg-transactions.ts';
import { pgliteExtensions } from './pglite.ts';
import * as schema from './schema/index.ts';
import { scopeTransactions } from './transaction-scope.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema> & { $client: any };

/**
 * One value per database handle, made on first use — the prepared statements of a hot path (ADR 0112, 0139),
 * built once per handle because building a drizzle query costs more CPU than running it.
 * @returns a function of the handle that calls `make(db)` the first time and returns the same value after.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** The folder of the SQL migrations and drizzle's `meta/_journal.json` (beside this file; `dist/migrations` when compiled). */
export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Open the database and apply migrations.
 * @param url postgres://… for PostgreSQL; undefined for PGlite.
 * @param pgliteDir folder for PGlite files; undefined (or "memory://") for an in-memory database (tests).
 * @param migrate PostgreSQL only: false skips the migrations (the API then runs as the application role
 *   of db/roles.sql, which may not create schemas; migrations run as the owner: `npm run db:migrate`).
 * @param pgliteSnapshot in-memory PGlite only: start from this data folder (a `dumpDataDir()` tarball)
 *   instead of an empty cluster — the test harness's migrated and seeded snapshot (apps/api/test/
 *   pglite-snapshot.ts); the migrations still run (nothing left to apply when the snapshot is current).
 */
export async function openDatabase(opts: {
  url?: string;
  pgliteDir?: string;
  max?: number;
  /** PostgreSQL: milliseconds a query waits for a free connection before it fails (default 5,000; ADR 0219). */
  waitMs?: number;
  migrate?: boolean;
  pgliteSnapshot?: Blob;
}): Promise<Database> {
  if (opts.url) {
    const pool = new pg.Pool({
      connectionString: opts.url,
      max: opts.max ?? 10,
      // A full pool makes a request wait this long, then fail with a 503 (errors.ts), never hang (ADR 0219).
      connectionTimeoutMillis: opts.waitMs ?? 5000,
      // No JIT compilation: the app's statements are short, but a list's count over a large scope is estimated
      // above jit_above_cost, and compiling it took 0.6–0.8 s of a 0.1–0.2 s query at 100,000 records (ADR 0277).
      options: '-c jit=off',
    });
    // A client whose server connection ends (restart, failover, a terminated backend) must not crash the
    // process, idle or checked out: the pool's handler covers idle clients; each client gets its own for the
    // time it is checked out (a checked-out client without one throws the 'error' event; issue 35 item 1). The
    // query on it fails (→ 503), and pg drops the client instead of returning it. 57P01 = terminated by
    // administrator command.
    const report = (err: Error & { code?: string }) => {
      if (err.code !== '57P01') console.error(`PostgreSQL pool: ${err.message}`);
    };
    pool.on('error', report);
    pool.on('connect', (client) => client.on('error', report));
    const db = scopeTransactions(releasingTransactions(drizzlePg(pool, { schema }), pool) as unknown as Db);
    // Under a session advisory lock: N processes starting together migrate one at a time (ADR 0111).
    if (opts.migrate !== false) {
      await withAdvisoryLock(opts.url, LOCKS.migrations, () => migratePg(db as never, { migrationsFolder }));
    }
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  if (opts.pgliteDir && opts.pgliteDir !== 'memory://') mkdirSync(dirname(opts.pgliteDir), { recursive: true });
  const client =
    opts.pgliteDir && opts.pgliteDir !== 'memory://'
      ? new PGlite(opts.pgliteDir, { extensions: pgliteExtensions })
      : new PGlite({
          extensions: pgliteExtensions,
          ...(opts.pgliteSnapshot ? { loadDataDir: opts.pgliteSnapshot } : {}),
        });
  const db = scopeTransactions(drizzleLite(client, { schema }) as unknown as Db);
  await migrateLite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}
