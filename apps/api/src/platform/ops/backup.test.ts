/**
 * Restore drill (issue 11; ADR 0084): an embedded DATA_DIR with the demo seed, audit events and stored
 * files is backed up with `npm run backup`'s script, restored with `npm run restore`'s script into a fresh
 * DATA_DIR, and the restored database and files are compared with the original: row counts of every table
 * and the SHA-256 of every file. A damaged backup is refused.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { seedDemo } from '../../db/seed/seed.ts';
import { bytesOf, PNG_A, SIGNATURE_PNG } from '../../modules/wills/test-fixtures.ts';
import { recordAudit } from '../audit/audit.ts';
import { verifyAuditChain } from '../audit/chain.ts';
import { LocalFileStore } from '../files/storage.ts';
import { saveAttachment } from '../files/uploads.ts';
import { fileChecksums, restore, rowCounts } from './backup.ts';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../../../../', import.meta.url));
const cli = (args: string[], dataDir: string) =>
  run(process.execPath, ['--import', 'tsx', 'apps/api/src/platform/ops/backup-cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });

let work: string;
let source: string;
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
}, 120_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('backup and restore drill', () => {
  it('restores into a fresh database with the same row counts and file checksums', async () => {
    const out = join(work, 'backup-1');
    const b = await cli(['backup', out], source);
    expect(b.stdout).toMatch(/Backup of .* written to .*: \d+ tables, \d+ rows, 2 files\./);

    const target = join(work, 'restored');
    const r = await cli(['restore', out], target);
    expect(r.stdout).toContain('row counts and file checksums match');

    const a = new PGlite(join(source, 'pglite'));
    const c = new PGlite(join(target, 'pglite'));
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

    // the restored database opens with the app's migrations and its audit chain verifies
    const restored = await openDatabase({ pgliteDir: join(target, 'pglite') });
    try {
      expect((await verifyAuditChain(restored.db)).ok).toBe(true);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('refuses a damaged backup and a DATA_DIR that already holds a database', async () => {
    const out = join(work, 'backup-2');
    await cli(['backup', out], source);
    const files = Object.keys(await fileChecksums(join(out, 'files')));
    writeFileSync(join(out, 'files', files[0]), 'tampered');
    await expect(restore({ from: out, dataDir: join(work, 'fresh-2') })).rejects.toThrow(/does not match its checksum/);
    await expect(cli(['restore', join(work, 'backup-1')], source)).rejects.toMatchObject({
      stderr: expect.stringMatching(/exists: restore into a fresh DATA_DIR/),
    });
    await expect(cli(['backup', join(work, 'backup-1')], source)).rejects.toMatchObject({
      stderr: expect.stringMatching(/exists already/),
    });
  }, 120_000);
});
