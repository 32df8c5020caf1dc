/**
 * The application's database role (issue 11 "Audit trail: insert-only (the application's database role
 * has no UPDATE or DELETE on it)"; ADR 0073; docs/operations.md "Database roles").
 *
 * `npm run db:roles` applies `roles.sql` to DATABASE_URL (run it with the owner's URL, after
 * `npm run db:migrate`); psql users can run the SQL file directly. Idempotent.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/** Name of the application role created by roles.sql. */
export const APP_ROLE = 'wasiat_app';

/** The text of roles.sql. */
export const rolesSql = () => readFileSync(fileURLToPath(new URL('./roles.sql', import.meta.url)), 'utf8');

/** Anything that runs a multi-statement SQL text (a `pg` client, PGlite's `exec`). */
export interface SqlRunner {
  exec(sql: string): Promise<unknown>;
}

/** Apply roles.sql with a runner (for PGlite: `{ exec: (s) => pglite.exec(s) }`). */
export async function applyAppRoleWith(runner: SqlRunner) {
  await runner.exec(rolesSql());
}

/** Apply roles.sql to the PostgreSQL database at `url` (as the owner). */
export async function applyAppRole(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await applyAppRoleWith({ exec: (s) => client.query(s) });
  } finally {
    await client.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { loadEnv } = await import('../platform/config/env.ts');
  const url = loadEnv().DATABASE_URL;
  if (!url) {
    console.error('db:roles needs DATABASE_URL (PostgreSQL, as the owner of the schema)');
    process.exit(1);
  }
  await applyAppRole(url);
  console.log(`Role ${APP_ROLE} ready: SELECT/INSERT on audit_events only; read/write elsewhere.`);
}
