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
 */
import { z } from 'zod';
import { email, mykad, optionalPhone, postcode, requiredString, STATES, V } from './common.ts';

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

const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim()))
    ? undefined
    : v;
const opt = <T extends z.ZodTypeAny>(t: T) => z.preprocess(blankToUndefined, t.optional());
const optText = (max = 255) => opt(z.string().trim().max(max));
/** A 1/0 (or true/false) flag as the product's client sends organisation and branch flags. */
const oneZero = (dflt: boolean) =>
  z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? dflt : v === true || v === 1 || v === '1'),
    z.boolean(),
  );
/** A preference flag on the wire: 1 = yes, 2 = no (reference §3.8, §4.6); true/false also accepted. */
const yesNoFlag = () =>
  z.preprocess(
    (v) => (v === 1 || v === '1' || v === true ? true : v === 2 || v === '2' || v === false || v === 0 ? false : v),
    z.boolean({ error: V.choose }),
  );
/** A non-negative total (limit), or null = no limit. */
const optLimit = () =>
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
const optDate = () => opt(z.coerce.date({ error: 'validation.invalid' }));
/** Organisation and branch codes: 2–20 upper-case letters, digits or dashes. */
const orgCode = () =>
  requiredString()
    .transform((s) => s.toUpperCase())
    .pipe(z.string().regex(/^[A-Z0-9-]{2,20}$/, { error: O.codeInvalid }));

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

/** Pricing products and plans (reference §6.17: Wasiat, Hibah; will plans basic/comprehensive). */
export const PRICING_PRODUCTS = ['Wasiat', 'Hibah'] as const;
export const PRICING_PLANS = {
  Wasiat: ['basic', 'comprehensive'],
  Hibah: ['cash', 'property', 'business', 'estate', 'corporate', 'onecent'],
} as const;

/**
 * Sen of an amount in ringgit as the 2021 pricing form sends it (reference §2.9 `price`, `*_share`): a number or
 * a numeric string with at most two decimals, converted exactly (no rounding: a third decimal gives NaN, a 422
 * `organisations.amount_invalid`; ADR 0136). Blank (`''`, null, 'null', 'undefined') → undefined.
 */
export function ringgitToSen(v: unknown): number | undefined {
  const b = blankToUndefined(v);
  if (b === undefined) return undefined;
  const text = typeof b === 'number' ? String(b) : typeof b === 'string' ? b.trim() : '';
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text);
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : Number.NaN;
}

/** The 2021 pricing keys (ringgit) and our keys (sen) they fill: `awaris` → provider, `prooffice` → platform. */
export const ORIGINAL_PRICING_KEYS = {
  price: 'price_sen',
  amendment_price: 'amendment_price_sen',
  awaris_share: 'provider_share_sen',
  organization_share: 'organisation_share_sen',
  prooffice_share: 'platform_share_sen',
  others_share: 'others_share_sen',
  amendment_awaris_share: 'amendment_provider_share_sen',
  amendment_organization_share: 'amendment_organisation_share_sen',
  amendment_prooffice_share: 'amendment_platform_share_sen',
} as const;

/**
 * A 2021 pricing body → ours (ADR 0136): each ringgit key of {@link ORIGINAL_PRICING_KEYS} fills its sen key
 * unless the sen key is sent too; `*_percentage` keys (derived by that client from the shares) are not read; a
 * will price without `plan` is the basic plan (a hibah price must name its plan).
 */
function pricingFromOriginal(v: unknown) {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return v;
  const o: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const [theirs, ours] of Object.entries(ORIGINAL_PRICING_KEYS)) {
    if (o[ours] === undefined && o[theirs] !== undefined) o[ours] = ringgitToSen(o[theirs]);
  }
  if ((o.plan === undefined || o.plan === '') && o.product === 'Wasiat') o.plan = 'basic';
  return o;
}

const optSen = () => opt(sen());

/**
 * `POST /api/pricing` and `PATCH /api/pricing/{id}`: amounts in sen (our keys) or in ringgit (the 2021 keys
 * `price`, `amendment_price`, `*_share`; ADR 0136); `effective_from` (default now) before `effective_to` (open
 * when absent). The shares of a price (provider, organisation, platform, others) together may not exceed it.
 * A will keeps the price fixed at registration.
 */
