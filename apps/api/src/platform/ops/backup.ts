/**
 * Backup and restore of the embedded default (issue 11 "`npm run backup` / `npm run restore` for the embedded
 * default; a restore drill test restores a backup into a fresh database and compares row counts and file
 * checksums"; ADR 0084; docs/operations.md). PostgreSQL in production is backed up by its own tools
 * (managed point-in-time recovery), not by this module.
 *
 * A backup is a folder:
 * - `pglite.tar.gz` — PGlite's own dump of its data folder (`dumpDataDir('gzip')`), loaded back with
 *   `new PGlite(dir, { loadDataDir })`;
 * - `files/…` — a copy of DATA_DIR/files (the stored uploads and documents);
 * - `app.key` — the APP_KEY file when there is one (it seals TOTP secrets and signs links: without it a
 *   restored database cannot be used by staff logging in with a second factor);
 * - `manifest.json` — `{ format: 1, created_at, tables: { name: rows }, files: { path: sha256 }, dump_sha256 }`.
 * The server must be stopped while a backup is taken or restored (one process owns a PGlite folder).
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export interface Manifest {
  format: 1;
  created_at: string;
  tables: Record<string, number>;
  files: Record<string, string>;
  dump_sha256: string;
  app_key: boolean;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function exists(p: string) {
  try {
    await stat(p);
    return true;
  } catch {
    return false;
  }
}

/** Every file under `dir`, as paths relative to it (sorted). */
async function walk(dir: string): Promise<string[]> {
  if (!(await exists(dir))) return [];
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) out.push(relative(dir, join(e.parentPath, e.name)));
  }
  return out.sort();
}

/** Row counts of every table of the app's schema and of the migrations journal. */
export async function rowCounts(client: PGlite): Promise<Record<string, number>> {
  const { rows } = await client.query<{ schema: string; name: string }>(
    `select table_schema as schema, table_name as name from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const out: Record<string, number> = {};
  for (const r of rows) {
    const q = await client.query<{ n: number }>(`select count(*)::int as n from "${r.schema}"."${r.name}"`);
    out[`${r.schema}.${r.name}`] = q.rows[0].n;
  }
  return out;
}

/** sha256 of every file under `dir`, keyed by relative path. */
export async function fileChecksums(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const f of await walk(dir)) out[f] = sha256(await readFile(join(dir, f)));
  return out;
}

/**
 * Back up DATA_DIR (PGlite in `pglite/`, files in `files/`, `app.key`) into the new folder `out`.
 * @throws when DATA_DIR has no PGlite database, or `out` exists already.
 */
export async function backup(opts: { dataDir: string; out: string }): Promise<Manifest> {
  const pgDir = join(opts.dataDir, 'pglite');
  if (!(await exists(pgDir))) throw new Error(`no embedded database in ${pgDir}`);
  if (await exists(opts.out)) throw new Error(`${opts.out} exists already; choose a new folder`);
  await mkdir(opts.out, { recursive: true });
  const client = new PGlite(pgDir);
  let tables: Record<string, number>;
  let dump: Buffer;
  try {
    tables = await rowCounts(client);
    dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await client.close();
  }
  await writeFile(join(opts.out, 'pglite.tar.gz'), dump);
  const filesDir = join(opts.dataDir, 'files');
  const files = await fileChecksums(filesDir);
  for (const f of Object.keys(files)) {
    await mkdir(dirname(join(opts.out, 'files', f)), { recursive: true });
    await copyFile(join(filesDir, f), join(opts.out, 'files', f));
  }
  const key = join(opts.dataDir, 'app.key');
  const appKey = await exists(key);
  if (appKey) await copyFile(key, join(opts.out, 'app.key'));
  const manifest: Manifest = {
    format: 1,
    created_at: new Date().toISOString(),
    tables,
    files,
    dump_sha256: sha256(dump),
    app_key: appKey,
  };
  await writeFile(join(opts.out, 'manifest.json'), JSON.stringify(manifest, null, 2));
  return manifest;
}

/**
 * Restore the backup folder `from` into DATA_DIR, which must not hold a database yet (a fresh folder: the
 * drill, or a replacement machine). Checks the dump's and every file's checksum before writing, and the
 * restored row counts after.
 * @throws on a checksum or row-count mismatch, or when DATA_DIR/pglite exists.
 */
export async function restore(opts: { from: string; dataDir: string }): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(opts.from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${manifest.format}`);
  const dump = await readFile(join(opts.from, 'pglite.tar.gz'));
  if (sha256(dump) !== manifest.dump_sha256) throw new Error('the database dump does not match its checksum');
  for (const [f, sum] of Object.entries(manifest.files)) {
    if (sha256(await readFile(join(opts.from, 'files', f))) !== sum)
      throw new Error(`file ${f} does not match its checksum`);
  }
  const pgDir = join(opts.dataDir, 'pglite');
  if (await exists(pgDir)) throw new Error(`${pgDir} exists: restore into a fresh DATA_DIR`);
  await mkdir(opts.dataDir, { recursive: true });
  const client = new PGlite(pgDir, { loadDataDir: new Blob([dump]) });
  try {
    const counts = await rowCounts(client);
    const diff = Object.keys({ ...counts, ...manifest.tables }).filter((t) => counts[t] !== manifest.tables[t]);
    if (diff.length) throw new Error(`row counts differ after restore: ${diff.join(', ')}`);
  } finally {
    await client.close();
  }
  for (const f of Object.keys(manifest.files)) {
    await mkdir(dirname(join(opts.dataDir, 'files', f)), { recursive: true });
    await copyFile(join(opts.from, 'files', f), join(opts.dataDir, 'files', f));
  }
  if (manifest.app_key) await copyFile(join(opts.from, 'app.key'), join(opts.dataDir, 'app.key'));
  return manifest;
}
