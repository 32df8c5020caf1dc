/**
 * The fixed shares (furud): spouses, mother, grandmothers, father and grandfather (with descendants),
 * daughters and sons' daughters, uterine siblings, full and paternal sisters.
 */
import { type Ctx, fr, giveFixed, has, SOURCES } from './context.ts';
import { FEMALE_DESCENDANTS, GRANDMOTHERS, type HeirKey, MALE_DESCENDANTS, SIBLINGS } from './heirs.ts';
import { umariyyah } from './special-cases.ts';

function sum(c: Ctx, keys: readonly HeirKey[]): number {
  let s = 0;
  for (let i = 0; i < keys.length; i++) s += c.n[keys[i]];
  return s;
}

/** Any heir descendant (far' warith): a child, or a child of a son however low. */
export const hasDescendant = (c: Ctx) => sum(c, MALE_DESCENDANTS) + sum(c, FEMALE_DESCENDANTS) > 0;
export const hasMaleDescendant = (c: Ctx) => sum(c, MALE_DESCENDANTS) > 0;
export const hasFemaleDescendant = (c: Ctx) => sum(c, FEMALE_DESCENDANTS) > 0;

/** The grandfather who inherits (the nearest unblocked one), when the father is absent. */
export function jadd(c: Ctx): HeirKey | null {
  if (has(c, 'paternal_grandfather')) return 'paternal_grandfather';
  if (has(c, 'paternal_great_grandfather')) return 'paternal_great_grandfather';
  return null;
}

/** Husband 1/2, or 1/4 with a descendant; wives 1/4, or 1/8 with a descendant, shared (al-Nisa' 4:12). */
export function spouses(c: Ctx) {
  const d = hasDescendant(c);
  if (c.n.husband)
    giveFixed(c, 'husband', d ? fr(1, 4) : fr(1, 2), d ? 'husband_quarter' : 'husband_half', SOURCES.nisa12);
  if (c.n.wife) giveFixed(c, 'wife', d ? fr(1, 8) : fr(1, 4), d ? 'wife_eighth' : 'wife_quarter', SOURCES.nisa12);
}

/**
 * Mother: 1/6 with a descendant or with two or more siblings of any kind (even excluded ones,
 * MALAYSIA.md §4); otherwise 1/3 (al-Nisa' 4:11). With a spouse and the father (not the grandfather)
 * and nothing else that reduces her, 1/3 of what the spouse leaves (al-'Umariyyatan).
 */
export function mother(c: Ctx) {
  if (!c.n.mother) return;
  if (hasDescendant(c) || sum(c, SIBLINGS) >= 2)
    return giveFixed(c, 'mother', fr(1, 6), 'mother_sixth', SOURCES.nisa11);
  const third = umariyyah(c);
  if (third) return giveFixed(c, 'mother', third, 'umariyyah', SOURCES.umar);
  giveFixed(c, 'mother', fr(1, 3), 'mother_third', SOURCES.nisa11);
}

/** The grandmothers who are not excluded share 1/6 equally per head (Abu Dawud 2894). */
export function grandmothers(c: Ctx) {
  const present = GRANDMOTHERS.filter((g) => has(c, g));
  const heads = sum(c, present);
  for (const g of present) giveFixed(c, g, fr(c.n[g], 6 * heads), 'grandmothers_sixth', SOURCES.abuDawud2894);
}

/**
 * Father (or, without him, the grandfather): 1/6 with a male descendant; 1/6 and the residue with only
 * female descendants; the residue alone without descendants (al-Nisa' 4:11; Bukhari 6732). The
 * grandfather with siblings is Zayd's case (special-cases.ts).
 */
export function fatherSixth(c: Ctx) {
  const who: HeirKey | null = c.n.father ? 'father' : jadd(c);
  if (!who || !hasDescendant(c) || c.jaddWithSiblings) return;
  giveFixed(c, who, fr(1, 6), hasMaleDescendant(c) ? 'father_sixth' : 'father_sixth_residue', SOURCES.nisa11);
}

/**
 * Daughters and sons' daughters (al-Nisa' 4:11; Bukhari 6736). The highest generation with females
 * and no male of its own takes 1/2 (one) or 2/3 (two or more); the next generation takes 1/6 to
 * complete two thirds when the highest is a single female; further females take no fixed share. A
 * male at or below their generation makes those without a fixed share residuaries with him
 * (asabah.ts); without one, they are excluded by the females above.
 */
export function girls(c: Ctx) {
  const males = MALE_DESCENDANTS.map((k) => c.n[k]);
  const topMale = males.findIndex((m) => m > 0); // generation index of the nearest male, or -1
  const limit = topMale === -1 ? 3 : topMale;
  let taken: 'none' | 'half' | 'two_thirds' = 'none';
  for (let g = 0; g < limit; g++) {
    const k = FEMALE_DESCENDANTS[g];
    if (!has(c, k)) continue;
    if (taken === 'none') {
      const one = c.n[k] === 1;
      giveFixed(c, k, one ? fr(1, 2) : fr(2, 3), one ? 'girls_half' : 'girls_two_thirds', SOURCES.nisa11);
      taken = one ? 'half' : 'two_thirds';
    } else if (taken === 'half') {
      giveFixed(c, k, fr(1, 6), 'girls_sixth', SOURCES.bukhari6736);
      taken = 'two_thirds';
    } else if (topMale === -1) {
      const above = FEMALE_DESCENDANTS.slice(0, g).filter((f) => c.n[f] > 0);
      c.blocked.set(k, above);
      c.steps.push({ heir: k, rule: 'blocked', share: '0', by: above, source: SOURCES.bukhari6736 });
    }
  }
}

/** Uterine siblings: 1/6 for one, 1/3 for two or more, shared per head whatever the sex (al-Nisa' 4:12). */
export function uterine(c: Ctx) {
  const keys = (['maternal_half_brother', 'maternal_half_sister'] as const).filter((k) => has(c, k));
  const heads = sum(c, keys);
  if (!heads) return;
  const whole = heads === 1 ? fr(1, 6) : fr(1, 3);
  for (const k of keys) {
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
  if (has(c, 'full_sister') && !c.n.full_brother) {
    const one = c.n.full_sister === 1;
    giveFixed(
      c,
      'full_sister',
      one ? fr(1, 2) : fr(2, 3),
      one ? 'sisters_half' : 'sisters_two_thirds',
      SOURCES.nisa176,
    );
    fullTook = one ? 'half' : 'two_thirds';
  }
  if (!has(c, 'paternal_half_sister') || c.n.paternal_half_brother) return;
  if (fullTook === 'none') {
    const one = c.n.paternal_half_sister === 1;
    giveFixed(
      c,
      'paternal_half_sister',
      one ? fr(1, 2) : fr(2, 3),
      one ? 'sisters_half' : 'sisters_two_thirds',
      SOURCES.nisa176,
    );
  } else if (fullTook === 'half') {
    giveFixed(c, 'paternal_half_sister', fr(1, 6), 'sisters_sixth', SOURCES.mughni);
  } else {
    c.blocked.set('paternal_half_sister', ['full_sister']);
    c.steps.push({
      heir: 'paternal_half_sister',
      rule: 'blocked',
      share: '0',
      by: ['full_sister'],
      source: SOURCES.mughni,
    });
  }
}
