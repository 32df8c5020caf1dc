/**
 * Production refuses unsafe configuration (issue 35 item 5; ADR 0218): each unsafe default named, the server
 * process refusing to start (the compiled server, as production runs it; ADR 0246) on the defaults and on each
 * unsafe default alone, and a safe production start that seeds no demo user.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServer } from '../../../test/compiled.ts';
import { loadSealKey } from '../documents/seal.ts';
import { appKeyBytes, assertSafeForProduction, loadEnv, productionProblems } from './env.ts';

const root = resolve(import.meta.dirname, '../../../../..');
const SAFE = {
  NODE_ENV: 'production',
  APP_KEY: randomBytes(32).toString('base64'),
  APP_URL: 'https://wasiat.example.my',
  SEAL_P12_PATH: '/etc/wasiat/seal.p12',
  SMTP_URL: 'smtp://mailer:secret@smtp.example.my:587',
};

/** Each unsafe default on its own, with the message that must name it. */
const UNSAFE: [Record<string, string | undefined>, RegExp][] = [
  [{ APP_KEY: undefined }, /^APP_KEY is not set/],
  [{ APP_KEY: 'x' }, /^APP_KEY is too weak/],
  [{ APP_KEY: 'change-me-32-random-bytes-base64url' }, /^APP_KEY is too weak/],
  [{ APP_KEY: 'a'.repeat(64) }, /^APP_KEY is too weak/],
  [{ APP_URL: undefined }, /^APP_URL is not set/],
  [{ APP_URL: 'http://localhost:3000' }, /^APP_URL must start with https:\/\//],
  [{ SEAL_P12_PATH: undefined }, /^SEAL_P12_PATH is not set/],
  [{ SMTP_URL: undefined }, /^SMTP_URL is not set/],
  [{ SEED_DEMO: '1' }, /^SEED_DEMO=1 is refused/],
];

describe('production configuration', () => {
  it('a safe configuration has no problem', () => {
    expect(productionProblems(loadEnv(SAFE))).toEqual([]);
    expect(() => assertSafeForProduction(loadEnv(SAFE))).not.toThrow();
  });

  it('names each unsafe variable', () => {
    for (const [change, message] of UNSAFE) {
      const problems = productionProblems(loadEnv({ ...SAFE, ...change }));
      expect(problems, JSON.stringify(change)).toHaveLength(1);
      expect(problems[0]).toMatch(message);
    }
  });

  it('counts a key by the bytes it encodes', () => {
    expect(appKeyBytes(randomBytes(32).toString('hex'))).toBe(32);
    expect(appKeyBytes(randomBytes(32).toString('base64'))).toBe(32);
    expect(appKeyBytes(randomBytes(31).toString('base64url'))).toBe(31);
  });

  it('outside production nothing is refused', () => {
    expect(() => assertSafeForProduction(loadEnv({ NODE_ENV: 'development', SEED_DEMO: '1' }))).not.toThrow();
  });

  it('the compiled server does not start in production on the defaults, and names every variable', async () => {
    const main = await compiledServer();
    const dataDir = mkdtempSync(join(tmpdir(), 'wasiat-prod-env-'));
    try {
      const r = spawnSync(process.execPath, [main], {
        cwd: root,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', SEED_DEMO: '1', DATA_DIR: dataDir, PORT: '3298' },
        encoding: 'utf8',
        timeout: 60_000,
      });
      console.log(`production start on the defaults: exit ${r.status}\n${r.stderr.split('\n').slice(0, 8).join('\n')}`);
      expect(r.status).not.toBe(0);
      for (const v of ['APP_KEY', 'APP_URL', 'SEAL_P12_PATH', 'SMTP_URL', 'SEED_DEMO=1']) expect(r.stderr).toContain(v);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('the compiled server refuses each unsafe default on its own, naming it', async () => {
    const main = await compiledServer();
    const seen: string[] = [];
    for (const [change, message] of UNSAFE) {
      const dataDir = mkdtempSync(join(tmpdir(), 'wasiat-prod-one-'));
      try {
        const env: Record<string, string> = { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '3297' };
        for (const [k, v] of Object.entries({ ...SAFE, ...change })) if (v !== undefined) env[k] = v;
        const r = spawnSync(process.execPath, [main], { cwd: root, env, encoding: 'utf8', timeout: 60_000 });
        const line = r.stderr.split('\n').find((l) => message.test(l.replace(/^\W+/, ''))) ?? '';
        const label = Object.entries(change)
          .map(([k, v]) => `${k}=${v === undefined ? '(unset)' : v.slice(0, 12)}`)
          .join(' ');
        seen.push(`${label} → exit ${r.status}${line ? ', named' : ', NOT named'}`);
        expect(r.status, JSON.stringify(change)).not.toBe(0);
        expect(line, `${JSON.stringify(change)}: ${r.stderr.slice(0, 400)}`).not.toBe('');
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
    console.log(`production start with one unsafe default, ${UNSAFE.length} cases:\n  ${seen.join('\n  ')}`);
  }, 180_000);

  it('a safe production start on PGlite serves, and has no demo user', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wasiat-prod-start-'));
    // A real PKCS#12 seal key, made as the development key is, kept outside DATA_DIR.
    const sealDir = mkdtempSync(join(tmpdir(), 'wasiat-prod-seal-'));
    const seal = loadSealKey({ DATA_DIR: sealDir, NODE_ENV: 'development' });
    const port = 3200 + Math.floor(Math.random() * 90);
    const child = spawn(process.execPath, [await compiledServer()], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? '',
        ...SAFE,
        SEAL_P12_PATH: join(sealDir, 'seal', 'dev-seal.p12'),
        SEAL_P12_PASSPHRASE: seal.passphrase,
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        JOBS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    try {
      const base = `http://127.0.0.1:${port}`;
      let up = false;
      for (let i = 0; i < 120 && !up; i++) {
        up = await fetch(`${base}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 500));
      }
      expect(up, out).toBe(true);
      const login = await fetch(`${base}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ username: 'admin', password: 'Demo12345' }),
      });
      expect(login.status).toBe(422);
      expect(out).not.toContain('Demo12345');
      expect(readFileSync(join(sealDir, 'seal', 'dev-seal.p12')).equals(seal.p12)).toBe(true);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(sealDir, { recursive: true, force: true });
    }
  }, 150_000);
});
