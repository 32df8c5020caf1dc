/** Organisations, branches, pricing, preferences and user access (spec §3 Organisation; reference §3.8). */
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn, timestamps, tz } from './_common.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: idColumn(),
    /** private | individual | government | government_linked | institution | provider (the platform's own) */
    type: text('type').notNull(),
    is_partner: boolean('is_partner').notNull().default(false),
    name: text('name').notNull(),
    short_name: text('short_name'),
    code: text('code').notNull(),
    /** SSM number (normalised, ADR 0012) or an agency/institution reference; null for individuals. */
    registration_number: text('registration_number'),
    partner_code: text('partner_code'),
    /** MyKad of an individual partner (type individual). */
    mykad_number: text('mykad_number'),
    email: text('email'),
    phone_number: text('phone_number'),
    website: text('website'),
    address: text('address'),
    postcode: text('postcode'),
    city: text('city'),
    state: text('state'),
    status: integer('status').notNull().default(1),
    allow_payment_gateway: boolean('allow_payment_gateway').notNull().default(true),
    allow_cash_payment: boolean('allow_cash_payment').notNull().default(true),
    allow_direct_payment: boolean('allow_direct_payment').notNull().default(true),
    /** Financing (payment option 4, e.g. BMMB; reference §4.6 `allow_loan_payment`; ADR 0040). */
    allow_loan_payment: boolean('allow_loan_payment').notNull().default(false),
    /** ATB bank standing instruction (payment option 5; ADR 0040). */
    allow_atb_payment: boolean('allow_atb_payment').notNull().default(false),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('organizations_code_uq').on(t.code),
    uniqueIndex('organizations_partner_code_uq').on(t.partner_code),
  ],
);

export const branches = pgTable(
  'branches',
  {
    id: idColumn(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    branch_name: text('branch_name').notNull(),
    code: text('code'),
    is_headquarter: boolean('is_headquarter').notNull().default(false),
    email: text('email'),
    phone_number: text('phone_number'),
    address: text('address'),
    postcode: text('postcode'),
    city: text('city'),
    state: text('state'),
    status: integer('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [index('branches_org_idx').on(t.organization_id)],
);

/** Price list per organisation and product; amounts in sen. A will keeps the price it was registered at. */
export const pricings = pgTable(
  'pricings',
  {
    id: idColumn(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    /** Wasiat | Hibah */
    product: text('product').notNull(),
    /** basic | comprehensive for wills */
    plan: text('plan').notNull(),
    description: text('description'),
    price_sen: integer('price_sen').notNull(),
    amendment_price_sen: integer('amendment_price_sen').notNull().default(0),
    /**
     * Revenue split of `price_sen` and `amendment_price_sen` (reference §3.8 pricing shares; ADR 0136), integer
     * sen: the provider's (2021 `awaris_share`), the organisation's, the platform operator's (`prooffice_share`)
     * and others' (with `others_description`). Percentages are derived from these, never stored.
     */
    provider_share_sen: integer('provider_share_sen').notNull().default(0),
    organisation_share_sen: integer('organisation_share_sen').notNull().default(0),
    platform_share_sen: integer('platform_share_sen').notNull().default(0),
    others_share_sen: integer('others_share_sen').notNull().default(0),
    others_description: text('others_description'),
    amendment_provider_share_sen: integer('amendment_provider_share_sen').notNull().default(0),
    amendment_organisation_share_sen: integer('amendment_organisation_share_sen').notNull().default(0),
    amendment_platform_share_sen: integer('amendment_platform_share_sen').notNull().default(0),
    status: integer('status').notNull().default(1),
    effective_from: tz('effective_from').notNull().defaultNow(),
    effective_to: tz('effective_to'),
    ...timestamps(),
  },
  (t) => [index('pricings_org_idx').on(t.organization_id, t.product)],
);

/** Organisation preference flags (spec §3); 1 = yes, 2 = no on the wire (reference §4.6), booleans here. */
export const preferences = pgTable(
  'preferences',
  {
    id: idColumn(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    allow_public: boolean('allow_public').notNull().default(true),
    allow_payments: boolean('allow_payments').notNull().default(true),
    allow_wasiat: boolean('allow_wasiat').notNull().default(true),
    allow_hibah: boolean('allow_hibah').notNull().default(false),
    allow_corporate: boolean('allow_corporate').notNull().default(false),
    allow_property: boolean('allow_property').notNull().default(true),
    allow_guardians: boolean('allow_guardians').notNull().default(true),
    allow_beneficiaries: boolean('allow_beneficiaries').notNull().default(true),
    total_receivers: integer('total_receivers'),
    total_caretakers: integer('total_caretakers'),
    total_properties: integer('total_properties'),
    /** Corporate share account identifier (reference §6.16): CDS | Nominee | Other, or null. */
    stock_account_type: text('stock_account_type'),
    /** A fixed property name / stock name the organisation's hibah products use (spec §3), or null. */
    fixed_property_name: text('fixed_property_name'),
    fixed_stock_name: text('fixed_stock_name'),
    /** eKYC face-verification attempts allowed per will/hibah (issue 3; null = EKYC_MAX_ATTEMPTS, 3). */
    ekyc_max_attempts: integer('ekyc_max_attempts'),
    ...timestamps(),
  },
  (t) => [uniqueIndex('preferences_org_uq').on(t.organization_id)],
);

/**
 * Products an organisation offers (spec §2 /organization/{id}/product: wasiat, hibah and trust).
 * `category` wasiat | hibah | trust (domain PRODUCT_CATEGORIES); status 1 active, 0 inactive.
 */
export const products = pgTable(
  'products',
  {
    id: idColumn(),
    organization_id: text('organization_id')
      .notNull()
      .references(() => organizations.id),
    category: text('category').notNull(),
    name: text('name').notNull(),
    description: text('description'),
    status: integer('status').notNull().default(1),
    ...timestamps(),
  },
  (t) => [index('products_org_idx').on(t.organization_id, t.category)],
);