export const pricingSchema = z.preprocess(
  pricingFromOriginal,
  z
    .object({
      organization_id: requiredString().max(64),
      product: z.enum(PRICING_PRODUCTS, { error: V.choose }),
      plan: requiredString().max(30),
      description: optText(200),
      price_sen: sen(),
      amendment_price_sen: optSen(),
      provider_share_sen: optSen(),
      organisation_share_sen: optSen(),
      platform_share_sen: optSen(),
      others_share_sen: optSen(),
      others_description: optText(200),
      amendment_provider_share_sen: optSen(),
      amendment_organisation_share_sen: optSen(),
      amendment_platform_share_sen: optSen(),
      status: z.preprocess((v) => (v === undefined ? 1 : Number(v)), z.union([z.literal(0), z.literal(1)])),
      effective_from: optDate(),
      effective_to: optDate(),
    })
    .superRefine((p, ctx) => {
      const plans = PRICING_PLANS[p.product] as readonly string[];
      if (!plans.includes(p.plan)) ctx.addIssue({ code: 'custom', path: ['plan'], message: V.choose });
      if (p.effective_from && p.effective_to && p.effective_to <= p.effective_from) {
        ctx.addIssue({ code: 'custom', path: ['effective_to'], message: O.effectiveRange });
      }
      const sum = (...xs: (number | undefined)[]) => xs.reduce<number>((a, x) => a + (x ?? 0), 0);
      if (sum(p.provider_share_sen, p.organisation_share_sen, p.platform_share_sen, p.others_share_sen) > p.price_sen) {
        ctx.addIssue({ code: 'custom', path: ['organisation_share_sen'], message: O.sharesExceedPrice });
      }
      const amendmentShares = sum(
        p.amendment_provider_share_sen,
        p.amendment_organisation_share_sen,
        p.amendment_platform_share_sen,
      );
      if (amendmentShares > (p.amendment_price_sen ?? 0)) {
        ctx.addIssue({ code: 'custom', path: ['amendment_organisation_share_sen'], message: O.sharesExceedPrice });
      }
    }),
);
export type PricingInput = z.input<typeof pricingSchema>;

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

/** Roles a staff member of an organisation may hold: the provider's own vs a partner's (spec §6). */
export const PROVIDER_STAFF_ROLES = ['Staff', 'Officer', 'Accountant', 'Admin', 'Agent'] as const;
export const PARTNER_STAFF_ROLES = ['Agent', 'Partner'] as const;

/**
 * `POST /api/organization/{id}/user` — a staff member (reference §2.1 POST user variant (d)): no
 * password; an invitation mail lets them set one. `status` of the access: 1 active, 0 pending
 * approval, 2 inactive (reference §4.6).
 */
export const staffCreateSchema = z.object({
  name: requiredString().min(3, { error: V.nameMin }).max(100, { error: V.nameMax }),
  ic_number: mykad(),
  email: email(),
  mobile_number: opt(optionalPhone()),
  username: opt(
    z
      .string()
      .trim()
      .min(3, { error: 'validation.username_rules' })
      .max(50, { error: 'validation.username_rules' })
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.username_rules' }),
  ),
  role: requiredString().max(30),
  branch_id: opt(z.string().max(64)),
  /** Bank for commission payments (reference §3.8 org user: required for the provider's own staff). */
  bank_name: optText(100),
  bank_account_number: opt(
    z
      .string()
      .trim()
      .regex(/^[0-9-]{6,20}$/, { error: O.bankAccount }),
  ),
  /** The organisation's own staff number (reference `staff_id`). */
  staff_id: optText(30),
  /** Attended the provider's will-writing course: 1 yes, 0 no (reference `is_attended_course`). */
  is_attended_course: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.union([z.literal(0), z.literal(1)], { error: V.choose }),
  ),
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

/**
 * `POST /api/organization/{id}/individu`: the owner account of an individual organisation (ADR 0019);
 * name and MyKad come from the organisation, the e-mail defaults to the organisation's.
 */
export const individuOwnerSchema = z.object({
  email: opt(email()),
  mobile_number: opt(optionalPhone()),
  username: opt(
    z
      .string()
      .trim()
      .min(3, { error: 'validation.username_rules' })
      .max(50, { error: 'validation.username_rules' })
      .regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.username_rules' }),
  ),
});

/** `PATCH /api/organization/{id}/user/{user_id}`: contact details, role, branch, access status. */
export const staffUpdateSchema = z.object({
  /** Provider staff changing the e-mail or mobile number record why (issue 16 item 3; ADR 0105). */
  change_reason: z.preprocess((v) => (v === null || v === '' ? undefined : v), z.string().trim().max(500).optional()),
  name: requiredString().min(3, { error: V.nameMin }).max(100, { error: V.nameMax }),
  email: email(),
  mobile_number: opt(optionalPhone()),
  role: requiredString().max(30),
  branch_id: opt(z.string().max(64)),
  status: z.preprocess((v) => Number(v), z.union([z.literal(0), z.literal(1), z.literal(2)], { error: V.choose })),
  /** Bank for commission payments (reference §3.8 org user: required for the provider's own staff). */
  bank_name: optText(100),
  bank_account_number: opt(
    z
      .string()
      .trim()
      .regex(/^[0-9-]{6,20}$/, { error: O.bankAccount }),
  ),
  /** The organisation's own staff number (reference `staff_id`). */
  staff_id: optText(30),
  /** Attended the provider's will-writing course: 1 yes, 0 no (reference `is_attended_course`). */
  is_attended_course: z.preprocess(
    (v) => (v === undefined || v === null || v === '' ? 0 : Number(v)),
    z.union([z.literal(0), z.literal(1)], { error: V.choose }),
  ),
});
export type StaffUpdateInput = z.input<typeof staffUpdateSchema>;

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
  expires_at: optDate().refine((d) => !d || d.getTime() > Date.now(), { error: O.expiryPast }),
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
