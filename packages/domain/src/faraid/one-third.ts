/**
 * The one-third rule on bequests to non-heirs, counted by value (issue 37 item 2, issue 41 item 4; ADR 0257).
 *
 * The law. Enakmen Wasiat Orang Islam (Selangor) 1999, s. 26(1): a wasiat to a non-heir "atas kadar yang tidak
 * melebihi satu pertiga daripada harta pusaka pewasiat selepas diselesaikan segala hutangnya" takes effect without
 * the heirs' consent; s. 26(3): a wasiat runs only on what remains after the debts; the hadith of Sa'd b. Abi
 * Waqqas ("one third, and one third is much", Sahih al-Bukhari 2742, Sahih Muslim 1628). What exceeds one third
 * would need the heirs' consent given after the death (s. 26(2)); the testator cannot give or record it, so the
 * product refuses a will whose bequests to non-heirs exceed one third (ADR 0257).
 *
 * What is counted — every bequest to a non-heir (a beneficiary who is not an heir of this estate, heir-bequests.ts
 * {@link beneficiaryStanding}: hajb-excluded heirs count as non-heirs):
 * - a bequest (wasiat am) of a portion of the net estate: portion × net estate;
 * - a share of a property (specific property, or a part of it): portion × the property's estimated value (of a
 *   property declared harta sepencarian, the testator's part: the value less the spouse's portion; ADR 0286).
 * Against: one third of the net estate — the gross estate (the testator's estimate of the whole, else the sum of
 * the property values) less funeral expenses, debts and harta sepencarian (deductions.ts `afterClaims`; the
 * declared properties' spouse portions summed, else the will's single amount: harta-sepencarian.ts).
 *
 * Exact: the total is a bigint fraction of sen and the test is 3 × total ≤ net. A property given (in part) to a
 * non-heir without a value cannot be counted: it is reported in `missingValues` and the rule refuses until the
 * value is given. While no value at all is known (no estimate, no property value), the bequests of portions are
 * still checked exactly as fractions (≤ 1/3).
 */
import { formatRinggit } from '../money.ts';
import {
  addFractions,
  compareFractions,
  type Fraction,
  fraction,
  isPortionError,
  mulFractions,
  parsePortion,
} from '../validation/shares.ts';
import { netEstate } from './deductions.ts';
import { isSepencarian, testatorValueSen, willSepencarian } from './harta-sepencarian.ts';
import {
  beneficiaryStanding,
  faraidFractionsOfHeirs,
  type GeneralBequestLike,
  type HeirOfWill,
  type PropertyWithShares,
} from './heir-bequests.ts';
import type { Sex } from './heirs.ts';
import { ONE_THIRD } from './will-estate.ts';

/** Message keys of the rule (locales/{ms,en}/wills.json). */
export const ONE_THIRD_ERRORS = {
  /** With the figures: `{{total}}` to non-heirs, `{{third}}` one third of `{{net}}`. */
  exceeded: 'wills.one_third_exceeded',
  /** No value known yet: `{{percent}}` of the net estate to non-heirs. */
  exceededShare: 'wills.one_third_exceeded_share',
  /** A property given to a non-heir has no value: `{{property}}`. */
  valueNeeded: 'wills.one_third_value_needed',
  /**
   * Over one third because a property was declared harta sepencarian or its portion raised (ADR 0290):
   * `{{sepencarian}}` deducted first, `{{total}}`, `{{third}}`, `{{net}}`.
   */
  exceededSepencarian: 'wills.one_third_exceeded_sepencarian',
  /** Over one third because a declaration was withdrawn (the portion no longer deducted first); the same figures. */
  exceededSepencarianCleared: 'wills.one_third_exceeded_sepencarian_cleared',
} as const;

export interface OneThirdInput {
  /** The testator's sex (will-estate.ts `testatorSex`), for the faraid exclusions; null when unknown. */
  deceased: Sex | null;
  /** The heirs of part d, with ids. */
  heirs: readonly HeirOfWill[];
  /** The bequests (wasiat am), portions of the net estate. */
  bequests: readonly GeneralBequestLike[];
  /** Every property with its receivers' shares and its estimated value (sen). */
  properties: readonly PropertyWithShares[];
  /** The testator's estimate of the whole estate (sen); when given it is the gross estate. */
  estimatedEstate?: number | null;
  funeral?: number | null;
  debts?: number | null;
  /**
   * The will's single harta sepencarian amount (sen); replaced by the declared properties' portions when any
   * property carries `sepencarian_bp` (harta-sepencarian.ts `willSepencarian`; ADR 0286).
   */
  hartaSepencarian?: number | null;
}

/** One bequest to a non-heir as counted. */
export interface NonHeirBequest {
  kind: PropertyWithShares['kind'] | 'Bequest';
  /** The property's or the bequest's id. */
  id: string;
  receiver_id: string | null;
  name: string;
  /** The portion: of the property, or of the net estate for a bequest. */
  portion: Fraction;
  /** Its value in sen, exact; null while unknown (a property without a value; a bequest while the net is unknown). */
  sen: Fraction | null;
}

