/**
 * Exact fractions on JavaScript numbers for the faraid engine's working state (ADR 0144). Every numerator,
 * denominator, product and sum is checked to be a safe integer (|x| ≤ 2^53 − 1), so a result is exact or the
 * calculation throws a `RangeError` — never a rounded share. Within `checkHeirs`' limits (at most 99 of each
 * heir) the engine's values stay far below that bound (engine.test.ts checks every key at 99). The engine's
 * results are bigint {@link Fraction}s as before ({@link toFraction}); numbers only avoid allocating a bigint
 * for every step of the working (issue 18 item 6: bigint arithmetic was the largest cost per case).
 */
import type { Fraction } from '../validation/shares.ts';

/** A fraction num/den with den > 0, in lowest terms (may be negative while the working runs). */
export interface Q {
  readonly num: number;
  readonly den: number;
}

/** `x` when it is a safe integer; a RangeError otherwise (the exact value would have been lost). */
export function safe(x: number): number {
  if (!Number.isSafeInteger(x)) throw new RangeError('faraid: a fraction left the exact integer range');
  return x;
}

/** a × b, exact or a RangeError. */
export const mul = (a: number, b: number): number => safe(a * b);

function gcd(a: number, b: number): number {
  if (a < 0) a = -a;
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** num/den in lowest terms; both must be safe integers, den > 0. */
export function q(num: number, den = 1): Q {
  safe(num);
  safe(den);
  const g = gcd(num, den) || 1;
  return { num: num / g, den: den / g };
}

export const Q_ZERO: Q = Object.freeze({ num: 0, den: 1 });

/** a + b, exact. */
export const addQ = (a: Q, b: Q): Q =>
  a.num === 0 ? b : b.num === 0 ? a : q(safe(mul(a.num, b.den) + mul(b.num, a.den)), mul(a.den, b.den));

/** a − b, exact (may be negative). */
export const subQ = (a: Q, b: Q): Q => q(safe(mul(a.num, b.den) - mul(b.num, a.den)), mul(a.den, b.den));

/** −1, 0 or 1 as a is less than, equal to or greater than b. */
export function cmpQ(a: Q, b: Q): -1 | 0 | 1 {
  const l = mul(a.num, b.den);
  const r = mul(b.num, a.den);
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The smaller of two fractions. */
export const minQ = (a: Q, b: Q): Q => (cmpQ(a, b) <= 0 ? a : b);

/** 0n…1023n, made once: a share's numerator and denominator are nearly always small (ADR 0185). */
const SMALL: readonly bigint[] = Array.from({ length: 1024 }, (_, i) => BigInt(i));
/** `x` as a bigint (from the table when small; bigints are values, so sharing them is safe). */
const big = (x: number): bigint => (x >= 0 && x < 1024 ? SMALL[x] : BigInt(x));

/** The engine's result type (bigint, as the API and the tests read it). */
export const toFraction = (f: Q): Fraction => ({ num: big(f.num), den: big(f.den) });
