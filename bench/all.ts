/**
 * `npm run bench` (issue 18 item 7; ADR 0115): runs every benchmark of this folder — api, api-lists (every list
 * shape of the screens; ADR 0277), ekyc, faraid, reports, web and soak (10 minutes; issue 35) — one after the other, each as its own process with env
 * `BENCH_RESULTS` naming a shared file (bench/lib/results.ts), and ends with ONE table of every figure:
 * bench, figure, goal, value, met or not. A bench that fails to run is a row of its own (not met).
 * Exit code 0 when every figure is met, else 1.
 *
 *   npm run bench                     # the sizes (the api and reports benches seed 100,000 / 1,000,000 wills)
 *   BENCH_QUICK=1 npm run bench       # smaller data sets and shorter runs (a smoke run, not the figures)
 *   npm run bench -- api faraid       # only these
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BenchResult } from './lib/results.ts';

const here = dirname(fileURLToPath(import.meta.url));
const ALL = ['api', 'api-lists', 'ekyc', 'faraid', 'reports', 'web', 'soak'];
const asked = process.argv.slice(2);
const benches = (asked.length ? asked : ALL).filter((b) => existsSync(join(here, `${b}.ts`)));
const file = join(mkdtempSync(join(tmpdir(), 'wasiat-bench-results-')), 'results.jsonl');

const failed: BenchResult[] = [];
for (const b of benches) {
  console.log(`\n━━ bench/${b}.ts ━━`);
  const t0 = Date.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${b}.ts`)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS: file },
  });
  console.log(`(bench/${b}.ts: ${((Date.now() - t0) / 1000).toFixed(0)} s, exit ${r.status ?? r.signal})`);
  if (r.status !== 0) {
    failed.push({
      bench: b,
      figure: 'the benchmark ran to its end',
      goal: 'exit 0',
      value: `exit ${r.status ?? r.signal}`,
      met: false,
    });
  }
}

const rows: BenchResult[] = [
  ...(existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as BenchResult)
    : []),
  ...failed,
];
const head = ['bench', 'figure', 'goal', 'value', 'met'];
const cells = rows.map((r) => [r.bench, r.figure, r.goal, r.value, r.met ? 'yes' : 'NO']);
const width = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
const line = (c: string[]) => `| ${c.map((x, i) => x.padEnd(width[i])).join(' | ')} |`;
console.log(`\n${line(head)}\n|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`);
for (const c of cells) console.log(line(c));
const met = rows.filter((r) => r.met).length;
console.log(
  `\n${met} of ${rows.length} figures met${process.env.BENCH_QUICK === '1' ? ' (BENCH_QUICK=1: smaller data sets)' : ''}`,
);
process.exit(met === rows.length ? 0 : 1);
