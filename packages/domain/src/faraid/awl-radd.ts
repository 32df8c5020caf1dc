/**
 * After the fixed shares and the residuaries: 'awl when the fixed shares exceed the whole, and the
 * surplus when no residuary takes it.
 */
import { type Ctx, fixedTotal, fmt, has, SOURCES } from './context.ts';
import type { HeirKey } from './heirs.ts';
import { addQ, cmpQ, mul, type Q, Q_ZERO, q, sumQ } from './q.ts';

/**
 * 'Awl: when the fixed shares add up to more than the whole, every share is reduced in the same
 * proportion (the base rises, e.g. 6 → 7, 8, 9, 10; 12 → 13, 15, 17; 24 → 27). Source: the ruling of
 * 'Umar with the Companions' agreement; Mughni al-Muhtaj, fasl al-'awl; Zamro & Ridzuan (2006) §8.1.
 */
export function applyAwl(c: Ctx): boolean {
  const total = fixedTotal(c);
  if (total.num <= total.den) return false;
  for (const [k, f] of c.fixed) c.fixed.set(k, q(mul(f.num, total.den), mul(f.den, total.num)));
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
  const anyHeir = c.fixed.size > 0;
  if (c.policy === 'baitulmal' || (!anyHeir && !c.n.daughters_son)) {
    c.steps.push({
      heir: 'baitulmal',
      rule: anyHeir ? 'baitulmal_residue' : 'baitulmal_all',
      share: fmt(surplus),
      source: SOURCES.baitulmal,
    });
    return surplus;
  }
  const nonSpouse = [...c.fixed.keys()].filter((k) => k !== 'husband' && k !== 'wife');
  if (nonSpouse.length) {
    const base = sumQ(nonSpouse.map((k) => c.fixed.get(k) ?? Q_ZERO));
    for (const k of nonSpouse) {
      const f = c.fixed.get(k) ?? Q_ZERO;
      // f + surplus × f / base
      const extra = q(mul(mul(surplus.num, f.num), base.den), mul(mul(surplus.den, f.den), base.num));
      c.fixed.set(k, addQ(f, extra));
      c.steps.push({ heir: k, rule: 'radd', share: fmt(c.fixed.get(k) ?? Q_ZERO), source: SOURCES.perlis });
    }
    return Q_ZERO;
  }
  if (c.n.daughters_son) {
    c.blocked.delete('daughters_son');
    c.steps = c.steps.filter((s) => s.heir !== 'daughters_son');
    c.fixed.set('daughters_son', surplus);
    c.steps.push({ heir: 'daughters_son', rule: 'radd_distant_kindred', share: fmt(surplus), source: SOURCES.perlis });
    return Q_ZERO;
  }
  const spouse: HeirKey = has(c, 'husband') ? 'husband' : 'wife';
  c.fixed.set(spouse, addQ(c.fixed.get(spouse) ?? Q_ZERO, surplus));
  c.steps.push({
    heir: spouse,
    rule: 'radd_spouse',
    share: fmt(c.fixed.get(spouse) ?? Q_ZERO),
    source: SOURCES.oracleRadd,
  });
  return Q_ZERO;
}
