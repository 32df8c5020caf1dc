/**
 * The faraid engine (Shafi'i school as practised in Malaysia): the deceased's sex, the surviving heirs
 * by key and count and the surplus policy → each class's share of the whole estate as an exact
 * fraction, and the reasons. Stages: blocking.ts (hajb) → furud.ts (fixed shares) → special-cases.ts
 * (al-'Umariyyatan, al-Musytarakah, the grandfather with siblings) → asabah.ts (residuaries) →
 * awl-radd.ts ('awl, radd or Baitulmal). Uncertain heirs (khuntha, mafqud, haml) are handled by
 * reservation (uncertain.ts). Amounts in sen: amounts.ts; deductions before faraid: deductions.ts.
 */
import { addFractions, type Fraction, ZERO } from '../validation/shares.ts';
import { assignResidue } from './asabah.ts';
import { applyAwl, distributeSurplus } from './awl-radd.ts';
import { applyBlocking } from './blocking.ts';
import { type FaraidStep, fmt, has, newCtx } from './context.ts';
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
import { musytarakah } from './special-cases.ts';
import { calculateWithReservation } from './uncertain.ts';

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
  const c = newCtx(deceased, policy, heirs);
  applyBlocking(c);
  const gf = c.n.father ? null : jadd(c);
  c.jaddWithSiblings =
    !!gf &&
    !hasMaleDescendant(c) &&
    (['full_brother', 'full_sister', 'paternal_half_brother', 'paternal_half_sister'] as const).some((k) => has(c, k));
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
  for (const k of HEIR_KEYS) {
    if (!c.n[k]) continue;
    const f = c.fixed.get(k);
    const r = c.residue.get(k);
    shares[k] = f && r ? addFractions([f, r]) : (f ?? r ?? ZERO);
  }
  if (baitulmal.num > 0n) shares[BAITULMAL] = baitulmal;
  return { shares, steps: c.steps, blocked: Object.fromEntries(c.blocked) };
}

/**
 * Faraid shares of the whole estate for each heir class. Heirs of uncertain status (`khuntha_child`,
 * `mafqud_son`, `unborn_child`) are divided by reservation. Call {@link checkHeirs} first: this
 * function trusts its input.
 */
export function calculateFaraid(input: FaraidInput): FaraidResult {
  const policy = input.policy ?? 'baitulmal';
  const h = input.heirs;
  if (h.khuntha_child || h.mafqud_son || h.unborn_child)
    return calculateWithReservation(input.deceased, input.heirs, policy);
  return solveShares(input.deceased, input.heirs as Partial<Record<HeirKey, number>>, policy);
}

/** Shares as "n/d" strings ("0" for a blocked heir). */
export function formatShares(shares: FaraidResult['shares']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, f] of Object.entries(shares)) if (f) out[k] = fmt(f);
  return out;
}