export interface OneThird {
  /** The gross estate (sen), null while unknown. */
  grossSen: number | null;
  /** The net estate, the base of the limit (sen), null while unknown. */
  netSen: number | null;
  /** One third of the net estate, rounded down (sen). */
  thirdSen: number | null;
  /** The harta sepencarian deducted (sen; the declared properties' portions, else the single amount; ADR 0286). */
  sepencarianSen: number | null;
  /** Where it comes from: 'properties' (declared, replacing the single amount), 'amount', or null (none). */
  sepencarianSource: 'properties' | 'amount' | null;
  /** The bequests (wasiat am) to non-heirs together, as a fraction of the net estate. */
  bequestShare: Fraction;
  /** Their value (sen, exact), null while the net estate is unknown. */
  bequestSen: Fraction | null;
  /** The shares of property given to non-heirs, at the properties' values (sen, exact; unvalued ones not counted). */
  propertySen: Fraction;
  /** Everything given to non-heirs (sen, exact), null while the net estate is unknown. */
  totalSen: Fraction | null;
  items: NonHeirBequest[];
  /** Ids of properties given (in part) to a non-heir that have no value. */
  missingValues: string[];
  /** The bequests to non-heirs exceed one third (exactly). */
  over: boolean;
}

const sumSen = (values: readonly (number | null | undefined)[]) => {
  const known = values.filter((v): v is number => typeof v === 'number');
  return known.length ? known.reduce((a, b) => a + b, 0) : null;
};

/** The rule's figures (see the module comment). Malformed portions are ignored (refused on their own). */
export function oneThird(input: OneThirdInput): OneThird {
  const grossSen = input.estimatedEstate ?? sumSen(input.properties.map((p) => p.value_sen));
  const { sen: sepencarianSen, source: sepencarianSource } = willSepencarian(input.hartaSepencarian, input.properties);
  const netSen =
    grossSen === null
      ? null
      : netEstate(grossSen, {
          funeral: input.funeral ?? 0,
          debts: input.debts ?? 0,
          hartaSepencarian: sepencarianSen ?? 0,
        }).afterClaims;
  const faraid = faraidFractionsOfHeirs(input.deceased, input.heirs);
  const items: NonHeirBequest[] = [];
  const missing = new Set<string>();
  for (const p of input.properties) {
    for (const s of p.shares) {
      const portion = parsePortion(s.portion);
      if (isPortionError(portion) || portion.num === 0n) continue;
      if (beneficiaryStanding(s.receiver, input.heirs, faraid).isHeir) continue;
      // A share of a declared harta sepencarian property is a share of the testator's part (ADR 0286).
      const own = testatorValueSen(p);
      const known = own !== null;
      if (!known) missing.add(p.id);
      items.push({
        kind: p.kind,
        id: p.id,
        receiver_id: s.receiver.id ?? null,
        name: s.receiver.name,
        portion,
        sen: known ? mulFractions(portion, fraction(BigInt(own), 1n)) : null,
      });
    }
  }
  input.bequests.forEach((b, i) => {
    const portion = parsePortion(b.portion);
    if (isPortionError(portion) || portion.num === 0n) return;
    const person = { name: b.beneficiary_name ?? '', relationship: b.relationship, ic_number: b.ic_number };
    if (beneficiaryStanding(person, input.heirs, faraid).isHeir) return;
    items.push({
      kind: 'Bequest',
      id: b.id ?? String(i),
      receiver_id: null,
      name: person.name,
      portion,
      sen: netSen === null ? null : mulFractions(portion, fraction(BigInt(netSen), 1n)),
    });
  });
  const bequestShare = addFractions(items.filter((x) => x.kind === 'Bequest').map((x) => x.portion));
  const bequestSen = netSen === null ? null : mulFractions(bequestShare, fraction(BigInt(netSen), 1n));
  const propertySen = addFractions(items.filter((x) => x.kind !== 'Bequest' && x.sen).map((x) => x.sen as Fraction));
  const totalSen = bequestSen === null ? null : addFractions([bequestSen, propertySen]);
  const over =
    totalSen === null || netSen === null
      ? compareFractions(bequestShare, ONE_THIRD) > 0
      : compareFractions(totalSen, fraction(BigInt(netSen), 3n)) > 0;
  return {
    grossSen,
    netSen,
    thirdSen: netSen === null ? null : Math.floor(netSen / 3),
    sepencarianSen,
    sepencarianSource,
    bequestShare,
    bequestSen,
    propertySen,
    totalSen,
    items,
    missingValues: [...missing],
    over,
  };
}

/** A fraction of sen rounded down / up to whole sen. */
export const floorSen = (f: Fraction) => Number(f.num / f.den);
export const ceilSen = (f: Fraction) => Number((f.num + f.den - 1n) / f.den);

