/**
 * The product catalogue (issue 37 item 1; ADR 0244): for every hibah/trust product (HIBAH_TYPES) and will plan
 * (WILL_PLANS) what it is, who it is for, what the person will need and how long it takes — as message keys of
 * `locales/{ms,en}/products.json`, read by the API (`GET /api/hibah/products`, texts in the request's language)
 * and the web client (product list, plan choice, "which one do I need?" guide). The price is never here: it is
 * the organisation's pricing row of the product's plan (`pricingPlan`, see hibahPlanOf), resolved by the server.
 *
 * Sources: spec §1 (products: cash, property, business, estate, corporate, one-cent), §3, §5; reference §3.2–§3.4
 * (each wizard's parts); DESIGN.md §6 glossary (hibah = gift during life, amanah = trust); ADR 0165 (corporate
 * grantor). The texts state what the platform asks and does, never a legal effect the law does not give.
 */
import { HIBAH_TYPES, WILL_PLANS } from './catalogues.ts';
import { DRAFT_CONFIRM_DAYS, HIBAH_MIN_WITNESSES, hibahPlanOf } from './hibah-rules.ts';

/** What a person may need to have ready (message key `products.needs.<need>`). */
export const PRODUCT_NEEDS = [
  'mykad_ekyc',
  'particulars',
  'income_source',
  'receivers',
  'caretaker_minor',
  'witnesses',
  'cash_details',
  'land_title',
  'business_details',
  'company_ssm',
  'signatories',
  'board_resolution',
  'heirs',
  'estate_property',
  'trust_period',
  'redeem_code',
  'wallet_account',
  'will_heirs',
  'will_property',
  'will_guardians',
  'will_bequests',
  'will_witnesses',
] as const;
export type ProductNeed = (typeof PRODUCT_NEEDS)[number];

/** How long a product takes, by its flow (message key `products.duration.<flow>`). */
export const PRODUCT_FLOWS = ['hibah', 'one_cent', 'will_basic', 'will_comprehensive'] as const;
export type ProductFlow = (typeof PRODUCT_FLOWS)[number];

/** The asset a product is about ("which one do I need?" guide). */
export type ProductAsset = 'cash' | 'property' | 'business' | 'estate' | 'one_cent' | 'any';
/** Who gives: a person (and their family) or a company. */
export type ProductGiver = 'person' | 'company';
/** Hibah (a gift now, during life) or amanah (a trust held for someone); a will takes effect on death. */
export type ProductForm = 'hibah' | 'amanah' | 'will';

/** One catalogue entry. `code` is the hibah type (number) or the will plan (string). */
export interface ProductEntry {
  kind: 'hibah' | 'will';
  code: number | string;
  /** The pricing row's `product` and `plan` that price it (organisation pricing). */
  pricingProduct: 'Hibah' | 'Wasiat';
  pricingPlan: string;
  giver: ProductGiver;
  asset: ProductAsset;
  form: ProductForm;
  /** Products 1–6: made as a declaration (deklarasi) the grantor signs. */
  declaration: boolean;
  needs: readonly ProductNeed[];
  flow: ProductFlow;
  /** Message keys: `what` it is, `who` it is for, `duration`, each need; `price_note` when the price is not a row. */
  keys: { what: string; who: string; duration: string; needs: readonly string[]; price_note?: string };
}

/** Parameters the duration texts interpolate (domain constants, so a text never drifts from the rule). */
export const PRODUCT_TEXT_PARAMS = { days: DRAFT_CONFIRM_DAYS, witnesses: HIBAH_MIN_WITNESSES } as const;

const PERSON_BASE: readonly ProductNeed[] = [
  'mykad_ekyc',
  'particulars',
  'income_source',
  'receivers',
  'caretaker_minor',
];
const COMPANY_BASE: readonly ProductNeed[] = [
  'mykad_ekyc',
  'company_ssm',
  'signatories',
  'board_resolution',
  'receivers',
  'caretaker_minor',
];

interface HibahFacts {
  giver: ProductGiver;
  asset: ProductAsset;
  form: 'hibah' | 'amanah';
  declaration: boolean;
  needs: readonly ProductNeed[];
}

