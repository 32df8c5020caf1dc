/**
 * Will wizard bodies (docs/api/wills.md; spec §5; reference §3.1, §3.6, §3.7), shared by the API routes
 * and the web forms. Errors are message KEYS (`validation.*`, `wills.*`), translated on either side.
 *
 * Wire conventions of the product's client that the schemas tolerate: numbers may come as strings
 * (multipart forms), optional fields may come as '' or null (treated as absent), flags as 0/1.
 */
import { z } from 'zod';
import {
  DESIGNATIONS,
  GENDERS,
  IMMOVEABLE_CATEGORIES,
  LAND_TITLE_TYPES,
  MARITAL_STATUSES,
  MOVEABLE_PROPERTY_TYPES,
  NATIONALITIES,
  RACES,
  RELATIONSHIPS,
  RELIGIONS,
} from '../catalogues.ts';
import { heirMobileProblem } from '../people.ts';
import {
  catalogueInt,
  catalogueStr,
  email,
  flag,
  genderFromMykad,
  mobile,
  mustAgree,
  mykad,
  optionalPhone,
  personName,
  postcode,
  requiredString,
  STATES,
  signatureMethod,
  V,
} from './common.ts';
import { portion } from './shares.ts';

/** Message keys of the wills module (`locales/{ms,en}/wills.json`). */
export const W = {
  partLocked: 'wills.part_locked',
  notEditable: 'wills.not_editable',
  witnessesRequired: 'wills.witnesses_required',
  paymentRequired: 'wills.payment_required',
  paymentNotSettled: 'wills.payment_not_settled',
  signatureRequired: 'wills.signature_required',
  signatureStale: 'wills.signature_stale',
  witnessSignatureStale: 'wills.witness_signature_stale',
  verificationRequired: 'wills.verification_required',
  partsIncomplete: 'wills.parts_incomplete',
  invalidTransition: 'wills.invalid_transition',
  rejectedReasonRequired: 'wills.rejected_reason_required',
  genderMykadMismatch: 'wills.gender_mykad_mismatch',
  mykadMismatch: 'wills.mykad_mismatch',
  userNotClient: 'wills.user_not_client',
  openWillExists: 'wills.open_will_exists',
  organizationInvalid: 'wills.organization_invalid',
  branchInvalid: 'wills.branch_invalid',
  agentInvalid: 'wills.agent_invalid',
  noPricing: 'wills.no_pricing',
  priceLocked: 'wills.price_locked',
  witnessIsTestator: 'wills.witness_is_testator',
  witnessIsHeir: 'wills.witness_is_heir',
  witnessDuplicate: 'wills.witness_duplicate',
  propertyNotAllowed: 'wills.property_not_allowed',
  guardiansNotAllowed: 'wills.guardians_not_allowed',
  beneficiariesNotAllowed: 'wills.beneficiaries_not_allowed',
  limitReached: 'wills.limit_reached',
  receiverInvalid: 'wills.receiver_invalid',
  receiverDuplicate: 'wills.receiver_duplicate',
  documentTypeInvalid: 'wills.document_type_invalid',
  wrongOwner: 'wills.wrong_owner',
  deleteRegistered: 'wills.delete_registered',
  deleted: 'wills.deleted_done',
} as const;

/**
 * Wizard parts in sidebar order (docs/api/wills.md "Wizard parts"); `e` only for a comprehensive will;
 * `ekyc` (issue 3) is done when the will's face verification passed (`ekyc_verified_at`).
 */
export const WILL_PARTS = ['a', 'b', 'payment', 'c', 'document', 'ekyc', 'd', 'e', 'f', 'g'] as const;
export type WillPart = (typeof WILL_PARTS)[number];

/** '', null, 'null', 'undefined' → undefined: optional fields sent empty by forms count as absent. */
const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim())) ? undefined : v;
/** An optional wrapper that treats blanks as absent. */
const opt = <T extends z.ZodTypeAny>(t: T) => z.preprocess(blankToUndefined, t.optional());
/** Optional free text up to `max` characters. */
const optText = (max = 255) => opt(z.string().trim().max(max));
/** An integer code sent as a number or a numeric string, one of `codes`. */
const intCode = (codes: readonly number[]) =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: V.required })
      .int({ error: V.choose })
      .refine((n) => codes.includes(n), { error: V.choose }),
  );
