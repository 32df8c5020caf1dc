/**
 * A real S3-compatible server for tests (issue 19): the `s3rver` package's binary started as a child process
 * on a free port, with a fresh data folder and one bucket; `stop()` ends it and removes the folder.
 * Its credentials are s3rver's fixed pair S3RVER/S3RVER.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { S3Options } from '../src/platform/files/storage.ts';

const root = resolve(import.meta.dirname, '../../..');

/** A free TCP port on 127.0.0.1. */
export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', () => r()));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((r) => s.close(() => r()));
  return port;
}

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** The S3_* variables that point an API process at this server. */
  env: Record<string, string>;
  /** Options for `new S3FileStore(…)`. */
  options: S3Options;
  /** Freeze the server (SIGSTOP: it keeps its port, accepts connections at the kernel and never answers — a hung S3). */
  hang(): void;
  /** Let a frozen server answer again (SIGCONT). */
  resume(): void;
  stop(): Promise<void>;
}

/** Start s3rver with bucket `bucket` and wait until it answers (30 s at most). */
export async function startS3rver(bucket = 'wasiat-test'): Promise<S3Server> {
  const dir = mkdtempSync(join(tmpdir(), 'wasiat-s3rver-'));
  const port = await freePort();
  const child: ChildProcess = spawn(
    process.execPath,
    [
      join(root, 'node_modules/s3rver/bin/s3rver.js'),
      '-d',
      dir,
      '-a',
      '127.0.0.1',
      '-p',
      String(port),
      '--silent',
      '--configure-bucket',
      bucket,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`s3rver exited: ${stderr}`);
    try {
      const r = await fetch(`${endpoint}/${bucket}`, { method: 'HEAD', signal: AbortSignal.timeout(1000) });
      if (r.status < 500) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`s3rver did not start: ${stderr}`);
    await sleep(100);
  }
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: '1',
  };
  return {
    endpoint,
    bucket,
    env,
    options: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    hang() {
      child.kill('SIGSTOP');
    },
    resume() {
      child.kill('SIGCONT');
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
