/**
 * Bequests to heirs (issue 17 item 5 "Bequests to heirs"; issue 41 item 4 "No false consent").
 *
 * The rule. Enakmen Wasiat Orang Islam (Selangor) 1999 (Muslim Wills Enactment), s. 26(2): "Sesuatu wasiat yang
 * dibuat kepada seseorang waris atas kadar yang melebihi satu pertiga, hendaklah tidak berkuat kuasa sehingga diberi
 * persetujuan oleh waris-warisnya selepas kematian pewasiat" (a wasiat made to an heir … shall not take effect
 * until the heirs give their consent after the testator's death); s. 11(2), as quoted by practitioners: what an
 * heir is given beyond the share they are entitled to "hendaklah dianggap sebagai wasiat", subject to s. 26(2).
 * The other states' enactments (Negeri Sembilan 2004, Melaka 2005, Kelantan 2009) are similar; the hadith "no
 * bequest to an heir" (Sunan Abi Dawud 2870, Sunan al-Tirmidhi 2120). The consent is the heirs' and is given after
 * the death: the testator cannot record it (ADR 0257); the will says that such a bequest takes effect only so.
 *
 * What is a bequest to an heir here:
 * - a share of a property given to an heir that is larger than that heir's faraid share: the excess
 *   (portion − faraid fraction, of that property);
 * - a bequest (wasiat am, a portion of the net estate) to a beneficiary who is an heir: the whole portion.
 * Each comes with its amount in sen when the values are known (the property's estimated value; the net estate).
 *
 * How it is worked out (all exact bigint fractions, never floating point):
 * 1. the heirs entered in part d are mapped to the faraid engine's heir keys ({@link willHeirsToFaraid});
 *    the engine gives each class's share of the estate, and an heir's own faraid fraction is the class's
 *    share divided by the number of heirs of that class;
 * 2. each receiver of each property, and each bequest's beneficiary, is matched to an heir of part d: by the heir
 *    it was picked from (`heir_id`), else by the same MyKad, else by the same name and relationship
 *    ({@link matchHeir}); a beneficiary matched to no heir of part d is an heir when their relationship is one of
 *    the heirs never excluded (spouse, child, parent; {@link PRIMARY_HEIR_RELATIONSHIPS});
 * 3. a matched receiver whose portion of that property ("50%", "1/2") is greater than the heir's faraid
 *    fraction is a bequest to an heir; the excess is portion − faraid fraction (of that property).
 *
 * Heirs the engine excludes (hajb: faraid share 0) are not heirs of this estate, so a share or a bequest to them
 * is a bequest to a non-heir (counted by the one-third rule, one-third.ts). An heir of part d whose faraid share
 * cannot be worked out (relationship "guardian", "relative" or "other", a child without a MyKad, the testator's
 * sex unknown) is reported with a faraid share of null and the whole portion as the excess: the testator
 * acknowledges it rather than the rule guessing (ADR 0155).
 */
import { IMMOVEABLE_CATEGORIES, labelOf, MOVEABLE_PROPERTY_TYPES } from '../catalogues.ts';
import {
  compareFractions,
  divFractions,
  type Fraction,
  formatFraction,
  fraction,
  isPortionError,
  parsePortion,
  subFractions,
  ZERO,
} from '../validation/shares.ts';
import { calculateFaraid } from './engine.ts';
import { testatorValueSen } from './harta-sepencarian.ts';
import type { HeirKey, Sex } from './heirs.ts';
import { PRIMARY_HEIR_RELATIONSHIPS, type WillHeirLike, willHeirsToFaraid } from './will-estate.ts';

/** An heir of part d as this rule reads it: its id is what a receiver picked from it carries. */
export interface HeirOfWill extends WillHeirLike {
  id: string;
  name: string;
}

/** A receiver of a property share as this rule reads it. */
export interface ShareReceiverLike {
  id?: string;
  name: string;
  relationship?: string | null;
  ic_number?: string | null;
  /** The heir this receiver was picked from (issue 17 item 6), when it was. */
  heir_id?: string | null;
}

