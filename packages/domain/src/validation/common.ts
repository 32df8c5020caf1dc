/**
 * Field rules shared by every form and every route (spec §5, DESIGN.md §7).
 *
 * Every schema here reports errors as message KEYS of `locales/{ms,en}/validation.json`
 * (e.g. `validation.email_invalid`); the API translates them into the request's language
 * and the browser translates them with react-i18next, so a rule is written once.
 */
import { z } from 'zod';
import { type CatalogueEntry, catalogueCode } from '../catalogues.ts';

/** Message keys used by the rules below (kept as constants so tests and forms share them). */
export const V = {
  required: 'validation.required',
  emailInvalid: 'validation.email_invalid',
  numeric: 'validation.numeric',
  mykadLength: 'validation.mykad_length',
  mykadDate: 'validation.mykad_date',
  mobileInvalid: 'validation.mobile_invalid',
  postcodeInvalid: 'validation.postcode_invalid',
  nameMin: 'validation.name_min',
  nameMax: 'validation.name_max',
  passwordMin: 'validation.password_min',
  passwordRules: 'validation.password_rules',
  passwordMismatch: 'validation.password_mismatch',
  pdpaRequired: 'validation.pdpa_required',
  confirmationRequired: 'validation.confirmation_required',
  signatureRequired: 'validation.signature_required',
  shareInvalid: 'validation.share_invalid',
  sharePercentRange: 'validation.share_percent_range',
  shareTotalOver: 'validation.share_total_over',
  choose: 'validation.choose',
  mykadSameFile: 'validation.mykad_same_file',
} as const;

/** Name length limits (spec §5 "minimum and maximum lengths"; values from reference §3.6: 9–50 was
 * the 2021 client's rule, which refuses short real names such as "Ali Abu" — ADR 0006 sets 3–100). */
export const NAME_MIN = 3;
export const NAME_MAX = 100;
/** Minimum password length (spec §9). */
export const PASSWORD_MIN = 8;

/** A non-empty, trimmed string. */
export const requiredString = () => z.string({ error: V.required }).trim().min(1, { error: V.required });

/** E-mail: required and well formed; message "You have entered an invalid email address!" (spec §8). */
export const email = () =>
  requiredString()
    .max(254, { error: V.emailInvalid })
    .pipe(z.email({ error: V.emailInvalid }));

/**
 * Whether the first six digits of a MyKad number (YYMMDD) are a real calendar date.
 * The century is not encoded; both 19YY and 20YY are tried, so 29 Feb is accepted when either is leap.
 */
export function isMykadDate(ic: string): boolean {
  if (!/^\d{6}/.test(ic)) return false;
  const yy = Number(ic.slice(0, 2));
  const mm = Number(ic.slice(2, 4));
  const dd = Number(ic.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1) return false;
  return [1900 + yy, 2000 + yy].some((y) => dd <= new Date(Date.UTC(y, mm, 0)).getUTCDate());
}

/** MyKad: 12 digits, no dashes, digits 1–6 a real date YYMMDD (spec §5, DESIGN.md §7). */
export const mykad = () =>
  requiredString()
    .regex(/^\d+$/, { error: V.numeric })
    .length(12, { error: V.mykadLength })
    .refine(isMykadDate, { error: V.mykadDate });

/** Gender from a MyKad number: last digit odd = 1 (male), even = 2 (female) (DESIGN.md §7). */
export function genderFromMykad(ic: string): 1 | 2 {
  return Number(ic.at(-1)) % 2 === 1 ? 1 : 2;
}

/** Birth date from a MyKad number: the century is chosen so the person is not born in the future. */
export function birthDateFromMykad(ic: string, today = new Date()): Date {
  const yy = Number(ic.slice(0, 2));
  const mm = Number(ic.slice(2, 4));
  const dd = Number(ic.slice(4, 6));
  const y2000 = 2000 + yy;
  const year = Date.UTC(y2000, mm - 1, dd) <= today.getTime() ? y2000 : 1900 + yy;
  return new Date(Date.UTC(year, mm - 1, dd));
}

