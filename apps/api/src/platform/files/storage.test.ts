/**
 * The FileStore contract (issue 19 "one contract test suite runs against both implementations"; ADR 0109):
 * the same cases against the local folder and against an S3FileStore on a real s3rver process.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3rver } from '../../../test/s3rver.ts';
import { loadEnv } from '../config/env.ts';
import { createFileStore, FileNotFoundError, type FileStore, LocalFileStore, S3FileStore, sha256 } from './storage.ts';

let s3: S3Server;
const dir = mkdtempSync(join(tmpdir(), 'wasiat-store-'));
beforeAll(async () => {
  s3 = await startS3rver('contract');
});
afterAll(async () => {
  await s3?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const impls: [string, () => FileStore][] = [
  ['local folder', () => new LocalFileStore(join(dir, 'files'))],
  ['S3 (s3rver)', () => new S3FileStore(s3.options)],
];

describe.each(impls)('FileStore contract: %s', (_name, make) => {
  it('puts, gets the same bytes back, replaces, and deletes (deleting twice is fine)', async () => {
    const store = make();
    const key = `wasiat/${randomBytes(6).toString('hex')}/${randomBytes(12).toString('hex')}.png`;
    const a = randomBytes(70_000);
    await store.put(key, a);
    expect((await store.get(key)).equals(a)).toBe(true);
    const b = Buffer.from('second version');
    await store.put(key, b);
    expect((await store.get(key)).toString()).toBe('second version');
    await store.delete(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    await store.delete(key);
  });

  it('reports a missing key as FileNotFoundError (code ENOENT)', async () => {
    const store = make();
    await expect(store.get('wasiat/none/missing.pdf')).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses keys that are not server-made (traversal, absolute, empty segments)', async () => {
    const store = make();
    for (const key of ['../x.png', '/etc/passwd', 'a//b.png', 'a/./b.png', 'a/../../b', '', 'a/b c.png']) {
      await expect(store.put(key, Buffer.from('x')), key).rejects.toThrow('bad storage key');
      await expect(store.get(key), key).rejects.toThrow('bad storage key');
    }
  });

  it('keeps empty files and binary content exactly', async () => {
    const store = make();
    await store.put('issued/Wasiat/e/empty.pdf', Buffer.alloc(0));
    expect((await store.get('issued/Wasiat/e/empty.pdf')).length).toBe(0);
    const bin = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await store.put('issued/Wasiat/e/all-bytes.bin', bin);
    expect((await store.get('issued/Wasiat/e/all-bytes.bin')).equals(bin)).toBe(true);
  });

  it('answers ping when reachable', async () => {
    await expect(make().ping()).resolves.toBeUndefined();
  });
});

describe('S3FileStore specifics', () => {
  it('asks for server-side encryption and records the SHA-256 as metadata', async () => {
    const store = new S3FileStore(s3.options);
    const data = randomBytes(1000);
    await store.put('wasiat/sse/one.jpg', data);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'wasiat/sse/one.jpg' }));
    expect(head.Metadata?.sha256).toBe(sha256(data));
    expect(await store.head('wasiat/sse/one.jpg')).toEqual({ sha256: sha256(data), size: 1000 });
    expect(await store.head('wasiat/sse/none.jpg')).toBeNull();
  });

  it('puts objects under S3_PREFIX', async () => {
    const store = new S3FileStore({ ...s3.options, prefix: 'prod/' });
    await store.put('wasiat/p/x.png', Buffer.from('prefixed'));
    const r = await store.client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'prod/wasiat/p/x.png' }));
    expect(await r.Body?.transformToString()).toBe('prefixed');
  });

  it('fails ping on a bucket that does not exist', async () => {
    await expect(new S3FileStore({ ...s3.options, bucket: 'no-such-bucket' }).ping()).rejects.toThrow();
  });

  it('is chosen by S3_BUCKET in the environment; the local folder otherwise', () => {
    expect(createFileStore(loadEnv({}), dir)).toBeInstanceOf(LocalFileStore);
    const env = loadEnv({ ...s3.env, S3_SSE: 'none' });
    const store = createFileStore(env, dir);
    expect(store).toBeInstanceOf(S3FileStore);
    expect(store.describe).toBe('s3 bucket contract');
  });
});
