/**
 * The fixed shares (furud): spouses, mother, grandmothers, father and grandfather (with descendants),
 * daughters and sons' daughters, uterine siblings, full and paternal sisters.
 */
import { block, type Ctx, fr, giveFixed, H, has, idx, SOURCES } from './context.ts';
import { FEMALE_DESCENDANTS, GRANDMOTHERS, type HeirKey, MALE_DESCENDANTS, SIBLINGS } from './heirs.ts';
import { umariyyah } from './special-cases.ts';

// Heir lists as indices, and the fixed shares as constants, built once (ADR 0185).
const MALE_D = idx(MALE_DESCENDANTS);
const FEMALE_D = idx(FEMALE_DESCENDANTS);
const GRANDMOTHER_I = idx(GRANDMOTHERS);
const SIBLING_I = idx(SIBLINGS);
const UTERINE_I = idx(['maternal_half_brother', 'maternal_half_sister']);
const HALF = fr(1, 2);
const QUARTER = fr(1, 4);
const EIGHTH = fr(1, 8);
const THIRD = fr(1, 3);
const SIXTH = fr(1, 6);
const TWO_THIRDS = fr(2, 3);

function sum(c: Ctx, keys: readonly number[]): number {
  let s = 0;
  for (let i = 0; i < keys.length; i++) s += c.n[keys[i]];
  return s;
}

/** Any heir descendant (far' warith): a child, or a child of a son however low. */
export const hasDescendant = (c: Ctx) => sum(c, MALE_D) + sum(c, FEMALE_D) > 0;
export const hasMaleDescendant = (c: Ctx) => sum(c, MALE_D) > 0;
export const hasFemaleDescendant = (c: Ctx) => sum(c, FEMALE_D) > 0;

/** The grandfather who inherits (the nearest unblocked one), when the father is absent: an index, or -1. */
export function jadd(c: Ctx): number {
  if (has(c, H.paternal_grandfather)) return H.paternal_grandfather;
  if (has(c, H.paternal_great_grandfather)) return H.paternal_great_grandfather;
  return -1;
}

/** Husband 1/2, or 1/4 with a descendant; wives 1/4, or 1/8 with a descendant, shared (al-Nisa' 4:12). */
export function spouses(c: Ctx) {
  const d = hasDescendant(c);
  if (c.n[H.husband])
    giveFixed(c, H.husband, d ? QUARTER : HALF, d ? 'husband_quarter' : 'husband_half', SOURCES.nisa12);
  if (c.n[H.wife]) giveFixed(c, H.wife, d ? EIGHTH : QUARTER, d ? 'wife_eighth' : 'wife_quarter', SOURCES.nisa12);
}

/**
 * Mother: 1/6 with a descendant or with two or more siblings of any kind (even excluded ones,
 * MALAYSIA.md §4); otherwise 1/3 (al-Nisa' 4:11). With a spouse and the father (not the grandfather)
 * and nothing else that reduces her, 1/3 of what the spouse leaves (al-'Umariyyatan).
 */
export function mother(c: Ctx) {
  if (!c.n[H.mother]) return;
  if (hasDescendant(c) || sum(c, SIBLING_I) >= 2) return giveFixed(c, H.mother, SIXTH, 'mother_sixth', SOURCES.nisa11);
  const third = umariyyah(c);
  if (third) return giveFixed(c, H.mother, third, 'umariyyah', SOURCES.umar);
  giveFixed(c, H.mother, THIRD, 'mother_third', SOURCES.nisa11);
}

/** The grandmothers who are not excluded share 1/6 equally per head (Abu Dawud 2894). */
export function grandmothers(c: Ctx) {
  let heads = 0;
  for (const g of GRANDMOTHER_I) if (has(c, g)) heads += c.n[g];
  if (!heads) return;
  for (const g of GRANDMOTHER_I)
    if (has(c, g)) giveFixed(c, g, fr(c.n[g], 6 * heads), 'grandmothers_sixth', SOURCES.abuDawud2894);
}

/**
 * Father (or, without him, the grandfather): 1/6 with a male descendant; 1/6 and the residue with only
 * female descendants; the residue alone without descendants (al-Nisa' 4:11; Bukhari 6732). The
 * grandfather with siblings is Zayd's case (special-cases.ts).
 */
