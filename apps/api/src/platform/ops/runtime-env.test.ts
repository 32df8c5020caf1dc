/**
 * The server's runtime environment (ADR 0190) is set everywhere the server starts, so bench/ekyc.ts measures
 * the memory of the process that runs in production.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SERVER_RUNTIME_ENV } from './runtime-env.ts';

const root = join(import.meta.dirname, '../../../../..');

describe('the server runtime environment', () => {
  const scripts = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts as Record<string, string>;
  const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
  for (const [k, v] of Object.entries(SERVER_RUNTIME_ENV)) {
    it(`${k}=${v} in the start scripts and the Dockerfile`, () => {
      for (const s of ['start', 'start:prod']) expect(scripts[s]).toMatch(new RegExp(`\\b${k}=${v} exec node\\b`));
      expect(dockerfile).toMatch(new RegExp(`^ENV .*\\b${k}=${v}\\b`, 'm'));
    });
  }
});
