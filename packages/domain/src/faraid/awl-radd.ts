/**
 * After the fixed shares and the residuaries: 'awl when the fixed shares exceed the whole, and the
 * surplus when no residuary takes it.
 */
import { type Ctx, fixedTotal, fmt, H, has, SOURCES, setFixed } from './context.ts';
import { HEIR_KEYS } from './heirs.ts';
import { addQ, cmpQ, mul, type Q, Q_ZERO, q } from './q.ts';

/**
 * 'Awl: when the fixed shares add up to more than the whole, every share is reduced in the same
 * proportion (the base rises, e.g. 6 → 7, 8, 9, 10; 12 → 13, 15, 17; 24 → 27). Source: the ruling of
 * 'Umar with the Companions' agreement; Mughni al-Muhtaj, fasl al-'awl; Zamro & Ridzuan (2006) §8.1.
 */
export function applyAwl(c: Ctx): boolean {
  const total = fixedTotal(c);
  if (total.num <= total.den) return false;
  for (const k of c.fixedOrder) {
    const f = c.fixed[k] as Q;
    c.fixed[k] = q(mul(f.num, total.den), mul(f.den, total.num));
  }
  c.steps.push({ heir: null, rule: 'awl', share: fmt(total), source: SOURCES.mughni });
  return true;
}

/**
 * The surplus that no residuary takes.
 * - `baitulmal` (every state but Perlis): the fixed shares stay and Baitulmal takes the surplus as
 *   residuary; it takes everything when there is no heir (MALAYSIA.md §3: Johor State Fatwa 2017,
 *   Sabah Baitulmal, HRMARS 2024).
 * - `radd` (Perlis fatwa 2018; the oracle's sources): the surplus returns to the non-spouse fixed heirs
 *   in proportion to their shares; without one, to the distant kindred (a daughter's son, standing in
 *   his mother's place); without them, to a spouse; with nobody at all, to Baitulmal.
 * Returns the Baitulmal share (zero when none).
 */
export function distributeSurplus(c: Ctx): Q {
  const total = fixedTotal(c);
  const surplus = q(total.den - total.num, total.den);
  if (c.hasResiduary || cmpQ(surplus, Q_ZERO) <= 0) return Q_ZERO;
  const anyHeir = c.fixedOrder.length > 0;
  if (c.policy === 'baitulmal' || (!anyHeir && !c.n[H.daughters_son])) {
    c.steps.push({
      heir: 'baitulmal',
      rule: anyHeir ? 'baitulmal_residue' : 'baitulmal_all',
      share: fmt(surplus),
      source: SOURCES.baitulmal,
    });
    return surplus;
  }
  const nonSpouse = c.fixedOrder.filter((k) => k !== H.husband && k !== H.wife);
  if (nonSpouse.length) {
    let base = Q_ZERO;
    for (const k of nonSpouse) base = addQ(base, c.fixed[k] as Q);
    for (const k of nonSpouse) {
      const f = c.fixed[k] as Q;
      // f + surplus × f / base
      const extra = q(mul(mul(surplus.num, f.num), base.den), mul(mul(surplus.den, f.den), base.num));
      const share = addQ(f, extra);
      c.fixed[k] = share;
      c.steps.push({ heir: HEIR_KEYS[k], rule: 'radd', share: fmt(share), source: SOURCES.perlis });
    }
    return Q_ZERO;
  }
  if (c.n[H.daughters_son]) {
    if (c.blockedBy[H.daughters_son] !== undefined) {
      c.blockedBy[H.daughters_son] = undefined;
      c.blockedOrder.splice(c.blockedOrder.indexOf(H.daughters_son), 1);
    }
    c.steps = c.steps.filter((s) => s.heir !== 'daughters_son');
    setFixed(c, H.daughters_son, surplus);
    c.steps.push({ heir: 'daughters_son', rule: 'radd_distant_kindred', share: fmt(surplus), source: SOURCES.perlis });
    return Q_ZERO;
  }
  const spouse = has(c, H.husband) ? H.husband : H.wife;
  const share = addQ(c.fixed[spouse] ?? Q_ZERO, surplus);
  setFixed(c, spouse, share);
  c.steps.push({
    heir: HEIR_KEYS[spouse],
    rule: 'radd_spouse',
    share: fmt(share),
    source: SOURCES.oracleRadd,
  });
  return Q_ZERO;
}
