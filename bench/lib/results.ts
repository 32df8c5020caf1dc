/**
 * The common result format of the benchmarks (issue 18 item 7; ADR 0115). A bench script prints each figure
 * beside its goal and, when env `BENCH_RESULTS` names a file, appends one JSON line per figure to it:
 * `{"bench":"api","figure":"GET /api/wasiat/{id} vs bare route","goal":">= 30%","value":"34.1%","met":true}`.
 * `npm run bench` (bench/all.ts) sets BENCH_RESULTS, runs every bench and prints the lines as one table.
 */
import { appendFileSync } from 'node:fs';

/** One figure of a benchmark: what, its goal (as written in the issue), the measured value, met or not. */
export interface BenchResult {
  bench: string;
  figure: string;
  goal: string;
  value: string;
  met: boolean;
}

/**
 * Print a figure beside its goal (`✓`/`✗`) and append it to `$BENCH_RESULTS` when set.
 * @param met whether the value meets the goal (decided by the caller from the unrounded number).
 */
export function report(bench: string, figure: string, goal: string, value: string, met: boolean): BenchResult {
  const r: BenchResult = { bench, figure, goal, value, met };
  console.log(`${met ? '✓' : '✗'} ${figure}: ${value} (goal ${goal})`);
  const file = process.env.BENCH_RESULTS;
  if (file) appendFileSync(file, `${JSON.stringify(r)}\n`);
  return r;
}

/** Whether the quick mode (smaller data sets, shorter runs) was asked for: env `BENCH_QUICK=1`. */
export const quick = process.env.BENCH_QUICK === '1';
