/**
 * Institutions a bequest may go to (issue 41 item 7 "Waqf and sadaqah"; ADR 0268): a list the provider's staff
 * keep — state Islamic religious councils, mosques, registered charities and waqf institutions — each with its
 * registration, state and contact. A will's bequest (wasiat am) may name one instead of a person; it is a bequest
 * to a non-heir and is counted within the one-third rule like every other (Enakmen Wasiat Orang Islam (Selangor)
 * 1999 s.26(1); faraid/one-third.ts). Pure; no I/O.
 *
 * Registration: a council is a body set up by a state enactment (or, for the Federal Territories, an Act), so
 * what identifies it is that law and section (`registered_under`); every other kind must give its registration
 * number (e.g. the Registrar of Societies' number of a society, or the number the state council gave a mosque or
 * a waqf), optionally with the law it is registered under. The product does not check a number against any
 * register: staff who add an institution do (ADR 0268).
 */
import { z } from 'zod';
import { type CatalogueEntry, labelOf } from './catalogues.ts';
import { email, optionalPhone, requiredString, V } from './validation/common.ts';
import { opt, optText, state } from './validation/will-fields.ts';
import { bequestFieldsSchema } from './validation/will-people.ts';

/** Message keys of the institutions module (`locales/{ms,en}/institutions.json`). */
export const INSTITUTION_MSG = {
  registrationRequired: 'institutions.registration_required',
  enactmentRequired: 'institutions.enactment_required',
  notAvailable: 'institutions.not_available',
  duplicate: 'institutions.duplicate',
} as const;

/** The kinds of institution (issue 41 item 7), with their Malay and English names. */
export const INSTITUTION_KINDS = [
  { code: 'council', ms: 'Majlis Agama Islam Negeri', en: 'State Islamic religious council' },
  { code: 'mosque', ms: 'Masjid', en: 'Mosque' },
  { code: 'charity', ms: 'Badan kebajikan berdaftar', en: 'Registered charity' },
  { code: 'waqf', ms: 'Institusi wakaf', en: 'Waqf institution' },
] as const satisfies readonly CatalogueEntry[];
export type InstitutionKind = (typeof INSTITUTION_KINDS)[number]['code'];
export const INSTITUTION_KIND_CODES = INSTITUTION_KINDS.map((k) => k.code) as [InstitutionKind, ...InstitutionKind[]];

/** Label of an institution kind in `lang` ('' for an unknown code). */
export const institutionKindLabel = (code: string | null | undefined, lang: 'ms' | 'en') =>
  labelOf(INSTITUTION_KINDS as readonly CatalogueEntry[], code ?? null, lang);

/**
 * The fields of an institution (`POST /api/institution`, `PATCH /api/institution/{id}`): kind, name (3–150),
 * `registration_no` (≤ 100) and `registered_under` (the enactment or Act and section, ≤ 300), state (one of
 * validation/common.ts `STATES`, optional for a body that works across states), e-mail, phone (digits), address (≤ 500). A council
 * needs `registered_under` (422 `institutions.enactment_required`); the other kinds need `registration_no` (422
 * `institutions.registration_required`).
 */
export const institutionFieldsObject = z.object({
  kind: z.enum(INSTITUTION_KIND_CODES, { error: V.choose }),
  name: requiredString().min(3, { error: V.nameMin }).max(150, { error: V.nameMax }),
  registration_no: optText(100),
  registered_under: optText(300),
  state: opt(state()),
  email: opt(email()),
  phone: opt(optionalPhone()),
  address: optText(500),
});

/** The registration rule of {@link institutionFieldsObject} as a refinement (shared by create and update). */
export function institutionRegistrationRule(
  v: { kind?: string; registration_no?: string | null; registered_under?: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.kind === 'council' && !v.registered_under) {
    ctx.addIssue({ code: 'custom', path: ['registered_under'], message: INSTITUTION_MSG.enactmentRequired });
  }
  if (v.kind && v.kind !== 'council' && !v.registration_no) {
    ctx.addIssue({ code: 'custom', path: ['registration_no'], message: INSTITUTION_MSG.registrationRequired });
  }
}

/** `POST /api/institution`: the fields, with the registration rule. */
export const institutionSchema = institutionFieldsObject.superRefine(institutionRegistrationRule);
/** `PATCH /api/institution/{id}`: the fields and `active` (false: no longer offered for new bequests). */
export const institutionUpdateSchema = institutionFieldsObject
  .extend({ active: z.boolean().optional() })
  .superRefine(institutionRegistrationRule);
export type InstitutionInput = z.output<typeof institutionSchema>;

/** An institution as the API answers it. */
export interface InstitutionJson {
  id: string;
  kind: InstitutionKind;
  name: string;
  registration_no: string | null;
  registered_under: string | null;
  state: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  active: boolean;
}

/**
 * The registration of an institution as printed (the same in both languages): "number (law)", the number alone,
 * or the law alone; '' when neither is known.
 */
export function institutionRegistration(i: { registration_no?: string | null; registered_under?: string | null }) {
  const no = i.registration_no?.trim();
  const under = i.registered_under?.trim();
  if (no && under) return `${no} (${under})`;
  return no || under || '';
}

/**
 * The will wizard's form of a bequest to an institution (issue 41 item 7): the institution chosen from the list
 * (required), the purpose and the portion of the bequest (`bequestFieldsSchema`'s). The form sends it with the
 * institution's name as `beneficiary_name`; the server takes the name, kind and registration from the list.
 */
export const institutionBequestFormSchema = bequestFieldsSchema
  .pick({ purpose: true, portion: true })
  .extend({ institution_id: requiredString().max(64) });
