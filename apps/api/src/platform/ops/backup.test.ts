/**
 * Restore drill (issue 11; ADR 0084; issue 35 item 7, ADR 0239): an embedded DATA_DIR with the demo seed, audit
 * events, stored files, app.key and the development seal key is backed up with `npm run backup`'s script (under
 * umask 000: every path it writes must still be 0600/0700), restored with `npm run restore`'s script into a fresh
 * DATA_DIR, compared with the original (row counts of every table, the SHA-256 of every file and key), read back
 * (a stored file through the file store, a user logging in over HTTP to the real server started on it), and,
 * while that server runs, a backup is refused in plain words without leaving a folder. A damaged backup is
 * refused; a production seal key outside DATA_DIR is named, not copied.
 */
import { execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { hostname, tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { pgliteExtensions } from '../../db/pglite.ts';
import { attachments, users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD, seedDemo } from '../../db/seed/seed.ts';
import { bytesOf, PNG_A, SIGNATURE_PNG } from '../../modules/wills/test-fixtures.ts';
import { recordAudit } from '../audit/audit.ts';
import { verifyAuditChain } from '../audit/chain.ts';
import { LocalFileStore } from '../files/storage.ts';
import { saveAttachment } from '../files/uploads.ts';
import { backup, fileChecksums, type Manifest, restore, rowCounts } from './backup.ts';
import { LOCK_STALE_MS, SERVER_LOCK, serverHolding } from './server-lock.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
/** The CLI as an operator runs it, under umask 000 so that only the code's own modes protect the files. */
const cli = (args: string[], dataDir: string, env: Record<string, string> = {}) =>
  run(
    'sh',
    [
      '-c',
      'umask 000 && exec "$0" "$@"',
      process.execPath,
      '--import',
      'tsx',
      'apps/api/src/platform/ops/backup-cli.ts',
      ...args,
    ],
    { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', S3_BUCKET: '', ...env } },
  );
/** Every file and folder under `dir` (and `dir` itself as '.') with its permission bits. */
const modes = (dir: string) => {
  const out: Record<string, number> = { '.': statSync(dir).mode & 0o777 };
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    const p = join(e.parentPath, e.name);
    out[relative(dir, p)] = statSync(p).mode & 0o777;
  }
  return out;
};
const freePort = () =>
  new Promise<number>((done) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => done(port));
    });
  });

