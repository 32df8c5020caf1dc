/**
 * Faraid engine throughput: cases per second for random heir sets (issue 9 target: over 100,000/s, so
 * the live preview is instant; issue 18: 200,000/s). Run: `node --import tsx bench/faraid.ts [seconds]`.
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

const cases = Array.from({ length: 10_000 }, randomCase);
const seconds = Number(process.argv[2] ?? process.env.BENCH_SECONDS ?? 3);
for (let i = 0; i < 20_000; i++) calculateFaraid(cases[i % cases.length]); // warm up
let done = 0;
const start = performance.now();
const end = start + seconds * 1000;
while (performance.now() < end) {
  for (let i = 0; i < 1000; i++)
    calculateFaraid({ ...cases[(done + i) % cases.length], policy: done & 1 ? 'radd' : 'baitulmal' });
  done += 1000;
}
const perSecond = Math.round(done / ((performance.now() - start) / 1000));
console.log(`faraid: ${perSecond.toLocaleString('en')} cases/second (${done.toLocaleString('en')} random heir sets)`);
report(
  'faraid',
  'faraid engine',
  '>= 200,000 cases/s',
  `${perSecond.toLocaleString('en')} cases/s`,
  perSecond >= 200_000,
);
