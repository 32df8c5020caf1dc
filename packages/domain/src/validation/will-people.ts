/**
 * The people of a will besides the testator (docs/api/wills.md; spec §5; reference §3.1): heirs (part d),
 * witnesses (part g), receivers of property, guardians of minor children and bequests (part e). Errors are
 * message KEYS. Reached through `wills.ts`.
 */
import { z } from 'zod';
import { heirMobileProblem } from '../people.ts';
import {
  email,
  mobile,
  mykad,
  optionalPhone,
  personName,
  postcode,
  requiredString,
  signatureMethod,
} from './common.ts';
import { portion } from './shares.ts';
import { opt, optText, ownerType, relationship, state, W } from './will-fields.ts';

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
  /** The witness's spouse's MyKad, when they have one: the witness rule refuses an heir's or receiver's spouse (ADR 0259). */
  spouse_ic_number: opt(mykad()),
  /** PNG data URL from the signature pad. */
  signature: z.string({ error: W.witnessSignatureRequired }).min(1, { error: W.witnessSignatureRequired }),
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

/**
 * `POST /witness/{id}/identification { code }`: the 6-digit code the witness received at their own e-mail
 * (ADR 0259); a code of another shape is refused as `otp.incorrect`.
 */
export const witnessCodeSchema = z.object({
  code: z
    .string({ error: 'otp.incorrect' })
    .trim()
    .regex(/^\d{6}$/, { error: 'otp.incorrect' }),
});

/** `PUT /wasiat/{id}/governing-law { state }`: the state whose law governs the will, as the testator confirms it (ADR 0260). */
export const governingLawSchema = z.object({ state: state() });

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

/** Guardian of minor children (part e). */
export const caretakerFieldsSchema = z.object({
  name: personName(),
  ic_number: mykad(),
  relationship: relationship(),
  mobile_number: mobile(),
  /** Where the guardian's link to accept the role is mailed (issue 41 item 3; ADR 0276); optional. */
  email: opt(email()),
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

/**
 * A bequest (wasiat to a non-heir or a purpose) with its portion of the estate (part e). `institution_id`: the
 * bequest goes to an active institution of the staff's list (issue 41 item 7; ADR 0268) — the server then takes
 * the beneficiary's name, kind and registration from that institution (the name sent is only the form's copy).
 */
export const bequestFieldsSchema = z.object({
  beneficiary_name: personName(),
  institution_id: opt(z.string().trim().max(64)),
  ic_number: opt(mykad()),
  relationship: opt(relationship()),
  purpose: optText(500),
  portion: portion(),
});
/** `POST /bequest`: fields plus the will (`wasiat_id`). */
export const bequestSchema = bequestFieldsSchema.extend({ wasiat_id: requiredString() });
