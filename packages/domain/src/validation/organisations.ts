/**
 * Organisations, branches, pricing, preferences, organisation staff and promo codes (spec §3
 * "Organisation", "Organisation preference", "Promo code"; §6 roles; reference §3.8 forms).
 * Errors are message KEYS of `locales/{ms,en}/{validation,organisations}.json`.
 *
 * Registration numbers follow ADR 0012 (docs/decisions/0012-organisation-registration-numbers.md):
 * companies and businesses registered with SSM carry the 12-digit number YYYYEENNNNNN (or, for records
 * from before October 2019, the old format such as `123456-A`, `AS0123456-X`, `LLP0012345-LGN`);
 * an individual partner is identified by MyKad instead; government bodies and institutions may give
 * their own reference (free text) or none.
 *
 * The parts live in files named by what they hold (organisation-fields, -registration, -pricing, -staff);
 * this file holds the organisation, branch, preference, promo-code and product bodies and is the one import path.
 */
import { z } from 'zod';
import { email, mykad, optionalPhone, postcode, requiredString, STATES, V } from './common.ts';
import {
  blankToUndefined,
  O,
  oneZero,
  opt,
  optExpiry,
  optLimit,
  optText,
  orgCode,
  sen,
  yesNoFlag,
} from './organisation-fields.ts';
import {
  normaliseRegistrationNumber,
  ORGANISATION_TYPE_CODES,
  registrationNumberError,
} from './organisation-registration.ts';

export { O, sen } from './organisation-fields.ts';
export * from './organisation-pricing.ts';
export * from './organisation-registration.ts';
export * from './organisation-staff.ts';

/**
 * `POST /api/organization` and `PATCH /api/organization/{id}` (the whole object, as reference §2.9).
 * `registration_number` is checked against `type` (ADR 0012); an individual needs `mykad_number`.
 * A business partner (`is_partner`) has a `partner_code` (default `RN-<code>`).
 */
export const organisationSchema = z
  .object({
    type: z.enum(ORGANISATION_TYPE_CODES, { error: V.choose }),
    is_partner: oneZero(false),
    name: requiredString().max(200),
    short_name: optText(100),
    code: orgCode(),
    partner_code: opt(orgCode()),
    registration_number: optText(50),
    mykad_number: opt(mykad()),
    email: email(),
    phone_number: opt(optionalPhone()),
    website: optText(200),
    address: requiredString().max(500),
    postcode: postcode(),
    city: requiredString().max(100),
    state: z.enum(STATES, { error: V.choose }),
    status: z.preprocess((v) => (v === undefined ? 1 : Number(v)), z.union([z.literal(0), z.literal(1)])),
    allow_payment_gateway: oneZero(true),
    allow_cash_payment: oneZero(true),
    allow_direct_payment: oneZero(true),
    /** Financing (payment mode 4) and ATB (mode 5), off unless arranged (issue 7; ADR 0040). */
    allow_loan_payment: oneZero(false),
    allow_atb_payment: oneZero(false),
  })
  .superRefine((o, ctx) => {
    const err = registrationNumberError(o.type, o.registration_number);
    if (err) ctx.addIssue({ code: 'custom', path: ['registration_number'], message: err });
    if (o.type === 'individual' && !o.mykad_number) {
      ctx.addIssue({ code: 'custom', path: ['mykad_number'], message: V.required });
    }
  })
  .transform((o) => ({
    ...o,
    registration_number: o.registration_number ? normaliseRegistrationNumber(o.registration_number) : undefined,
  }));
export type OrganisationInput = z.input<typeof organisationSchema>;

/** `POST /api/branch` and `PATCH /api/branch/{id}` (reference §3.8 Branch). */
export const branchSchema = z.object({
  organization_id: requiredString().max(64),
  branch_name: requiredString().max(200),
  code: opt(orgCode()),
  email: opt(email()),
  phone_number: opt(optionalPhone()),
  address: requiredString().max(500),
  postcode: postcode(),
  city: requiredString().max(100),
  state: z.enum(STATES, { error: V.choose }),
  status: z.preprocess((v) => (v === undefined ? 1 : Number(v)), z.union([z.literal(0), z.literal(1)])),
});
export type BranchInput = z.input<typeof branchSchema>;

/** Stock account identifiers for corporate shares (reference §6.16). */
export const STOCK_ACCOUNT_TYPES = ['CDS', 'Nominee', 'Other'] as const;

/**
 * `PATCH /api/organization/{id}/preference` (also `PATCH /api/preference/{id}`): flags 1 = yes / 2 = no,
 * totals as a number or empty (= no limit). Every field is optional; absent fields keep their value.
 */
export const preferenceSchema = z.object({
  allow_public: opt(yesNoFlag()),
  allow_payments: opt(yesNoFlag()),
  allow_wasiat: opt(yesNoFlag()),
  allow_hibah: opt(yesNoFlag()),
  allow_corporate: opt(yesNoFlag()),
  allow_property: opt(yesNoFlag()),
  allow_guardians: opt(yesNoFlag()),
  allow_beneficiaries: opt(yesNoFlag()),
  total_receivers: optLimit().optional(),
  total_caretakers: optLimit().optional(),
  total_properties: optLimit().optional(),
  stock_account_type: z.preprocess(
    (v) => (blankToUndefined(v) === undefined ? (v === undefined ? undefined : null) : v),
    z.enum(STOCK_ACCOUNT_TYPES, { error: V.choose }).nullable().optional(),
  ),
  fixed_property_name: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(100).nullable().optional()),
  fixed_stock_name: z.preprocess((v) => (v === '' ? null : v), z.string().trim().max(100).nullable().optional()),
  /** eKYC attempts allowed per will/hibah, 1–10; empty = the default 3 (issue 3). */
  ekyc_max_attempts: z.preprocess(
    (v) => (v === '' ? null : v),
    z.coerce.number({ error: V.numeric }).int(V.numeric).min(1, V.numeric).max(10, V.numeric).nullable().optional(),
  ),
});
export type PreferenceInput = z.input<typeof preferenceSchema>;

/** Promo codes generated per request: 1–1000. */
export const PROMO_MAX_COUNT = 1000;

/** `POST /api/organizations/{id}/promo-codes/generate { count, discount_sen, expires_at?, remarks? }`. */
export const promoGenerateSchema = z.object({
  count: z.coerce
    .number({ error: O.countRange })
    .int({ error: O.countRange })
    .min(1, { error: O.countRange })
    .max(PROMO_MAX_COUNT, { error: O.countRange }),
  discount_sen: sen().refine((n) => n > 0, { error: O.amountInvalid }),
  expires_at: optExpiry().refine((d) => !d || d.getTime() > Date.now(), { error: O.expiryPast }),
  remarks: optText(200),
});
export type PromoGenerateInput = z.input<typeof promoGenerateSchema>;

/** Product categories of an organisation (spec §2 /organization/{id}/product: wasiat, hibah and trust). */
export const PRODUCT_CATEGORIES = ['wasiat', 'hibah', 'trust'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

/** `POST /api/organization/{id}/product` and `PATCH /api/product/{id}`: category, name, description, status. */
export const productSchema = z.object({
  category: z.enum(PRODUCT_CATEGORIES, { error: V.choose }),
  name: requiredString().max(200),
  description: optText(1000),
  status: z.preprocess((v) => (v === undefined ? 1 : Number(v)), z.union([z.literal(0), z.literal(1)])),
});
export type ProductInput = z.input<typeof productSchema>;
