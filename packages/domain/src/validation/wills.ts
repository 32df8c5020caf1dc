/**
 * Will wizard bodies (docs/api/wills.md; spec §5; reference §3.1, §3.6, §3.7), shared by the API routes
 * and the web forms. Errors are message KEYS (`validation.*`, `wills.*`), translated on either side.
 *
 * Wire conventions of the product's client that the schemas tolerate: numbers may come as strings
 * (multipart forms), optional fields may come as '' or null (treated as absent), flags as 0/1.
 *
 * The bodies live in files named by what they hold (will-fields, will-people, will-property, will-estate);
 * this file holds the will's own parts (b, c, f, status, documents, signature, client) and is the one import path.
 */
import { z } from 'zod';
import {
  CANCEL_REASONS,
  codesOf,
  DESIGNATIONS,
  GENDERS,
  MARITAL_STATUSES,
  NATIONALITIES,
  RACES,
  RELIGIONS,
} from '../catalogues.ts';
import {
  catalogueInt,
  catalogueStr,
  email,
  genderFromMykad,
  mobile,
  mustAgree,
  mykad,
  optionalPhone,
  personName,
  postcode,
  requiredString,
  signatureMethod,
  V,
} from './common.ts';
import { intCode, opt, optText, state, W } from './will-fields.ts';

export * from './will-estate.ts';
export { W } from './will-fields.ts';
export * from './will-people.ts';
export * from './will-property.ts';

/**
 * Wizard parts in sidebar order (docs/api/wills.md "Wizard parts"); `e` only for a comprehensive will;
 * `ekyc` (issue 3) is done when the will's face verification passed (`ekyc_verified_at`).
 */
export const WILL_PARTS = ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd', 'e', 'f', 'g'] as const;
export type WillPart = (typeof WILL_PARTS)[number];

/**
 * Part b (will): organisation, branch, optional agent, will type (1 Islamic / 2 conventional), and the plan
 * — named (`plan`) or as the chosen price row (`pricing_id`, whose plan it is; issue 20, ADR 0131). One of
 * the two is required (`validation.required` on `plan`).
 */
export const partBSchema = z
  .object({
    organization_id: requiredString().max(40),
    branch_id: requiredString().max(40),
    agent_id: opt(z.string().trim().max(40)),
    wasiat_type: intCode([1, 2]),
    plan: opt(z.enum(['basic', 'comprehensive'], { error: V.choose })),
    pricing_id: opt(z.string().trim().max(64)),
  })
  .refine((v) => !!v.plan || !!v.pricing_id, { error: V.required, path: ['plan'] });
export type PartBInput = z.input<typeof partBSchema>;

/** Part f (verification): PDPA consent and the will confirmation, both must be 1 (spec §5). */
export const verificationSchema = z.object({
  acknowledged_pdpa: mustAgree(V.pdpaRequired),
  acknowledged_confirmation: mustAgree(V.confirmationRequired),
});

/**
 * Status change (spec §4): 1 submit/resubmit, 2 confirm (staff), 3 cancel for update (staff): the reason
 * chosen from {@link CANCEL_REASONS} (`option_delete_id` 1 eKYC failed, 2 information not valid, 3 dummy
 * data — spec §2, reference §4.1; 422 `wills.cancel_reason_required` on `option_delete_id` when absent,
 * `validation.choose` for another value) and a remark to the testator (`rejected_reason`, required, 422
 * `wills.rejected_reason_required`). ADR 0250.
 */
export const willTransitionSchema = z
  .object({
    status: intCode([1, 2, 3]),
    rejected_reason: optText(1000),
    option_delete_id: opt(intCode(codesOf(CANCEL_REASONS))),
  })
  .refine((v) => v.status !== 3 || !!v.rejected_reason, {
    error: W.rejectedReasonRequired,
    path: ['rejected_reason'],
  })
  .refine((v) => v.status !== 3 || v.option_delete_id !== undefined, {
    error: W.cancelReasonRequired,
    path: ['option_delete_id'],
  });

