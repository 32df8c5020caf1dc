/**
 * The estate file's distribution (issue 40 item 4; ADR 0274): from an estate's facts to every line of what each
 * person receives, each in integer sen with the rule it follows. Pure; exact bigint fractions until the last step.
 *
 * Order (deductions.ts, MALAYSIA.md §1; AmanahRaya's five claims):
 * 1. the gross estate: the given total (staff's, ADR 0271) or the items (will property + asset-map entries inside
 *    the estate, each counted once: the API matches them, ADR 0274);
 * 2. funeral costs, the part of the executor fee the estate pays (spec §9, executor-fee.ts; a cost of
 *    administration; the fee is on the gross estate less the harta sepencarian, ADR 0290), zakat owed (a debt to Allah, paid first among debts: Mughni al-Muhtaj, kitab al-fara'id),
 *    the debts to people, harta sepencarian (Islamic Family Law (Selangor) Enactment 2003 s.122) — each takes at
 *    most what is left (deductions.ts `netEstate`);
 * 3. the bequests run only on what remains (Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(3)): to non-heirs up to
 *    one third take effect (s.26(1)); when they exceed it each is reduced in proportion and the part beyond one
 *    third, like every bequest to an heir (s.26(2); heir-bequests.ts: the excess of an heir's share over their
 *    faraid share, or a wasiat am to an heir), takes effect only as far as the heirs consent after the death;
 * 4. the part needing consent is borne by the heirs in proportion to their faraid fractions (and Baitulmal's part,
 *    for which nobody consents here); each consenting adult heir's portion takes effect, from their own share
 *    only; a refusing or undecided heir's portion, and a minor's or a ward's (who cannot consent), stays with them;
 *    the beneficiary heir's own portion of a bequest to them is theirs either way;
 * 5. the wasiat wajibah (estate-wajibah.ts; ADRs 0270, 0282) of the grandchildren of a predeceased child, where
 *    the governing state's law provides it, worked on what remains after the claims and capped at one third of it,
 *    comes out by law (no consent) together with the bequests that need none;
 * 6. faraid (engine.ts) divides what remains after the wasiat wajibah and the bequests that need no consent.
 *
 * Rounding (ADR 0282), in two levels, every amount exact (bigint fractions) until it is allocated:
 * - level 1: what remains after the claims is allocated to the sen by the largest-remainder rule (amounts.ts:
 *   each part rounded down, the sen left over one each to the largest remainders, ties in list order) over each
 *   heir's faraid of the base (`faraid_sen`), Baitulmal's, the wasiat wajibah (already whole sen) and each bequest's
 *   part taking effect without consent (`free_sen`); these add up to `after_claims_sen` exactly;
 * - level 2: each bequest's part needing consent (`consent_sen`, rounded down) is allocated over the heirs'
 *   portions (and Baitulmal's) by the same rule, so a line's portions add up to `consent_sen` exactly; a consented
 *   (or the beneficiary's own) portion moves those whole sen from the heir's faraid to the bequest.
 * Hence on every line `effective_sen = free_sen + consented portions`, `consent_sen = Σ portions`,
 * `total_sen = faraid_sen − borne_sen + bequests_sen`, and the heirs' totals, Baitulmal, the wasiat wajibah and the
 * bequests to non-heirs that take effect add up to `after_claims_sen` to the sen.
 */
import {
  addFractions,
  divFractions,
  type Fraction,
  formatFraction,
  minFraction,
  mulFractions,
  ONE,
  subFractions,
  ZERO,
} from '../validation/shares.ts';
import { allocateSen } from './amounts.ts';
import {
  type BequestLine,
  bequestItems,
  claimsOf,
  DISTRIBUTION_SOURCES,
  type DistributionInput,
  type EstateDistribution,
  f,
  type HeirLine,
  type PortionStatus,
} from './estate-distribution-items.ts';
import { estateWajibah } from './estate-wajibah.ts';
import { willSepencarian } from './harta-sepencarian.ts';
import { faraidFractionsOfHeirs } from './heir-bequests.ts';

