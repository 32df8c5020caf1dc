/**
 * The production build (issue 35 item 4; ADR 0246): `apps/api/dist` is plain JavaScript that imports only the
 * production dependencies of `@wasiat/api` and `@wasiat/domain` (never a devDependency such as tsx or vitest), and
 * carries the files the server reads beside itself (the migrations and their journal, the roles SQL, the worker).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compiledServer, repoRoot } from '../../../test/compiled.ts';

const json = (p: string) => JSON.parse(readFileSync(join(repoRoot, p), 'utf8'));

describe('the compiled API', () => {
  it('imports production dependencies only and holds its run-time files', async () => {
    const main = await compiledServer();
    const externals: string[] = json('apps/api/dist/externals.json');
    const prod = new Set([
      ...Object.keys(json('apps/api/package.json').dependencies),
      ...Object.keys(json('packages/domain/package.json').dependencies),
    ]);
    const dev = Object.keys(json('package.json').devDependencies ?? {});
    const notProd = externals.filter((p) => !prod.has(p));
    console.log(`compiled API: ${externals.length} packages imported, ${notProd.length} not production dependencies`);
    expect(externals.length).toBeGreaterThan(10);
    expect(notProd).toEqual([]);
    const code = readFileSync(main, 'utf8');
    for (const d of dev) expect(code.includes(`from "${d}"`), d).toBe(false);
    expect(code).not.toMatch(/from "@wasiat\/domain"/);
    for (const f of ['migrations/meta/_journal.json', 'roles.sql', 'untrusted.worker.mjs', 'migrate.js'])
      expect(existsSync(join(repoRoot, 'apps/api/dist', f)), f).toBe(true);
  });
});
