/**
 * Harta sepencarian declared property by property (issue 41 item 5; ADR 0286).
 *
 * The testator may mark a property of the will as acquired jointly in a marriage (harta sepencarian) and state the
 * spouse's portion of it, in basis points (1 bp = 0.01%; 1..10,000, i.e. 0% < portion ≤ 100%), agreed with the
 * spouse (`agreed`, dipersetujui) or the testator's estimate (`estimated`, anggaran), with a note of the basis.
 *
 * The law. Islamic Family Law (Federal Territories) Act 1984 (Act 303) s. 2 defines "harta sepencarian" as property
 * jointly acquired by husband and wife during the marriage in accordance with the conditions of Hukum Syarak;
 * s. 122 gives the Court power, when permitting a talaq or making an order of divorce, to order the division
 * between the parties of assets acquired during the marriage by their joint efforts (s. 122(1)–(2)) or by the sole
 * efforts of one party (s. 122(3)–(4)). The state enactments have the same section (e.g. Islamic Family Law
 * (Selangor) Enactment 2003 s. 122). Section 122 speaks of divorce; a claim after a death rests on the Syariah
 * High Court's jurisdiction over "the division of, or claims to, harta sepencarian" (Administration of Islamic
 * Law (Federal Territories) Act 1993 (Act 505) s. 46(2)(b)(iv), and the states' equivalents) and is decided by
 * that court. The portion so found is the spouse's, not the deceased's, so it comes out before the bequests and
 * faraid (deductions.ts). What the testator declares here is evidence of what the spouses agreed (or what the
 * testator estimated), NOT a division: if it is disputed the court decides, and the figures change with its order.
 *
 * The product's rule (ADR 0286):
 * - the spouse's portion of a declared property is floor(value × bp / 10,000) sen (rounded down per property, so
 *   the printed row and the deduction agree to the sen);
 * - when ANY property of the will is declared, the sum of the declared portions is the harta sepencarian of the
 *   will and REPLACES the single amount `harta_sepencarian_sen` the will may carry (both are the same claim: the
 *   declarations are its itemised form); when none is declared the single amount stands (wills made before);
 * - a share of a declared property given by the will is a share of the TESTATOR's part (value − the spouse's
 *   portion): the testator can give only what is theirs.
 * Pure; money in integer sen.
 */
import { SPOUSE_RELATIONSHIPS } from '../witness-eligibility.ts';

/** The bases of a declared portion: agreed with the spouse, or the testator's estimate. */
export const SEPENCARIAN_BASES = ['agreed', 'estimated'] as const;
export type SepencarianBasis = (typeof SEPENCARIAN_BASES)[number];

/** The whole, in basis points (100%). */
export const SEPENCARIAN_WHOLE_BP = 10_000;

/** What the rule reads of a property: its value (sen) and the spouse's declared portion (basis points). */
export interface SepencarianProperty {
  value_sen?: number | null;
  /** The spouse's portion in basis points (1..10,000); null or absent: not declared harta sepencarian. */
  sepencarian_bp?: number | null;
}

/** Whether a property is declared harta sepencarian (a portion of 1..10,000 bp). */
export const isSepencarian = (p: SepencarianProperty): boolean =>
  typeof p.sepencarian_bp === 'number' && p.sepencarian_bp > 0 && p.sepencarian_bp <= SEPENCARIAN_WHOLE_BP;

/**
 * The spouse's portion of one property in sen: floor(value × bp / 10,000); 0 when not declared or without a value.
 * Exact for any bigint-sized value (computed in bigint).
 */
export function spousePortionSen(p: SepencarianProperty): number {
  if (!isSepencarian(p) || typeof p.value_sen !== 'number') return 0;
  return Number((BigInt(p.value_sen) * BigInt(p.sepencarian_bp as number)) / BigInt(SEPENCARIAN_WHOLE_BP));
}

/**
 * The testator's own part of a property's value in sen: the value less the spouse's declared portion; the value
 * itself when not declared; null without a value. A share of the property given by the will is a share of this.
 */
export function testatorValueSen(p: SepencarianProperty): number | null {
  if (typeof p.value_sen !== 'number') return null;
  return p.value_sen - spousePortionSen(p);
}

/** The harta sepencarian of a will as the rules deduct it. */
export interface WillSepencarian {
  /** Sen deducted before the bequests and faraid; null when neither a declaration nor an amount is given. */
  sen: number | null;
  /** 'properties': the declared properties' portions summed; 'amount': the will's single amount; null: none. */
  source: 'properties' | 'amount' | null;
}

/**
 * The harta sepencarian of a will: the declared properties' portions summed when any property is declared
 * (replacing the single amount), else the single amount `lumpSen` (see the module comment).
 */
export function willSepencarian(
  lumpSen: number | null | undefined,
  properties: readonly SepencarianProperty[],
): WillSepencarian {
  const declared = properties.filter(isSepencarian);
  if (declared.length) return { sen: declared.reduce((a, p) => a + spousePortionSen(p), 0), source: 'properties' };
  if (typeof lumpSen === 'number') return { sen: lumpSen, source: 'amount' };
  return { sen: null, source: null };
}

/** "50%" or "33.33%" of a portion in basis points. */
export function formatBasisPoints(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const rest = bp % 100;
  return rest ? `${whole}.${String(rest).padStart(2, '0')}%` : `${whole}%`;
}

/**
 * Basis points of a percentage typed as text ("50", "33.33", "12,5"), or null when it is not a number with at most
 * two decimals. The range (0 < p ≤ 100) is the schema's to check.
 */
export function percentToBasisPoints(text: string): number | null {
  const s = text.trim().replace(',', '.').replace(/%$/, '').trim();
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  const [w, d = ''] = s.split('.');
  return Number(w) * 100 + Number(d.padEnd(2, '0'));
}

/**
 * What keeps an heir of `relationship` from being named as the spouse of a testator of `gender` (catalogue
 * GENDERS: 1 male, 2 female; null or undefined when not recorded) in a harta sepencarian declaration (ADR 0286),
 * as a message key of `SEPENCARIAN_ERRORS`, or null: not a husband or wife (`spouseHeirInvalid`), or not this
 * testator's spouse — a man's spouse is his wife, a woman's her husband (`spouseHeirGender`). Used by the will's
 * property rows and an amendment's draft alike.
 */
export function spouseHeirProblem(relationship: string | null | undefined, gender: number | null | undefined) {
  if (!relationship || !SPOUSE_RELATIONSHIPS.includes(relationship)) return 'wills.sepencarian_spouse_heir_invalid';
  if ((gender === 1 && relationship !== 'wife') || (gender === 2 && relationship !== 'husband')) {
    return 'wills.sepencarian_spouse_heir_gender';
  }
  return null;
}
