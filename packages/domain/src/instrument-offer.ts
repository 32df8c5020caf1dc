/**
 * What an organisation's preference lets a will or a hibah hold (spec §3 "Organisation preference": whether adding
 * property, guardians or beneficiaries is allowed, and the totals of receivers, caretakers and property; issue 38
 * item 9 "the screens offer only what the organisation's preferences allow, with the limits named").
 *
 * ONE table and ONE reader for both sides: the server refuses an added row with {@link rowOffer} (wills/owned.ts,
 * hibah/children.ts) and the screens read the same figures from `GET /api/wasiat/{id}/offer` and
 * `GET /api/hibah/{id}/offer`, so a screen never offers what the server refuses.
 */
import { type PreferenceFlagName, type PreferenceLike, preferenceAllows } from './preferences.ts';

/** A preference's count limits (spec §3 "Total receivers / caretakers / properties"). */
export type PreferenceLimitName = 'total_properties' | 'total_receivers' | 'total_caretakers';

/** The rows an organisation may switch off or cap. */
export type OfferedRow = 'property' | 'receiver' | 'caretaker' | 'bequest';

/** The instrument kinds whose rows the preference governs. */
export type OfferKind = 'wasiat' | 'hibah';

/** The flag that must be on and the limit that caps a kind of row. */
export interface OfferRule {
  flag: PreferenceFlagName;
  limit: PreferenceLimitName | null;
}

/**
 * Per instrument kind, the preference flag and limit of each row (spec §3). A will's receivers are the receivers
 * of its property, so they follow "allow property"; a hibah's receivers are its beneficiaries, so they follow
 * "allow beneficiaries". A will's bequests follow "allow beneficiaries" with no count limit. Property counts
 * movable and immovable together.
 */
export const OFFER_RULES: Record<OfferKind, Partial<Record<OfferedRow, OfferRule>>> = {
  wasiat: {
    property: { flag: 'allow_property', limit: 'total_properties' },
    receiver: { flag: 'allow_property', limit: 'total_receivers' },
    caretaker: { flag: 'allow_guardians', limit: 'total_caretakers' },
    bequest: { flag: 'allow_beneficiaries', limit: null },
  },
  hibah: {
    property: { flag: 'allow_property', limit: 'total_properties' },
    receiver: { flag: 'allow_beneficiaries', limit: 'total_receivers' },
    caretaker: { flag: 'allow_guardians', limit: 'total_caretakers' },
  },
};

/** A preference with its limits, as the database (numbers, null = no limit) or the wire holds it. */
export type PreferenceWithLimits =
  | (NonNullable<PreferenceLike> & Partial<Record<PreferenceLimitName, number | string | null>>)
  | null
  | undefined;

/** What the preference says about one kind of row of one instrument. */
export interface RowOffer {
  /** The organisation lets this kind of row be added. */
  allowed: boolean;
  /** The most rows of this kind the instrument may hold (null: no limit). */
  limit: number | null;
  /** How many it holds now. */
  count: number;
  /** No more may be added: not allowed, or the limit is reached. */
  full: boolean;
}

/** A limit as a whole number ≥ 0, or null when there is none (missing, null, blank or not a number). */
function limitOf(pref: PreferenceWithLimits, name: PreferenceLimitName | null): number | null {
  if (!name || !pref) return null;
  const v = pref[name];
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 ? n : null;
}

/**
 * What `pref` (the instrument's organisation's preference; null when it has none: everything allowed, no limits)
 * says about adding one more `row` to an instrument of `kind` that holds `count` of them.
 * @returns `{ allowed, limit, count, full }`; a row the kind does not govern is always allowed, without limit.
 */
export function rowOffer(kind: OfferKind, row: OfferedRow, pref: PreferenceWithLimits, count: number): RowOffer {
  const rule = OFFER_RULES[kind][row];
  if (!rule || !pref) return { allowed: true, limit: null, count, full: false };
  const allowed = preferenceAllows(pref, rule.flag);
  const limit = limitOf(pref, rule.limit);
  return { allowed, limit, count, full: !allowed || (limit !== null && count >= limit) };
}

/** Every governed row of `kind` at once, from the counts of each (missing counts are 0). */
export function instrumentOffer(
  kind: OfferKind,
  pref: PreferenceWithLimits,
  counts: Partial<Record<OfferedRow, number>>,
): Partial<Record<OfferedRow, RowOffer>> {
  const out: Partial<Record<OfferedRow, RowOffer>> = {};
  for (const row of Object.keys(OFFER_RULES[kind]) as OfferedRow[]) {
    out[row] = rowOffer(kind, row, pref, counts[row] ?? 0);
  }
  return out;
}
