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
 * - `seal/dev-seal.p12` + `seal/dev-seal.pass` — the development seal key when SEAL_P12_PATH is unset; a
 *   SEAL_P12_PATH inside DATA_DIR is copied at its place, one outside is not (the operator's production secret,
 *   kept with the other secrets; the manifest's `notes` say so) — ADR 0239;
 * - `manifest.json` — {@link Manifest}.
 * Every folder is made 0700 and every file 0600 whatever the umask (personal data and keys; ADR 0239).
 * The server must be stopped while a backup is taken or restored (one process owns a PGlite folder): both refuse,
 * before writing anything, while `DATA_DIR/server.lock` shows a running server (server-lock.ts). A backup that
 * fails removes the folder it started.
 */
import { createHash } from 'node:crypto';
import { chmod, copyFile, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pgliteExtensions } from '../../db/pglite.ts';
import { serverHolding } from './server-lock.ts';

export interface Manifest {
  format: 1;
  created_at: string;
  tables: Record<string, number>;
  files: Record<string, string>;
  dump_sha256: string;
  /** Whether `app.key` is in the backup (kept for backups made before `keys`). */
  app_key: boolean;
  /** Key files copied from DATA_DIR, relative path → sha256 (app.key, seal/…). Absent before ADR 0239. */
  keys?: Record<string, string>;
  /** The document seal key: where the server takes it from and whether this backup holds it. */
  seal?: { source: 'development' | 'configured' | 'none'; included: boolean };
  /** What the backup deliberately leaves out, and why (plain English for the operator). */
  notes?: string[];
}

/** The configuration a backup reads: where the keys come from (env.ts). */
interface BackupEnv {
  APP_KEY?: string;
  SEAL_P12_PATH?: string;
  S3_BUCKET?: string;
}

/** The two-language refusal while a server owns the folder (ms / en; issue 35 item 7). */
function serverRunningMessage(dataDir: string, lock: { pid: number; host: string; file: string }): string {
  return [
    `Pelayan sedang berjalan pada folder data ${dataDir} (pid ${lock.pid} di ${lock.host}): hentikannya dahulu (Ctrl+C, atau \`docker compose stop\`), kemudian cuba lagi. Dengan PostgreSQL, gunakan pg_dump tanpa menghentikan pelayan.`,
    `The server is running on the data folder ${dataDir} (pid ${lock.pid} on ${lock.host}): stop it first (Ctrl+C, or \`docker compose stop\`), then run this again. With PostgreSQL, use pg_dump while the server runs (docs/operations.md).`,
    `If you are sure no server is running, delete ${lock.file}.`,
  ].join('\n');
}

/** @throws with {@link serverRunningMessage} when a server holds `dataDir`. */
function refuseWhileServerRuns(dataDir: string) {
  const lock = serverHolding(dataDir);
  if (lock) throw new Error(serverRunningMessage(dataDir, lock));
}

/** Make `dir` (and its missing parents) mode 0700, whatever the umask. */
async function mkdirPrivate(dir: string) {
  const first = await mkdir(dir, { recursive: true, mode: 0o700 });
  if (!first) return;
  for (let d = dir; ; d = dirname(d)) {
    await chmod(d, 0o700);
    if (d === first || d === dirname(d)) break;
  }
}

/** Copy `from` to `to` (parents 0700), the copy mode 0600. */
async function copyPrivate(from: string, to: string) {
  await mkdirPrivate(dirname(to));
  await copyFile(from, to);
  await chmod(to, 0o600);
}

/** Write `data` to `to`, mode 0600. */
async function writePrivate(to: string, data: string | Buffer) {
  await writeFile(to, data, { mode: 0o600 });
  await chmod(to, 0o600);
}

/** `rel` joined to `root`. @throws when a manifest path would leave `root` (a forged manifest). */
function inside(root: string, rel: string): string {
  const p = resolve(root, rel);
  if (isAbsolute(rel) || !p.startsWith(resolve(root) + sep)) throw new Error(`unsafe path in the manifest: ${rel}`);
  return p;
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

/** The key files of DATA_DIR a backup copies (relative paths), what it says of the seal, and what it leaves out. */
async function keyFiles(dataDir: string, env: BackupEnv) {
  const keys: string[] = [];
  const notes: string[] = [];
  if (await exists(join(dataDir, 'app.key'))) keys.push('app.key');
  if (env.APP_KEY)
    notes.push(
      'APP_KEY is set in the environment, not in DATA_DIR: keep it with your secrets; the restored server needs it.',
    );
  const dev = ['seal/dev-seal.p12', 'seal/dev-seal.pass'];
  const devPresent = (await Promise.all(dev.map((f) => exists(join(dataDir, f))))).every(Boolean);
  if (devPresent) keys.push(...dev);
  let seal: NonNullable<Manifest['seal']>;
  if (env.SEAL_P12_PATH) {
    const path = resolve(env.SEAL_P12_PATH);
    const rel = relative(dataDir, path);
    const within =
      rel !== '' && !isAbsolute(rel) && rel !== '..' && !rel.startsWith(`..${sep}`) && (await exists(path));
    if (within) {
      keys.push(rel);
      notes.push(
        'SEAL_P12_PATH is inside DATA_DIR: its file is in this backup; its passphrase (SEAL_P12_PASSPHRASE) is not.',
      );
    } else {
      notes.push(
        `SEAL_P12_PATH (${path}) is outside DATA_DIR: the production seal key is not copied; back it up with your secrets (docs/operations.md "Document seal").`,
      );
    }
    seal = { source: 'configured', included: within };
  } else {
    seal = { source: devPresent ? 'development' : 'none', included: devPresent };
    if (!devPresent) notes.push('No development seal key in DATA_DIR yet: the server makes one on its first start.');
  }
  if (env.S3_BUCKET)
    notes.push(
      'S3_BUCKET is set: stored files live in the bucket, not in this backup; keep the bucket versioned and replicated.',
    );
  return { keys, seal, notes };
}

/**
 * Back up DATA_DIR (PGlite in `pglite/`, files in `files/`, `app.key`, the seal key) into the new folder `out`
 * (0700; files 0600). `env` says where the keys come from (APP_KEY, SEAL_P12_PATH, S3_BUCKET).
 * @throws before writing anything when DATA_DIR has no PGlite database, `out` exists already, or a server runs on
 *   DATA_DIR ({@link serverRunningMessage}); after starting `out`, any failure removes it again.
 */
export async function backup(opts: { dataDir: string; out: string; env?: BackupEnv }): Promise<Manifest> {
  const pgDir = join(opts.dataDir, 'pglite');
  if (!(await exists(pgDir))) throw new Error(`no embedded database in ${pgDir}`);
  if (await exists(opts.out)) throw new Error(`${opts.out} exists already; choose a new folder`);
  refuseWhileServerRuns(opts.dataDir);
  const { keys, seal, notes } = await keyFiles(opts.dataDir, opts.env ?? {});
  await mkdirPrivate(dirname(opts.out));
  await mkdir(opts.out, { mode: 0o700 });
  try {
    await chmod(opts.out, 0o700);
    const client = new PGlite(pgDir, { extensions: pgliteExtensions });
    let tables: Record<string, number>;
    let dump: Buffer;
    try {
      tables = await rowCounts(client);
      dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
    } finally {
      await client.close();
    }
    await writePrivate(join(opts.out, 'pglite.tar.gz'), dump);
    const filesDir = join(opts.dataDir, 'files');
    const files = await fileChecksums(filesDir);
    for (const f of Object.keys(files)) await copyPrivate(join(filesDir, f), join(opts.out, 'files', f));
    const keySums: Record<string, string> = {};
    for (const k of keys) {
      keySums[k] = sha256(await readFile(join(opts.dataDir, k)));
      await copyPrivate(join(opts.dataDir, k), join(opts.out, k));
    }
    const manifest: Manifest = {
      format: 1,
      created_at: new Date().toISOString(),
      tables,
      files,
      dump_sha256: sha256(dump),
      app_key: 'app.key' in keySums,
      keys: keySums,
      seal,
      notes,
    };
    await writePrivate(join(opts.out, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return manifest;
  } catch (e) {
    await rm(opts.out, { recursive: true, force: true });
    throw e;
  }
}

/**
 * Restore the backup folder `from` into DATA_DIR, which must not hold a database yet (a fresh folder: the
 * drill, or a replacement machine). Checks the dump's, every file's and every key's checksum before writing,
 * and the restored row counts after. Keys (app.key, seal/…) are written 0600 in folders 0700.
 * @throws on a checksum or row-count mismatch, a manifest path leaving DATA_DIR, when DATA_DIR/pglite exists,
 *   or while a server runs on DATA_DIR.
 */
export async function restore(opts: { from: string; dataDir: string }): Promise<Manifest> {
  const manifest = JSON.parse(await readFile(join(opts.from, 'manifest.json'), 'utf8')) as Manifest;
  if (manifest.format !== 1) throw new Error(`unknown backup format ${manifest.format}`);
  const dump = await readFile(join(opts.from, 'pglite.tar.gz'));
  if (sha256(dump) !== manifest.dump_sha256) throw new Error('the database dump does not match its checksum');
  const filesDir = join(opts.dataDir, 'files');
  for (const [f, sum] of Object.entries(manifest.files)) {
    inside(filesDir, f);
    if (sha256(await readFile(inside(join(opts.from, 'files'), f))) !== sum)
      throw new Error(`file ${f} does not match its checksum`);
  }
  // Backups made before `keys` (ADR 0239) name app.key by `app_key` only.
  const keys = Object.keys(manifest.keys ?? (manifest.app_key ? { 'app.key': '' } : {}));
  for (const k of keys) {
    inside(opts.dataDir, k);
    const sum = manifest.keys?.[k];
    if (sum && sha256(await readFile(inside(opts.from, k))) !== sum)
      throw new Error(`key ${k} does not match its checksum`);
  }
  refuseWhileServerRuns(opts.dataDir);
  const pgDir = join(opts.dataDir, 'pglite');
  if (await exists(pgDir)) throw new Error(`${pgDir} exists: restore into a fresh DATA_DIR`);
  await mkdirPrivate(opts.dataDir);
  const client = new PGlite(pgDir, { extensions: pgliteExtensions, loadDataDir: new Blob([dump]) });
  try {
    const counts = await rowCounts(client);
    const diff = Object.keys({ ...counts, ...manifest.tables }).filter((t) => counts[t] !== manifest.tables[t]);
    if (diff.length) throw new Error(`row counts differ after restore: ${diff.join(', ')}`);
  } finally {
    await client.close();
  }
  for (const f of Object.keys(manifest.files)) {
    await mkdir(dirname(join(filesDir, f)), { recursive: true });
    await copyFile(join(opts.from, 'files', f), join(filesDir, f));
  }
  for (const k of keys) await copyPrivate(join(opts.from, k), join(opts.dataDir, k));
  return manifest;
}
