/**
 * The company that makes a corporate hibah or trust (issue 21 item 6; spec §1 "corporate" products, §3
 * preference "allow corporate hibah and trust"; ADR 0165): its name, SSM registration number, registered
 * address and the authorised signatories who act for it (name, MyKad, designation; at least one). The board
 * resolution is an upload of its own (`POST /api/hibah/{id}/company/resolution`), not a field here.
 * Shared by the API route and the web form; errors are message KEYS (`validation.*`, `hibah.company.*`).
 */
import { z } from 'zod';
import { mykad, personName, postcode, requiredString, STATES, V } from './common.ts';
import { isSsmNewFormat, isSsmOldFormat, normaliseRegistrationNumber } from './organisations.ts';

/** Message keys of the corporate grantor (`locales/{ms,en}/hibah.json`, `hibah.company.*`). */
export const HC = {
  registrationInvalid: 'hibah.company.registration_invalid',
  registrationBusiness: 'hibah.company.registration_business',
  signatoriesRequired: 'hibah.company.signatories_required',
  signatoriesMax: 'hibah.company.signatories_max',
  signatoryDuplicate: 'hibah.company.signatory_duplicate',
  required: 'hibah.company.required',
  resolutionRequired: 'hibah.company.resolution_required',
  notCorporate: 'hibah.company.not_corporate',
  witnessIsSignatory: 'hibah.company.witness_is_signatory',
} as const;

/** Most authorised signatories recorded for one company (a board rarely names more). */
export const MAX_SIGNATORIES = 10;

/**
 * SSM entity codes (digits 5–6 of the 12-digit number) of a BODY CORPORATE, which can own and give
 * property: 01 local company, 02 foreign company, 04 local LLP, 05 foreign LLP, 06 professional LLP.
 * 03 (a business under the Registration of Businesses Act 1956) is not a legal person apart from its
 * owner: a sole proprietor gives a hibah as a person (ADR 0165).
 */
export const CORPORATE_SSM_ENTITY_CODES = ['01', '02', '04', '05', '06'] as const;

/**
 * Check the SSM registration number of a corporate grantor (ADR 0165; formats of ADR 0012). Accepted,
 * after {@link normaliseRegistrationNumber} (spaces removed, upper case): the 12-digit number
 * `YYYYEENNNNNN` with a body-corporate entity code (e.g. `202001234567`); the old company number
 * `123456-A` (1–7 digits, a check letter) or LLP number `LLP0012345-LGN`; or both as SSM prints them
 * during the transition, `201901000005 (1312525-A)`. @returns a message key, or null when acceptable.
 */
export function companyRegistrationError(value: string, now = new Date()): string | null {
  const v = normaliseRegistrationNumber(value);
  const both = /^(\d{12})\((.+)\)$/.exec(v);
  const [fresh, old] = both ? [both[1], both[2]] : /^\d{12}$/.test(v) ? [v, null] : [null, v];
  if (fresh !== null) {
    if (!isSsmNewFormat(fresh, now)) return HC.registrationInvalid;
    if (!(CORPORATE_SSM_ENTITY_CODES as readonly string[]).includes(fresh.slice(4, 6))) {
      return HC.registrationBusiness;
    }
  }
  if (old !== null) {
    // Company or LLP numbers only: the old business formats (AS0123456-X, 001234567-X) are not companies.
    const company = /^\d{1,7}-?[A-Z]$/.test(old) || /^LLP\d{7}-?L[A-Z]{2}$/.test(old);
    if (!company) return isSsmOldFormat(old) ? HC.registrationBusiness : HC.registrationInvalid;
  }
  return null;
}

/**
 * The registration number as stored: normalised, the old number hyphenated and the pair printed as SSM
 * does (`201901000005 (1312525-A)`).
 */
export function formatCompanyRegistration(value: string): string {
  const v = normaliseRegistrationNumber(value);
  const hyphen = (o: string) =>
    /^LLP\d{7}L[A-Z]{2}$/.test(o) ? `${o.slice(0, 10)}-${o.slice(10)}` : o.replace(/^(\d{1,7})([A-Z])$/, '$1-$2');
  const both = /^(\d{12})\((.+)\)$/.exec(v);
  if (both) return `${both[1]} (${hyphen(both[2])})`;
  return /^\d{12}$/.test(v) ? v : hyphen(v);
}

/** One authorised signatory: name, MyKad (12 digits, a real date), designation (e.g. "Pengarah / Director"). */
export const companySignatorySchema = z.object({
  name: personName(),
  ic_number: mykad(),
  designation: requiredString().max(100),
});

/**
 * `POST /api/hibah/{id}/company`: the company and its authorised signatories (1–{@link MAX_SIGNATORIES},
 * no MyKad twice: 422 `hibah.company.signatory_duplicate` on `signatories.<n>.ic_number`). The registration
 * number is checked by {@link companyRegistrationError} and comes out formatted
 * ({@link formatCompanyRegistration}).
 */
export const hibahCompanySchema = z.object({
  name: requiredString().max(200),
  registration_number: requiredString()
    .max(40)
    .superRefine((v, ctx) => {
      const err = companyRegistrationError(v);
      if (err) ctx.addIssue({ code: 'custom', message: err });
    })
    .transform(formatCompanyRegistration),
  address: requiredString().max(500),
  postcode: postcode(),
  city: requiredString().max(100),
  state: z.enum(STATES, { error: V.choose }),
  signatories: z
    .array(companySignatorySchema, { error: HC.signatoriesRequired })
    .min(1, { error: HC.signatoriesRequired })
    .max(MAX_SIGNATORIES, { error: HC.signatoriesMax })
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((s, i) => {
        if (seen.has(s.ic_number)) {
          ctx.addIssue({ code: 'custom', message: HC.signatoryDuplicate, path: [i, 'ic_number'] });
        }
        seen.add(s.ic_number);
      });
    }),
});
export type HibahCompanyInput = z.input<typeof hibahCompanySchema>;
export type HibahCompany = z.output<typeof hibahCompanySchema>;
