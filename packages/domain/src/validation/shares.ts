/**
 * Share portions of property receivers and bequests (spec §5 "a number with % or a fraction;
 * percentages between 1 and 100"; issue 2 "a total not over the whole").
 *
 * A portion is written as "25%", "12.5%" or "1/4". It is parsed to an exact fraction of the whole
 * (bigint numerator/denominator), so sums are exact: "1/3" + "1/3" + "1/3" is exactly one whole.
 */
import { z } from 'zod';
import { V } from './common.ts';

/** An exact, non-negative fraction of the whole: num/den with den > 0, reduced. */
export interface Fraction {
  num: bigint;
  den: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => (b === 0n ? (a < 0n ? -a : a) : gcd(b, a % b));

/** Reduce num/den to lowest terms. */
export function fraction(num: bigint, den: bigint): Fraction {
  const g = gcd(num, den) || 1n;
  return { num: num / g, den: den / g };
}

/** Sum of fractions, exact. */
export function addFractions(parts: Fraction[]): Fraction {
  return parts.reduce((acc, f) => fraction(acc.num * f.den + f.num * acc.den, acc.den * f.den), fraction(0n, 1n));
}

/**
 * Parse a portion. Returns the fraction, or the message key of what is wrong:
 * - `validation.share_invalid`: not "N%" nor "a/b";
 * - `validation.share_percent_range`: a percentage outside 1–100 (spec §5, §9), or a fraction outside (0, 1].
 * Percentages may carry up to 4 decimals ("33.3333%").
 */
export function parsePortion(raw: string): Fraction | { error: string } {
  const s = raw.replace(/\s+/g, '');
  const pct = /^(\d{1,3})(?:\.(\d{1,4}))?%$/.exec(s);
  if (pct) {
    const decimals = pct[2] ?? '';
    const scale = 10n ** BigInt(decimals.length);
    const num = BigInt(pct[1] + decimals);
    if (num < 1n * scale || num > 100n * scale) return { error: V.sharePercentRange };
    return fraction(num, 100n * scale);
  }
  const frac = /^(\d{1,6})\/(\d{1,6})$/.exec(s);
  if (frac) {
    const num = BigInt(frac[1]);
    const den = BigInt(frac[2]);
    if (den === 0n || num === 0n || num > den) return { error: V.sharePercentRange };
    return fraction(num, den);
  }
  return { error: V.shareInvalid };
}

/** True when a parse result is an error. */
export const isPortionError = (p: Fraction | { error: string }): p is { error: string } => 'error' in p;

/** zod rule for one portion field. */
export const portion = () =>
  z
    .string({ error: V.required })
    .trim()
    .min(1, { error: V.required })
    .superRefine((v, ctx) => {
      const p = parsePortion(v);
      if (isPortionError(p)) ctx.addIssue({ code: 'custom', message: p.error });
    });

/**
 * Whether portions together exceed the whole. Invalid portions are ignored here (they fail on their own).
 * @returns true when the exact sum is greater than 1.
 */
export function portionsExceedWhole(portions: string[]): boolean {
  const parsed = portions.map(parsePortion).filter((p): p is Fraction => !isPortionError(p));
  const sum = addFractions(parsed);
  return sum.num > sum.den;
}

/** A fraction as a percentage string with up to 2 decimals, for display ("33.33%"). */
export function fractionToPercent(f: Fraction): string {
  const hundredths = (f.num * 10000n) / f.den;
  const whole = hundredths / 100n;
  const rest = hundredths % 100n;
  return rest === 0n ? `${whole}%` : `${whole}.${rest.toString().padStart(2, '0')}%`;
}

/* Exact arithmetic on fractions (bigint; used by the faraid engine, packages/domain/src/faraid). */

/** 0 and 1 as fractions. */
export const ZERO: Fraction = Object.freeze({ num: 0n, den: 1n });
export const ONE: Fraction = Object.freeze({ num: 1n, den: 1n });

/** a − b, exact (may be negative). */
export function subFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.den - b.num * a.den, a.den * b.den);
}

/** a × b, exact. */
export function mulFractions(a: Fraction, b: Fraction): Fraction {
  return fraction(a.num * b.num, a.den * b.den);
}

/** a ÷ b, exact; b must not be zero. */
export function divFractions(a: Fraction, b: Fraction): Fraction {
  if (b.num === 0n) throw new RangeError('division by a zero fraction');
  const sign = b.num < 0n ? -1n : 1n;
  return fraction(a.num * b.den * sign, a.den * b.num * sign);
}

/** −1, 0 or 1 as a is less than, equal to or greater than b. */
export function compareFractions(a: Fraction, b: Fraction): -1 | 0 | 1 {
  const l = a.num * b.den;
  const r = b.num * a.den;
  return l < r ? -1 : l > r ? 1 : 0;
}

/** The larger of two fractions. */
export const maxFraction = (a: Fraction, b: Fraction): Fraction => (compareFractions(a, b) >= 0 ? a : b);
/** The smaller of two fractions. */
export const minFraction = (a: Fraction, b: Fraction): Fraction => (compareFractions(a, b) <= 0 ? a : b);

/** A fraction as "n/d" reduced, "0" or a whole number ("1"). */
export function formatFraction(f: Fraction): string {
  const r = fraction(f.num, f.den);
  return r.den === 1n ? r.num.toString() : `${r.num}/${r.den}`;
}

/** Parse "n/d" or a whole number ("0", "1"); null when malformed or the denominator is 0. */
export function parseFraction(s: string): Fraction | null {
  const m = /^\s*(-?\d+)(?:\s*\/\s*(\d+))?\s*$/.exec(s);
  if (!m) return null;
  const den = BigInt(m[2] ?? '1');
  if (den === 0n) return null;
  return fraction(BigInt(m[1]), den);
}
