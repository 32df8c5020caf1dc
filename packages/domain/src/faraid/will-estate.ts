/**
 * The estate rules of a will (issue 9, "In the product"): the one-third limit on bequests, the estate
 * figures of a will (gross, claims, net, the bequests, what faraid divides, the executor fee) and the
 * mapping of a will's heirs (part d) to the faraid engine's heir keys. Pure; used by the API (the
 * rule, GET /api/wasiat/{id}, the will PDF) and by the wizard (the live preview).
 *
 * The one-third rule. Sources (MALAYSIA.md §2): the hadith of Sa'd b. Abi Waqqas ("one third, and one
 * third is much", Sahih al-Bukhari 2742, Sahih Muslim 1628); "no bequest to an heir" (Sunan Abi Dawud
 * 2870, Sunan al-Tirmidhi 2120); Enakmen Wasiat Orang Islam (Selangor) 1999 (Muslim Wills Enactment):
 * s.26(1) a bequest to a non-heir of up to one third of the estate after debts takes effect without the
 * heirs' consent; s.26(2) a bequest to an heir takes effect only with the heirs' consent given after the
 * testator's death; s.26(3) the wasiat runs only on what remains after the debts. Negeri Sembilan 2004,
 * Melaka 2005 and Kelantan 2009 are similar.
 *
 * Bequest portions ("10%", "1/4"; validation/shares.ts) are fractions of the NET estate: the gross
 * estate less funeral expenses, debts and harta sepencarian (deductions.ts `afterClaims`). The rule that
 * refuses bequests to non-heirs beyond one third counts them WITH the shares of property given to non-heirs,
 * at the properties' values: one-third.ts (ADR 0257). {@link checkBequests} here sums the portions only (the
 * estate figures' deduction). The heirs' consent is never recorded by the testator (ADR 0257): nothing here reads
 * one. All money is integer sen.
 */

import { genderFromMykad } from '../validation/common.ts';
import { addFractions, type Fraction, fraction, isPortionError, parsePortion, ZERO } from '../validation/shares.ts';
import { type NetEstate, netEstate } from './deductions.ts';
import { type ExecutorFee, executorFee, executorFeeBaseSen } from './executor-fee.ts';
import type { HeirCounts, HeirKey, Sex } from './heirs.ts';

/** One third, the limit of s.26(1). */
export const ONE_THIRD: Fraction = Object.freeze(fraction(1n, 3n));

/**
 * Relationship codes (catalogues.ts RELATIONSHIPS) of people who always inherit and are never wholly
 * excluded (hajb hirman): the spouses, the children ("son" is "Anak", a child of either sex) and the
 * parents (Mughni al-Muhtaj, bab al-hajb; Zamro & Ridzuan (2006) §6.1). A beneficiary so described is an
 * heir even when part d does not list them.
 */
export const PRIMARY_HEIR_RELATIONSHIPS = ['husband', 'wife', 'son', 'father', 'mother'] as const;

/** A bequest as the rule reads it. */
export interface BequestLike {
  portion: string;
  ic_number?: string | null;
  relationship?: string | null;
}
/** An heir of the will (part d) as the rules read it. */
export interface WillHeirLike {
  id?: string;
  name?: string;
  relationship: string;
  ic_number?: string | null;
}

/**
 * Whether a bequest goes to an heir of the will: its beneficiary's MyKad is that of an heir listed in
 * part d, or its relationship is one of {@link PRIMARY_HEIR_RELATIONSHIPS}.
 */
export function isBequestToHeir(b: BequestLike, heirs: readonly WillHeirLike[]): boolean {
  if (b.relationship && (PRIMARY_HEIR_RELATIONSHIPS as readonly string[]).includes(b.relationship)) return true;
  const ic = b.ic_number?.trim();
  return !!ic && heirs.some((h) => h.ic_number?.trim() === ic);
}

