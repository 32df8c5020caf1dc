/**
 * Shares of the whole → amounts in sen (DESIGN.md §7: money is integer sen, never floating point).
 *
 * Rounding rule (stated, tested): each class gets floor(share × estate) sen; the sen this leaves over
 * (fewer than the number of classes) go one each to the classes with the largest remainders (the
 * largest-remainder method), ties broken by the order of the list given (heir order, Baitulmal last).
 * The amounts therefore always add up exactly to the estate when the shares add up to the whole.
 */
import type { Fraction } from '../validation/shares.ts';

/** Allocate `estate` sen over `parts` (key, share). Returns sen per key. */
export function allocateSen(estate: number | bigint, parts: [string, Fraction][]): Record<string, number> {
  const total = BigInt(estate);
  if (total < 0n) throw new RangeError('estate must not be negative');
  const rows = parts.map(([key, f], i) => {
    const scaled = total * f.num;
    return { key, i, sen: scaled / f.den, rem: { num: scaled % f.den, den: f.den } };
  });
  let left = total - rows.reduce((s, r) => s + r.sen, 0n);
  const order = rows
    .filter((r) => r.rem.num > 0n)
    .sort((a, b) => {
      const l = a.rem.num * b.rem.den;
      const r = b.rem.num * a.rem.den;
      return l > r ? -1 : l < r ? 1 : a.i - b.i;
    });
  for (const r of order) {
    if (left <= 0n) break;
    r.sen += 1n;
    left -= 1n;
  }
  const out: Record<string, number> = {};
  for (const r of rows) out[r.key] = Number(r.sen);
  return out;
}
