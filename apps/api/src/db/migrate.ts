/**
 * `npm run db:migrate`: apply the migrations to DATABASE_URL (PostgreSQL, as the owner of the schema) or,
 * unset, to the embedded PGlite in DATA_DIR/pglite (never while a server runs on it), then exit. Used when
 * the API runs as the application role with DATABASE_MIGRATE=0 (db/roles.sql; docs/operations.md).
 */
import { join, resolve } from 'node:path';
import { loadEnv } from '../platform/config/env.ts';
import { openDatabase } from './client.ts';

const env = loadEnv();
const database = await openDatabase({ url: env.DATABASE_URL, pgliteDir: join(resolve(env.DATA_DIR), 'pglite') });
await database.close();
console.log(`Migrations applied (${database.kind}).`);
