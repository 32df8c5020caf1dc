/**
 * `npm run backup [-- <folder>]` and `npm run restore -- <folder>` for the embedded default (ops/backup.ts;
 * docs/operations.md "Backups"). DATA_DIR as for the server. Stop the server first.
 * With DATABASE_URL set (PostgreSQL), the database is backed up by PostgreSQL's own tools instead.
 */
import { resolve } from 'node:path';
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
    const out = resolve(arg ?? `backups/wasiat-${stamp}`);
    const m = await backup({ dataDir, out });
    const rows = Object.values(m.tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backup of ${dataDir} written to ${out}: ${Object.keys(m.tables).length} tables, ${rows} rows, ${Object.keys(m.files).length} files.`,
    );
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
