/**
 * Where the payment sandbox runs (issue 16 item 5; ADR 0107): env.ts resolves PAYMENT_SANDBOX — on only for the
 * embedded demo unless switched on explicitly — and the server refuses to start with it on beside a real
 * gateway or in production (the real main.ts, spawned).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../platform/config/env.ts';

const BILLPLZ = {
  PAYMENT_GATEWAY: 'billplz',
  BILLPLZ_API_KEY: 'k',
  BILLPLZ_COLLECTION_ID: 'c',
  BILLPLZ_X_SIGNATURE_KEY: 's',
};

describe('PAYMENT_SANDBOX resolution', () => {
  it('is on for the embedded demo and off for PostgreSQL, production or a real gateway unless set', () => {
    expect(loadEnv({}).PAYMENT_SANDBOX).toBe('1');
    expect(loadEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }).PAYMENT_SANDBOX).toBe('0');
    expect(loadEnv({ NODE_ENV: 'production' }).PAYMENT_SANDBOX).toBe('0');
    expect(loadEnv(BILLPLZ).PAYMENT_SANDBOX).toBe('0');
    expect(loadEnv({ DATABASE_URL: 'postgres://x@127.0.0.1/db', PAYMENT_SANDBOX: '1' }).PAYMENT_SANDBOX).toBe('1');
    expect(loadEnv({ PAYMENT_SANDBOX: '0' }).PAYMENT_SANDBOX).toBe('0');
  });

  it('refuses the sandbox beside a real gateway or with NODE_ENV=production', () => {
    expect(() => loadEnv({ ...BILLPLZ, PAYMENT_SANDBOX: '1' })).toThrow(
      /PAYMENT_SANDBOX=1 cannot run beside a real payment gateway \(PAYMENT_GATEWAY=billplz\)/,
    );
    expect(() => loadEnv({ NODE_ENV: 'production', PAYMENT_SANDBOX: '1' })).toThrow(
      /PAYMENT_SANDBOX=1 is refused with NODE_ENV=production/,
    );
  });

  it('the server does not start in production with the sandbox on, and says why', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'wasiat-sandbox-env-'));
    try {
      const root = resolve(import.meta.dirname, '../../../../..');
      const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
        cwd: root,
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'production',
          PAYMENT_SANDBOX: '1',
          DATA_DIR: dataDir,
          PORT: '3299',
        },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(r.status).not.toBe(0);
      expect(r.stderr).toMatch(/PAYMENT_SANDBOX=1 is refused with NODE_ENV=production/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