/** An amount in sen: a non-negative integer (DESIGN.md §7). */
const optSen = () =>
  opt(
    z.preprocess(
      (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
      z.number({ error: V.numeric }).int({ error: V.numeric }).min(0, { error: V.numeric }),
    ),
  );
const state = () => z.enum(STATES, { error: V.choose });
const relationship = () => catalogueStr(RELATIONSHIPS);
/** Owner type of a polymorphic person/property row: only "Wasiat" in this module (reference §4.7). */
const ownerType = () => z.literal('Wasiat', { error: W.wrongOwner });

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
 * Status change (spec §4): 1 submit/resubmit, 2 confirm (staff), 3 cancel for update (staff, reason
 * required; `option_delete_id` 1 eKYC, 2 information not valid, 3 dummy data — reference §4.1).
 */
export const willTransitionSchema = z
  .object({
    status: intCode([1, 2, 3]),
    rejected_reason: optText(1000),
    option_delete_id: opt(intCode([1, 2, 3])),
  })
  .refine((v) => v.status !== 3 || !!v.rejected_reason, {
    error: W.rejectedReasonRequired,
    path: ['rejected_reason'],
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

/**
 * Heir fields without the cross-field rule (extend this one, then apply {@link heirMobileRule}).
 * The mobile number is required unless the MyKad says the heir is a minor (issue 17 item 6; ADR 0157).
 */
export const heirFieldsObject = z.object({
  name: personName(),
  relationship: relationship(),
  ic_number: opt(mykad()),
  mobile_number: opt(mobile()),
  home_phone_number: opt(optionalPhone()),
  email: opt(email()),
  address: requiredString().max(500),
  postcode: postcode(),
  city: requiredString().max(100),
  state: state(),
});
/**
 * The mobile rule of an heir (people.ts `heirMobileProblem`): an adult's — or an heir whose age the MyKad
 * does not give — mobile number is required (422 `validation.required` on `mobile_number`); a minor's
 * (under 18 by the MyKad's birth date, century rule) is optional.
 */
export const heirMobileRule = (v: { ic_number?: string; mobile_number?: string }, ctx: z.RefinementCtx) => {
  const problem = heirMobileProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['mobile_number'] });
};
/** Heir fields (part d; reference §3.1 Part F): address block required, MyKad and e-mail optional. */
export const heirFieldsSchema = heirFieldsObject.superRefine(heirMobileRule);
/** `POST /heir`: the fields plus the owner (`heirable_type: "Wasiat"`, `heirable_id`). */
export const heirSchema = heirFieldsObject
  .extend({ heirable_type: ownerType(), heirable_id: requiredString() })
  .superRefine(heirMobileRule);

/** Witness fields (part g): name, MyKad, e-mail, address, postcode and signature required (spec §5). */
export const witnessFieldsSchema = z.object({
  name: personName(),
  ic_number: mykad(),
  email: email(),
  address: requiredString().max(500),
  postcode: postcode(),
  city: optText(100),
  state: opt(state()),
  /** PNG data URL from the signature pad. */
  signature: z.string({ error: W.signatureRequired }).min(1, { error: W.signatureRequired }),
  /** How the signature was made (ADR 0123; `drawn` when absent). */
  signature_method: signatureMethod(),
});
/** PATCH of a witness: the same fields; a new signature is optional ('' or absent keeps the old one). */
export const witnessUpdateSchema = witnessFieldsSchema.extend({ signature: opt(z.string()) });
/**
 * `POST /witness`: fields plus owner (`witnessable_type: "Wasiat"`, `witnessable_id`). The signature may
 * come with it, or afterwards by `POST /witness/{id}/signature` as the 2021 client sends it (issue 20,
 * ADR 0131); a witness counts for part g and submission only once signed (spec §5 still holds).
 */
export const witnessSchema = witnessFieldsSchema.extend({
  signature: opt(z.string()),
  witnessable_type: ownerType(),
  witnessable_id: requiredString(),
});

/** Which detail fields each movable property type needs (reference §3.7). */
export const MOVEABLE_REQUIRED: Record<string, readonly string[]> = {
  shares: ['institution_name', 'account_number'],
  company: ['institution_name', 'company_registration_number'],
  insurance: ['institution_name', 'policy_number'],
  savings: ['institution_name', 'account_number'],
  bank: ['institution_name', 'account_number'],
  vehicle: ['transport_type', 'transport_manufacturer', 'transport_model', 'transport_registration_number'],
};

const moveableObject = z.object({
  property_type: catalogueStr(MOVEABLE_PROPERTY_TYPES),
  institution_name: optText(),
  account_number: optText(60),
  policy_number: optText(60),
  company_registration_number: optText(60),
  transport_type: optText(60),
  transport_manufacturer: optText(60),
  transport_model: optText(60),
  transport_registration_number: optText(20),
  value_sen: optSen(),
});
type MoveableFields = z.output<typeof moveableObject>;
const requireMoveableDetails = (v: MoveableFields, ctx: z.RefinementCtx) => {
  for (const f of MOVEABLE_REQUIRED[v.property_type] ?? []) {
    if (!v[f as keyof MoveableFields]) ctx.addIssue({ code: 'custom', message: V.required, path: [f] });
  }
};
/** Movable property fields (part e), with the details its type needs. */
export const moveableFieldsSchema = moveableObject.superRefine(requireMoveableDetails);
/** `POST /moveable-property`: fields plus owner (`moveable_type: "Wasiat"`, `moveable_id`). */
export const moveableSchema = moveableObject
  .extend({ moveable_type: ownerType(), moveable_id: requiredString() })
  .superRefine(requireMoveableDetails);

/** Town kind of an immovable property's location (reference §3.7 `city_type`). */
export const CITY_TYPES = ['bandar', 'pekan', 'mukim'] as const;

/** Immovable property fields (part e; reference §3.7). */
export const immoveableFieldsSchema = z.object({
  category: catalogueStr(IMMOVEABLE_CATEGORIES),
  property_type: catalogueStr(LAND_TITLE_TYPES),
  property_no: requiredString().max(60),
  lot_number: requiredString().max(60),
  // the 2021 screens send the labels `Bandar`, `Pekan`, `Mukim` (reference §6.11 c): matched case-insensitively
  city_type: opt(
    z.preprocess((v) => (typeof v === 'string' ? v.trim().toLowerCase() : v), z.enum(CITY_TYPES, { error: V.choose })),
  ),
  city: requiredString().max(100),
  district: requiredString().max(100),
  state: state(),
  address: requiredString().max(500),
  value_sen: optSen(),
});
/** `POST /immoveable-property`: fields plus owner (`immoveable_type: "Wasiat"`, `immoveable_id`). */
export const immoveableSchema = immoveableFieldsSchema.extend({
  immoveable_type: ownerType(),
  immoveable_id: requiredString(),
});

/** Receiver (beneficiary of property) fields (part e). */
export const receiverFieldsSchema = z.object({
  name: personName(),
  relationship: relationship(),
  ic_number: opt(mykad()),
  email: opt(email()),
  mobile_number: opt(mobile()),
  address: optText(500),
  postcode: opt(postcode()),
  city: optText(100),
  state: opt(state()),
});
/** `POST /receiver`: fields plus owner (`receivable_type: "Wasiat"`, `receivable_id`). */
export const receiverSchema = receiverFieldsSchema.extend({
  receivable_type: ownerType(),
  receivable_id: requiredString(),
});

/** A receiver's share of one property: `portion` "25%" or "1/4" (spec §5). */
export const propertyReceiverSchema = z.object({
  receiver_id: requiredString(),
  portion: portion(),
  propertyable_type: z.enum(['MoveableProperty', 'ImmoveableProperty'], { error: V.choose }),
  propertyable_id: requiredString(),
});
/** PATCH of a property receiver: a new portion, optionally another receiver. */
export const propertyReceiverUpdateSchema = z.object({
  portion: portion(),
  receiver_id: opt(z.string().trim().min(1)),
});

/** Guardian of minor children (part e). */
export const caretakerFieldsSchema = z.object({
  name: personName(),
  ic_number: mykad(),
  relationship: relationship(),
  mobile_number: mobile(),
  wards: requiredString().max(1000),
  address: requiredString().max(500),
  postcode: postcode(),
  city: requiredString().max(100),
  state: state(),
});
/** `POST /caretaker`: fields plus owner (`caretakerable_type: "Wasiat"`, `caretakerable_id`). */
export const caretakerSchema = caretakerFieldsSchema.extend({
  caretakerable_type: ownerType(),
  caretakerable_id: requiredString(),
});

/** A bequest (wasiat to a non-heir or a purpose) with its portion of the estate (part e). */
export const bequestFieldsSchema = z.object({
  beneficiary_name: personName(),
  ic_number: opt(mykad()),
  relationship: opt(relationship()),
  purpose: optText(500),
  portion: portion(),
});
/** `POST /bequest`: fields plus the will (`wasiat_id`). */
export const bequestSchema = bequestFieldsSchema.extend({ wasiat_id: requiredString() });

/** An amount in sen that may be cleared: '' or null → null; a number or numeric string → integer ≥ 0. */
const clearableSen = () =>
  z
    .preprocess(
      (v) =>
        v === null || (typeof v === 'string' && v.trim() === '')
          ? null
          : typeof v === 'string' && /^\d+$/.test(v.trim())
            ? Number(v)
            : v,
      z
        .number({ error: V.numeric })
        .int({ error: V.numeric })
        .min(0, { error: V.numeric })
        .max(Number.MAX_SAFE_INTEGER, { error: V.numeric })
        .nullable(),
    )
    .optional();

/** The keys of the estate body (part e), which `PATCH /wasiat/{id}` recognises. */
export const ESTATE_KEYS = [
  'estimated_estate_sen',
  'funeral_sen',
  'debts_sen',
  'harta_sepencarian_sen',
  'heirs_consent',
  'heirs_consent_note',
] as const;

/**
 * Part e estate figures and the heirs' consent (`PATCH /wasiat/{id}`; docs/api/wills.md "Estate"):
 * amounts in sen (null or '' clears), `heirs_consent` 0/1, `heirs_consent_note` free text. Every key is
 * optional: an absent key keeps its value.
 */
export const estateSchema = z.object({
  estimated_estate_sen: clearableSen(),
  funeral_sen: clearableSen(),
  debts_sen: clearableSen(),
  harta_sepencarian_sen: clearableSen(),
  heirs_consent: flag().optional(),
  heirs_consent_note: z
    .preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? null : v),
      z.string().trim().max(1000).nullable(),
    )
    .optional(),
});
export type EstateInput = z.input<typeof estateSchema>;
export type EstateFields = z.output<typeof estateSchema>;

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
