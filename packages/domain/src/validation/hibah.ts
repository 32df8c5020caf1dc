/**
 * Hibah / trust bodies and rules (issue 5; spec §3 Hibah/trust record, §4 hibah statuses, §5, §6;
 * reference §3.2–§3.4, §4.3), shared by the API routes and the web forms. Errors are message KEYS
 * (`validation.*`, `hibah.*`), translated on either side.
 */
import { z } from 'zod';
import {
  FREQUENCIES,
  HIBAH_PROPERTY_SOURCES,
  HIBAH_TYPES,
  INCOME_SOURCES,
  RELATIONSHIPS,
  TRUST_PURPOSE_TYPES,
} from '../catalogues.ts';
import { klEndOfDay } from '../datetime.ts';
import { H, MAJORITY_AGE } from '../hibah-rules.ts';
import {
  birthDateFromMykad,
  catalogueInt,
  catalogueStr,
  email,
  flag,
  mobile,
  mykad,
  optionalPhone,
  personName,
  requiredString,
  STATES,
  signatureMethodSchema,
  V,
} from './common.ts';
import { portion } from './shares.ts';

/** Whether a MyKad holder is under {@link MAJORITY_AGE} on `today`. */
export function isMinorMykad(ic: string | null | undefined, today = new Date()): boolean {
  if (!ic || !/^\d{12}$/.test(ic)) return false;
  const b = birthDateFromMykad(ic, today);
  const adult = new Date(Date.UTC(b.getUTCFullYear() + MAJORITY_AGE, b.getUTCMonth(), b.getUTCDate()));
  return today.getTime() < adult.getTime();
}

const blankToUndefined = (v: unknown) =>
  v === null || (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim())) ? undefined : v;
const opt = <T extends z.ZodTypeAny>(t: T) => z.preprocess(blankToUndefined, t.optional());
const optText = (max = 255) => opt(z.string().trim().max(max));
const num = (v: unknown) => (typeof v === 'string' && /^-?\d+$/.test(v.trim()) ? Number(v) : v);
const sen = () =>
  z.preprocess(num, z.number({ error: V.numeric }).int({ error: V.numeric }).min(0, { error: V.numeric }));
const state = () => z.enum(STATES, { error: V.choose });
const relationship = () => catalogueStr(RELATIONSHIPS);

/** `POST /hibah`: the grantor (`user_id`), the product, and optionally organisation/branch/agent (part A/C). */
export const hibahCreateSchema = z.object({
  user_id: requiredString(),
  hibah_type: catalogueInt(HIBAH_TYPES),
  organization_id: opt(z.string().max(64)),
  branch_id: opt(z.string().max(64)),
  agent_id: opt(z.string().max(64)),
  pricing_id: opt(z.string().max(64)),
  status: z.unknown().optional(),
});

/** Field keys of `POST /hibah/{id}` (parts C, D, period, distribution). */
export const HIBAH_FIELD_KEYS = [
  'organization_id',
  'branch_id',
  'pricing_id',
  'employer_name',
  'employer_address',
  'job_title',
  'yearly_income',
  'income_source',
  'income_source_other',
  'hibah_property_source',
  'hibah_property_source_other',
  'trust_purpose_type',
  'trust_purpose',
  'is_revocable',
  'period',
  'other_period_instructions',
  'distribution_lifetime_instruction',
  'distribution_after_death_instruction',
] as const;

/** `POST /hibah/{id}` field update (parts C/D, estate period D and distribution H); every field optional. */
export const hibahFieldsSchema = z.object({
  organization_id: opt(z.string().max(64)),
  branch_id: opt(z.string().max(64)),
  pricing_id: opt(z.string().max(64)),
  employer_name: optText(200),
  employer_address: optText(500),
  job_title: optText(100),
  yearly_income: optText(30),
  income_source: opt(catalogueStr(INCOME_SOURCES)),
  income_source_other: optText(200),
  hibah_property_source: opt(catalogueStr(HIBAH_PROPERTY_SOURCES)),
  hibah_property_source_other: optText(200),
  trust_purpose_type: opt(catalogueStr(TRUST_PURPOSE_TYPES)),
  trust_purpose: optText(1000),
  is_revocable: opt(flag()),
  period: optText(30),
  other_period_instructions: optText(2000),
  distribution_lifetime_instruction: optText(4000),
  distribution_after_death_instruction: optText(4000),
});

/** `POST /hibah/{id} { status, … }`: a status change (reference §4.3). */
export const hibahTransitionSchema = z.object({
  status: z.preprocess(num, z.number({ error: V.required }).int({ error: V.choose }).min(-1).max(5)),
  is_draft_accepted: opt(flag()),
  acknowledged_pdpa: opt(flag()),
  acknowledged_confirmation: opt(flag()),
  is_cash_payment: opt(flag()),
  rejected_reason: optText(1000),
});

/** Receiver (penerima) fields (reference §2.5); a receiver with a MyKad under 18 is a minor. */
export const hibahReceiverSchema = z.object({
  name: personName(),
  relationship: relationship(),
  ic_number: opt(mykad()),
  email: opt(email()),
  mobile_number: opt(mobile()),
  home_phone_number: opt(optionalPhone()),
  address: optText(500),
  postcode: opt(
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, { error: V.postcodeInvalid }),
  ),
  city: optText(100),
  state: opt(state()),
});

/** Heir fields of the estate trust (reference §3.4 part E: name, relationship, MyKad, e-mail, mobile, address). */
export const hibahHeirSchema = z.object({
  name: personName(),
  relationship: relationship(),
  ic_number: mykad(),
  email: email(),
  mobile_number: mobile(),
  home_phone_number: opt(optionalPhone()),
  address: requiredString().max(500),
  postcode: opt(
    z
      .string()
      .trim()
      .regex(/^\d{5}$/, { error: V.postcodeInvalid }),
  ),
  city: optText(100),
  state: opt(state()),
});

