/**
 * Heirs of uncertain status, by reservation (tawaqquf): the estate is divided under every possible
 * status; each heir receives now the least of their shares across the scenarios, and the rest is held
 * back until the status is known. Source: Mughni al-Muhtaj, fasl fi al-khuntha wa al-mafqud wa al-haml;
 * Zamro & Ridzuan (2006) ch. 10.
 * - khuntha_child (a child of unclear sex): as a son, or as a daughter;
 * - mafqud_son (a missing son): alive, or dead;
 * - unborn_child (haml): stillborn, a son, or a daughter. Shafi'i texts also reserve for several
 *   births; that is not modelled yet (the oracle's README lists it as an open gap).
 */
import {
  addFractions,
  compareFractions,
  type Fraction,
  fraction,
  ONE,
  subFractions,
  ZERO,
} from '../validation/shares.ts';
import { fmt, SOURCES } from './context.ts';
import {
  BAITULMAL,
  type FaraidPolicy,
  HEIR_KEYS,
  type HeirCounts,
  type HeirKey,
  type Sex,
  type ShareKey,
  type UncertainHeirKey,
} from './heirs.ts';
import type { FaraidResult } from './solve.ts';
import { solveShares } from './solve.ts';

type Scenario = { as: 'son' | 'daughter' | null; count: number };

const SCENARIOS: Record<UncertainHeirKey, (n: number) => Scenario[]> = {
  khuntha_child: (n) => [
    { as: 'son', count: n },
    { as: 'daughter', count: n },
  ],
  mafqud_son: (n) => [
    { as: 'son', count: n },
    { as: null, count: 0 },
  ],
  unborn_child: () => [
    { as: null, count: 0 },
    { as: 'son', count: 1 },
    { as: 'daughter', count: 1 },
  ],
};

export function calculateWithReservation(deceased: Sex, heirs: HeirCounts, policy: FaraidPolicy): FaraidResult {
  const key = (['khuntha_child', 'mafqud_son', 'unborn_child'] as const).find((k) => (heirs[k] ?? 0) > 0);
  if (!key) throw new Error('no uncertain heir');
  const known: Partial<Record<HeirKey, number>> = {};
  for (const k of HEIR_KEYS) if (heirs[k]) known[k] = heirs[k];

  let least: Partial<Record<ShareKey, Fraction>> | null = null;
  let first: FaraidResult | null = null;
  for (const s of SCENARIOS[key](heirs[key] ?? 0)) {
    const counts = { ...known };
    if (s.as) counts[s.as] = (counts[s.as] ?? 0) + s.count;
    const r = solveShares(deceased, counts, policy);
    first ??= r;
    const shares: Partial<Record<ShareKey, Fraction>> = {};
    for (const k of [...HEIR_KEYS, BAITULMAL] as ShareKey[]) {
      if (k !== BAITULMAL && !known[k as HeirKey] && k !== s.as) continue;
      const whole = r.shares[k] ?? ZERO;
      if (s.as && k === s.as) {
        const total = counts[s.as] ?? 0;
        const own = known[s.as] ?? 0;
        if (own) shares[k] = fraction(whole.num * BigInt(own), whole.den * BigInt(total));
        shares[key] = fraction(whole.num * BigInt(s.count), whole.den * BigInt(total));
      } else shares[k] = whole;
    }
    shares[key] ??= ZERO;
    if (!least) least = shares;
    else {
      const prev: Partial<Record<ShareKey, Fraction>> = least;
      for (const k of new Set([...Object.keys(prev), ...Object.keys(shares)]) as Set<ShareKey>) {
        const a = prev[k] ?? ZERO;
        const b = shares[k] ?? ZERO;
        prev[k] = compareFractions(a, b) <= 0 ? a : b;
      }
    }
  }
  const shares = least ?? {};
  if (shares[BAITULMAL] && shares[BAITULMAL].num === 0n) delete shares[BAITULMAL];
  const reserved = subFractions(ONE, addFractions(Object.values(shares) as Fraction[]));
  const steps = [...(first?.steps ?? [])];
  steps.push({ heir: key, rule: 'reserved', share: fmt(reserved), source: SOURCES.mughni });
  return { shares, steps, blocked: first?.blocked ?? {}, reserved };
}
