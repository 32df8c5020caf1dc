/**
 * `npm run backup [-- <folder>]` and `npm run restore -- <folder>` for the embedded default (ops/backup.ts;
 * docs/operations.md "Backups"). DATA_DIR as for the server. Stop the server first: both refuse while it runs
 * (ADR 0239). The default folder is `backups/wasiat-<time>` at the repository's root, which .gitignore and
 * .dockerignore leave out. With DATABASE_URL set (PostgreSQL), the database is backed up by PostgreSQL's own
 * tools instead.
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadEnv } from '../config/env.ts';
import { backup, restore } from './backup.ts';

const env = loadEnv();
const [command, arg] = process.argv.slice(2);
if (env.DATABASE_URL) {
  console.error('DATABASE_URL is set: back up PostgreSQL with its own tools (docs/operations.md "Production").');
  process.exit(2);
}
const dataDir = resolve(env.DATA_DIR);
try {
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
    const backups = fileURLToPath(new URL('../../../../../backups/', import.meta.url));
    const out = arg ? resolve(arg) : resolve(backups, `wasiat-${stamp}`);
    const m = await backup({ dataDir, out, env });
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup of ${dataDir} written to ${out}: ${Object.keys(m.tables).length} tables, ${rows} rows, ${Object.keys(m.files).length} files, keys: ${Object.keys(m.keys ?? {}).join(', ') || 'none'}.`,
    );
    for (const note of m.notes ?? []) console.log(`Note: ${note}`);
  } else if (command === 'restore' && arg) {
    const m = await restore({ from: resolve(arg), dataDir });
    console.log(
      `Restored ${resolve(arg)} (taken ${m.created_at}) into ${dataDir}: row counts and file checksums match.`,
    );
  } else {
    console.error('usage: npm run backup [-- <folder>] | npm run restore -- <folder>');
    process.exit(2);
  }
} catch (e) {
  console.error(`Failed: ${(e as Error).message}`);
  process.exit(1);
}
