/**
 * The compiled API (`apps/api/dist`, built by `scripts/build-api.mjs`; issue 35 item 4, ADR 0246) for the tests
 * that start the server as production does. CI builds it once before the tests (`npm run build` in
 * scripts/test-all.mjs); a test run on its own builds it when it is missing (one builder at a time, by a lock
 * folder; the others wait for it).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** The repository's root folder. */
export const repoRoot = resolve(import.meta.dirname, '../../..');
/** The compiled server's entry. */
export const compiledMain = join(repoRoot, 'apps/api/dist/main.js');

/**
 * The path of the compiled server, building it first when it is missing.
 * @throws Error with the build's output when the build fails, or after 3 minutes of waiting for another builder.
 */
export async function compiledServer(): Promise<string> {
  const lock = join(repoRoot, 'apps/api/.dist-building');
  for (let waited = 0; !existsSync(compiledMain); waited += 500) {
    try {
      mkdirSync(lock);
    } catch {
      if (waited > 180_000) throw new Error('the compiled API did not appear within 3 minutes');
      await sleep(500);
      continue;
    }
    try {
      const r = spawnSync(process.execPath, ['scripts/build-api.mjs'], { cwd: repoRoot, encoding: 'utf8' });
      if (r.status !== 0) throw new Error(`scripts/build-api.mjs failed:\n${r.stdout}\n${r.stderr}`);
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return compiledMain;
}
