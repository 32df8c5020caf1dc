/**
 * Bequests to heirs made through property shares (issue 17 item 5 "Bequests to heirs").
 *
 * The rule. Enakmen Wasiat Orang Islam (Selangor) 1999 (Muslim Wills Enactment), s. 11(2) with s. 26(2):
 * a wasiat to an heir takes effect only if the other heirs consent to it after the testator's death; the
 * same rule stands in the other states' enactments (Negeri Sembilan 2004, Melaka 2005, Kelantan 2009 and
 * the rest; the hadith "no bequest to an heir", Sunan Abi Dawud 2870, Sunan al-Tirmidhi 2120). When a
 * comprehensive will gives an heir a share of a property that is larger than that heir's faraid share,
 * what exceeds the faraid share is such a wasiat: the will must say so and the testator must acknowledge
 * it. The one-third limit on bequests to non-heirs (will-estate.ts, s. 26(1)) is a separate rule and is
 * not changed here.
 *
 * How it is worked out (all exact bigint fractions, never floating point):
 * 1. the heirs entered in part d are mapped to the faraid engine's heir keys ({@link willHeirsToFaraid});
 *    the engine gives each class's share of the estate, and an heir's own faraid fraction is the class's
 *    share divided by the number of heirs of that class;
 * 2. each receiver of each property is matched to an heir of part d: by the heir it was picked from
 *    (`heir_id`), else by the same MyKad, else by the same name and relationship;
 * 3. a matched receiver whose portion of that property ("50%", "1/2") is greater than the heir's faraid
 *    fraction is a bequest to an heir; the excess is portion − faraid fraction (of that property).
 *
 * Heirs the engine excludes (hajb: faraid share 0) are not heirs of this estate, so a share to them is not
 * a bequest to an heir. An heir of part d whose faraid share cannot be worked out (relationship "guardian",
 * "relative" or "other", a child without a MyKad, the testator's sex unknown) is reported with a faraid
 * share of null and the whole portion as the excess: the testator acknowledges it rather than the rule
 * guessing (ADR 0155).
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
import type { HeirKey, Sex } from './heirs.ts';
import { type WillHeirLike, willHeirsToFaraid } from './will-estate.ts';

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
  shares: readonly { receiver: ShareReceiverLike; portion: string }[];
}

/** One bequest to an heir found by {@link heirBequests}. */
export interface HeirBequest {
  heir_id: string;
  heir_name: string;
  /** The heir's relationship code (catalogue RELATIONSHIPS). */
  relationship: string;
  /** The faraid engine's key for the heir, null when it could not be mapped. */
  heir_key: HeirKey | null;
  property_id: string;
  property_kind: PropertyWithShares['kind'];
  receiver_id: string | null;
  /** The portion of the property given, exact. */
  share: Fraction;
  /** The heir's faraid fraction of the estate, exact; null when it cannot be worked out (see the module comment). */
  faraid: Fraction | null;
  /** share − faraid (or the whole share when faraid is null): what counts as a wasiat to an heir. */
  excess: Fraction;
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

/**
 * The bequests to heirs made through property shares (see the module comment), in property then share
 * order. Malformed portions are ignored (they are refused on their own by `portion()`).
 * @param deceased the testator's sex ({@link testatorSex}); null when unknown.
 * @param heirs the heirs of part d, with ids.
 * @param properties the will's properties with their receivers' portions.
 */
export function heirBequests(
  deceased: Sex | null,
  heirs: readonly HeirOfWill[],
  properties: readonly PropertyWithShares[],
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
      });
    }
  }
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
  };
}
export type HeirBequestJson = ReturnType<typeof heirBequestJson>;

/**
 * A stable text naming exactly which bequests to heirs exist (heir, property, share, faraid share,
 * excess), sorted: an acknowledgement is of this text, so any change to a share, an heir or the faraid
 * result needs a new acknowledgement. Empty string when there are none.
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

/**
 * A short name of a property for notices and the will PDF: movable "Simpanan — Tabung Haji (1234)",
 * immovable "Sebidang Tanah — 12345" (catalogue labels in `lang`).
 */
export function propertyLabel(kind: PropertyWithShares['kind'], p: PropertyNaming, lang: 'ms' | 'en'): string {
  if (kind === 'ImmoveableProperty') {
    return [labelOf(IMMOVEABLE_CATEGORIES, p.category ?? null, lang), p.property_no].filter(Boolean).join(' — ');
  }
  const number = p.account_number ?? p.transport_registration_number;
  const detail = [p.institution_name, number ? `(${number})` : null].filter(Boolean).join(' ');
  return [labelOf(MOVEABLE_PROPERTY_TYPES, p.property_type ?? null, lang), detail].filter(Boolean).join(' — ');
}
