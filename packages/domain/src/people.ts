/**
 * Facts about the people of a will read from their MyKad (issue 17 item 6 "Heirs and receivers"):
 * age from the birth date (digits 1–6, YYMMDD, with the century rule of {@link birthDateFromMykad}),
 * whether they are a minor, and the child relationship shown as son or daughter from the MyKad's last
 * digit (odd = male; DESIGN.md §7). Pure; used by the server (the mobile rule) and the web (labels).
 */
import { type CatalogueEntry, labelOf, RELATIONSHIPS } from './catalogues.ts';
import { birthDateFromMykad, genderFromMykad, isMykadDate } from './validation/common.ts';

/**
 * Age of majority: 18 years (Age of Majority Act 1971 s. 2; the age at which a person may be reached on
 * their own mobile number as an heir, ADR 0157).
 */
export const AGE_OF_MAJORITY = 18;

/** Kuala Lumpur is UTC+8 with no daylight saving: today's calendar date there, as a UTC midnight. */
function klToday(now: Date): Date {
  const kl = new Date(now.getTime() + 8 * 3600 * 1000);
  return new Date(Date.UTC(kl.getUTCFullYear(), kl.getUTCMonth(), kl.getUTCDate()));
}

/**
 * Age in whole years on `now`'s calendar date in Asia/Kuala_Lumpur, from a MyKad's birth date (YYMMDD;
 * the century is the one that does not put the birth in the future). Null when the MyKad is not 12 digits
 * starting with a real date.
 */
export function ageFromMykad(ic: string | null | undefined, now = new Date()): number | null {
  const s = ic?.trim() ?? '';
  if (!/^\d{12}$/.test(s) || !isMykadDate(s)) return null;
  const today = klToday(now);
  const born = birthDateFromMykad(s, today);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate());
  if (beforeBirthday) age -= 1;
  return age;
}

/** Whether the MyKad's holder is under {@link AGE_OF_MAJORITY} on `now`; false when the age is unknown. */
export function isMinorByMykad(ic: string | null | undefined, now = new Date()): boolean {
  const age = ageFromMykad(ic, now);
  return age !== null && age < AGE_OF_MAJORITY;
}

/** The child relationship's labels by the MyKad's sex: Anak lelaki / Son, Anak perempuan / Daughter. */
export const CHILD_LABELS: { male: CatalogueEntry; female: CatalogueEntry } = {
  male: { code: 'son', ms: 'Anak lelaki', en: 'Son' },
  female: { code: 'son', ms: 'Anak perempuan', en: 'Daughter' },
};

/**
 * A relationship's label for a person: the child code ("son", catalogue "Anak") reads "Anak lelaki / Son" or
 * "Anak perempuan / Daughter" from the person's MyKad (last digit odd = male; also from a MyKad masked as the
 * public pages mask it, which keeps the last digit — the witness page, ADR 0166); without a 12-digit MyKad,
 * and for every other code, the catalogue's label.
 */
export function relationshipLabel(
  code: string | null | undefined,
  ic: string | null | undefined,
  lang: 'ms' | 'en',
): string {
  const s = ic?.trim() ?? '';
  // A masked MyKad (public pages: first six and last two digits, e.g. 100505****53) keeps its last digit.
  if (code === 'son' && (/^\d{12}$/.test(s) || /^\d{6}\*{4}\d{2}$/.test(s)))
    return CHILD_LABELS[genderFromMykad(s) === 1 ? 'male' : 'female'][lang];
  return labelOf(RELATIONSHIPS, code ?? null, lang);
}

/**
 * The mobile-number rule of an heir (issue 17 item 6): required for an adult or an heir whose age is not
 * known from a MyKad, optional for a minor. Returns the message key to put on `mobile_number`, or null.
 */
export function heirMobileProblem(
  v: { ic_number?: string | null; mobile_number?: string | null },
  now = new Date(),
): string | null {
  if (v.mobile_number) return null;
  return isMinorByMykad(v.ic_number, now) ? null : 'validation.required';
}