export {
  type BequestLine,
  type DeductionLine,
  DISTRIBUTION_SOURCES,
  type DistributionInput,
  type EstateDistribution,
  type EstateHeir,
  type ExtraAsset,
  type HeirLine,
  type PortionStatus,
} from './estate-distribution-items.ts';
export type { EstateWajibah, EstateWajibahInput } from './estate-wajibah.ts';

/** The distribution of an estate (see the module comment). @throws RangeError for a negative or fractional sen. */
export function estateDistribution(given: DistributionInput): EstateDistribution {
  // The harta sepencarian: the declared properties' spouse portions, else the single amount (ADR 0286).
  const input = { ...given, hartaSepencarian: willSepencarian(given.hartaSepencarian, given.properties).sen ?? 0 };
  const items0 = input.properties.map((p) => p.value_sen).filter((v): v is number => typeof v === 'number');
  const itemsGross = [...items0, ...input.extraAssets.map((a) => a.value_sen)].reduce((a, b) => a + b, 0);
  const gross = input.grossOverride ?? itemsGross;
  const { fee, n, deductions } = claimsOf(input, gross);
  const afterClaims = n.afterClaims;
  const items = bequestItems(input, afterClaims);

  const faraid = faraidFractionsOfHeirs(input.deceased, input.heirs);
  const computable = input.deceased !== null;
  const fractions = new Map<string, Fraction>();
  for (const h of input.heirs) {
    const x = faraid.get(h.id)?.faraid;
    if (x && x.num > 0n) fractions.set(h.id, x);
  }
  const heirsSum = addFractions([...fractions.values()]);
  const baitulmalFr = computable ? subFractions(ONE, heirsSum) : ZERO;

  // The wasiat wajibah (ADR 0270, 0282): by law, on what remains after the claims, before faraid.
  const wajibah = estateWajibah(input.deceased, input.heirs, input.bequests, afterClaims, input.wajibah);
  const wajibahSen = wajibah?.total_sen ?? 0;
  // The part needing consent may not exceed what faraid divides (a guard for values above the estate).
  const freeTotal = addFractions(items.map((x) => x.free));
  const base = subFractions(f(afterClaims), addFractions([freeTotal, f(wajibahSen)]));
  const consentTotal = addFractions(items.map((x) => x.consent));
  const scale = consentTotal.num === 0n ? ONE : minFraction(ONE, divFractions(base, consentTotal));

  const decision = new Map(input.consents.map((c) => [`${c.bequest_ref}|${c.heir_id}`, c.decision]));
  // Each heir's exact portion of each bequest's part needing consent, and how it stands.
  const exact: { portions: [string, Fraction, PortionStatus][] }[] = [];
  for (const x of items) {
    const need = mulFractions(x.consent, scale);
    const portions: [string, Fraction, PortionStatus][] = [];
    if (need.num > 0n && computable) {
      for (const h of input.heirs) {
        const fr = fractions.get(h.id);
        if (!fr) continue;
        let status: PortionStatus;
        if (x.line.heir_id === h.id) status = 'beneficiary';
        else if (!h.can_consent) status = 'cannot_consent';
        else {
          const d = decision.get(`${x.line.ref}|${h.id}`);
          status = d === 'consented' ? 'consented' : d === 'refused' ? 'refused' : 'awaiting';
        }
        portions.push([h.id, mulFractions(need, fr), status]);
      }
      if (baitulmalFr.num > 0n) portions.push(['baitulmal', mulFractions(need, baitulmalFr), 'baitulmal']);
    }
    exact.push({ portions });
  }

  // Final amounts (ADR 0282). Level 1: what remains after the claims is allocated to the sen (largest remainder,
  // amounts.ts) over each heir's faraid of the base, Baitulmal's, the wasiat wajibah and each bequest's part taking
  // effect without consent — these add up to it exactly. Level 2: each bequest's part needing consent (rounded
  // down to the sen) is allocated over its heirs' portions by largest remainder, so the portions add up to the
  // line; the portions are whole sen moved from an heir's faraid to the bequest, so the total is unchanged.
  const whole = f(afterClaims);
  const parts: [string, Fraction][] = [];
  for (const h of input.heirs) parts.push([`h:${h.id}`, mulFractions(base, fractions.get(h.id) ?? ZERO)]);
  parts.push(['baitulmal', mulFractions(base, baitulmalFr)]);
  parts.push(['wajibah', f(wajibahSen)]);
  for (const [i, x] of items.entries()) parts.push([`f:${i}`, x.free]);
  const floor = (x: Fraction) => Number(x.num / x.den);
  const alloc: Record<string, number> =
    afterClaims > 0 && computable
      ? allocateSen(
          afterClaims,
          parts.map(([k, v]) => [k, divFractions(v, whole)] as [string, Fraction]),
        )
      : Object.fromEntries(parts.filter(([k]) => k.startsWith('f:')).map(([k, v]) => [k, floor(v)]));

  const borneSen = new Map<string, number>();
  const awaitingSen = new Map<string, number>();
  const bump = (m: Map<string, number>, k: string, n: number) => m.set(k, (m.get(k) ?? 0) + n);
  const bequests: BequestLine[] = items.map((x, i) => {
    const consentSen = floor(mulFractions(x.consent, scale));
    const free = alloc[`f:${i}`] ?? 0;
    const e = exact[i];
    if (!e.portions.length) {
      // Nobody's portion (faraid cannot run): the whole part needing consent awaits.
      return {
        ...x.line,
        free_sen: free,
        consent_sen: consentSen,
        effective_sen: free,
        awaiting_sen: consentSen,
        refused_sen: 0,
        portions: [],
      };
    }
    const need = addFractions(e.portions.map(([, p]) => p));
    const sen = allocateSen(
      consentSen,
      e.portions.map(([k, p], j) => [`${j}:${k}`, divFractions(p, need)] as [string, Fraction]),
    );
    const portions = e.portions.map(([heir_id, , status], j) => ({ heir_id, sen: sen[`${j}:${heir_id}`], status }));
    const of = (...s: PortionStatus[]) => portions.filter((p) => s.includes(p.status)).reduce((n, p) => n + p.sen, 0);
    for (const p of portions) {
      if (p.status === 'consented' || p.status === 'beneficiary') bump(borneSen, p.heir_id, p.sen);
      if (p.status === 'awaiting') bump(awaitingSen, p.heir_id, p.sen);
    }
    return {
      ...x.line,
      free_sen: free,
      consent_sen: consentSen,
      effective_sen: free + of('consented', 'beneficiary'),
      awaiting_sen: of('awaiting'),
      refused_sen: of('refused', 'cannot_consent', 'baitulmal'),
      portions,
    };
  });
  const heirs: HeirLine[] = input.heirs.map((h) => {
    const fr = faraid.get(h.id);
    const received = bequests.filter((b) => b.heir_id === h.id).reduce((s, b) => s + b.effective_sen, 0);
    const faraidSen = alloc[`h:${h.id}`] ?? 0;
    const borne = borneSen.get(h.id) ?? 0;
    return {
      heir_id: h.id,
      name: h.name,
      relationship: h.relationship,
      key: fr?.key ?? null,
      fraction: fr?.faraid ? formatFraction(fr.faraid) : null,
      faraid_sen: faraidSen,
      borne_sen: borne,
      awaiting_sen: awaitingSen.get(h.id) ?? 0,
      bequests_sen: received,
      total_sen: faraidSen - borne + received,
      can_consent: h.can_consent,
      source: DISTRIBUTION_SOURCES.faraid,
    };
  });
  return {
    gross_sen: gross,
    gross_source: input.grossOverride == null ? 'items' : 'given',
    deductions,
    unpaid_sen: n.unpaid,
    after_claims_sen: afterClaims,
    third_sen: Math.floor(afterClaims / 3),
    bequests,
    wajibah,
    faraid_base_sen: floor(base),
    heirs,
    baitulmal_sen: alloc.baitulmal ?? 0,
    executor_fee: {
      fee_sen: fee.fee,
      provider_percent: fee.providerPercent,
      provider_bears_sen: fee.providerBears,
      estate_pays_sen: fee.estatePays,
    },
    computable,
  };
}