export function fatherSixth(c: Ctx) {
  const who = c.n[H.father] ? H.father : jadd(c);
  if (who < 0 || !hasDescendant(c) || c.jaddWithSiblings) return;
  giveFixed(c, who, SIXTH, hasMaleDescendant(c) ? 'father_sixth' : 'father_sixth_residue', SOURCES.nisa11);
}

/**
 * Daughters and sons' daughters (al-Nisa' 4:11; Bukhari 6736). The highest generation with females
 * and no male of its own takes 1/2 (one) or 2/3 (two or more); the next generation takes 1/6 to
 * complete two thirds when the highest is a single female; further females take no fixed share. A
 * male at or below their generation makes those without a fixed share residuaries with him
 * (asabah.ts); without one, they are excluded by the females above.
 */
export function girls(c: Ctx) {
  let topMale = -1; // generation index of the nearest male, or -1
  for (let g = 0; g < 3; g++) {
    if (c.n[MALE_D[g]] > 0) {
      topMale = g;
      break;
    }
  }
  const limit = topMale === -1 ? 3 : topMale;
  let taken: 'none' | 'half' | 'two_thirds' = 'none';
  for (let g = 0; g < limit; g++) {
    const k = FEMALE_D[g];
    if (!has(c, k)) continue;
    if (taken === 'none') {
      const one = c.n[k] === 1;
      giveFixed(c, k, one ? HALF : TWO_THIRDS, one ? 'girls_half' : 'girls_two_thirds', SOURCES.nisa11);
      taken = one ? 'half' : 'two_thirds';
    } else if (taken === 'half') {
      giveFixed(c, k, SIXTH, 'girls_sixth', SOURCES.bukhari6736);
      taken = 'two_thirds';
    } else if (topMale === -1) {
      const above: HeirKey[] = [];
      for (let f = 0; f < g; f++) if (c.n[FEMALE_D[f]] > 0) above.push(FEMALE_DESCENDANTS[f]);
      block(c, k, above, 'blocked', SOURCES.bukhari6736);
    }
  }
}

/** Uterine siblings: 1/6 for one, 1/3 for two or more, shared per head whatever the sex (al-Nisa' 4:12). */
export function uterine(c: Ctx) {
  let heads = 0;
  for (const k of UTERINE_I) if (has(c, k)) heads += c.n[k];
  if (!heads) return;
  const whole = heads === 1 ? SIXTH : THIRD;
  for (const k of UTERINE_I) {
    if (!has(c, k)) continue;
    giveFixed(
      c,
      k,
      fr(whole.num * c.n[k], whole.den * heads),
      heads === 1 ? 'uterine_sixth' : 'uterine_third',
      SOURCES.nisa12,
    );
  }
}

/**
 * Full sisters without a full brother, a female descendant or a grandfather sharing with them: 1/2 for
 * one, 2/3 for two or more. Paternal sisters without a paternal brother: the same when there is no full
 * sister; 1/6 beside one full sister; excluded by two full sisters (al-Nisa' 4:176; Mughni al-Muhtaj).
 * With a female descendant, sisters are residuaries instead (asabah.ts).
 */
export function sisters(c: Ctx) {
  if (hasFemaleDescendant(c) || c.jaddWithSiblings) return;
  let fullTook: 'none' | 'half' | 'two_thirds' = 'none';
  if (has(c, H.full_sister) && !c.n[H.full_brother]) {
    const one = c.n[H.full_sister] === 1;
    giveFixed(c, H.full_sister, one ? HALF : TWO_THIRDS, one ? 'sisters_half' : 'sisters_two_thirds', SOURCES.nisa176);
    fullTook = one ? 'half' : 'two_thirds';
  }
  if (!has(c, H.paternal_half_sister) || c.n[H.paternal_half_brother]) return;
  if (fullTook === 'none') {
    const one = c.n[H.paternal_half_sister] === 1;
    giveFixed(
      c,
      H.paternal_half_sister,
      one ? HALF : TWO_THIRDS,
      one ? 'sisters_half' : 'sisters_two_thirds',
      SOURCES.nisa176,
    );
  } else if (fullTook === 'half') {
    giveFixed(c, H.paternal_half_sister, SIXTH, 'sisters_sixth', SOURCES.mughni);
  } else {
    block(c, H.paternal_half_sister, ['full_sister'], 'blocked', SOURCES.mughni);
  }
}