/** The real server (main.ts) on `dataDir`, as `npm run start:prod` starts it, without demo seeding or jobs. */
async function startServer(dataDir: string) {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      S3_BUCKET: '',
      PORT: String(port),
      HOST: '127.0.0.1',
      JOBS: '0',
      SEED_DEMO: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const exited = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  await new Promise<void>((ready, fail) => {
    const seen = (b: Buffer) => {
      log += b.toString();
      if (log.includes('Wasiat platform on')) ready();
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    void exited.then((code) => fail(new Error(`server exited ${code}: ${log.slice(-2000)}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

let work: string;
let source: string;
let sealBytes: Buffer;
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'wasiat-drill-'));
  source = join(work, 'data');
  const database = await openDatabase({ pgliteDir: join(source, 'pglite') });
  await seedDemo(database.db);
  const store = new LocalFileStore(join(source, 'files'));
  for (const [i, png] of [PNG_A, SIGNATURE_PNG].entries()) {
    await saveAttachment(database.db, store, {
      attachableType: 'Test',
      attachableId: `drill-${i}`,
      type: 'photo',
      data: bytesOf(png),
      allowed: ['image/png'],
    });
    await recordAudit(database.db, {
      actorId: null,
      action: 'drill.event',
      entityType: 'Test',
      entityId: `drill-${i}`,
    });
  }
  await database.close();
  writeFileSync(join(source, 'app.key'), 'drill-app-key');
  // The development seal key as documents/seal.ts keeps it when SEAL_P12_PATH is unset.
  sealBytes = Buffer.from('drill-p12-bytes');
  mkdirSync(join(source, 'seal'));
  writeFileSync(join(source, 'seal', 'dev-seal.p12'), sealBytes, { mode: 0o600 });
  writeFileSync(join(source, 'seal', 'dev-seal.pass'), 'drill-pass', { mode: 0o600 });
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore drill', () => {
  it('restores into a fresh DATA_DIR that a server starts on, with the same rows, files and keys', async () => {
    const out = join(work, 'vault', 'backup-1');
    const b = await cli(['backup', out], source);
    expect(b.stdout).toMatch(
      /Backup of .* written to .*: \d+ tables, \d+ rows, 2 files, keys: app\.key, seal\/dev-seal\.p12, seal\/dev-seal\.pass\./,
    );
    // Personal data and keys: every folder 0700 and every file 0600, though the CLI ran under umask 000.
    const written = modes(join(work, 'vault'));
    const loose = Object.entries(written).filter(
      ([p, m]) => m !== (statSync(join(work, 'vault', p)).isDirectory() ? 0o700 : 0o600),
    );
    console.log(`backup modes: ${Object.keys(written).length} paths, ${loose.length} not 0600/0700`);
    expect(loose).toEqual([]);
    expect(Object.keys(written)).toEqual(expect.arrayContaining(['backup-1/seal/dev-seal.p12', 'backup-1/app.key']));
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.seal).toEqual({ source: 'development', included: true });
    expect(Object.keys(manifest.keys ?? {})).toEqual(['app.key', 'seal/dev-seal.p12', 'seal/dev-seal.pass']);

    const target = join(work, 'restored');
    const r = await cli(['restore', out], target);
    expect(r.stdout).toContain('row counts and file checksums match');

    const a = new PGlite(join(source, 'pglite'), { extensions: pgliteExtensions });
    const c = new PGlite(join(target, 'pglite'), { extensions: pgliteExtensions });
    try {
      const before = await rowCounts(a);
      const after = await rowCounts(c);
      expect(after).toEqual(before);
      expect(before['public.users']).toBeGreaterThanOrEqual(7);
      expect(before['public.attachments']).toBe(2);
      expect(before['drizzle.__drizzle_migrations']).toBeGreaterThan(0);
    } finally {
      await a.close();
      await c.close();
    }
    expect(await fileChecksums(join(target, 'files'))).toEqual(await fileChecksums(join(source, 'files')));
    expect(Object.keys(await fileChecksums(join(target, 'files')))).toHaveLength(2);
    expect(await fileChecksums(target)).toMatchObject({ 'app.key': (await fileChecksums(source))['app.key'] });
    expect(readFileSync(join(target, 'seal', 'dev-seal.p12'))).toEqual(sealBytes);
    expect(readFileSync(join(target, 'seal', 'dev-seal.pass'), 'utf8')).toBe('drill-pass');
    for (const k of ['app.key', 'seal/dev-seal.p12', 'seal/dev-seal.pass'])
      expect(statSync(join(target, k)).mode & 0o777).toBe(0o600);

    // The restored database opens with the app's migrations, its audit chain verifies, and a stored file is read
    // back through the file store by the key its row names.
    const restored = await openDatabase({ pgliteDir: join(target, 'pglite') });
    try {
      expect((await verifyAuditChain(restored.db)).ok).toBe(true);
      const rows = await restored.db.select().from(attachments);
      const png = rows.find((row) => row.attachable_id === 'drill-0');
      expect(png).toBeDefined();
      const bytes = await new LocalFileStore(join(target, 'files')).get(png?.storage_key ?? '');
      expect(bytes).toEqual(await new LocalFileStore(join(source, 'files')).get(png?.storage_key ?? ''));
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect((await restored.db.select().from(users)).map((u) => u.username)).toContain('client');
    } finally {
      await restored.close();
    }

    // The real server starts on the restored folder (no demo seeding) and a user of the backup logs in.
    const server = await startServer(target);
    let stopped = false;
    try {
      const login = await fetch(`${server.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'client', password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ token: expect.any(String) });

      // While it runs, a backup is refused in plain words before anything is written, and so is a restore.
      const live = join(work, 'vault', 'while-running');
      const refused = await cli(['backup', live], target).catch((e: { code: number; stderr: string }) => e);
      expect(refused).toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/The server is running on the data folder .*: stop it first/),
      });
      expect((refused as { stderr: string }).stderr).toMatch(/Pelayan sedang berjalan/);
      expect(existsSync(live)).toBe(false);
      await expect(cli(['restore', out], target)).rejects.toMatchObject({
        stderr: expect.stringMatching(/stop it first/),
      });
      console.log(`backup while the server runs: refused, output folder created: ${existsSync(live)}`);

      expect(await server.stop()).toBe(0);
      stopped = true;
    } finally {
      if (!stopped) await server.stop();
    }
    // Stopped cleanly, the server leaves no lock: the backup now works.
    expect(existsSync(join(target, SERVER_LOCK))).toBe(false);
    await cli(['backup', join(work, 'vault', 'after-stop')], target);
    expect(existsSync(join(work, 'vault', 'after-stop', 'manifest.json'))).toBe(true);
  }, 240_000);

  it('refuses a damaged backup and a DATA_DIR that already holds a database', async () => {
    const out = join(work, 'backup-2');
    await cli(['backup', out], source);
    const files = Object.keys(await fileChecksums(join(out, 'files')));
    writeFileSync(join(out, 'files', files[0]), 'tampered');
    await expect(restore({ from: out, dataDir: join(work, 'fresh-2') })).rejects.toThrow(/does not match its checksum/);
    writeFileSync(join(out, 'files', files[0]), readFileSync(join(source, 'files', files[0])));
    writeFileSync(join(out, 'seal', 'dev-seal.p12'), 'swapped key');
    await expect(restore({ from: out, dataDir: join(work, 'fresh-3') })).rejects.toThrow(
      /key seal\/dev-seal\.p12 does not match/,
    );
    expect(existsSync(join(work, 'fresh-3'))).toBe(false);
    await expect(cli(['restore', join(work, 'vault', 'backup-1')], source)).rejects.toMatchObject({
      stderr: expect.stringMatching(/exists: restore into a fresh DATA_DIR/),
    });
    await expect(cli(['backup', join(work, 'backup-2')], source)).rejects.toMatchObject({
      stderr: expect.stringMatching(/exists already/),
    });
  }, 120_000);

  it('copies a seal key kept in DATA_DIR and names, without copying, one kept outside it', async () => {
    const outside = join(work, 'secrets', 'prod-seal.p12');
    mkdirSync(join(work, 'secrets'));
    writeFileSync(outside, 'production key', { mode: 0o600 });
    const b = await cli(['backup', join(work, 'backup-prod')], source, { SEAL_P12_PATH: outside, APP_KEY: 'from-env' });
    expect(b.stdout).toMatch(
      /Note: SEAL_P12_PATH \(.*prod-seal\.p12\) is outside DATA_DIR: the production seal key is not copied/,
    );
    expect(b.stdout).toMatch(/Note: APP_KEY is set in the environment/);
    const m = JSON.parse(readFileSync(join(work, 'backup-prod', 'manifest.json'), 'utf8')) as Manifest;
    expect(m.seal).toEqual({ source: 'configured', included: false });
    expect(Object.values(await fileChecksums(join(work, 'backup-prod')))).not.toContain(
      (await fileChecksums(join(work, 'secrets')))['prod-seal.p12'],
    );

    writeFileSync(join(source, 'seal', 'operator.p12'), 'operator key', { mode: 0o600 });
    const m2 = await backup({
      dataDir: source,
      out: join(work, 'backup-inside'),
      env: { SEAL_P12_PATH: join(source, 'seal', 'operator.p12') },
    });
    expect(m2.seal).toEqual({ source: 'configured', included: true });
    expect(readFileSync(join(work, 'backup-inside', 'seal', 'operator.p12'), 'utf8')).toBe('operator key');
    rmSync(join(source, 'seal', 'operator.p12'));
  }, 120_000);

  it('tells a running server from a lock left by one that died', async () => {
    const lock = join(source, SERVER_LOCK);
    const old = new Date(Date.now() - 2 * LOCK_STALE_MS);
    try {
      // another machine's server, touched just now (a shared volume): held
      writeFileSync(lock, JSON.stringify({ pid: 1, host: 'elsewhere', started_at: 'x' }));
      expect(serverHolding(source)).toMatchObject({ host: 'elsewhere' });
      // a live process on this host, lock untouched for a while (a suspended server): held
      utimesSync(lock, old, old);
      writeFileSync(lock, JSON.stringify({ pid: process.ppid, host: hostname(), started_at: 'x' }));
      utimesSync(lock, old, old);
      expect(serverHolding(source)).toMatchObject({ pid: process.ppid });
      // untouched and its process gone (killed with SIGKILL, power cut): left over, the backup goes ahead
      writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), started_at: 'x' }));
      utimesSync(lock, old, old);
      expect(serverHolding(source)).toBeNull();
      await backup({ dataDir: source, out: join(work, 'backup-stale') });
      // a fresh lock: refused before the output folder exists
      writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), started_at: 'x' }));
      await expect(backup({ dataDir: source, out: join(work, 'backup-held') })).rejects.toThrow(/stop it first/);
      expect(existsSync(join(work, 'backup-held'))).toBe(false);
    } finally {
      rmSync(lock, { force: true });
    }
  }, 120_000);
});
