/**
 * Faraid engine throughput: cases per second for random heir sets (issue 9 target: over 100,000/s, so
 * the live preview is instant; issue 18: 200,000/s). Run: `node --import tsx bench/faraid.ts [seconds]`.
 *
 * Two figures beside the goal: cases per wall-clock second (what the issue names; on a shared machine it
 * measures the other processes as much as the engine) and cases per CPU-second of this process
 * (`process.cpuUsage`, user + system of every thread, the collector's included), the figure that does not move
 * with the machine's load (ADR 0144).
 */
import { calculateFaraid, HEIR_KEYS, type HeirCounts, type HeirKey, type Sex } from '@wasiat/domain';
import { report } from './lib/results.ts';

const ONE_ONLY: HeirKey[] = ['husband', 'father', 'mother', 'paternal_grandfather', 'paternal_great_grandfather'];
let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};

function randomCase(): { deceased: Sex; heirs: HeirCounts } {
  const deceased: Sex = rand(2) ? 'male' : 'female';
  const heirs: HeirCounts = {};
  const picks = 1 + rand(6);
  for (let i = 0; i < picks; i++) {
    const k = HEIR_KEYS[rand(HEIR_KEYS.length)];
    if ((k === 'husband' && deceased === 'male') || (k === 'wife' && deceased === 'female')) continue;
    heirs[k] = ONE_ONLY.includes(k) ? 1 : k === 'wife' ? 1 + rand(4) : 1 + rand(4);
  }
  return { deceased, heirs };
}

// Each heir set under both policies, built before the clock starts (the loop measures the engine alone).
const cases = Array.from({ length: 10_000 }, randomCase).flatMap((c) => [
  { ...c, policy: 'baitulmal' as const },
  { ...c, policy: 'radd' as const },
]);
const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 3);
// Warm up (the optimising compiler has done its work by then), then at least `seconds` AND 300,000 cases: on a
// busy machine a few seconds of wall time may be a fraction of a CPU-second (ADR 0144).
for (let i = 0; i < 100_000; i++) calculateFaraid(cases[i % cases.length]);
let done = 0;
const cpuStart = process.cpuUsage();
const start = performance.now();
const end = start + seconds * 1000;
while (performance.now() < end || done < 300_000) {
  for (let i = 0; i < 1000; i++) calculateFaraid(cases[(done + i) % cases.length]);
  done += 1000;
}
const wallSeconds = (performance.now() - start) / 1000;
const cpu = process.cpuUsage(cpuStart);
const cpuSeconds = (cpu.user + cpu.system) / 1e6;
const perSecond = Math.round(done / wallSeconds);
const perCpuSecond = Math.round(done / cpuSeconds);
console.log(
  `faraid: ${perSecond.toLocaleString('en')} cases/second, ${perCpuSecond.toLocaleString('en')} cases/CPU-second ` +
    `(${done.toLocaleString('en')} random heir sets; ${wallSeconds.toFixed(2)} s wall, ${cpuSeconds.toFixed(2)} s CPU)`,
);
report(
  'faraid',
  'faraid engine',
  '>= 200,000 cases/s',
  `${perSecond.toLocaleString('en')} cases/s`,
  perSecond >= 200_000,
);
report(
  'faraid',
  'faraid engine, per CPU-second',
  '>= 200,000 cases/s',
  `${perCpuSecond.toLocaleString('en')} cases/CPU-s`,
  perCpuSecond >= 200_000,
);