/** One property with its receivers' portions ("25%" or "1/4" of that property; spec §5). */
export interface PropertyWithShares {
  id: string;
  kind: 'MoveableProperty' | 'ImmoveableProperty';
  /** The testator's estimate of its value (sen); null or absent when not given (ADR 0257). */
  value_sen?: number | null;
  /** The spouse's declared portion of it as harta sepencarian, basis points (harta-sepencarian.ts; ADR 0286). */
  sepencarian_bp?: number | null;
  shares: readonly { receiver: ShareReceiverLike; portion: string }[];
}

/** A bequest (wasiat am: a portion of the net estate) as the rules read it. */
export interface GeneralBequestLike {
  id?: string;
  beneficiary_name?: string | null;
  ic_number?: string | null;
  relationship?: string | null;
  /** "10%" or "1/4" of the net estate (spec §5). */
  portion: string;
}

/** What a bequest to an heir is made of: a share of a movable or immovable property, or a bequest (wasiat am). */
export type HeirBequestKind = PropertyWithShares['kind'] | 'Bequest';

/** One bequest to an heir found by {@link heirBequests}. */
export interface HeirBequest {
  /** The heir of part d; '' for a beneficiary who is an heir by relationship but not listed in part d. */
  heir_id: string;
  heir_name: string;
  /** The heir's relationship code (catalogue RELATIONSHIPS). */
  relationship: string;
  /** The faraid engine's key for the heir, null when it could not be mapped. */
  heir_key: HeirKey | null;
  /** The property's id, or the bequest's when `property_kind` is "Bequest". */
  property_id: string;
  property_kind: HeirBequestKind;
  receiver_id: string | null;
  /** The portion given, exact: of the property, or of the net estate for a bequest. */
  share: Fraction;
  /** The heir's faraid fraction of the estate, exact; null when it cannot be worked out (see the module comment). */
  faraid: Fraction | null;
  /** What counts as a wasiat to an heir: share − faraid for a property (the whole share when faraid is null); the
   * whole portion for a bequest. */
  excess: Fraction;
  /** The excess in sen, rounded down: × the property's estimated value, or × the net estate for a bequest; null
   * while that value is unknown. */
  value_sen: number | null;
}

const norm = (s: string | null | undefined) => (s ?? '').trim().replace(/\s+/g, ' ').toLowerCase();

/** The heir of part d a receiver stands for: by `heir_id`, else MyKad, else name and relationship. */
export function matchHeir<H extends HeirOfWill>(r: ShareReceiverLike, heirs: readonly H[]): H | null {
  if (r.heir_id) {
    const byId = heirs.find((h) => h.id === r.heir_id);
    if (byId) return byId;
  }
  const ic = r.ic_number?.trim();
  if (ic) {
    const byIc = heirs.find((h) => h.ic_number?.trim() === ic);
    if (byIc) return byIc;
  }
  return (
    heirs.find((h) => norm(h.name) === norm(r.name) && !!r.relationship && h.relationship === r.relationship) ?? null
  );
}

/**
 * Each heir's own faraid fraction of the estate, by heir id: the class's share from the engine divided by
 * the number of heirs of that class; null for an heir that could not be mapped (reason in
 * {@link willHeirsToFaraid} `skipped`). An heir the engine excludes gets ZERO.
 */
export function faraidFractionsOfHeirs(
  deceased: Sex | null,
  heirs: readonly HeirOfWill[],
): Map<string, { key: HeirKey | null; faraid: Fraction | null }> {
  const out = new Map<string, { key: HeirKey | null; faraid: Fraction | null }>();
  for (const h of heirs) out.set(h.id, { key: null, faraid: null });
  const mapped = willHeirsToFaraid(deceased, heirs);
  if (!deceased || mapped.mapped.length === 0) return out;
  const { shares } = calculateFaraid({ deceased, heirs: mapped.counts });
  for (const { heir, key } of mapped.mapped) {
    const classShare = shares[key] ?? ZERO;
    const n = BigInt(mapped.counts[key] ?? 1);
    out.set((heir as HeirOfWill).id, { key, faraid: divFractions(classShare, fraction(n, 1n)) });
  }
  return out;
}

