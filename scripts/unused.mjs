#!/usr/bin/env node
/**
 * Unused code and dependencies (issue 34 item 5: "unused exports and dependencies fail lint"), by knip (knip.json):
 * - unused files, dependencies, devDependencies, unlisted dependencies and binaries, unresolved imports: any one
 *   fails;
 * - unused exports and exported types: any one not in `.knip-known-unused.json` (today's, listed when the check
 *   came in; ADR 0236) fails, and the count of the known ones is printed beside its goal 0. A known one that is
 *   gone is simply gone; `--baseline` rewrites the list (to shrink it after removing some).
 * Usage: `node scripts/unused.mjs` (in `npm run lint`), `node scripts/unused.mjs --baseline`.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const KNOWN = '.knip-known-unused.json';
const r = spawnSync('node_modules/.bin/knip', ['--reporter', 'json', '--no-exit-code'], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (r.status !== 0 || !r.stdout.trim().startsWith('{')) {
  console.error(r.stderr || r.stdout);
  console.error('unused: knip did not run');
  process.exit(1);
}
const report = JSON.parse(r.stdout);
const hard = [];
const soft = [];
const HARD = [
  'files',
  'dependencies',
  'devDependencies',
  'optionalPeerDependencies',
  'unlisted',
  'binaries',
  'unresolved',
];
const SOFT = ['exports', 'types', 'nsExports', 'nsTypes', 'enumMembers', 'duplicates'];
for (const issue of report.issues) {
  for (const kind of HARD) for (const x of issue[kind] ?? []) hard.push(`${kind} ${issue.file}: ${x.name ?? x}`);
  for (const kind of SOFT) {
    for (const x of issue[kind] ?? []) {
      const name = Array.isArray(x) ? x.map((y) => y.name).join('|') : x.name;
      soft.push(`${kind} ${issue.file}: ${name}`);
    }
  }
}
for (const f of report.files ?? []) hard.push(`files ${f}`);
soft.sort();

if (process.argv.includes('--baseline')) {
  writeFileSync(KNOWN, `${JSON.stringify(soft, null, 2)}\n`);
  console.log(`unused: ${soft.length} known unused exports written to ${KNOWN}`);
  process.exit(hard.length ? 1 : 0);
}
const known = new Set(existsSync(KNOWN) ? JSON.parse(readFileSync(KNOWN, 'utf8')) : []);
const fresh = soft.filter((s) => !known.has(s));
for (const h of hard) console.error(`✗ unused/unlisted: ${h}`);
for (const f of fresh) console.error(`✗ new unused export: ${f}`);
console.log(`unused (issue 34; goal 0): ${String(soft.length - fresh.length).padStart(5)}  known unused exports`);
process.exit(hard.length || fresh.length ? 1 : 0);