/** The refusal of the rule: its message key and the figures it names (ringgit, "RM 1,234.00"). */
export interface OneThirdProblem {
  key: string;
  params: Record<string, string>;
}

/**
 * The refusal, or null when the bequests to non-heirs are within one third: a property given to a non-heir without
 * a value first (`wills.one_third_value_needed`, `{{property}}` from `nameOf(id)`), then the excess with its
 * figures (`wills.one_third_exceeded`: `{{total}}` rounded up, `{{third}}` and `{{net}}`), or as a percentage
 * while no value is known (`wills.one_third_exceeded_share`).
 */
export function oneThirdProblem(
  r: OneThird,
  nameOf: (propertyId: string) => string = (id) => id,
): OneThirdProblem | null {
  if (r.missingValues.length)
    return { key: ONE_THIRD_ERRORS.valueNeeded, params: { property: nameOf(r.missingValues[0]) } };
  if (!r.over) return null;
  if (r.totalSen === null || r.netSen === null) {
    const hundredths = (r.bequestShare.num * 10000n) / r.bequestShare.den;
    const pct = `${hundredths / 100n}${hundredths % 100n ? `.${String(hundredths % 100n).padStart(2, '0')}` : ''}%`;
    return { key: ONE_THIRD_ERRORS.exceededShare, params: { percent: pct } };
  }
  return {
    key: ONE_THIRD_ERRORS.exceeded,
    params: {
      total: formatRinggit(ceilSen(r.totalSen)),
      third: formatRinggit(r.thirdSen ?? 0),
      net: formatRinggit(r.netSen),
    },
  };
}

/**
 * The refusal of the rule when a change of the harta sepencarian declaration of property `propertyId` causes it
 * (ADR 0290), else null. `input` is the will (or an amendment's draft) as it would be saved; `beforeBp` the
 * property's portion before the change (basis points; null: not declared, or a new property). It is caused by the
 * declaration when the bequests to non-heirs exceed one third now (with the net estate known) and would not with the
 * property's portion as before — the spouse's portion is deducted from the estate first and a share of a declared
 * property is a share of the testator's part only (harta-sepencarian.ts; Act 303 s. 122; Enakmen Wasiat Orang Islam
 * (Selangor) 1999 s. 26(1)). The key: `wills.one_third_exceeded_sepencarian` while the property is declared,
 * `wills.one_third_exceeded_sepencarian_cleared` when the declaration was withdrawn; params `{{sepencarian}}` (the
 * harta sepencarian now deducted), `{{total}}` (rounded up), `{{third}}`, `{{net}}`, in ringgit ("RM 1,234.00").
 * Properties without a value are left out (as the non-strict rule does).
 */
export function declarationOneThirdProblem(
  input: OneThirdInput,
  propertyId: string,
  beforeBp: number | null,
): OneThirdProblem | null {
  const r = oneThird(input);
  const now = input.properties.find((p) => p.id === propertyId);
  if (!now || !r.over || r.totalSen === null || r.netSen === null) return null;
  const asBefore = input.properties.map((p) => (p.id === propertyId ? { ...p, sepencarian_bp: beforeBp } : p));
  if (oneThird({ ...input, properties: asBefore }).over) return null;
  return {
    key: isSepencarian(now) ? ONE_THIRD_ERRORS.exceededSepencarian : ONE_THIRD_ERRORS.exceededSepencarianCleared,
    params: {
      sepencarian: formatRinggit(r.sepencarianSen ?? 0),
      total: formatRinggit(ceilSen(r.totalSen)),
      third: formatRinggit(r.thirdSen ?? 0),
      net: formatRinggit(r.netSen),
    },
  };
}

/**
 * The rule's figures as JSON (`GET /api/wasiat/{id}` `estate.one_third`; amounts in sen rounded down, except
 * `total_sen` rounded up so that a total a fraction of a sen over the limit never shows as equal to it).
 */
export function oneThirdJson(r: OneThird) {
  return {
    net_sen: r.netSen,
    third_sen: r.thirdSen,
    bequests_share:
      r.bequestShare.den === 1n ? String(r.bequestShare.num) : `${r.bequestShare.num}/${r.bequestShare.den}`,
    bequests_sen: r.bequestSen ? floorSen(r.bequestSen) : null,
    property_sen: floorSen(r.propertySen),
    /** The exact property part, "n/d" sen, so a screen can add it to bequests it recomputes as the user types. */
    property_sen_exact:
      r.propertySen.den === 1n ? String(r.propertySen.num) : `${r.propertySen.num}/${r.propertySen.den}`,
    total_sen: r.totalSen ? ceilSen(r.totalSen) : null,
    missing_values: r.missingValues,
    over: r.over,
  };
}
export type OneThirdJson = ReturnType<typeof oneThirdJson>;
