import { describe, expect, it } from 'vitest';
import { HIBAH_TYPES, WILL_PLANS } from './catalogues.ts';
import { hibahPlanOf } from './hibah-rules.ts';
import { LANGUAGES, translate } from './i18n.ts';
import {
  HIBAH_PRODUCT_CATALOGUE,
  hibahProductEntry,
  PRODUCT_NEEDS,
  PRODUCT_TEXT_PARAMS,
  type ProductEntry,
  WILL_PLAN_CATALOGUE,
  willPlanEntry,
} from './product-catalogue.ts';
import { guideProduct, guideQuestions } from './product-guide.ts';

/** Every text key of an entry: what, who, duration, each need and the price note. */
const keysOf = (p: ProductEntry) =>
  [p.keys.what, p.keys.who, p.keys.duration, ...p.keys.needs, p.keys.price_note ?? ''].filter(Boolean);

describe('product catalogue (issue 37 item 1)', () => {
  it('has an entry for every hibah type and will plan the API knows, with every text in Malay and English', () => {
    const entries = [
      ...HIBAH_TYPES.map((t) => hibahProductEntry(t.code as number)),
      ...WILL_PLANS.map((p) => willPlanEntry(p.code as string)),
    ];
    expect(entries.length).toBe(HIBAH_TYPES.length + WILL_PLANS.length);
    for (const p of entries) {
      expect(p, 'a catalogue entry').toBeDefined();
      const e = p as ProductEntry;
      expect(e.needs.length).toBeGreaterThan(0);
      expect(e.keys.needs).toHaveLength(e.needs.length);
      for (const key of keysOf(e)) {
        for (const lang of LANGUAGES) {
          const text = translate(key, lang, PRODUCT_TEXT_PARAMS);
          expect(text, `${key} in ${lang}`).not.toBe(key);
          expect(text.length, `${key} in ${lang}`).toBeGreaterThan(10);
          expect(text, `${key} in ${lang}: unfilled parameter`).not.toMatch(/\{\{/);
        }
      }
      // The two languages are different texts (not an untranslated copy).
      expect(translate(e.keys.what, 'ms')).not.toBe(translate(e.keys.what, 'en'));
    }
  });

  it('prices each product by the plan the server prices it by, and every need has its text', () => {
    for (const p of HIBAH_PRODUCT_CATALOGUE) expect(p.pricingPlan).toBe(hibahPlanOf(p.code as number));
    expect(WILL_PLAN_CATALOGUE.map((p) => [p.pricingProduct, p.pricingPlan])).toEqual([
      ['Wasiat', 'basic'],
      ['Wasiat', 'comprehensive'],
    ]);
    for (const n of PRODUCT_NEEDS) {
      for (const lang of LANGUAGES) expect(translate(`products.needs.${n}`, lang)).not.toBe(`products.needs.${n}`);
    }
  });

  it('states the fixed periods from the rules: the 14-day draft window and two witnesses', () => {
    expect(translate('products.duration.hibah', 'en', PRODUCT_TEXT_PARAMS)).toMatch(/within 14 days.*2 witnesses/);
    expect(translate('products.duration.hibah', 'ms', PRODUCT_TEXT_PARAMS)).toMatch(
      /dalam tempoh 14 hari.*2 orang saksi/,
    );
    // A property product asks for the land title; a corporate one for the board resolution; a minor's caretaker in each.
    expect(hibahProductEntry(9)?.needs).toEqual(expect.arrayContaining(['land_title', 'caretaker_minor', 'witnesses']));
    expect(hibahProductEntry(2)?.needs).toEqual(expect.arrayContaining(['company_ssm', 'board_resolution']));
  });
});

describe('"which one do I need?" guide', () => {
  const all = HIBAH_TYPES.map((t) => t.code as number);
  it('asks the asset only of a person and the form only where both forms exist', () => {
    expect(guideQuestions({})).toEqual(['giver']);
    expect(guideQuestions({ giver: 'company' })).toEqual(['giver', 'form']);
    expect(guideQuestions({ giver: 'person', asset: 'cash' })).toEqual(['giver', 'asset', 'form']);
    expect(guideQuestions({ giver: 'person', asset: 'estate' })).toEqual(['giver', 'asset']);
  });
  it('points to one offered product, the plain form before its declaration', () => {
    expect(guideProduct({ giver: 'person', asset: 'cash', form: 'hibah' }, all)).toEqual({
      complete: true,
      code: 7,
      alternatives: [3],
    });
    expect(guideProduct({ giver: 'person', asset: 'property', form: 'amanah' }, all).code).toBe(10);
    expect(guideProduct({ giver: 'company', form: 'amanah' }, all).code).toBe(2);
    expect(guideProduct({ giver: 'person', asset: 'estate' }, all).code).toBe(14);
    expect(guideProduct({ giver: 'person', asset: 'one_cent' }, all).code).toBe(12);
    // Only what the organisation offers: without 7 the declaration form is the answer; without either, none.
    expect(guideProduct({ giver: 'person', asset: 'cash', form: 'hibah' }, [3, 9]).code).toBe(3);
    expect(guideProduct({ giver: 'company', form: 'hibah' }, [3, 9])).toEqual({
      complete: true,
      code: null,
      alternatives: [],
    });
    expect(guideProduct({ giver: 'person', asset: 'cash' }, all).complete).toBe(false);
  });
});
