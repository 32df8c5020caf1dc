/** `npm run files:to-s3` (issue 19; ADR 0109) against a real s3rver process. */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3rver } from '../../../test/s3rver.ts';
import { LocalFileStore, S3FileStore } from './storage.ts';
import { copyFolderToS3 } from './to-s3.ts';

const root = resolve(import.meta.dirname, '../../../../..');
let s3: S3Server;
const dir = mkdtempSync(join(tmpdir(), 'wasiat-to-s3-'));
beforeAll(async () => {
  s3 = await startS3rver('migrate');
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('files:to-s3', () => {
  it('copies a folder under the same keys, skips what is already there, and re-copies what differs', async () => {
    const folder = join(dir, 'files');
    const local = new LocalFileStore(folder);
    const keys = ['wasiat/w1/a.png', 'wasiat/w1/b.jpg', 'hibah/h1/c.png', 'issued/Wasiat/w1/d.pdf'];
    for (const [i, k] of keys.entries()) await local.put(k, Buffer.from(`file ${i} ${'x'.repeat(i * 1000)}`));
    const s3store = new S3FileStore(s3.options);

    const first = await copyFolderToS3(folder, s3store);
    expect(first).toMatchObject({ files: 4, copied: 4, skipped: 0, failed: 0 });
    for (const k of keys) expect((await s3store.get(k)).equals(await local.get(k))).toBe(true);

    // Idempotent: nothing to do the second time.
    expect(await copyFolderToS3(folder, s3store)).toMatchObject({ files: 4, copied: 0, skipped: 4, failed: 0 });

    // Resumable: an object lost (a run stopped before it) and one whose bytes differ are copied again.
    await s3store.delete(keys[1]);
    await s3store.client.send(
      new PutObjectCommand({ Bucket: s3.bucket, Key: keys[2], Body: 'half', Metadata: { sha256: 'bad' } }),
    );
    await local.put('wasiat/w2/new.png', Buffer.from('new file'));
    expect(await copyFolderToS3(folder, s3store)).toMatchObject({ files: 5, copied: 3, skipped: 2, failed: 0 });
    expect((await s3store.get(keys[2])).equals(await local.get(keys[2]))).toBe(true);
  });

  it('runs as a command that prints the counts', () => {
    const folder = join(dir, 'cli-data', 'files');
    mkdirSync(join(folder, 'wasiat/w9'), { recursive: true });
    writeFileSync(join(folder, 'wasiat/w9/one.png'), 'one');
    writeFileSync(join(folder, 'wasiat/w9/two.png'), 'two');
    const run = () =>
      spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/platform/files/to-s3.ts'], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: join(dir, 'cli-data'), ...s3.env, S3_PREFIX: 'cli/' },
        encoding: 'utf8',
      });
    const once = run();
    expect(once.status, once.stderr).toBe(0);
    expect(once.stdout).toContain('files:to-s3: 2 files, 2 copied, 0 already there, 0 failed');
    const again = run();
    expect(again.stdout).toContain('files:to-s3: 2 files, 0 copied, 2 already there, 0 failed');
    const none = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/platform/files/to-s3.ts'], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '' },
      encoding: 'utf8',
    });
    expect(none.status).toBe(2);
    expect(none.stderr).toContain('set S3_BUCKET');
  });
});
