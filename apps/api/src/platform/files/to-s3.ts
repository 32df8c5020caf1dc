/**
 * `npm run files:to-s3 [-- <folder>]` (issue 19 "A command copies an existing local folder into a bucket";
 * ADR 0109; docs/operations.md "Moving files to S3"): copies every file of the local store (default
 * `<DATA_DIR>/files`) into the bucket of the S3_* variables, under the same keys.
 *
 * Idempotent and resumable: an object already in the bucket whose `sha256` metadata equals the file's is
 * skipped, so a run stopped half-way is simply run again. Each copied object is read back and its SHA-256
 * compared with the file's; a mismatch counts as failed (exit code 1). Prints
 * `files:to-s3: N files, N copied, N already there, N failed`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { loadEnv } from '../config/env.ts';
import { S3FileStore, s3Options, sha256 } from './storage.ts';

/** Counts of one run. */
export interface CopyResult {
  files: number;
  copied: number;
  skipped: number;
  failed: number;
  /** `key: reason` of each failure. */
  failures: string[];
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return;
    throw err;
  }
  for (const e of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(dir, e.name);
    if (e.isDirectory()) yield* walk(p);
    else if (e.isFile()) yield p;
  }
}

/**
 * Copy every file under `folder` into `store` (key = path relative to `folder`, `/`-separated), skipping
 * objects already there with the same SHA-256, verifying each copy by reading it back.
 */
export async function copyFolderToS3(
  folder: string,
  store: S3FileStore,
  progress: (line: string) => void = () => {},
): Promise<CopyResult> {
  const root = resolve(folder);
  const r: CopyResult = { files: 0, copied: 0, skipped: 0, failed: 0, failures: [] };
  for await (const path of walk(root)) {
    r.files += 1;
    const key = relative(root, path).split(sep).join('/');
    try {
      const data = await readFile(path);
      const sum = sha256(data);
      const there = await store.head(key);
      if (there && there.sha256 === sum && there.size === data.length) {
        r.skipped += 1;
        continue;
      }
      await store.put(key, data);
      const back = await store.get(key);
      if (sha256(back) !== sum) throw new Error('checksum differs after copy');
      r.copied += 1;
      if (r.copied % 100 === 0) progress(`files:to-s3: ${r.copied} copied so far`);
    } catch (err) {
      r.failed += 1;
      r.failures.push(`${key}: ${(err as Error).message}`);
    }
  }
  return r;
}

/** The one-line summary the command prints. */
export const summary = (r: CopyResult) =>
  `files:to-s3: ${r.files} files, ${r.copied} copied, ${r.skipped} already there, ${r.failed} failed`;

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const env = loadEnv();
  const opts = s3Options(env);
  if (!opts) {
    console.error('files:to-s3: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, …) first');
    process.exit(2);
  }
  const folder = process.argv[2] ?? join(env.DATA_DIR, 'files');
  const store = new S3FileStore(opts);
  const result = await copyFolderToS3(folder, store, (l) => console.log(l));
  for (const f of result.failures) console.error(`failed: ${f}`);
  console.log(summary(result));
  process.exit(result.failed ? 1 : 0);
}
