/**
 * Message keys of the organisations module and the field parsers the organisation, branch, pricing,
 * preference, staff and promo-code forms share (how the product's client sends blanks, 1/0 and 1/2 flags,
 * totals, amounts in sen, dates and codes). Errors are message KEYS of `locales/{ms,en}/{validation,organisations}.json`.
 * Reached through `organisations.ts`.
 */
import { z } from 'zod';
import { klEndOfDay } from '../datetime.ts';
import { requiredString, V } from './common.ts';

/** Message keys of the organisations module (`organisations.*`). */
export const O = {
  registrationInvalid: 'organisations.registration_invalid',
  registrationRequired: 'organisations.registration_required',
  codeInvalid: 'organisations.code_invalid',
  bankAccount: 'organisations.bank_account_invalid',
  bankRequired: 'organisations.bank_required',
  notIndividual: 'organisations.not_individual',
  ownerExists: 'organisations.owner_exists',
  codeTaken: 'organisations.code_taken',
  partnerCodeTaken: 'organisations.partner_code_taken',
  roleNotAllowed: 'organisations.role_not_allowed',
  branchNotInOrganisation: 'organisations.branch_not_in_organisation',
  effectiveRange: 'organisations.effective_range',
  headquarterKept: 'organisations.headquarter_kept',
  amountInvalid: 'organisations.amount_invalid',
  countRange: 'organisations.count_range',
  expiryPast: 'organisations.expiry_past',
  usernameTaken: 'organisations.username_taken',
  accessExists: 'organisations.access_exists',
  sharesExceedPrice: 'organisations.shares_exceed_price',
} as const;

/** A blank value as the client sends it (`''`, null, 'null', 'undefined', absent) → undefined. */
export const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim()))
    ? undefined
    : v;
/** An optional field: blanks are absent. */
export const opt = <T extends z.ZodTypeAny>(t: T) => z.preprocess(blankToUndefined, t.optional());
/** Optional trimmed text of at most `max` characters. */
export const optText = (max = 255) => opt(z.string().trim().max(max));
/** A 1/0 (or true/false) flag as the product's client sends organisation and branch flags. */
export const oneZero = (dflt: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? dflt : v === true || v === 1 || v === '1'),
    z.boolean(),
  );
/** A preference flag on the wire: 1 = yes, 2 = no (reference §3.8, §4.6); true/false also accepted. */
export const yesNoFlag = () =>
  z.preprocess(
    (v) => (v === 1 || v === '1' || v === true ? true : v === 2 || v === '2' || v === false || v === 0 ? false : v),
    z.boolean({ error: V.choose }),
  );
/** A non-negative total (limit), or null = no limit. */
export const optLimit = () =>
  z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? null : typeof v === 'string' ? Number(v) : v),
    z.number({ error: V.numeric }).int({ error: V.numeric }).min(0, { error: V.numeric }).max(1000).nullable(),
  );
/** An amount in sen: a non-negative integer (numeric strings accepted). */
export const sen = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: O.amountInvalid })
      .int({ error: O.amountInvalid })
      .min(0, { error: O.amountInvalid })
      .max(100_000_000, { error: O.amountInvalid }),
  );
/** An optional date (any form `Date` reads). */
export const optDate = () => opt(z.coerce.date({ error: 'validation.invalid' }));
/**
 * An optional expiry: a date-only 'YYYY-MM-DD' is valid through the end of that day in Kuala Lumpur
 * (23:59:59.999 MYT, `klEndOfDay`); a full timestamp is taken as is.
 */
export const optExpiry = () => opt(z.preprocess(klEndOfDay, z.coerce.date({ error: 'validation.invalid' })));
/** Organisation and branch codes: 2–20 upper-case letters, digits or dashes. */
export const orgCode = () =>
  requiredString()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]{2,20}$/, { error: O.codeInvalid }));
