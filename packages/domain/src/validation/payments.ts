/**
 * Request bodies of the payments module (docs/api/payments.md; spec §3 promo code, §4 payment states,
 * §5 "Promo code must be valid and unused", §9 payment modes). Errors are message KEYS of
 * `locales/{ms,en}/{validation,payments}.json`, translated by the API and by the web client.
 *
 * Money is never taken from the client: the amount due is the will's price (sen) minus the promo
 * discount, computed on the server. Extra fields the product's 2021 client sends with `POST /payment`
 * (`user_id`, `title`, `amount`, `type`, `description`; reference §2.7) are accepted and ignored.
 */
import { z } from 'zod';
import { PAYMENT_OPTIONS } from '../status.ts';
import { requiredString, V } from './common.ts';

/** Message keys of the payments module (`payments.*`). */
export const P = {
  promoInvalid: 'payments.promo_invalid',
  promoOnePerWill: 'payments.promo_one_per_will',
  paymentFailed: 'payments.payment_failed',
  paymentNotAllowed: 'payments.payment_not_allowed',
  optionInvalid: 'payments.option_invalid',
  referenceRequired: 'payments.reference_required',
  alreadyPaid: 'payments.already_paid',
  priceMissing: 'payments.price_missing',
  willNotPayable: 'payments.will_not_payable',
  notConfirmable: 'payments.not_confirmable',
  outcomeInvalid: 'payments.outcome_invalid',
} as const;

/** Payment modes offered in this slice: 1 gateway, 2 direct (bank transfer), 3 cash (ADR: others later). */
export const PAYABLE_OPTIONS = [PAYMENT_OPTIONS.gateway, PAYMENT_OPTIONS.direct, PAYMENT_OPTIONS.cash] as const;

/** Blank strings, 'null' and 'undefined' (as the original client sends unset fields) mean "not given". */
const blankToUndefined = (v: unknown) =>
  v === null || v === undefined || (typeof v === 'string' && ['', 'null', 'undefined'].includes(v.trim()))
    ? undefined
    : v;

/** A promo code as typed by a user: trimmed, upper-cased, 1–50 characters. */
export const promoCodeText = () =>
  z
    .string({ error: P.promoInvalid })
    .trim()
    .min(1, { error: P.promoInvalid })
    .max(50, { error: P.promoInvalid })
    .transform((s) => s.toUpperCase());

/**
 * `POST /api/payment` — pay for a will.
 * `payment_options_id`: 1 gateway, 2 direct (needs `reference`, the bank transfer reference), 3 cash.
 */
export const paymentCreateSchema = z
  .object({
    paymentable_type: z.literal('Wasiat', { error: V.choose }),
    paymentable_id: requiredString().max(64),
    payment_options_id: z.coerce
      .number({ error: P.optionInvalid })
      .int({ error: P.optionInvalid })
      .refine((n) => (PAYABLE_OPTIONS as readonly number[]).includes(n), { error: P.optionInvalid }),
    promo_code: z.preprocess(blankToUndefined, promoCodeText().optional()),
    reference: z.preprocess(blankToUndefined, z.string().trim().max(100, { error: 'validation.invalid' }).optional()),
    /** Accepted for the original client (reference §1.9); the sandbox returns to /payment-status. */
    redirect_url: z.preprocess(blankToUndefined, z.string().max(2000).optional()),
  })
  .superRefine((b, ctx) => {
    if (b.payment_options_id === PAYMENT_OPTIONS.direct && !b.reference) {
      ctx.addIssue({ code: 'custom', path: ['reference'], message: P.referenceRequired });
    }
  });
export type PaymentCreateInput = z.output<typeof paymentCreateSchema>;

/** `POST /api/payment-gateway/sandbox/{id}` (form post): the outcome chosen on the sandbox page. */
export const sandboxOutcomeSchema = z.object({
  outcome: z.enum(['approve', 'fail'], { error: P.outcomeInvalid }),
});

/** `POST /api/promo-code/check` — preview a promo code for a will without redeeming it. */
export const promoCheckSchema = z.object({
  code: promoCodeText(),
  wasiat_id: requiredString().max(64),
});