/** Mask a MyKad for public display: "900101-**-**23" style → `900101******23`… keeps first 6 and last 2. */
export function maskMykad(ic: string): string {
  if (ic.length < 8) return '*'.repeat(ic.length);
  return `${ic.slice(0, 6)}${'*'.repeat(ic.length - 8)}${ic.slice(-2)}`;
}

/** Mask a name for public display: each word keeps its first letter ("Ahmad bin Ali" → "A**** b** A**"). */
export function maskName(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((w) => w[0] + '*'.repeat(Math.max(0, w.length - 1)))
    .join(' ');
}

/**
 * Malaysian mobile number, digits only (spaces and dashes are stripped first): 01X-XXXXXXX(X) or 601X…
 * Output is E.164 (+60…) as stored (DESIGN.md §7).
 */
export const mobile = () =>
  requiredString()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(
      z
        .string()
        .regex(/^\+?\d+$/, { error: V.numeric })
        .regex(/^(\+?60|0)1\d{8,9}$/, { error: V.mobileInvalid })
        .transform((s) => `+60${s.replace(/^(\+?60|0)/, '')}`),
    );

/** Optional phone (home/office): digits only when given. */
export const optionalPhone = () =>
  z
    .string()
    .trim()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^(\+?\d*)$/, { error: V.numeric }))
    .optional()
    .nullable();

/** Postcode: exactly 5 digits (DESIGN.md §7). */
export const postcode = () => requiredString().regex(/^\d{5}$/, { error: V.postcodeInvalid });

/** Person's name with length limits (spec §5; ADR 0006). */
export const personName = () =>
  requiredString().min(NAME_MIN, { error: V.nameMin }).max(NAME_MAX, { error: V.nameMax });

/** New password: ≥ 8 chars, an upper-case and a lower-case letter, a digit; symbols allowed (spec §5, §9). */
export const newPassword = () =>
  z
    .string({ error: V.required })
    .min(1, { error: V.required })
    .min(PASSWORD_MIN, { error: V.passwordMin })
    .max(128, { error: V.passwordRules })
    .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p), { error: V.passwordRules });

/** A required "must be ticked" flag; accepts true, 1, "1", "true" (the original client sends 0/1). */
export const mustAgree = (key: string) =>
  z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.literal(true, { error: key }));

/** Optional-flag coercion: true/1/"1"/"true" → true, else false. */
export const flag = () => z.preprocess((v) => v === true || v === 1 || v === '1' || v === 'true', z.boolean());

/** The 13 states and 3 federal territories of Malaysia (DESIGN.md §7). */
export const STATES = [
  'Johor',
  'Kedah',
  'Kelantan',
  'Melaka',
  'Negeri Sembilan',
  'Pahang',
  'Perak',
  'Perlis',
  'Pulau Pinang',
  'Sabah',
  'Sarawak',
  'Selangor',
  'Terengganu',
  'W.P. Kuala Lumpur',
  'W.P. Labuan',
  'W.P. Putrajaya',
] as const;
export type MalaysianState = (typeof STATES)[number];

/** A state's name folded for comparison: capitals, no dots or commas, single spaces, `W P` → `WP`. */
const foldState = (s: string) =>
  s.normalize('NFKC').toUpperCase().replace(/[.,]/g, ' ').replace(/\s+/g, ' ').trim().replace(/^W P /, 'WP ');

