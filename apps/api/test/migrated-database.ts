/**
 * For the tests of a migration that carries data: an empty database migrated up to a chosen migration, given rows
 * in that older schema, then migrated to the end. PGlite in memory (with the app's extensions), or — when
 * DATABASE_URL is set — a fresh PostgreSQL database on that server, dropped at `close()`.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzleLite } from 'drizzle-orm/pglite';
import { migrate as migrateLite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsFolder } from '../src/db/client.ts';
import { pgliteExtensions } from '../src/db/pglite.ts';

/**
 * A copy of the migrations folder that ends with `lastTag` (its journal cut there), e.g. `0055_list_indexes`.
 * @returns its path and `remove()`. @throws Error when no migration has that tag.
 */
export function migrationsUpTo(lastTag: string) {
  const dir = mkdtempSync(join(tmpdir(), 'wasiat-migrations-'));
  mkdirSync(join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'));
  const end = journal.entries.findIndex((e: { tag: string }) => e.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, end + 1);
  for (const e of journal.entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(dir, `${e.tag}.sql`));
  writeFileSync(join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  return { path: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A migratable empty database. `migrate(folder)` applies a folder's migrations (the full set: `migrationsFolder`
 * of db/client.ts); `query(sql, params)` → rows; `handoff()` → what test/harness.ts `makeTestApp({ open })` opens
 * an app on (PostgreSQL: the database's `url`; PGlite: a `pgliteSnapshot` of it now); `close()` closes (and drops a
 * PostgreSQL database).
 */
export async function emptyDatabase() {
  const admin = process.env.DATABASE_URL;
  if (!admin) {
    const client = new PGlite({ extensions: pgliteExtensions });
    const db = drizzleLite(client);
    return {
      migrate: (folder: string) => migrateLite(db, { migrationsFolder: folder }),
      query: async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows as any[],
      handoff: async (): Promise<{ url?: string; pgliteSnapshot?: Blob }> => ({
        pgliteSnapshot: await client.dumpDataDir('none'),
      }),
      close: () => client.close(),
    };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const run = async (text: string) => {
    const c = new pg.Client({ connectionString: admin });
    await c.connect();
    await c.query(text).finally(() => c.end());
  };
  await run(`CREATE DATABASE ${name}`);
  const u = new URL(admin);
  u.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: u.toString(), max: 1 });
  const db = drizzlePg(pool);
  return {
    migrate: (folder: string) => migratePg(db, { migrationsFolder: folder }),
    query: async (text: string, params: unknown[] = []) => (await pool.query(text, params)).rows as any[],
    handoff: async (): Promise<{ url?: string; pgliteSnapshot?: Blob }> => ({ url: u.toString() }),
    close: async () => {
      await pool.end();
      await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