/** How a beneficiary stands to the estate: the heir of part d they are (if any) and whether they are an heir. */
export interface BeneficiaryStanding<H extends HeirOfWill = HeirOfWill> {
  heir: H | null;
  /** An heir of this estate: matched to an heir of part d not excluded by hajb, or of a primary relationship. */
  isHeir: boolean;
  /** The matched heir's engine key and faraid fraction (null when unknown or unmatched). */
  key: HeirKey | null;
  faraid: Fraction | null;
}

/**
 * Whether a beneficiary (a receiver of a share, a bequest's beneficiary) is an heir of this estate (see the module
 * comment, step 2): `faraid` is {@link faraidFractionsOfHeirs} of the will's heirs.
 */
export function beneficiaryStanding<H extends HeirOfWill>(
  person: ShareReceiverLike,
  heirs: readonly H[],
  faraid: Map<string, { key: HeirKey | null; faraid: Fraction | null }>,
): BeneficiaryStanding<H> {
  const heir = matchHeir(person, heirs);
  if (!heir) {
    const primary =
      !!person.relationship && (PRIMARY_HEIR_RELATIONSHIPS as readonly string[]).includes(person.relationship);
    return { heir: null, isHeir: primary, key: null, faraid: null };
  }
  const f = faraid.get(heir.id) ?? { key: null, faraid: null };
  // Excluded by another heir (hajb): not an heir of this estate.
  const excluded = !!f.faraid && f.faraid.num === 0n;
  return { heir, isHeir: !excluded, key: f.key, faraid: f.faraid };
}

/** floor(fraction × sen), or null when the sen is unknown. */
export const senOf = (f: Fraction, sen: number | null | undefined): number | null =>
  sen === null || sen === undefined ? null : Number((f.num * BigInt(sen)) / f.den);

/**
 * The bequests to heirs (see the module comment), in property then share order, then the bequests (wasiat am) in
 * their order. Malformed portions are ignored (they are refused on their own by `portion()`).
 * @param deceased the testator's sex ({@link testatorSex}); null when unknown.
 * @param heirs the heirs of part d, with ids.
 * @param properties the will's properties with their receivers' portions and estimated values (sen).
 * @param extra `bequests`: the will's bequests (wasiat am); `netSen`: the net estate (sen; will-estate.ts
 *   `willEstate` `net.afterClaims`), for the amount of a bequest; null or absent when unknown.
 */
export function heirBequests(
  deceased: Sex | null,
  heirs: readonly HeirOfWill[],
  properties: readonly PropertyWithShares[],
  extra: { bequests?: readonly GeneralBequestLike[]; netSen?: number | null } = {},
): HeirBequest[] {
  const faraid = faraidFractionsOfHeirs(deceased, heirs);
  const out: HeirBequest[] = [];
  for (const p of properties) {
    for (const s of p.shares) {
      const heir = matchHeir(s.receiver, heirs);
      if (!heir) continue;
      const share = parsePortion(s.portion);
      if (isPortionError(share)) continue;
      const f = faraid.get(heir.id) ?? { key: null, faraid: null };
      // Excluded by another heir (hajb): not an heir of this estate.
      if (f.faraid && f.faraid.num === 0n) continue;
      const excess = f.faraid ? subFractions(share, f.faraid) : share;
      if (compareFractions(excess, ZERO) <= 0) continue;
      out.push({
        heir_id: heir.id,
        heir_name: heir.name,
        relationship: heir.relationship,
        heir_key: f.key,
        property_id: p.id,
        property_kind: p.kind,
        receiver_id: s.receiver.id ?? null,
        share,
        faraid: f.faraid,
        excess,
        // Of a declared harta sepencarian property, the testator's part (ADR 0286).
        value_sen: senOf(excess, testatorValueSen(p)),
      });
    }
  }
  (extra.bequests ?? []).forEach((b, i) => {
    const share = parsePortion(b.portion);
    if (isPortionError(share) || share.num === 0n) return;
    const name = b.beneficiary_name ?? '';
    const st = beneficiaryStanding({ name, relationship: b.relationship, ic_number: b.ic_number }, heirs, faraid);
    if (!st.isHeir) return;
    out.push({
      heir_id: st.heir?.id ?? '',
      heir_name: st.heir?.name ?? name,
      relationship: st.heir?.relationship ?? b.relationship ?? '',
      heir_key: st.key,
      property_id: b.id ?? String(i),
      property_kind: 'Bequest',
      receiver_id: null,
      share,
      faraid: st.faraid,
      excess: share,
      value_sen: senOf(share, extra.netSen),
    });
  });
  return out;
}

