/**
 * eKYC benchmark: time of one face verification with the model warm, and the process memory (RSS) with
 * the model loaded. Run: `node --import tsx bench/ekyc.ts`. Target (issue 3): < 1.5 s, < 600 MB.
 */
import { compareFaces, loadFaceModel } from '../apps/api/src/ekyc/face.ts';
import { faceCrop, syntheticMykad } from '../apps/api/src/ekyc/test-images.ts';

const t0 = performance.now();
await loadFaceModel();
const loadMs = performance.now() - t0;
const selfie = await faceCrop('d');
const card = await syntheticMykad('d');
await compareFaces(selfie, card); // warm-up
const runs = 5;
const times: number[] = [];
let score = 0;
for (let i = 0; i < runs; i++) {
  const s = performance.now();
  score = (await compareFaces(selfie, card)).score;
  times.push(performance.now() - s);
}
times.sort((a, b) => a - b);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
console.log(`model load: ${loadMs.toFixed(0)} ms`);
console.log(
  `one verification (warm): median ${times[Math.floor(runs / 2)].toFixed(0)} ms (min ${times[0].toFixed(0)}, max ${times[runs - 1].toFixed(0)}), score ${score}`,
);
console.log(`RSS with the model loaded: ${mb(process.memoryUsage().rss)}`);