/** The facts of each hibah type (HIBAH_TYPES; reference §4.3). */
const HIBAH_FACTS: Record<number, HibahFacts> = {
  1: { giver: 'company', asset: 'any', form: 'hibah', declaration: true, needs: [...COMPANY_BASE, 'witnesses'] },
  2: { giver: 'company', asset: 'any', form: 'amanah', declaration: true, needs: [...COMPANY_BASE, 'witnesses'] },
  3: {
    giver: 'person',
    asset: 'cash',
    form: 'hibah',
    declaration: true,
    needs: [...PERSON_BASE, 'cash_details', 'witnesses'],
  },
  4: {
    giver: 'person',
    asset: 'cash',
    form: 'amanah',
    declaration: true,
    needs: [...PERSON_BASE, 'cash_details', 'witnesses'],
  },
  5: {
    giver: 'person',
    asset: 'property',
    form: 'hibah',
    declaration: true,
    needs: [...PERSON_BASE, 'land_title', 'witnesses'],
  },
  6: {
    giver: 'person',
    asset: 'property',
    form: 'amanah',
    declaration: true,
    needs: [...PERSON_BASE, 'land_title', 'witnesses'],
  },
  7: {
    giver: 'person',
    asset: 'cash',
    form: 'hibah',
    declaration: false,
    needs: [...PERSON_BASE, 'cash_details', 'witnesses'],
  },
  8: {
    giver: 'person',
    asset: 'cash',
    form: 'amanah',
    declaration: false,
    needs: [...PERSON_BASE, 'cash_details', 'witnesses'],
  },
  9: {
    giver: 'person',
    asset: 'property',
    form: 'hibah',
    declaration: false,
    needs: [...PERSON_BASE, 'land_title', 'witnesses'],
  },
  10: {
    giver: 'person',
    asset: 'property',
    form: 'amanah',
    declaration: false,
    needs: [...PERSON_BASE, 'land_title', 'witnesses'],
  },
  11: {
    giver: 'person',
    asset: 'business',
    form: 'amanah',
    declaration: false,
    needs: [...PERSON_BASE, 'business_details', 'witnesses'],
  },
  12: {
    giver: 'person',
    asset: 'one_cent',
    form: 'hibah',
    declaration: false,
    needs: [
      'redeem_code',
      'mykad_ekyc',
      'particulars',
      'income_source',
      'receivers',
      'caretaker_minor',
      'wallet_account',
      'witnesses',
    ],
  },
  14: {
    giver: 'person',
    asset: 'estate',
    form: 'amanah',
    declaration: false,
    needs: [
      'mykad_ekyc',
      'particulars',
      'income_source',
      'heirs',
      'receivers',
      'caretaker_minor',
      'estate_property',
      'trust_period',
      'witnesses',
    ],
  },
};

const needKeys = (needs: readonly ProductNeed[]) => needs.map((n) => `products.needs.${n}`);

const hibahEntry = (code: number): ProductEntry => {
  const f = HIBAH_FACTS[code];
  const flow: ProductFlow = code === 12 ? 'one_cent' : 'hibah';
  return {
    kind: 'hibah',
    code,
    pricingProduct: 'Hibah',
    pricingPlan: hibahPlanOf(code),
    giver: f.giver,
    asset: f.asset,
    form: f.form,
    declaration: f.declaration,
    needs: f.needs,
    flow,
    keys: {
      what: `products.hibah.${code}.what`,
      who: `products.hibah.${code}.who`,
      duration: `products.duration.${flow}`,
      needs: needKeys(f.needs),
      ...(code === 12 ? { price_note: 'products.price.one_cent' } : {}),
    },
  };
};

const WILL_NEEDS: Record<string, readonly ProductNeed[]> = {
  basic: ['mykad_ekyc', 'particulars', 'will_heirs', 'will_witnesses'],
  comprehensive: [
    'mykad_ekyc',
    'particulars',
    'will_heirs',
    'will_property',
    'will_guardians',
    'will_bequests',
    'will_witnesses',
  ],
};

const willEntry = (plan: string): ProductEntry => {
  const flow: ProductFlow = plan === 'comprehensive' ? 'will_comprehensive' : 'will_basic';
  const needs = WILL_NEEDS[plan] ?? WILL_NEEDS.basic;
  return {
    kind: 'will',
    code: plan,
    pricingProduct: 'Wasiat',
    pricingPlan: plan,
    giver: 'person',
    asset: 'estate',
    form: 'will',
    declaration: false,
    needs,
    flow,
    keys: {
      what: `products.will.${plan}.what`,
      who: `products.will.${plan}.who`,
      duration: `products.duration.${flow}`,
      needs: needKeys(needs),
    },
  };
};

/** Every hibah/trust product's entry, in HIBAH_TYPES order. */
export const HIBAH_PRODUCT_CATALOGUE: readonly ProductEntry[] = HIBAH_TYPES.filter(
  (t) => HIBAH_FACTS[t.code as number],
).map((t) => hibahEntry(t.code as number));
/** The will plans' entries (basic, comprehensive). */
export const WILL_PLAN_CATALOGUE: readonly ProductEntry[] = WILL_PLANS.map((p) => willEntry(p.code as string));

/** The catalogue entry of hibah type `code`, or undefined for a type the catalogue does not know. */
export const hibahProductEntry = (code: number) => HIBAH_PRODUCT_CATALOGUE.find((p) => p.code === code);
/** The catalogue entry of will plan `plan`, or undefined. */
export const willPlanEntry = (plan: string) => WILL_PLAN_CATALOGUE.find((p) => p.code === plan);
