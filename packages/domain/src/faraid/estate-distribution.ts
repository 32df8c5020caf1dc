/**
 * The estate file's distribution (issue 40 item 4; ADR 0274): from an estate's facts to every line of what each
 * person receives, each in integer sen with the rule it follows. Pure; exact bigint fractions until the last step.
 *
 * Order (deductions.ts, MALAYSIA.md §1; AmanahRaya's five claims):
 * 1. the gross estate: the given total (staff's, ADR 0271) or the items (will property + asset-map entries inside
 *    the estate, each counted once: the API matches them, ADR 0274);
 * 2. funeral costs, the part of the executor fee the estate pays (spec §9, executor-fee.ts; a cost of
 *    administration), zakat owed (a debt to Allah, paid first among debts: Mughni al-Muhtaj, kitab al-fara'id),
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
 * 5. faraid (engine.ts) divides what remains after the bequests that need no consent.
 * Rounding: every amount is exact until the end; the sen are then allocated by largest remainder (amounts.ts) so
 * the lines add up exactly to what remains after the claims.
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

/** The distribution of an estate (see the module comment). @throws RangeError for a negative or fractional sen. */
export function estateDistribution(input: DistributionInput): EstateDistribution {
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

  // The part needing consent may not exceed what faraid divides (a guard for values above the estate).
  const freeTotal = addFractions(items.map((x) => x.free));
  const base = subFractions(f(afterClaims), freeTotal);
  const consentTotal = addFractions(items.map((x) => x.consent));
  const scale = consentTotal.num === 0n ? ONE : minFraction(ONE, divFractions(base, consentTotal));

  const decision = new Map(input.consents.map((c) => [`${c.bequest_ref}|${c.heir_id}`, c.decision]));
  const borne = new Map<string, Fraction[]>();
  const awaiting = new Map<string, Fraction[]>();
  const exact: {
    effective: Fraction;
    awaiting: Fraction;
    refused: Fraction;
    portions: [string, Fraction, PortionStatus][];
  }[] = [];
  for (const x of items) {
    const need = mulFractions(x.consent, scale);
    const out = {
      effective: x.free,
      awaiting: ZERO,
      refused: ZERO,
      portions: [] as [string, Fraction, PortionStatus][],
    };
    if (need.num > 0n && computable) {
      for (const h of input.heirs) {
        const fr = fractions.get(h.id);
        if (!fr) continue;
        const part = mulFractions(need, fr);
        let status: PortionStatus;
        if (x.line.heir_id === h.id) status = 'beneficiary';
        else if (!h.can_consent) status = 'cannot_consent';
        else {
          const d = decision.get(`${x.line.ref}|${h.id}`);
          status = d === 'consented' ? 'consented' : d === 'refused' ? 'refused' : 'awaiting';
        }
        if (status === 'consented' || status === 'beneficiary') {
          out.effective = addFractions([out.effective, part]);
          borne.set(h.id, [...(borne.get(h.id) ?? []), part]);
        } else if (status === 'awaiting') {
          out.awaiting = addFractions([out.awaiting, part]);
          awaiting.set(h.id, [...(awaiting.get(h.id) ?? []), part]);
        } else out.refused = addFractions([out.refused, part]);
        out.portions.push([h.id, part, status]);
      }
      if (baitulmalFr.num > 0n) {
        const part = mulFractions(need, baitulmalFr);
        out.refused = addFractions([out.refused, part]);
        out.portions.push(['baitulmal', part, 'baitulmal']);
      }
    } else if (need.num > 0n) out.awaiting = need;
    exact.push(out);
  }

  // Final amounts: exact, then allocated to the sen (largest remainder) over what remains after the claims.
  const parts: [string, Fraction][] = [];
  const heirNet = new Map<string, Fraction>();
  for (const h of input.heirs) {
    const fr = fractions.get(h.id) ?? ZERO;
    const net = subFractions(mulFractions(base, fr), addFractions(borne.get(h.id) ?? []));
    heirNet.set(h.id, net);
    parts.push([`h:${h.id}`, net]);
  }
  if (computable) parts.push(['baitulmal', mulFractions(base, baitulmalFr)]);
  for (const [i, e] of exact.entries()) parts.push([`b:${i}`, e.effective]);
  const whole = f(afterClaims);
  const alloc =
    afterClaims > 0 && computable
      ? allocateSen(
          afterClaims,
          parts.map(([k, v]) => [k, divFractions(v, whole)] as [string, Fraction]),
        )
      : {};
  const floor = (x: Fraction) => Number(x.num / x.den);

  const bequests: BequestLine[] = items.map((x, i) => ({
    ...x.line,
    free_sen: floor(x.free),
    consent_sen: floor(mulFractions(x.consent, scale)),
    effective_sen: computable ? (alloc[`b:${i}`] ?? 0) : floor(x.free),
    awaiting_sen: floor(exact[i].awaiting),
    refused_sen: floor(exact[i].refused),
    portions: exact[i].portions.map(([heir_id, sen, status]) => ({ heir_id, sen: floor(sen), status })),
  }));
  const heirs: HeirLine[] = input.heirs.map((h) => {
    const fr = faraid.get(h.id);
    const received = bequests.filter((b) => b.heir_id === h.id).reduce((s, b) => s + b.effective_sen, 0);
    const net = alloc[`h:${h.id}`] ?? 0;
    return {
      heir_id: h.id,
      name: h.name,
      relationship: h.relationship,
      key: fr?.key ?? null,
      fraction: fr?.faraid ? formatFraction(fr.faraid) : null,
      faraid_sen: floor(mulFractions(base, fractions.get(h.id) ?? ZERO)),
      borne_sen: floor(addFractions(borne.get(h.id) ?? [])),
      awaiting_sen: floor(addFractions(awaiting.get(h.id) ?? [])),
      bequests_sen: received,
      total_sen: net + received,
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
