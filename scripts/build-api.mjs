#!/usr/bin/env node
/**
 * `npm run build:api`: compile the API to plain JavaScript for production (issue 35 item 4; ADR 0246).
 *
 * esbuild bundles the server (`apps/api/src/main.ts` → `apps/api/dist/main.js`) and the migration command
 * (`db/migrate.ts` → `dist/migrate.js`) with the workspace package `@wasiat/domain` inlined (it ships TypeScript) and
 * every npm package left as an import of `node_modules`. No code splitting: each
 * output is one file, so `import.meta.url` of any inlined module is that file. Files the code reads at run time beside itself are copied
 * so that the paths it computes from `import.meta.url` hold in `dist/` as in `src/`:
 * - `src/db/migrations/` → `dist/migrations/` (db/client.ts reads `<here>/migrations`);
 * - `src/db/roles.sql` → `dist/roles.sql`;
 * - `src/platform/files/untrusted.worker.mjs` → `dist/untrusted.worker.mjs` (a worker started by URL).
 * `dist/main.js` sits two folders below the repository root, as `src/app.ts` does, so the web build is found at
 * `../../web/dist` from both.
 *
 * It writes `dist/externals.json`: the packages the bundle imports, which the build test checks are all production
 * dependencies of `@wasiat/api` or `@wasiat/domain` (never a devDependency such as tsx).
 */
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const api = join(root, 'apps/api');
const out = join(api, 'dist');
const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);

/** The package name of a bare import (`@scope/name/sub` → `@scope/name`, `name/sub` → `name`). */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

const externals = new Set();
/** Leave every npm package to node_modules, except the workspace's own TypeScript package. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (builtins.has(args.path)) return { path: args.path, external: true };
      const pkg = packageOf(args.path);
      if (pkg === '@wasiat/domain') return undefined;
      externals.add(pkg);
      return { path: args.path, external: true };
    });
  },
};

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
await build({
  entryPoints: { main: join(api, 'src/main.ts'), migrate: join(api, 'src/db/migrate.ts') },
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  sourcemap: true,
  plugins: [externalPackages],
  logLevel: 'warning',
});
cpSync(join(api, 'src/db/migrations'), join(out, 'migrations'), { recursive: true });
cpSync(join(api, 'src/db/roles.sql'), join(out, 'roles.sql'));
cpSync(join(api, 'src/platform/files/untrusted.worker.mjs'), join(out, 'untrusted.worker.mjs'));
writeFileSync(join(out, 'externals.json'), `${JSON.stringify([...externals].sort(), null, 2)}\n`);
console.log(`API compiled to ${out} (${externals.size} packages left to node_modules)`);
