/**
 * Pricing of an organisation's products (reference §2.9, §6.17; ADR 0136): the products and plans, the 2021
 * ringgit keys and the `POST/PATCH /api/pricing` body. Amounts in sen. Reached through `organisations.ts`.
 */
import { z } from 'zod';
import { requiredString, V } from './common.ts';
import { blankToUndefined, O, opt, optDate, optText, sen } from './organisation-fields.ts';

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