/** A bequest to an heir as JSON: fractions as "n/d" strings (`faraid` null when unknown). */
export function heirBequestJson(b: HeirBequest) {
  return {
    heir_id: b.heir_id,
    heir_name: b.heir_name,
    relationship: b.relationship,
    heir_key: b.heir_key,
    property_id: b.property_id,
    property_kind: b.property_kind,
    receiver_id: b.receiver_id,
    share: formatFraction(b.share),
    faraid: b.faraid ? formatFraction(b.faraid) : null,
    excess: formatFraction(b.excess),
    value_sen: b.value_sen,
  };
}
export type HeirBequestJson = ReturnType<typeof heirBequestJson>;

/**
 * A stable text naming exactly which bequests to heirs exist (heir, property, share, faraid share,
 * excess), sorted: an acknowledgement is of this text, so any change to a share, an heir or the faraid
 * result needs a new acknowledgement. The amounts in sen are not part of it (a new estimate of a value does not
 * change what was acknowledged). Empty string when there are none.
 */
export function heirBequestsKey(list: readonly (HeirBequest | HeirBequestJson)[]): string {
  return list
    .map((b) => {
      const j = typeof b.share === 'string' ? (b as HeirBequestJson) : heirBequestJson(b as HeirBequest);
      return [j.heir_id, j.property_kind, j.property_id, j.share, j.faraid ?? '?', j.excess].join('|');
    })
    .sort()
    .join('\n');
}

/** Message keys of the rule (locales/{ms,en}/heir-bequests.json). */
export const HEIR_BEQUEST_ERRORS = {
  ackRequired: 'heir_bequests.ack_required',
  nothingToAcknowledge: 'heir_bequests.none',
} as const;

/** The clause printed with the bequests to heirs (ms and en; locales/{ms,en}/heir-bequests.json). */
export const HEIR_BEQUEST_CLAUSE_KEY = 'heir_bequests.clause';

/** The fields of a property that name it in a sentence (movable or immovable, as stored). */
export interface PropertyNaming {
  property_type?: string | null;
  institution_name?: string | null;
  account_number?: string | null;
  transport_registration_number?: string | null;
  category?: string | null;
  property_no?: string | null;
}

/** The label of a bequest (wasiat am) in notices and the will PDF, before its purpose. */
const GENERAL_BEQUEST = { ms: 'Wasiat am', en: 'General bequest' } as const;

/**
 * A short name of a property for notices and the will PDF: movable "Simpanan — Tabung Haji (1234)",
 * immovable "Sebidang Tanah — 12345" (catalogue labels in `lang`); a bequest "Wasiat am — {purpose}".
 */
export function propertyLabel(
  kind: HeirBequestKind,
  p: PropertyNaming & { purpose?: string | null },
  lang: 'ms' | 'en',
): string {
  if (kind === 'Bequest') return [GENERAL_BEQUEST[lang], p.purpose].filter(Boolean).join(' — ');
  if (kind === 'ImmoveableProperty') {
    return [labelOf(IMMOVEABLE_CATEGORIES, p.category ?? null, lang), p.property_no].filter(Boolean).join(' — ');
  }
  const number = p.account_number ?? p.transport_registration_number;
  const detail = [p.institution_name, number ? `(${number})` : null].filter(Boolean).join(' ');
  return [labelOf(MOVEABLE_PROPERTY_TYPES, p.property_type ?? null, lang), detail].filter(Boolean).join(' — ');
}
