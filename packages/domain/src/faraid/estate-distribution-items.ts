/**
 * The parts of the estate file's distribution (estate-distribution.ts; ADR 0274): the rules cited on each line, the
 * input and output shapes, the claims in order and the will's bequests as items (what takes effect without consent
 * and what needs it). Pure; exact bigint fractions; amounts in integer sen.
 */
import type { BequestRef, ConsentReason, EstateConsent } from '../estate-consent.ts';
import {
  addFractions,
  divFractions,
  type Fraction,
  formatFraction,
  fraction,
  isPortionError,
  minFraction,
  mulFractions,
  ONE,
  parsePortion,
  subFractions,
  ZERO,
} from '../validation/shares.ts';
import { netEstate } from './deductions.ts';
import type { EstateWajibah, EstateWajibahInput } from './estate-wajibah.ts';
import { executorFee, executorFeeBaseSen } from './executor-fee.ts';
import { testatorValueSen } from './harta-sepencarian.ts';
import {
  beneficiaryStanding,
  faraidFractionsOfHeirs,
  type GeneralBequestLike,
  type HeirOfWill,
  heirBequests,
  type PropertyWithShares,
} from './heir-bequests.ts';
import type { HeirKey, Sex } from './heirs.ts';

/** The rules cited on the lines (ADR 0274). */
export const DISTRIBUTION_SOURCES = {
  gross: 'ADR 0274 (will property and asset map, each asset once); ADR 0271 (staff values)',
  funeral: "Mughni al-Muhtaj, kitab al-fara'id (funeral expenses first); faraid/deductions.ts",
  executor_fee: 'Spec §9; ADR 0011 (executor fee: 2%, the provider bears 100% / 20% / 30%)',
  zakat: 'Mughni al-Muhtaj (debts to Allah, zakat, before debts to people); faraid/deductions.ts',
  debts: 'Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(3) (the wasiat runs only on what remains after the debts)',
  harta_sepencarian: 'Enakmen Undang-Undang Keluarga Islam (Selangor) 2003 s.122',
  non_heir: 'Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(1); Sahih al-Bukhari 2742 (one third)',
  beyond_third: "Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(1)–(2) (beyond one third: the heirs' consent)",
  to_heir: 'Enakmen Wasiat Orang Islam (Selangor) 1999 s.26(2), s.11(2); Sunan Abi Dawud 2870',
  faraid: "Surah al-Nisa' 4:11, 4:12, 4:176; faraid engine (Shafi'i school as practised in Malaysia)",
  baitulmal: 'Faraid engine: the residue without a residuary heir goes to Baitulmal (state enactments)',
} as const;

/** An heir of the estate file: a will heir (or one added since the will) and whether they may consent. */
export interface EstateHeir extends HeirOfWill {
  /** Adult and of full capacity: may consent to a bequest (a minor's or a ward's share stays whole). */
  can_consent: boolean;
}

/** One estate asset outside the will (an asset-map entry the will does not list). */
export interface ExtraAsset {
  id: string;
  value_sen: number;
}

/** What the distribution is worked out from (amounts in integer sen). */
export interface DistributionInput {
  deceased: Sex | null;
  /** The heirs as corrected on the estate file (died removed, born or married added). */
  heirs: readonly EstateHeir[];
  /** The will's property with its shares and values. */
  properties: readonly PropertyWithShares[];
  /** The will's bequests (wasiat am), portions of what remains after the claims. */
  bequests: readonly GeneralBequestLike[];
  /** Asset-map entries inside the estate and not in the will. */
  extraAssets: readonly ExtraAsset[];
  /** A total that replaces the items' sum (staff's values, ADR 0271); null: the items. */
  grossOverride?: number | null;
  funeral: number;
  zakat: number;
  debts: number;
  /**
   * The will's single harta sepencarian amount (sen); the declared properties' spouse portions replace it when any
   * property carries `sepencarian_bp` (harta-sepencarian.ts `willSepencarian`, applied by `estateDistribution`;
   * ADR 0286).
   */
  hartaSepencarian?: number;
  consents: readonly EstateConsent[];
  /** The will's predeceased children and the governing state (wasiat wajibah, ADRs 0270, 0282); absent: none. */
  wajibah?: EstateWajibahInput | null;
}

/** How an heir stands to a portion of a bequest that needs consent. */
export type PortionStatus = 'consented' | 'refused' | 'awaiting' | 'cannot_consent' | 'beneficiary' | 'baitulmal';

