import { describe, expect, it } from 'vitest';
import { translate } from './i18n.ts';
import { instrumentOffer, OFFER_RULES, rowOffer } from './instrument-offer.ts';

describe('what a preference lets an instrument hold (issue 38 item 9)', () => {
  it('allows everything without limit when the organisation has no preference', () => {
    expect(rowOffer('wasiat', 'property', null, 40)).toEqual({ allowed: true, limit: null, count: 40, full: false });
  });

  it('reads the flags from the database (booleans) and the wire (1 = yes, 2 = no) alike', () => {
    expect(rowOffer('wasiat', 'caretaker', { allow_guardians: false }, 0).full).toBe(true);
    expect(rowOffer('wasiat', 'caretaker', { allow_guardians: 2 }, 0).allowed).toBe(false);
    expect(rowOffer('wasiat', 'caretaker', { allow_guardians: '1', total_caretakers: '2' }, 1)).toEqual({
      allowed: true,
      limit: 2,
      count: 1,
      full: false,
    });
  });

  it('is full at the limit, not before; a blank or null limit is no limit', () => {
    const pref = { allow_property: true, total_properties: 3 };
    expect(rowOffer('hibah', 'property', pref, 2).full).toBe(false);
    expect(rowOffer('hibah', 'property', pref, 3).full).toBe(true);
    expect(rowOffer('hibah', 'property', { total_properties: '' }, 99).limit).toBeNull();
    expect(rowOffer('hibah', 'property', { total_properties: null }, 99).full).toBe(false);
  });

  it("follows each kind's own flag: a will's receivers follow property, a hibah's follow beneficiaries", () => {
    const pref = { allow_property: false, allow_beneficiaries: true };
    expect(rowOffer('wasiat', 'receiver', pref, 0).allowed).toBe(false);
    expect(rowOffer('hibah', 'receiver', pref, 0).allowed).toBe(true);
    // A hibah has no bequests: not governed, so not refused.
    expect(rowOffer('hibah', 'bequest', { allow_beneficiaries: false }, 0).allowed).toBe(true);
  });

  it('gives every governed row of a kind at once, and each has its message in ms and en', () => {
    const o = instrumentOffer('wasiat', { total_receivers: 1 }, { receiver: 1 });
    expect(Object.keys(o).sort()).toEqual(['bequest', 'caretaker', 'property', 'receiver']);
    expect(o.receiver).toEqual({ allowed: true, limit: 1, count: 1, full: true });
    for (const kind of ['wasiat', 'hibah'] as const) {
      for (const [row, rule] of Object.entries(OFFER_RULES[kind])) {
        for (const lang of ['ms', 'en'] as const) {
          expect(translate(`instrument_offer.not_allowed.${row}`, lang)).not.toMatch(/^instrument_offer/);
          if (rule?.limit) {
            expect(translate(`instrument_offer.full.${row}`, lang, { limit: 2 })).toMatch(/2/);
            expect(translate(`instrument_offer.limit.${row}`, lang, { limit: 2, count: 1 })).toMatch(/2.*1/);
          }
        }
      }
    }
  });
});