/** The fields of part c (testator / grantor particulars, `user_detail`), each with its rule. */
const userDetailFields = z.object({
  designation: catalogueStr(DESIGNATIONS),
  name: personName(),
  ic_number: mykad(),
  other_ic_number: optText(30),
  gender: catalogueInt(GENDERS),
  race: catalogueInt(RACES),
  religion: catalogueInt(RELIGIONS),
  nationality: catalogueInt(NATIONALITIES),
  /** Optional: spec §5 does not require it and the product's will wizard never asks (ADR 0131). */
  marital_status: opt(catalogueStr(MARITAL_STATUSES)),
  email: email(),
  mobile_number: mobile(),
  home_phone_number: opt(optionalPhone()),
  correspondence_address: requiredString().max(500),
  correspondence_postcode: postcode(),
  correspondence_city: requiredString().max(100),
  correspondence_state: state(),
  permanent_address: requiredString().max(500),
  permanent_postcode: postcode(),
  permanent_city: requiredString().max(100),
  permanent_state: state(),
});
/** Gender agrees with the MyKad's last digit when both are known (DESIGN.md §7). */
const genderAgrees = (v: { ic_number?: string; gender?: number }) =>
  v.ic_number === undefined ||
  v.gender === undefined ||
  !/^\d{12}$/.test(String(v.ic_number)) ||
  genderFromMykad(v.ic_number) === v.gender;
/** Part c (testator particulars, `user_detail`); gender must agree with the MyKad's last digit (DESIGN.md §7). */
export const userDetailSchema = userDetailFields.refine(genderAgrees, {
  error: W.genderMykadMismatch,
  path: ['gender'],
});
export type UserDetailInput = z.input<typeof userDetailSchema>;
/** The keys of a complete part c body. */
export const USER_DETAIL_KEYS = Object.keys(userDetailFields.shape) as (keyof typeof userDetailFields.shape)[];
/**
 * A partial `PATCH …/user-detail` (issue 20, ADR 0131; the 2021 client's part A sends `{ ic_number,
 * designation: "Encik" }`): every key optional, each key it carries checked by its part c rule (a carried
 * required field may not be blank). The part counts as done only once the saved record passes
 * {@link userDetailSchema} as a whole.
 */
export const userDetailPatchSchema = userDetailFields.partial().refine(genderAgrees, {
  error: W.genderMykadMismatch,
  path: ['gender'],
});

/** Attachment types accepted on a will (docs/api/wills.md `POST /wasiat/{id}/document`). */
/** `ekyc-manual`: a selfie holding the MyKad, for the manual eKYC after the attempt limit (issue 3). */
export const WILL_DOCUMENT_TYPES = ['mykad-front', 'mykad-back', 'payment', 'ekyc-manual'] as const;

/** A document upload as JSON (`is_base64`) or multipart (the file arrives as a data URL too). */
export const willDocumentSchema = z.object({
  /** `selfie` (the 2021 client's manual eKYC upload, reference §3.1 Part D) is our `ekyc-manual` (ADR 0182). */
  type: z.preprocess(
    (v) => (v === 'selfie' ? 'ekyc-manual' : v),
    z.enum(WILL_DOCUMENT_TYPES, { error: W.documentTypeInvalid }),
  ),
  document: z.string({ error: V.required }).min(1, { error: V.required }),
  is_base64: z.unknown().optional(),
  description: optText(255),
});

/**
 * A signature upload: `{ is_base64: true, document: "data:image/png;base64,…", signature_method?: "drawn"|"typed" }`.
 */
export const signatureUploadSchema = z.object({
  document: z.string({ error: W.signatureRequired }).min(1, { error: W.signatureRequired }),
  is_base64: z.unknown().optional(),
  description: optText(255),
  signature_method: signatureMethod(),
});

/**
 * `POST /user` by an agent/staff: a client account by MyKad (no password; set via /password-create). The
 * name may be left out (a nameless account, named by its particulars later; ADR 0133); `username` is
 * accepted and the username is always the MyKad.
 */
export const clientCreateSchema = z.object({
  ic_number: mykad(),
  username: z.unknown().optional(),
  name: opt(personName()),
  email: opt(email()),
  mobile_number: opt(mobile()),
});
