/**
 * SIGTERM reaches the server (issue 35 item 4; ADR 0221): `npm run start:prod` (the compiled server, ADR 0246), as
 * the README and an operator start it, stops gracefully when npm is sent SIGTERM (npm forwards it; the script `exec`s node, so no shell is
 * left between them to die and orphan the server): the server logs its stop and every process of the tree exits 0.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServer } from '../../../test/compiled.ts';

const root = resolve(import.meta.dirname, '../../../../..');
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm run start:prod and SIGTERM', () => {
  it('the server stops gracefully and no process is left', async () => {
    await compiledServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'wasiat-signals-'));
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', () => r()));
    const port = (probe.address() as { port: number }).port;
    await new Promise<void>((r) => probe.close(() => r()));
    const npm = spawn('npm', ['run', '--silent', 'start:prod'], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/root',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        JOBS: '0',
        SEED_DEMO: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    npm.stdout.on('data', (d) => (out += d));
    npm.stderr.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));
    try {
      let up = false;
      for (let i = 0; i < 120 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 500));
      }
      expect(up, out).toBe(true);
      npm.kill('SIGTERM');
      const code = await Promise.race([exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 20_000))]);
      console.log(
        `npm run start:prod, SIGTERM to npm: exit ${code}; server said: ${/SIGTERM: stopping/.test(out)} / ${/stopped/.test(out)}`,
      );
      expect(code).toBe(0);
      expect(out).toMatch(/SIGTERM: stopping/);
      expect(out).toMatch(/"msg":"stopped"|stopped/);
      const still = await fetch(`http://127.0.0.1:${port}/healthz`).then(
        () => true,
        () => false,
      );
      expect(still).toBe(false);
    } finally {
      if (npm.pid && alive(npm.pid)) npm.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
