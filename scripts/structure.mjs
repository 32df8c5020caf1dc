/**
 * The structure figures of issue 34 ("Not done until"), printed by `npm run lint` (ADR 0217). Each is a count
 * that the issue wants at 0 on the final main; today they are printed beside that goal and do not fail lint
 * (the boundary rules themselves fail lint on anything new: `.dependency-cruiser.cjs`, known violations aside).
 *
 * 1. production source files over 400 lines (apps/api/src, apps/web/src, packages/domain/src; tests, migrations,
 *    message catalogues and generated files aside);
 * 2. imports that reach into another module or feature instead of its `index.ts` (dependency-cruiser, rules
 *    `api-module-through-index` and `web-feature-through-index`, known violations included);
 * 3. production files that stand in an import cycle (rule `no-cycle`);
 * 4. files of 2021-contract code outside `apps/api/src/compat/v2021/`: a file named `original-*`, or one that
 *    reads `clientContract` or the 2021 role labels (`original-roles`);
 * 5. repeated runs of six or more lines between the will, hibah and amendment code (jscpd; the server's modules
 *    and the SPA's features of those three kinds, and their part of compat/v2021), counted where the two sides are of
 *    different kinds.
 *
 * Usage: `node scripts/structure.mjs` (prints); `--json` prints the figures as JSON.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const SOURCES = ['apps/api/src', 'apps/web/src', 'packages/domain/src'];
const isTest = (p) => /\.test\.tsx?$|test-fixtures|[/]test[/]|test-utils\.tsx$/.test(p);
const MAX_LINES = 400;

function walk(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (name === 'node_modules' || name === 'migrations' || name === 'dist') return [];
    return statSync(p).isDirectory() ? walk(p) : /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

/** Files generated from another source, not written (the SPA's reply types, `npm run api:types`; ADR 0301). */
const GENERATED = new Set(['apps/web/src/lib/api-schema.d.ts']);
const production = SOURCES.flatMap((d) => walk(join(root, d)))
  .map((p) => relative(root, p))
  .filter((p) => !isTest(p) && !GENERATED.has(p));

const long = production
  .map((p) => ({ p, lines: readFileSync(join(root, p), 'utf8').split('\n').length }))
  .filter((f) => f.lines > MAX_LINES);

const cruise = JSON.parse(
  execFileSync(
    join(root, 'node_modules/.bin/depcruise'),
    [...SOURCES, '--config', '.dependency-cruiser.cjs', '--no-ignore-known', '--output-type', 'json'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  ),
);
const violations = cruise.summary.violations;
const bypass = violations.filter((v) => /through-index$/.test(v.rule.name));
const cycleFiles = new Set(violations.filter((v) => v.rule.name === 'no-cycle').flatMap((v) => [v.from, v.to]));

const compat2021 = production.filter((p) => {
  if (p.startsWith('apps/api/src/compat/')) return false;
  if (/(^|\/)original-[^/]*\.tsx?$/.test(p)) return true;
  return /clientContract|original-roles/.test(readFileSync(join(root, p), 'utf8'));
});

const KINDS = ['wills', 'hibah', 'amendments'];
// The 2021 adapter's part of each kind counts with the kind (a copy moved into compat/ is still a copy).
const kindDirs = KINDS.flatMap((k) => [
  `apps/api/src/modules/${k}`,
  `apps/web/src/features/${k}`,
  `apps/api/src/compat/v2021/${k}`,
]).filter((d) => existsSync(join(root, d)));
const out = mkdtempSync(join(tmpdir(), 'jscpd-'));
let crossKind = [];
try {
  execFileSync(
    join(root, 'node_modules/.bin/jscpd'),
    [
      ...kindDirs,
      '--min-lines',
      '6',
      '--reporters',
      'json',
      '--absolute',
      '--silent',
      '--output',
      out,
      '--ignore',
      '**/*.test.ts,**/*.test.tsx,**/test-fixtures*',
      // Import declarations are not repeated logic: two route files that import the same platform helpers in the
      // same order are not a copy (ADR 0292). Every other token still counts.
      '--ignore-pattern',
      "import\\s[\\s\\S]*?from\\s+'[^']+';",
    ],
    { cwd: root, stdio: 'ignore' },
  );
  const report = JSON.parse(readFileSync(join(out, 'jscpd-report.json'), 'utf8'));
  const kindOf = (p) => KINDS.find((k) => new RegExp(`/(modules|features|v2021)/${k}/`).test(p));
  crossKind = report.duplicates
    .filter((d) => kindOf(d.firstFile.name) !== kindOf(d.secondFile.name))
    .map((d) => ({
      lines: d.lines,
      a: `${relative(root, d.firstFile.name)}:${d.firstFile.start}`,
      b: `${relative(root, d.secondFile.name)}:${d.secondFile.start}`,
    }));
} finally {
  rmSync(out, { recursive: true, force: true });
}

const figures = {
  filesOver400Lines: long.length,
  importsBypassingIndex: bypass.length,
  filesInImportCycles: cycleFiles.size,
  compat2021OutsideCompat: compat2021.length,
  duplicatesBetweenInstrumentKinds: crossKind.length,
};

if (process.argv.includes('--json')) {
  console.log(JSON.stringify({ figures, long, compat2021, crossKind }, null, 2));
} else {
  const label = {
    filesOver400Lines: `production files over ${MAX_LINES} lines`,
    importsBypassingIndex: 'imports that bypass an index.ts',
    filesInImportCycles: 'files in import cycles',
    compat2021OutsideCompat: '2021-contract files outside compat/v2021',
    duplicatesBetweenInstrumentKinds: 'duplicates between will, hibah and amendment code',
  };
  console.log(`structure (issue 34; goal 0 each, ${production.length} production files):`);
  for (const [k, v] of Object.entries(figures)) console.log(`  ${String(v).padStart(4)}  ${label[k]}`);
}
