/**
 * Organisation types and registration numbers (ADR 0012, docs/decisions/0012-organisation-registration-numbers.md):
 * companies and businesses registered with SSM carry the 12-digit number YYYYEENNNNNN (or, for records from
 * before October 2019, the old format such as `123456-A`, `AS0123456-X`, `LLP0012345-LGN`); an individual
 * partner is identified by MyKad instead; government bodies and institutions may give their own reference
 * (free text) or none. Reached through `organisations.ts`.
 */
import { O } from './organisation-fields.ts';

/** Organisation type codes (spec §3; catalogue ORGANISATION_TYPES). */
export const ORGANISATION_TYPE_CODES = [
  'private',
  'individual',
  'government',
  'government_linked',
  'institution',
] as const;
export type OrganisationType = (typeof ORGANISATION_TYPE_CODES)[number];

/**
 * SSM entity codes of the 12-digit number (digits 5–6): 01 local company, 02 foreign company,
 * 03 business (sole proprietorship/partnership), 04 local LLP, 05 foreign LLP, 06 professional LLP.
 */
export const SSM_ENTITY_CODES = ['01', '02', '03', '04', '05', '06'] as const;

/** Strip spaces, and upper-case (registration numbers are typed in many ways). */
export const normaliseRegistrationNumber = (s: string) => s.replace(/\s+/g, '').toUpperCase();

/**
 * Whether `s` is a new-format SSM number YYYYEENNNNNN: 12 digits, YYYY from 1800 up to next year
 * (old companies were renumbered with their original year), EE a known entity code, NNNNNN not all zero.
 */
export function isSsmNewFormat(s: string, now = new Date()): boolean {
  if (!/^\d{12}$/.test(s)) return false;
  const year = Number(s.slice(0, 4));
  if (year < 1800 || year > now.getUTCFullYear() + 1) return false;
  if (!(SSM_ENTITY_CODES as readonly string[]).includes(s.slice(4, 6))) return false;
  return s.slice(6) !== '000000';
}

/**
 * Whether `s` is an old-format SSM number: a company `123456-A` (1–7 digits, a check letter), a
 * business `AS0123456-X` (1–3 letters, 6–10 digits) or `001234567-X` (9–10 digits), with a check letter,
 * or an LLP `LLP0012345-LGN` (or `-LCA`, `-LGS`…).
 */
export function isSsmOldFormat(s: string): boolean {
  return (
    /^\d{1,7}-?[A-Z]$/.test(s) ||
    /^\d{9,10}-?[A-Z]$/.test(s) ||
    /^[A-Z]{1,3}\d{6,10}-?[A-Z]$/.test(s) ||
    /^LLP\d{7}-?L[A-Z]{2}$/.test(s)
  );
}

/** Whether the type is registered with SSM (its registration number is required and checked). */
export const needsSsmNumber = (type: string) => type === 'private' || type === 'government_linked';

/**
 * Check a registration number for an organisation type (ADR 0012). Returns a message key, or null
 * when acceptable: private and government-linked need a valid SSM number (new or old format);
 * government and institution accept any reference of 3–50 letters, digits, `/ - .` or none;
 * individual has none (MyKad instead).
 */
export function registrationNumberError(type: string, value: string | null | undefined): string | null {
  const v = value ? normaliseRegistrationNumber(value) : '';
  if (needsSsmNumber(type)) {
    if (!v) return O.registrationRequired;
    return isSsmNewFormat(v) || isSsmOldFormat(v) ? null : O.registrationInvalid;
  }
  if (!v) return null;
  return /^[A-Z0-9/.()-]{3,50}$/.test(v) ? null : O.registrationInvalid;
}
