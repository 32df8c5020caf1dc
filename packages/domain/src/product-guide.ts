/**
 * "Which one do I need?" (issue 37 item 1; ADR 0244): two or three questions that point to one hibah/trust product
 * of the catalogue (product-catalogue.ts), among those the organisation offers. Message keys in
 * `locales/{ms,en}/products.json` under `products.guide`.
 *
 * 1. Who gives? a person (for themselves and their family) or a company.
 * 2. (a person) What? cash, property (land/house), a business, the whole estate, or a one-cent redeem code.
 * 3. (a company; a person's cash or property) Hibah — a gift now — or amanah — a trust held for someone?
 */
import { HIBAH_PRODUCT_CATALOGUE, type ProductAsset, type ProductGiver } from './product-catalogue.ts';

/** The answers so far; a question not asked (or not yet answered) is undefined. */
export interface GuideAnswers {
  giver?: ProductGiver;
  asset?: Exclude<ProductAsset, 'any'>;
  form?: 'hibah' | 'amanah';
}

/** The questions, each with its answer values, in the order they are asked. */
export const GUIDE_QUESTIONS = {
  giver: ['person', 'company'],
  asset: ['cash', 'property', 'business', 'estate', 'one_cent'],
  form: ['hibah', 'amanah'],
} as const;
export type GuideQuestion = keyof typeof GUIDE_QUESTIONS;

/** Which questions are asked for these answers (question 2 only for a person; 3 only where both forms exist). */
export function guideQuestions(a: GuideAnswers): GuideQuestion[] {
  const qs: GuideQuestion[] = ['giver'];
  if (a.giver === 'person') qs.push('asset');
  if (a.giver === 'company' || (a.giver === 'person' && (a.asset === 'cash' || a.asset === 'property')))
    qs.push('form');
  return qs;
}

/**
 * The product the answers point to. Among the catalogue's products that fit (giver, asset, form), those in
 * `offered` (hibah type codes) count; the plain product comes before its declaration variant (deklarasi, products
 * 1–6), which is given as an alternative. @returns `{ code, alternatives }`; `code` null while a question asked is
 * unanswered (`complete: false`) or when the organisation offers none that fits (`complete: true`).
 */
export function guideProduct(
  a: GuideAnswers,
  offered: readonly number[],
): { complete: boolean; code: number | null; alternatives: number[] } {
  const asked = guideQuestions(a);
  if (asked.some((q) => a[q] === undefined)) return { complete: false, code: null, alternatives: [] };
  const fits = HIBAH_PRODUCT_CATALOGUE.filter(
    (p) =>
      p.giver === a.giver &&
      (a.giver === 'company' || p.asset === a.asset) &&
      (!asked.includes('form') || p.form === a.form) &&
      offered.includes(p.code as number),
  )
    .slice()
    .sort((x, y) => Number(x.declaration) - Number(y.declaration))
    .map((p) => p.code as number);
  return { complete: true, code: fits[0] ?? null, alternatives: fits.slice(1) };
}
