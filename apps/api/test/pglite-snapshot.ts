/**
 * Vitest global setup of the `api` project on PGlite: build one migrated database with the demo seed, dump
 * its data folder to a temporary file, and hand the file's path to the test workers
 * (`inject('pgliteSnapshot')`). The harness (test/harness.ts) starts each test app's in-memory PGlite from
 * that snapshot instead of running initdb, the migrations and the seed again (≈4 s → ≈0.6 s per app). On
 * PostgreSQL (DATABASE_URL set) nothing is done: a fresh database per test file is already fast.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/db/seed/seed.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Path of the migrated and seeded PGlite data folder tarball; '' when not on PGlite. */
    pgliteSnapshot: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteSnapshot', '');
    return;
  }
  const database = await openDatabase({});
  await seedDemo(database.db);
  const dump: Blob = await database.db.$client.dumpDataDir('none');
  await database.close();
  const dir = mkdtempSync(join(tmpdir(), 'wasiat-pglite-'));
  const file = join(dir, 'seeded.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  return () => rmSync(dir, { recursive: true, force: true });
}