export interface BequestLine {
  ref: BequestRef;
  kind: 'MoveableProperty' | 'ImmoveableProperty' | 'Bequest';
  /** The property's or the bequest's id. */
  id: string;
  receiver_id: string | null;
  name: string;
  /** The beneficiary heir's id ('' for an heir by relationship only); null for a non-heir. */
  heir_id: string | null;
  /** The portion given ("n/d"): of the property, or of what remains after the claims. */
  portion: string;
  /** What the will gives (sen; for an heir the excess over their faraid share); null when the value is unknown. */
  asked_sen: number | null;
  /** Takes effect without consent (non-heirs within one third). */
  free_sen: number;
  /** Needs consent, and why (null when nothing does). */
  consent_sen: number;
  reason: ConsentReason | null;
  /** What takes effect: free + the consented portions. */
  effective_sen: number;
  awaiting_sen: number;
  refused_sen: number;
  /** Each heir's portion of the part needing consent and how it stands. */
  portions: { heir_id: string; sen: number; status: PortionStatus }[];
  source: string;
}

export interface HeirLine {
  heir_id: string;
  name: string;
  relationship: string;
  key: HeirKey | null;
  /** The heir's faraid fraction ("n/d"); null when it cannot be worked out (not mapped). */
  fraction: string | null;
  /** Faraid of what remains after the bequests needing no consent. */
  faraid_sen: number;
  /** Given up to bequests the heir consented to. */
  borne_sen: number;
  /** Portions still awaiting this heir's decision (kept by the heir until decided). */
  awaiting_sen: number;
  /** Bequests to this heir that took effect. */
  bequests_sen: number;
  /** What the heir receives: faraid − borne + bequests. */
  total_sen: number;
  can_consent: boolean;
  source: string;
}

export interface DeductionLine {
  code: 'funeral' | 'executor_fee' | 'zakat' | 'debts' | 'harta_sepencarian';
  asked_sen: number;
  paid_sen: number;
  source: string;
}

export interface EstateDistribution {
  gross_sen: number;
  gross_source: 'given' | 'items';
  deductions: DeductionLine[];
  /** Claims the estate could not pay. */
  unpaid_sen: number;
  /** What remains after the claims: the base of one third and of the bequests. */
  after_claims_sen: number;
  third_sen: number;
  bequests: BequestLine[];
  /** The wasiat wajibah to the grandchildren of predeceased children (null: none recorded); before faraid. */
  wajibah: EstateWajibah | null;
  /** What faraid divides: after the claims, less the wasiat wajibah and the bequests needing no consent. */
  faraid_base_sen: number;
  heirs: HeirLine[];
  baitulmal_sen: number;
  /** The executor fee (spec §9) on the gross estate less the harta sepencarian (executor-fee.ts; ADR 0290). */
  executor_fee: { fee_sen: number; provider_percent: number; provider_bears_sen: number; estate_pays_sen: number };
  /** False when faraid cannot run (the deceased's sex unknown): heirs' amounts are then 0 and this says why. */
  computable: boolean;
}

export const f = (n: number | bigint) => fraction(BigInt(n), 1n);
const refOf = (kind: BequestLine['kind'], id: string): BequestRef =>
  `${kind === 'Bequest' ? 'bequest' : kind === 'MoveableProperty' ? 'moveable' : 'immoveable'}:${id}`;

export interface Item {
  line: Omit<BequestLine, 'free_sen' | 'consent_sen' | 'effective_sen' | 'awaiting_sen' | 'refused_sen' | 'portions'>;
  asked: Fraction;
  free: Fraction;
  consent: Fraction;
}

