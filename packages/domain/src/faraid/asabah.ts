/**
 * The residuaries ('asabah): what the fixed shares leave goes to the nearest male relative through
 * males (Bukhari 6732), in this order: sons and sons' sons (with the females of their generation, and
 * higher females without a fixed share: bi ghairih), the father, the grandfather, full brothers (with
 * full sisters), full sisters beside a female descendant (ma'a ghairih), paternal brothers (with paternal
 * sisters), paternal sisters beside a female descendant, then the collaterals of heirs.ts. The first
 * present class takes the residue; every later one is excluded by it.
 * Sources: Bukhari 6732 and 6736; al-Nisa' 4:11, 4:176; Mughni al-Muhtaj, bab al-'asabah.
 */

import { type Ctx, fmt, giveResidue, H, has, idx, remainder, SOURCES, splitByUnits } from './context.ts';
import { hasFemaleDescendant, jadd } from './furud.ts';
import { COLLATERAL_RESIDUARIES, FEMALE_DESCENDANTS, HEIR_KEYS, MALE_DESCENDANTS } from './heirs.ts';
import { cmpQ, type Q, Q_ZERO } from './q.ts';
import { grandfatherWithSiblings } from './special-cases.ts';

// The lists as heir indices, built once (ADR 0144, 0185).
const MALE_D = idx(MALE_DESCENDANTS);
const FEMALE_D = idx(FEMALE_DESCENDANTS);
const COLLATERALS = idx(COLLATERAL_RESIDUARIES);
const SIBLINGS_AND_BELOW = idx([
  'full_brother',
  'full_sister',
  'paternal_half_brother',
  'paternal_half_sister',
  ...COLLATERAL_RESIDUARIES,
]);
const PATERNAL_SIBLINGS_AND_BELOW = idx(['paternal_half_brother', 'paternal_half_sister', ...COLLATERAL_RESIDUARIES]);

/** Exclude every later residuary class (`later` from index `from`), naming the one that took the residue. */
function blockLater(c: Ctx, later: readonly number[], by: number, from = 0) {
  const name = HEIR_KEYS[by];
  for (let j = from; j < later.length; j++) {
    const k = later[j];
    if (c.n[k] > 0 && c.blockedBy[k] === undefined) {
      c.blockedBy[k] = [name];
      c.blockedOrder.push(k);
      c.steps.push({ heir: HEIR_KEYS[k], rule: 'blocked', share: '0', by: [name], source: SOURCES.bukhari6732 });
    }
  }
}

/** Give the residue (when positive) to one residuary class alone. */
function takeAll(c: Ctx, k: number, rest: Q, rule: 'residuary' | 'father_residue' | 'residuary_with_daughters') {
  const part = cmpQ(rest, Q_ZERO) > 0 ? rest : Q_ZERO;
  if (part.num > 0) giveResidue(c, k, part);
  c.steps.push({
    heir: HEIR_KEYS[k],
    rule: part.num > 0 ? rule : 'nothing_left',
    share: fmt(part),
    source: SOURCES.bukhari6732,
  });
}

/** A step that a residuary class got nothing. */
const nothingLeft = (c: Ctx, k: number, source: string) =>
  c.steps.push({ heir: HEIR_KEYS[k], rule: 'nothing_left', share: '0', source });

export function assignResidue(c: Ctx) {
  const rest = remainder(c);
  const positive = cmpQ(rest, Q_ZERO) > 0 ? rest : Q_ZERO;

  // 1. Descendants: the nearest male with the females of his generation and higher females left
  //    without a fixed share.
  let g = -1;
  for (let j = 0; j < 3; j++) {
    if (has(c, MALE_D[j])) {
      g = j;
      break;
    }
  }
  if (g >= 0) {
    const male = MALE_D[g];
    c.hasResiduary = true;
    if (positive.num > 0) {
      const units: [number, 1 | 2][] = [[male, 2]];
      for (let j = 0; j <= g; j++) {
        const k = FEMALE_D[j];
        if (has(c, k) && c.fixed[k] === undefined) units.push([k, 1]);
      }
      splitByUnits(c, positive, units, 'residuary_with_male', SOURCES.nisa11);
    } else {
      nothingLeft(c, male, SOURCES.nisa11);
      for (let j = 0; j <= g; j++) {
        const k = FEMALE_D[j];
        if (has(c, k) && c.fixed[k] === undefined) nothingLeft(c, k, SOURCES.nisa11);
      }
    }
    blockLater(c, SIBLINGS_AND_BELOW, male);
    return;
  }

  // 2. Father, then grandfather (alone, or sharing with siblings by Zayd's method).
  if (c.n[H.father]) {
    c.hasResiduary = true;
    if (positive.num > 0) takeAll(c, H.father, positive, 'father_residue');
    blockLater(c, SIBLINGS_AND_BELOW, H.father);
    return;
  }
  const gf = jadd(c);
  if (gf >= 0) {
    if (c.jaddWithSiblings) grandfatherWithSiblings(c, gf);
    else {
      c.hasResiduary = true;
      if (positive.num > 0) takeAll(c, gf, positive, 'father_residue');
    }
    blockLater(c, COLLATERALS, gf);
    return;
  }

  // 3. Siblings: brothers with their sisters; sisters beside a female descendant.
  const withDaughters = hasFemaleDescendant(c);
  if (has(c, H.full_brother)) {
    c.hasResiduary = true;
    const units: [number, 1 | 2][] = [[H.full_brother, 2]];
    if (has(c, H.full_sister) && c.fixed[H.full_sister] === undefined) units.push([H.full_sister, 1]);
    if (positive.num > 0) splitByUnits(c, positive, units, 'residuary_with_male', SOURCES.nisa176);
    else nothingLeft(c, H.full_brother, SOURCES.bukhari6732);
    blockLater(c, PATERNAL_SIBLINGS_AND_BELOW, H.full_brother);
    return;
  }
  if (has(c, H.full_sister) && withDaughters) {
    c.hasResiduary = true;
    takeAll(c, H.full_sister, positive, 'residuary_with_daughters');
    blockLater(c, PATERNAL_SIBLINGS_AND_BELOW, H.full_sister);
    return;
  }
  if (has(c, H.paternal_half_brother)) {
    c.hasResiduary = true;
    const units: [number, 1 | 2][] = [[H.paternal_half_brother, 2]];
    if (has(c, H.paternal_half_sister) && c.fixed[H.paternal_half_sister] === undefined)
      units.push([H.paternal_half_sister, 1]);
    if (positive.num > 0) splitByUnits(c, positive, units, 'residuary_with_male', SOURCES.nisa176);
    else nothingLeft(c, H.paternal_half_brother, SOURCES.bukhari6732);
    blockLater(c, COLLATERALS, H.paternal_half_brother);
    return;
  }
  if (has(c, H.paternal_half_sister) && withDaughters) {
    c.hasResiduary = true;
    takeAll(c, H.paternal_half_sister, positive, 'residuary_with_daughters');
    blockLater(c, COLLATERALS, H.paternal_half_sister);
    return;
  }

  // 4. Collaterals, nearest first.
  for (let i = 0; i < COLLATERALS.length; i++) {
    const k = COLLATERALS[i];
    if (!has(c, k)) continue;
    c.hasResiduary = true;
    takeAll(c, k, positive, 'residuary');
    blockLater(c, COLLATERALS, k, i + 1);
    return;
  }
}
