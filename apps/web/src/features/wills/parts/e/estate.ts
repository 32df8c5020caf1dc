/**
 * The model of part e's estate panel (issue 9): the typed estate figures (ringgit text) → sen, and the
 * live figures from @wasiat/domain — the net estate, everything given to non-heirs against one third (Muslim Wills
 * Enactment (Selangor) 1999 s.26(1); the shares of property at their values, which the server works out:
 * `wasiat.estate.one_third`, ADR 0257), the executor fee (spec §9, ADR 0011) and the faraid preview of the
 * will's heirs (part d) on what remains. Pure, so the preview is instant and testable.
 */
import {
  addFractions,
  type BequestCheck,
  checkBequests,
  compareFractions,
  type FaraidPolicy,
  type Fraction,
  fraction,
  type MappedHeirs,
  mulFractions,
  ONE_THIRD,
  type OneThirdJson,
  parseFraction,
  parseRinggit,
  testatorSex,
  type WillEstate,
  willEstate,
  willHeirsToFaraid,
  ZERO,
} from '@wasiat/domain';
import { computeView, type FaraidView } from '@/features/faraid/index.ts';
import type { Bequest, Heir, UserDetail } from '../../types.ts';

/** The four amounts of the panel, as the user types them (ringgit). */
export const ESTATE_FIELDS = ['estimated_estate_sen', 'funeral_sen', 'debts_sen', 'harta_sepencarian_sen'] as const;
export type EstateField = (typeof ESTATE_FIELDS)[number];
export type EstateTexts = Record<EstateField, string>;

/** Sen → ringgit text for an input ("1234.50"); '' for null. */
export const senToText = (sen: number | null | undefined) => (sen == null ? '' : (sen / 100).toFixed(2));

/** Ringgit texts → sen: null for an empty field, `undefined` (with an error) for an invalid one. */
export function parseTexts(texts: EstateTexts) {
  const sen: Partial<Record<EstateField, number | null>> = {};
  const errors: Partial<Record<EstateField, true>> = {};
  for (const k of ESTATE_FIELDS) {
    const s = texts[k].trim();
    if (!s) sen[k] = null;
    else {
      const v = parseRinggit(s);
      if (v === null) errors[k] = true;
      else sen[k] = v;
    }
  }
  return { sen, errors };
}

/** Everything given to non-heirs against one third (ADR 0257); sen, null while the net estate is unknown. */
interface ThirdModel {
  /** The bequests (wasiat am) to non-heirs, as a fraction of the net estate. */
  share: Fraction;
  bequestsSen: number | null;
  /** The shares of property given to non-heirs at their values (rounded down). */
  propertySen: number;
  /** All of it (rounded up, so a total over by a fraction of a sen never shows as equal). */
  totalSen: number | null;
  thirdSen: number | null;
  netSen: number | null;
  over: boolean;
  /** Properties given (in part) to a non-heir without a value yet. */
  missing: number;
}

export interface EstateModel {
  check: BequestCheck;
  third: ThirdModel;
  estate: WillEstate;
  heirs: MappedHeirs;
  policy: FaraidPolicy;
  /** The faraid table on what remains after the claims and bequests (null without the testator's sex or heirs). */
  view: FaraidView | null;
}

/**
 * Everything the panel shows. `propertySen` is the server's sum of the property values
 * (`wasiat.estate.property_sen`). The surplus policy follows the testator's state: radd in Perlis,
 * Baitulmal elsewhere (MALAYSIA.md §3).
 */
export function estateModel(input: {
  sen: Partial<Record<EstateField, number | null>>;
  propertySen: number | null | undefined;
  heirs: Heir[];
  bequests: Bequest[];
  detail: UserDetail | null | undefined;
  /** The server's one-third figures (`wasiat.estate.one_third`): which bequests are to non-heirs, and the shares of
   * property to non-heirs at their values. */
  oneThird?: OneThirdJson | null;
  /** The server's harta sepencarian when declared property by property (sen; ADR 0286): it replaces the typed
   * single amount in the figures. */
  declaredSepencarianSen?: number | null;
}): EstateModel {
  const check = checkBequests(input.bequests, input.heirs);
  const share = (input.oneThird && parseFraction(input.oneThird.bequests_share)) || check.nonHeirTotal;
  const property = (input.oneThird && parseFraction(input.oneThird.property_sen_exact)) || ZERO;
  const propertySen = Number(property.num / property.den);
  const estate = willEstate({
    estimatedEstate: input.sen.estimated_estate_sen ?? null,
    propertyValues: [input.propertySen ?? null],
    funeral: input.sen.funeral_sen,
    debts: input.sen.debts_sen,
    hartaSepencarian: input.declaredSepencarianSen ?? input.sen.harta_sepencarian_sen,
    bequests: check.total,
    propertyBequestsSen: propertySen,
  });
  const netSen = estate.net?.afterClaims ?? null;
  const net = netSen === null ? null : fraction(BigInt(netSen), 1n);
  const bequests = net ? mulFractions(share, net) : null;
  const total = bequests ? addFractions([bequests, property]) : null;
  const third: ThirdModel = {
    share,
    bequestsSen: bequests ? Number(bequests.num / bequests.den) : null,
    propertySen,
    totalSen: total ? Number((total.num + total.den - 1n) / total.den) : null,
    thirdSen: estate.net?.wasiatCap ?? null,
    netSen,
    over:
      total && netSen !== null
        ? compareFractions(total, fraction(BigInt(netSen), 3n)) > 0
        : compareFractions(share, ONE_THIRD) > 0,
    missing: input.oneThird?.missing_values.length ?? 0,
  };
  const deceased = testatorSex(input.detail);
  const heirs = willHeirsToFaraid(deceased, input.heirs);
  const state = input.detail?.permanent_state ?? input.detail?.correspondence_state;
  const policy: FaraidPolicy = state === 'Perlis' ? 'radd' : 'baitulmal';
  const view =
    deceased && heirs.mapped.length ? computeView(deceased, heirs.counts, policy, estate.net?.net ?? null) : null;
  return { check, third, estate, heirs, policy, view };
}
