/**
 * The special cases of the Shafi'i school: al-'Umariyyatan, al-Musytarakah, and the grandfather with
 * full or paternal siblings (Zayd's method: muqasamah, mu'addah, al-Akdariyyah).
 */
import {
  type Ctx,
  deleteFixed,
  fixedTotal,
  fmt,
  fr,
  giveFixed,
  giveResidue,
  H,
  has,
  remainder,
  SOURCES,
  setFixed,
  splitByUnits,
} from './context.ts';
import { HEIR_KEYS } from './heirs.ts';
import { cmpQ, minQ, mul, type Q, Q_ZERO, q, subQ } from './q.ts';

/** The full and paternal siblings (indices), with a male's units 2 and a female's 1, full before paternal. */
const BROTHERS_SISTERS: readonly [number, 1 | 2, 'full' | 'paternal'][] = [
  [H.full_brother, 2, 'full'],
  [H.full_sister, 1, 'full'],
  [H.paternal_half_brother, 2, 'paternal'],
  [H.paternal_half_sister, 1, 'paternal'],
];
const UTERINE = [H.maternal_half_brother, H.maternal_half_sister] as const;

/**
 * Al-'Umariyyatan (al-gharrawan): a spouse, the mother and the father, no descendant and fewer than two
 * siblings. The mother takes 1/3 of what the spouse leaves (1/6 with a husband, 1/4 with a wife) so the
 * father keeps twice hers. With the grandfather instead of the father she takes 1/3 of the whole
 * (MALAYSIA.md §4). Source: the ruling of 'Umar, Mughni al-Muhtaj; Zamro & Ridzuan (2006) §6.4.
 * Returns the mother's share, or null when the case does not arise. (The caller checked that no
 * descendant and fewer than two siblings are present.)
 */
export function umariyyah(c: Ctx): Q | null {
  if (!c.n[H.father] || !(c.n[H.husband] || c.n[H.wife])) return null;
  const spouse = c.n[H.husband] ? fr(1, 2) : fr(1, 4);
  return fr(spouse.den - spouse.num, spouse.den * 3);
}

/**
 * Al-Musytarakah (al-himariyyah): a husband, the mother or a grandmother (1/6), two or more uterine
 * siblings (1/3) and full brothers, who as residuaries would get nothing. The full siblings (brothers and
 * any full sisters) join the uterine siblings in their third, all per head as children of one mother
 * (MALAYSIA.md §4; the ruling of 'Umar, Mughni al-Muhtaj, Kitab al-Fara'id).
 * Returns true when it applied.
 */
export function musytarakah(c: Ctx): boolean {
  if (!has(c, H.full_brother)) return false;
  const uterine = UTERINE.filter((k) => has(c, k));
  const uterineHeads = uterine.reduce((s, k) => s + c.n[k], 0);
  if (uterineHeads < 2 || cmpQ(remainder(c), Q_ZERO) > 0) return false;
  const sharers: number[] = [...uterine, H.full_brother, ...(has(c, H.full_sister) ? [H.full_sister] : [])];
  const heads = sharers.reduce((s, k) => s + c.n[k], 0);
  for (const k of sharers) {
    deleteFixed(c, k);
    const name = HEIR_KEYS[k];
    c.steps = c.steps.filter((s) => s.heir !== name);
    giveFixed(c, k, fr(c.n[k], 3 * heads), 'musytarakah', SOURCES.umar);
  }
  c.hasResiduary = true;
  return true;
}

/**
 * The siblings counted against the grandfather, with their units (a male 2, a female 1): paternal
 * siblings excluded by a full brother still count (mu'addah).
 */
const siblingUnits = (c: Ctx) =>
  BROTHERS_SISTERS.filter(([k]) => {
    const by = c.blockedBy[k];
    return c.n[k] > 0 && (!by || (by.length === 1 && by[0] === 'full_brother'));
  });

/**
 * The grandfather with full or paternal siblings (no father, no male descendant), by Zayd's method,
 * the Shafi'i view (MALAYSIA.md §4; Mughni al-Muhtaj, bab al-jadd wa al-ikhwah):
 * - the grandfather takes the best of: sharing as a brother (muqasamah), 1/3 of the whole (no other
 *   fixed heir) or, with other fixed heirs, 1/3 of what they leave and 1/6 of the whole;
 * - when 1/6 or less is left he takes 1/6 (with 'awl) and the siblings nothing, except in
 *   al-Akdariyyah (husband, mother, grandfather, one sister): the sister is given 1/2, the case rises
 *   to 9, then the grandfather and sister pool their 4/9 and split it 2:1 (8/27 and 4/27);
 * - mu'addah: paternal siblings are counted against the grandfather beside full siblings, then the
 *   full brothers take the siblings' part, or the full sisters take up to their 1/2 or 2/3 and the
 *   paternal siblings what is left.
 * Uterine siblings are excluded by the grandfather (blocking.ts).
 */