export interface BequestCheck {
  /** The non-heir bequests' portions together, as a fraction of the net estate. */
  nonHeirTotal: Fraction;
  /** The bequests to heirs together. */
  heirTotal: Fraction;
  /** All bequests together. */
  total: Fraction;
  /** At least one bequest goes to an heir (s.26(2): it takes effect only with the heirs' consent after the death). */
  toHeir: boolean;
}

/**
 * Sum the bequests' portions by kind (heir by {@link isBequestToHeir}). Malformed portions are ignored (they are
 * refused on their own). The one-third rule itself is one-third.ts.
 */
export function checkBequests(bequests: readonly BequestLike[], heirs: readonly WillHeirLike[]): BequestCheck {
  const nonHeir: Fraction[] = [];
  const toHeirs: Fraction[] = [];
  for (const b of bequests) {
    const p = parsePortion(b.portion);
    if (isPortionError(p)) continue;
    (isBequestToHeir(b, heirs) ? toHeirs : nonHeir).push(p);
  }
  const nonHeirTotal = addFractions(nonHeir);
  const heirTotal = addFractions(toHeirs);
  return {
    nonHeirTotal,
    heirTotal,
    total: addFractions([nonHeirTotal, heirTotal]),
    toHeir: toHeirs.length > 0,
  };
}

// ---------------------------------------------------------------- estate figures

export interface WillEstateInput {
  /** The testator's estimate of the whole estate (sen); when given it replaces the property sum. */
  estimatedEstate?: number | null;
  /** value_sen of each movable and immovable property (null: no value given). */
  propertyValues: readonly (number | null | undefined)[];
  funeral?: number | null;
  debts?: number | null;
  hartaSepencarian?: number | null;
  /** The bequests' portions together (a fraction of the net estate; {@link checkBequests} `total`). */
  bequests?: Fraction;
  /** Shares of property given to non-heirs, at their values (sen; one-third.ts `propertySen` rounded down). */
  propertyBequestsSen?: number | null;
}

export interface WillEstate {
  /** Sum of the property values given (sen), null when no property has a value. */
  propertySen: number | null;
  /** The gross estate (sen): the estimate when given, else the property sum; null when unknown. */
  grossSen: number | null;
  /** Claims and net estate (deductions.ts), null when the gross is unknown. `afterClaims` is the net estate. */
  net: NetEstate | null;
  /** The bequests in sen: floor(total portion × net estate) + the property given to non-heirs, before the cap. */
  bequestsSen: number | null;
  /**
   * The executor fee (spec §9, ADR 0011) on the gross estate less the harta sepencarian deducted for the spouse
   * (executor-fee.ts `executorFeeBaseSen`; ADR 0290), null when the gross is unknown.
   */
  executorFee: ExecutorFee | null;
}

/**
 * The estate figures of a will. Order of claims: deductions.ts (funeral, debts, harta sepencarian,
 * the wasiat capped at one third — the heirs' consent to more is given only after the death, so none is
 * assumed; MALAYSIA.md §1). `net.net` is what faraid divides.
 */
export function willEstate(input: WillEstateInput): WillEstate {
  const values = input.propertyValues.filter((v): v is number => typeof v === 'number');
  const propertySen = values.length ? values.reduce((a, b) => a + b, 0) : null;
  const grossSen = input.estimatedEstate ?? propertySen;
  if (grossSen === null) return { propertySen, grossSen: null, net: null, bequestsSen: null, executorFee: null };
  const claims = {
    funeral: input.funeral ?? 0,
    debts: input.debts ?? 0,
    hartaSepencarian: input.hartaSepencarian ?? 0,
  };
  const afterClaims = netEstate(grossSen, claims).afterClaims;
  const share = input.bequests ?? ZERO;
  const bequestsSen = Number((BigInt(afterClaims) * share.num) / share.den) + (input.propertyBequestsSen ?? 0);
  const net = netEstate(grossSen, { ...claims, wasiat: bequestsSen });
  const fee = executorFee(executorFeeBaseSen(grossSen, claims.hartaSepencarian));
  return { propertySen, grossSen, net, bequestsSen, executorFee: fee };
}

// ---------------------------------------------------------------- heirs → faraid