/** Other names of a state in common use (English names, the federal territories spelt out or bare). */
const STATE_ALIASES: Record<string, MalaysianState> = {
  'WILAYAH PERSEKUTUAN KUALA LUMPUR': 'W.P. Kuala Lumpur',
  'FEDERAL TERRITORY OF KUALA LUMPUR': 'W.P. Kuala Lumpur',
  'KUALA LUMPUR': 'W.P. Kuala Lumpur',
  'WILAYAH PERSEKUTUAN LABUAN': 'W.P. Labuan',
  'FEDERAL TERRITORY OF LABUAN': 'W.P. Labuan',
  LABUAN: 'W.P. Labuan',
  'WILAYAH PERSEKUTUAN PUTRAJAYA': 'W.P. Putrajaya',
  'FEDERAL TERRITORY OF PUTRAJAYA': 'W.P. Putrajaya',
  PUTRAJAYA: 'W.P. Putrajaya',
  PENANG: 'Pulau Pinang',
  PINANG: 'Pulau Pinang',
  MALACCA: 'Melaka',
  'N SEMBILAN': 'Negeri Sembilan',
  'NEGRI SEMBILAN': 'Negeri Sembilan',
};
const STATE_BY_FOLD = new Map<string, MalaysianState>([
  ...STATES.map((s) => [foldState(s), s] as const),
  ...Object.entries(STATE_ALIASES).map(([k, v]) => [foldState(k), v] as const),
]);

/**
 * The {@link STATES} value a state's name stands for, whatever its case, dots and spacing ("W.P. KUALA
 * LUMPUR", "selangor", "WP Kuala Lumpur") or a common other name ("Penang", "Wilayah Persekutuan Putrajaya");
 * null when it names no Malaysian state. Used at the 2021 client's edge (ADR 0255), whose form upper-cases the
 * state our postcode lookup answered.
 * @example stateFromText('W.P. KUALA LUMPUR') // 'W.P. Kuala Lumpur'
 */
export function stateFromText(text: string): MalaysianState | null {
  return STATE_BY_FOLD.get(foldState(text)) ?? null;
}

/** A postal address block: address, 5-digit postcode, city and state (state from {@link STATES}). */
export const addressBlock = () =>
  z.object({
    address: requiredString().max(500),
    postcode: postcode(),
    city: requiredString().max(100),
    state: z.enum(STATES, { error: V.choose }),
  });

/**
 * A catalogue field (spec §3 catalogues): the code, or a Malay/English label the 2021 client sends in its
 * place, mapped by {@link catalogueCode} (issue 20, ADR 0131). Numeric catalogues also take numeric
 * strings. Absent → `validation.required`; not in the catalogue → `validation.choose`.
 */
export function catalogueInt(cat: readonly CatalogueEntry<number>[]) {
  const codes = cat.map((c) => c.code);
  return z.preprocess(
    (v) => catalogueCode(cat, v),
    z
      .number({ error: (iss) => (iss.input === undefined || iss.input === null ? V.required : V.choose) })
      .int({ error: V.choose })
      .refine((n) => codes.includes(n), { error: V.choose }),
  );
}

/** A string-coded catalogue field; labels map to codes as in {@link catalogueInt}. */
export function catalogueStr(cat: readonly CatalogueEntry<string>[]) {
  const codes = cat.map((c) => c.code);
  return z.preprocess(
    (v) => catalogueCode(cat, v),
    z.string({ error: V.required }).refine((s) => codes.includes(s), { error: V.choose }),
  );
}

/**
 * How a signature image was made (ADR 0123): `drawn` on the pad with mouse, finger or pen, or `typed` —
 * the signer's name typed and rendered in a script font into the same PNG. Both carry the same legal
 * weight and the same audit record; the method is recorded beside it. Absent = `drawn`.
 */
export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];
/** The optional `signature_method` field of a signature upload (`drawn` when absent; anything else 422). */
export const signatureMethod = () => z.enum(SIGNATURE_METHODS, { error: V.choose }).optional().default('drawn');
/**
 * The method part of every signing body — the will's testator and witnesses, a hibah's grantor, receivers
 * and witnesses, an amendment's signer and witnesses, the user's own signature (ADR 0123): a route's body
 * schema extends it, so each one records the method the client sent.
 */
export const signatureMethodSchema = z.object({ signature_method: signatureMethod() });