/**
 * Caretaker (penjaga) fields (reference §2.5, amanah variant). The allowance: `has_allowance` (0/1),
 * `allowance_amount_sen` (integer sen ≥ 0) and `allowance_frequency` (FREQUENCIES code) both required when
 * it is on, `other_allowance_frequency` (text) required when the frequency is `other` (ADR 0027). With the
 * allowance off the server stores no amount or frequency.
 */
export const hibahCaretakerSchema = z
  .object({
    receiver_id: opt(z.string().max(64)),
    name: personName(),
    ic_number: mykad(),
    old_ic_number: optText(20),
    relationship: relationship(),
    mobile_number: mobile(),
    home_phone_number: opt(optionalPhone()),
    email: opt(email()),
    address: requiredString().max(500),
    postcode: z
      .string({ error: V.required })
      .trim()
      .regex(/^\d{5}$/, { error: V.postcodeInvalid }),
    city: optText(100),
    state: opt(state()),
    bank_name: optText(100),
    bank_account_number: optText(30),
    has_allowance: opt(flag()),
    allowance_amount_sen: opt(sen()),
    allowance_frequency: opt(catalogueStr(FREQUENCIES)),
    other_allowance_frequency: optText(200),
  })
  .superRefine((v, ctx) => {
    if (v.has_allowance && v.allowance_amount_sen === undefined) {
      ctx.addIssue({ code: 'custom', message: V.required, path: ['allowance_amount_sen'] });
    }
    if (v.has_allowance && !v.allowance_frequency) {
      ctx.addIssue({ code: 'custom', message: V.required, path: ['allowance_frequency'] });
    }
    if (v.has_allowance && v.allowance_frequency === 'other' && !v.other_allowance_frequency) {
      ctx.addIssue({ code: 'custom', message: V.required, path: ['other_allowance_frequency'] });
    }
  });

/** Witness fields: e-mail required (the confirmation link and its one-time code go there). */
export const hibahWitnessSchema = z.object({
  name: personName(),
  ic_number: mykad(),
  email: email(),
  mobile_number: opt(mobile()),
  address: requiredString().max(500),
  postcode: z
    .string({ error: V.required })
    .trim()
    .regex(/^\d{5}$/, { error: V.postcodeInvalid }),
  city: optText(100),
  state: opt(state()),
  /** The witness's spouse's MyKad, when they have one (the witness rule; ADR 0259). */
  spouse_ic_number: opt(mykad()),
});

/** A receiver's share of one hibah property (spec §5: "%" 1–100 or a fraction). */
export const hibahPropertyReceiverSchema = z.object({ receiver_id: requiredString(), portion: portion() });

/** Asset ledger entry: `type` credit/debit (or the client's 2/1), amount in sen (> 0). */
export const hibahTransactionSchema = z.object({
  type: z.preprocess(
    (v) => (v === 2 || v === '2' ? 'credit' : v === 1 || v === '1' ? 'debit' : v),
    z.enum(['credit', 'debit'], { error: V.choose }),
  ),
  amount_sen: z.preprocess(
    num,
    z
      .number({ error: V.required })
      .int({ error: V.numeric })
      .min(1, { error: V.numeric })
      .max(1e13, { error: V.numeric }),
  ),
  property_id: opt(z.string().max(64)),
  description: optText(500),
});

/** Most codes generated at once (ADR 0035). */
export const COUPON_MAX_COUNT = 500;
/** Largest token amount of a code: RM 1,000 in sen. */
export const COUPON_MAX_AMOUNT_SEN = 100_000;

/**
 * `POST /one-cent/hibah-coupon`: generate `count` (1–500; 422 `hibah.coupon_count`) redeem codes of
 * `amount_sen` (integer sen 1–100,000, default 1 sen; 422 `hibah.coupon_amount`), optionally expiring at a
 * future `expires_at` (422 `hibah.coupon_expiry_past`) (staff; ADRs 0035, 0028).
 */
export const hibahCouponGenerateSchema = z.object({
  count: z.preprocess(
    num,
    z
      .number({ error: H.couponCount })
      .int({ error: H.couponCount })
      .min(1, { error: H.couponCount })
      .max(COUPON_MAX_COUNT, { error: H.couponCount }),
  ),
  amount_sen: opt(
    z.preprocess(
      num,
      z
        .number({ error: H.couponAmount })
        .int({ error: H.couponAmount })
        .min(1, { error: H.couponAmount })
        .max(COUPON_MAX_AMOUNT_SEN, { error: H.couponAmount }),
    ),
  ),
  organization_id: opt(z.string().max(64)),
  // A date-only expiry is valid through the end of that day in Kuala Lumpur (issue 38 item 11.1).
  expires_at: opt(
    z
      .preprocess(klEndOfDay, z.coerce.date({ error: 'validation.invalid' }))
      .refine((d) => d.getTime() > Date.now(), { error: H.couponExpiryPast }),
  ),
});

/**
 * Confirming as a witness (or accepting as a receiver) through the signed link: the e-mailed code, the
 * signature (PNG data URL) and how it was made (`signature_method`, drawn | typed; ADR 0123).
 */
export const hibahWitnessConfirmSchema = signatureMethodSchema.extend({
  code: z
    .string({ error: V.required })
    .trim()
    .regex(/^\d{6}$/, { error: H.otpIncorrect }),
  signature: requiredString(),
});

/** A grantor's or receiver's signature (PNG data URL) and how it was made (`signature_method`; ADR 0123). */
export const hibahSignatureSchema = signatureMethodSchema.extend({ signature: requiredString() });
