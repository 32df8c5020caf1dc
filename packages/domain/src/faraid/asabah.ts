/**
 * The residuaries ('asabah): what the fixed shares leave goes to the nearest male relative through
 * males (Bukhari 6732), in this order: sons and sons' sons (with the females of their generation, and
 * higher females without a fixed share: bi ghairih), the father, the grandfather, full brothers (with
 * full sisters), full sisters beside a female descendant (ma'a ghairih), paternal brothers (with paternal
 * sisters), paternal sisters beside a female descendant, then the collaterals of heirs.ts. The first
 * present class takes the residue; every later one is excluded by it.
 * Sources: Bukhari 6732 and 6736; al-Nisa' 4:11, 4:176; Mughni al-Muhtaj, bab al-'asabah.
 */

import { type Ctx, fmt, giveResidue, has, remainder, SOURCES, splitByUnits } from './context.ts';
import { hasFemaleDescendant, jadd } from './furud.ts';
import { COLLATERAL_RESIDUARIES, FEMALE_DESCENDANTS, type HeirKey, MALE_DESCENDANTS } from './heirs.ts';
import { cmpQ, type Q, Q_ZERO } from './q.ts';
import { grandfatherWithSiblings } from './special-cases.ts';

/** Exclude every later residuary class, naming the one that took the residue. */
function blockLater(c: Ctx, later: readonly HeirKey[], by: HeirKey) {
  for (const k of later) {
    if (c.n[k] > 0 && !c.blocked.has(k)) {
      c.blocked.set(k, [by]);
      c.steps.push({ heir: k, rule: 'blocked', share: '0', by: [by], source: SOURCES.bukhari6732 });
    }
  }
}

/** Give the residue (when positive) to one residuary class alone. */
function takeAll(c: Ctx, k: HeirKey, rest: Q, rule: 'residuary' | 'father_residue' | 'residuary_with_daughters') {
  const part = cmpQ(rest, Q_ZERO) > 0 ? rest : Q_ZERO;
  if (part.num > 0) giveResidue(c, k, part);
  c.steps.push({ heir: k, rule: part.num > 0 ? rule : 'nothing_left', share: fmt(part), source: SOURCES.bukhari6732 });
}

export function assignResidue(c: Ctx) {
  const rest = remainder(c);
  const positive = cmpQ(rest, Q_ZERO) > 0 ? rest : Q_ZERO;
  const siblingsAndBelow: HeirKey[] = [
    'full_brother',
    'full_sister',
    'paternal_half_brother',
    'paternal_half_sister',
    ...COLLATERAL_RESIDUARIES,
  ];

  // 1. Descendants: the nearest male with the females of his generation and higher females left
  //    without a fixed share.
  const g = MALE_DESCENDANTS.findIndex((k) => has(c, k));
  if (g >= 0) {
    const male = MALE_DESCENDANTS[g];
    const females = FEMALE_DESCENDANTS.slice(0, g + 1).filter((k) => has(c, k) && !c.fixed.has(k));
    c.hasResiduary = true;
    if (positive.num > 0) {
      splitByUnits(
        c,
        positive,
        [[male, 2], ...females.map((k) => [k, 1] as [HeirKey, 1])],
        'residuary_with_male',
        SOURCES.nisa11,
      );
    } else {
      for (const k of [male, ...females])
        c.steps.push({ heir: k, rule: 'nothing_left', share: '0', source: SOURCES.nisa11 });
    }
    blockLater(c, siblingsAndBelow, male);
    return;
  }

  // 2. Father, then grandfather (alone, or sharing with siblings by Zayd's method).
  if (c.n.father) {
    c.hasResiduary = true;
    if (positive.num > 0) takeAll(c, 'father', positive, 'father_residue');
    blockLater(c, siblingsAndBelow, 'father');
    return;
  }
  const gf = jadd(c);
  if (gf) {
    if (c.jaddWithSiblings) grandfatherWithSiblings(c, gf);
    else {
      c.hasResiduary = true;
      if (positive.num > 0) takeAll(c, gf, positive, 'father_residue');
    }
    blockLater(c, COLLATERAL_RESIDUARIES, gf);
    return;
  }

  // 3. Siblings: brothers with their sisters; sisters beside a female descendant.
  const withDaughters = hasFemaleDescendant(c);
  if (has(c, 'full_brother')) {
    c.hasResiduary = true;
    const units: [HeirKey, 1 | 2][] = [['full_brother', 2]];
    if (has(c, 'full_sister') && !c.fixed.has('full_sister')) units.push(['full_sister', 1]);
    if (positive.num > 0) splitByUnits(c, positive, units, 'residuary_with_male', SOURCES.nisa176);
    else c.steps.push({ heir: 'full_brother', rule: 'nothing_left', share: '0', source: SOURCES.bukhari6732 });
    blockLater(c, ['paternal_half_brother', 'paternal_half_sister', ...COLLATERAL_RESIDUARIES], 'full_brother');
    return;
  }
  if (has(c, 'full_sister') && withDaughters) {
    c.hasResiduary = true;
    takeAll(c, 'full_sister', positive, 'residuary_with_daughters');
    blockLater(c, ['paternal_half_brother', 'paternal_half_sister', ...COLLATERAL_RESIDUARIES], 'full_sister');
    return;
  }
  if (has(c, 'paternal_half_brother')) {
    c.hasResiduary = true;
    const units: [HeirKey, 1 | 2][] = [['paternal_half_brother', 2]];
    if (has(c, 'paternal_half_sister') && !c.fixed.has('paternal_half_sister')) units.push(['paternal_half_sister', 1]);
    if (positive.num > 0) splitByUnits(c, positive, units, 'residuary_with_male', SOURCES.nisa176);
    else c.steps.push({ heir: 'paternal_half_brother', rule: 'nothing_left', share: '0', source: SOURCES.bukhari6732 });
    blockLater(c, COLLATERAL_RESIDUARIES, 'paternal_half_brother');
    return;
  }
  if (has(c, 'paternal_half_sister') && withDaughters) {
    c.hasResiduary = true;
    takeAll(c, 'paternal_half_sister', positive, 'residuary_with_daughters');
    blockLater(c, COLLATERAL_RESIDUARIES, 'paternal_half_sister');
    return;
  }

  // 4. Collaterals, nearest first.
  const i = COLLATERAL_RESIDUARIES.findIndex((k) => has(c, k));
  if (i >= 0) {
    const k = COLLATERAL_RESIDUARIES[i];
    c.hasResiduary = true;
    takeAll(c, k, positive, 'residuary');
    blockLater(c, COLLATERAL_RESIDUARIES.slice(i + 1), k);
  }
}