/** Why an heir of the will is left out of the faraid preview (translated as `faraid.will.skip.<reason>`). */
export type HeirSkipReason = 'testator_unknown' | 'gender_unknown' | 'not_mapped' | 'spouse_sex' | 'too_many';

export interface MappedHeirs {
  /** The deceased's sex (the testator's), null when unknown (then nothing is mapped). */
  deceased: Sex | null;
  /** Counts by engine key, for calculateFaraid. */
  counts: HeirCounts;
  /** Each mapped heir of the will with its engine key. */
  mapped: { heir: WillHeirLike; key: HeirKey }[];
  /** Heirs left out, with the reason. */
  skipped: { heir: WillHeirLike; reason: HeirSkipReason }[];
}

/** At most this many of an engine key (Surah al-Nisa' 4:3 for four wives). */
const LIMITS: Partial<Record<HeirKey, number>> = { husband: 1, wife: 4, father: 1, mother: 1 };

/** Sex from a MyKad (last digit odd = male; DESIGN.md §7), null when not 12 digits. */
const sexOfMykad = (ic: string | null | undefined): Sex | null =>
  ic && /^\d{12}$/.test(ic.trim()) ? (genderFromMykad(ic.trim()) === 1 ? 'male' : 'female') : null;

/** The testator's sex from part c: gender 1 male / 2 female, else the MyKad; null when unknown. */
export function testatorSex(detail: { gender?: number | null; ic_number?: string | null } | null | undefined) {
  if (detail?.gender === 1) return 'male' as const;
  if (detail?.gender === 2) return 'female' as const;
  return sexOfMykad(detail?.ic_number);
}

/**
 * Map the heirs of a will (part d relationship codes) to the engine's heir keys, where unambiguous:
 * husband/wife (by the testator's sex), "son" (Anak: a child) → son or daughter by the MyKad's last
 * digit, father, mother, sibling → full brother or sister by MyKad (the will does not record whether a
 * sibling is full or half: full is assumed). Guardian, relative and other are not mapped. Without the
 * testator's sex nothing is mapped (`testator_unknown`). A child or sibling without a MyKad, a spouse of the wrong sex, and a second father/mother/husband or fifth wife
 * are skipped with the reason.
 */
export function willHeirsToFaraid(deceased: Sex | null, heirs: readonly WillHeirLike[]): MappedHeirs {
  const out: MappedHeirs = { deceased, counts: {}, mapped: [], skipped: [] };
  if (!deceased) {
    // Without the testator's sex (part c) the engine cannot run.
    out.skipped = heirs.map((heir) => ({ heir, reason: 'testator_unknown' as const }));
    return out;
  }
  for (const heir of heirs) {
    const skip = (reason: HeirSkipReason) => out.skipped.push({ heir, reason });
    let key: HeirKey | null = null;
    const sex = sexOfMykad(heir.ic_number);
    switch (heir.relationship) {
      case 'husband':
      case 'wife':
        if ((heir.relationship === 'husband') !== (deceased === 'female')) {
          skip('spouse_sex');
          continue;
        }
        key = heir.relationship;
        break;
      case 'son':
        key = sex === 'male' ? 'son' : sex === 'female' ? 'daughter' : null;
        break;
      // A predeceased son's child added on the estate file (estate-file.ts ADDED_HEIR_RELATIONSHIPS; ADR 0294).
      case 'sons_child':
        key = sex === 'male' ? 'sons_son' : sex === 'female' ? 'sons_daughter' : null;
        break;
      case 'sibling':
        key = sex === 'male' ? 'full_brother' : sex === 'female' ? 'full_sister' : null;
        break;
      case 'father':
      case 'mother':
        key = heir.relationship;
        break;
      default:
        skip('not_mapped');
        continue;
    }
    if (!key) {
      skip('gender_unknown');
      continue;
    }
    const n = out.counts[key] ?? 0;
    if (n >= (LIMITS[key] ?? 99)) {
      skip('too_many');
      continue;
    }
    out.counts[key] = n + 1;
    out.mapped.push({ heir, key });
  }
  return out;
}
