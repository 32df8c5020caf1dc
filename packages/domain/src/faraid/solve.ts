/**
 * The stages of the faraid engine on heirs whose existence and sex are known: blocking.ts (hajb) → furud.ts
 * (fixed shares) → special-cases.ts → asabah.ts (residuaries) → awl-radd.ts ('awl, radd or Baitulmal), and the
 * engine's input and result shapes. The entry point that also divides uncertain heirs by reservation is
 * `calculateFaraid` in engine.ts; uncertain.ts calls the stages here once per possible status.
 */
import type { Fraction } from '../validation/shares.ts';
import { assignResidue } from './asabah.ts';
import { applyAwl, distributeSurplus } from './awl-radd.ts';
import { applyBlocking } from './blocking.ts';
import { type Ctx, type FaraidStep, H, has, newCtx } from './context.ts';
import {
  fatherSixth,
  girls,
  grandmothers,
  hasMaleDescendant,
  jadd,
  mother,
  sisters,
  spouses,
  uterine,
} from './furud.ts';
import {
  BAITULMAL,
  type FaraidPolicy,
  HEIR_KEYS,
  type HeirCounts,
  type HeirKey,
  type Sex,
  type ShareKey,
} from './heirs.ts';
import { addQ, Q_ZERO, toFraction } from './q.ts';
import { musytarakah } from './special-cases.ts';

export interface FaraidInput {
  deceased: Sex;
  heirs: HeirCounts;
  /** Surplus policy; default `baitulmal` (MALAYSIA.md §3). */
  policy?: FaraidPolicy;
}

export interface FaraidResult {
  /** Each present heir class's share of the whole estate (ZERO when blocked), and `baitulmal` when it takes. */
  shares: Partial<Record<ShareKey, Fraction>>;
  /** The reasons, in the order they were decided. */
  steps: FaraidStep[];
  /** Heirs excluded, and by whom (empty list: excluded as distant kindred). */
  blocked: Partial<Record<HeirKey, HeirKey[]>>;
  /** The part held back until an uncertain heir's status is known (reservation cases only). */
  reserved?: Fraction;
}

/** Faraid shares for heirs whose existence and sex are known. */
export function solveShares(
  deceased: Sex,
  heirs: Partial<Record<HeirKey, number>>,
  policy: FaraidPolicy,
): FaraidResult {
  return solveCtx(newCtx(deceased, policy, heirs));
}

/** The stages on a fresh working state (its uncertain heirs, if any, are ignored); `calculateFaraid` in engine.ts calls it. */
export function solveCtx(c: Ctx): FaraidResult {
  applyBlocking(c);
  const gf = c.n[H.father] ? -1 : jadd(c);
  c.jaddWithSiblings =
    gf >= 0 &&
    !hasMaleDescendant(c) &&
    (has(c, H.full_brother) ||
      has(c, H.full_sister) ||
      has(c, H.paternal_half_brother) ||
      has(c, H.paternal_half_sister));
  spouses(c);
  mother(c);
  grandmothers(c);
  fatherSixth(c);
  girls(c);
  uterine(c);
  sisters(c);
  if (!musytarakah(c)) assignResidue(c);
  applyAwl(c);
  const baitulmal = distributeSurplus(c);

  const shares: Partial<Record<ShareKey, Fraction>> = {};
  for (const k of c.present) {
    const f = c.fixed[k];
    const r = c.residue[k];
    shares[HEIR_KEYS[k]] = toFraction(f && r ? addQ(f, r) : (f ?? r ?? Q_ZERO));
  }
  if (baitulmal.num > 0) shares[BAITULMAL] = toFraction(baitulmal);
  const blocked: Partial<Record<HeirKey, HeirKey[]>> = {};
  for (const k of c.blockedOrder) blocked[HEIR_KEYS[k]] = c.blockedBy[k];
  return { shares, steps: c.steps, blocked };
}