/** The bequests of the will as items: non-heirs (property shares, wasiat am) and heirs (heir-bequests.ts). */
export function bequestItems(input: DistributionInput, afterClaims: number): Item[] {
  const faraid = faraidFractionsOfHeirs(input.deceased, input.heirs);
  const items: Item[] = [];
  const push = (line: Item['line'], asked: Fraction | null) =>
    items.push({ line, asked: asked ?? ZERO, free: ZERO, consent: ZERO });
  for (const p of input.properties) {
    for (const s of p.shares) {
      const portion = parsePortion(s.portion);
      if (isPortionError(portion) || portion.num === 0n) continue;
      if (beneficiaryStanding(s.receiver, input.heirs, faraid).isHeir) continue;
      // Of a declared harta sepencarian property, a share of the testator's part (ADR 0286).
      const own = testatorValueSen(p);
      const asked = own !== null ? mulFractions(portion, f(own)) : null;
      push(
        {
          ref: refOf(p.kind, p.id),
          kind: p.kind,
          id: p.id,
          receiver_id: s.receiver.id ?? null,
          name: s.receiver.name,
          heir_id: null,
          portion: formatFraction(portion),
          asked_sen: asked ? Number(asked.num / asked.den) : null,
          reason: null,
          source: DISTRIBUTION_SOURCES.non_heir,
        },
        asked,
      );
    }
  }
  input.bequests.forEach((b, i) => {
    const portion = parsePortion(b.portion);
    if (isPortionError(portion) || portion.num === 0n) return;
    const person = { name: b.beneficiary_name ?? '', relationship: b.relationship, ic_number: b.ic_number };
    if (beneficiaryStanding(person, input.heirs, faraid).isHeir) return;
    const asked = mulFractions(portion, f(afterClaims));
    const id = b.id ?? String(i);
    push(
      {
        ref: refOf('Bequest', id),
        kind: 'Bequest',
        id,
        receiver_id: null,
        name: person.name,
        heir_id: null,
        portion: formatFraction(portion),
        asked_sen: Number(asked.num / asked.den),
        reason: null,
        source: DISTRIBUTION_SOURCES.non_heir,
      },
      asked,
    );
  });
  // s.26(1): non-heirs within one third; beyond it, each reduced in proportion, the rest needs consent.
  const third = fraction(BigInt(afterClaims), 3n);
  const nonHeirTotal = addFractions(items.map((x) => x.asked));
  const ratio = nonHeirTotal.num === 0n ? ONE : minFraction(ONE, divFractions(third, nonHeirTotal));
  for (const x of items) {
    x.free = mulFractions(x.asked, ratio);
    x.consent = subFractions(x.asked, x.free);
    if (x.consent.num > 0n) {
      x.line.reason = 'beyond_third';
      x.line.source = `${DISTRIBUTION_SOURCES.non_heir}; ${DISTRIBUTION_SOURCES.beyond_third}`;
    }
  }
  // s.26(2): every bequest to an heir needs consent (the excess over the faraid share; a wasiat am whole).
  const toHeirs = heirBequests(input.deceased, input.heirs, input.properties, {
    bequests: input.bequests,
    netSen: afterClaims,
  });
  for (const h of toHeirs) {
    const prop = input.properties.find((p) => p.id === h.property_id && p.kind === h.property_kind);
    const base = h.property_kind === 'Bequest' ? afterClaims : prop ? testatorValueSen(prop) : null;
    const asked = base === null ? null : mulFractions(h.excess, f(base));
    items.push({
      line: {
        ref: refOf(h.property_kind, h.property_id),
        kind: h.property_kind,
        id: h.property_id,
        receiver_id: h.receiver_id,
        name: h.heir_name,
        heir_id: h.heir_id,
        portion: formatFraction(h.excess),
        asked_sen: asked ? Number(asked.num / asked.den) : null,
        reason: 'to_heir',
        source: DISTRIBUTION_SOURCES.to_heir,
      },
      asked: asked ?? ZERO,
      free: ZERO,
      consent: asked ?? ZERO,
    });
  }
  return items;
}

/** The claims in order (see the module comment); zakat before the debts to people. */
export function claimsOf(input: DistributionInput, gross: number) {
  // The fee is on the estate less the spouse's harta sepencarian (not the deceased's; ADR 0290).
  const fee = executorFee(executorFeeBaseSen(gross, input.hartaSepencarian));
  const adminFuneral = input.funeral + fee.estatePays;
  const n = netEstate(gross, {
    funeral: adminFuneral,
    debts: input.zakat + input.debts,
    hartaSepencarian: input.hartaSepencarian ?? 0,
  });
  const funeralPaid = Math.min(input.funeral, n.funeral);
  const zakatPaid = Math.min(input.zakat, n.debts);
  const deductions: DeductionLine[] = [
    { code: 'funeral', asked_sen: input.funeral, paid_sen: funeralPaid, source: DISTRIBUTION_SOURCES.funeral },
    {
      code: 'executor_fee',
      asked_sen: fee.estatePays,
      paid_sen: n.funeral - funeralPaid,
      source: DISTRIBUTION_SOURCES.executor_fee,
    },
    { code: 'zakat', asked_sen: input.zakat, paid_sen: zakatPaid, source: DISTRIBUTION_SOURCES.zakat },
    { code: 'debts', asked_sen: input.debts, paid_sen: n.debts - zakatPaid, source: DISTRIBUTION_SOURCES.debts },
  ];
  if (input.hartaSepencarian) {
    deductions.push({
      code: 'harta_sepencarian',
      asked_sen: input.hartaSepencarian,
      paid_sen: n.hartaSepencarian,
      source: DISTRIBUTION_SOURCES.harta_sepencarian,
    });
  }
  return { fee, n, deductions };
}