export function grandfatherWithSiblings(c: Ctx, g: number) {
  c.hasResiduary = true;
  const sibs = siblingUnits(c);
  const units = 2 + sibs.reduce((s, [k, u]) => s + c.n[k] * u, 0);
  const pairs = (list: typeof sibs) => list.map(([k, u]) => [k, u] as [number, 1 | 2]);
  const others = fixedTotal(c);
  const rest = subQ(fr(1), others);
  const sixth = fr(1, 6);

  const onlySister = sibs.length === 1 && sibs[0][1] === 1 && c.n[sibs[0][0]] === 1;
  const fixedHeirs = c.fixedOrder;
  if (
    onlySister &&
    cmpQ(rest, sixth) === 0 &&
    c.n[H.husband] &&
    has(c, H.mother) &&
    fixedHeirs.length === 2 &&
    fixedHeirs.includes(H.husband) &&
    fixedHeirs.includes(H.mother)
  ) {
    return akdariyyah(c, g, sibs[0][0]);
  }

  if (cmpQ(rest, sixth) <= 0 && others.num > 0) {
    giveFixed(c, g, sixth, 'grandfather_sixth', SOURCES.zayd);
    for (const [k] of sibs)
      c.steps.push({ heir: HEIR_KEYS[k], rule: 'nothing_left', share: '0', source: SOURCES.zayd });
    return;
  }

  const share = q(mul(rest.num, 2), mul(rest.den, units));
  let best = share;
  let rule: 'muqasamah' | 'grandfather_third' | 'grandfather_third_of_rest' | 'grandfather_sixth' = 'muqasamah';
  if (others.num === 0) {
    if (cmpQ(fr(1, 3), best) > 0) [best, rule] = [fr(1, 3), 'grandfather_third'];
  } else {
    const thirdOfRest = q(rest.num, mul(rest.den, 3));
    if (cmpQ(thirdOfRest, best) > 0) [best, rule] = [thirdOfRest, 'grandfather_third_of_rest'];
    if (cmpQ(sixth, best) > 0) [best, rule] = [sixth, 'grandfather_sixth'];
  }
  giveFixed(c, g, best, rule, SOURCES.zayd);
  const part = subQ(rest, best);

  const full = sibs.filter(([, , line]) => line === 'full');
  const paternal = sibs.filter(([, , line]) => line === 'paternal');
  if (full.length && paternal.length) {
    if (has(c, H.full_brother)) {
      splitByUnits(c, part, pairs(full), 'residuary_with_male', SOURCES.zayd);
      for (const [k] of paternal) {
        const name = HEIR_KEYS[k];
        c.steps = c.steps.filter((s) => s.heir !== name);
        c.steps.push({ heir: name, rule: 'muadda', share: '0', by: ['full_brother'], source: SOURCES.zayd });
      }
      return;
    }
    const cap = c.n[H.full_sister] === 1 ? fr(1, 2) : fr(2, 3);
    const fs = minQ(part, cap);
    giveResidue(c, H.full_sister, fs);
    c.steps.push({ heir: 'full_sister', rule: 'muadda', share: fmt(fs), source: SOURCES.zayd });
    const left = subQ(part, fs);
    if (left.num > 0) splitByUnits(c, left, pairs(paternal), 'residuary', SOURCES.zayd);
    else
      for (const [k] of paternal)
        c.steps.push({ heir: HEIR_KEYS[k], rule: 'muadda', share: '0', by: ['full_sister'], source: SOURCES.zayd });
    return;
  }
  splitByUnits(c, part, pairs(sibs), 'residuary_with_male', SOURCES.zayd);
}

function akdariyyah(c: Ctx, g: number, sister: number) {
  // Husband 1/2, mother 1/3, grandfather 1/6, sister 1/2: the case rises from 6 to 9.
  const husband = fr(3, 9);
  const mother = fr(2, 9);
  const pooled = fr(4, 9);
  setFixed(c, H.husband, husband);
  setFixed(c, H.mother, mother);
  const gShare = q(pooled.num * 2, pooled.den * 3);
  const sShare = q(pooled.num, pooled.den * 3);
  setFixed(c, g, gShare);
  setFixed(c, sister, sShare);
  c.steps.push({ heir: null, rule: 'awl', share: '3/2', source: SOURCES.zayd });
  for (const [k, f] of [
    [H.husband, husband],
    [H.mother, mother],
    [g, gShare],
    [sister, sShare],
  ] as [number, Q][]) {
    c.steps.push({ heir: HEIR_KEYS[k], rule: 'akdariyyah', share: fmt(f), source: SOURCES.zayd });
  }
}
