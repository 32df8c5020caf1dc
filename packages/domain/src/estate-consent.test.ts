/**
 * Which bequests need the heirs' consent after the death (issue 40 item 5; Enakmen Wasiat Orang Islam (Selangor) 1999
 * s.26(1)–(2)), with worked figures in sen; and who may consent (Age of Majority Act 1971 s.2).
 */
import { describe, expect, it } from 'vitest';
import { bequestsNeedingConsent, consentCapacity, consentDecisionSchema, type PropertyWithShares } from './index.ts';

const wife = { id: 'h-wife', name: 'Aminah', relationship: 'wife', ic_number: '800101145552' };
const son = { id: 'h-son', name: 'Ali', relationship: 'son', ic_number: '100101145551' };
const mosque = { id: 'r-mosque', name: 'Masjid Al-Falah', relationship: 'other' };

const land = (value: number | null, shares: PropertyWithShares['shares']): PropertyWithShares => ({
  id: 'land',
  kind: 'ImmoveableProperty',
  value_sen: value,
  shares,
});

describe('bequestsNeedingConsent', () => {
  it('a share beyond the faraid share and a wasiat am to an heir: to_heir, with their amounts', () => {
    // A man leaves a wife (1/8) and a son (7/8); all of the RM 600,000 land to the son: 1/8 of it (RM 75,000) is a
    // bequest to an heir; 10% of the net estate to the wife (RM 60,000) is one too.
    const out = bequestsNeedingConsent(
      {
        deceased: 'male',
        heirs: [wife, son],
        properties: [land(60_000_000, [{ receiver: son, portion: '100%' }])],
        bequests: [{ id: 'b1', beneficiary_name: 'Aminah', relationship: 'wife', portion: '10%' }],
      },
      (ref) => `label of ${ref}`,
    );
    expect(out).toEqual([
      {
        bequest_ref: 'immoveable:land',
        reason: 'to_heir',
        amount_sen: 7_500_000,
        label: 'label of immoveable:land',
        heir_ids: ['h-son'],
      },
      {
        bequest_ref: 'bequest:b1',
        reason: 'to_heir',
        amount_sen: 6_000_000,
        label: 'label of bequest:b1',
        heir_ids: ['h-wife'],
      },
    ]);
  });

  it('bequests to non-heirs beyond one third: each bears the excess pro rata (RM 40,000 of RM 340,000)', () => {
    // Estate RM 900,000, third RM 300,000: half of a RM 500,000 land to a mosque (RM 250,000) and 10% to a friend
    // (RM 90,000) = RM 340,000; the excess RM 40,000 is 25/34 the mosque's and 9/34 the friend's (rounded down).
    const out = bequestsNeedingConsent({
      deceased: 'male',
      heirs: [wife, son],
      estimatedEstate: 90_000_000,
      properties: [land(50_000_000, [{ receiver: mosque, portion: '50%' }])],
      bequests: [{ id: 'b2', beneficiary_name: 'Kassim', relationship: 'other', portion: '10%' }],
    });
    expect(out).toEqual([
      {
        bequest_ref: 'immoveable:land',
        reason: 'beyond_third',
        amount_sen: 2_941_176,
        label: 'immoveable:land',
        heir_ids: [],
      },
      { bequest_ref: 'bequest:b2', reason: 'beyond_third', amount_sen: 1_058_823, label: 'bequest:b2', heir_ids: [] },
    ]);
  });

  it('within one third and nothing to heirs beyond their shares: nothing needs consent', () => {
    const out = bequestsNeedingConsent({
      deceased: 'male',
      heirs: [wife, son],
      estimatedEstate: 90_000_000,
      properties: [land(50_000_000, [{ receiver: mosque, portion: '10%' }])],
      bequests: [],
    });
    expect(out).toEqual([]);
  });

  it('one property given beyond the share to an heir and to a non-heir beyond the third: one bequest, to_heir', () => {
    // Land RM 600,000 (the whole estate): 80% to the wife (faraid 1/8: excess 27/40 = RM 405,000), 20% to a mosque
    // (RM 120,000 ≤ RM 200,000): only the heir's part; and with the amount unknown the amount is null.
    const heirsOnly = bequestsNeedingConsent({
      deceased: 'male',
      heirs: [wife, son],
      properties: [
        land(60_000_000, [
          { receiver: wife, portion: '80%' },
          { receiver: mosque, portion: '20%' },
        ]),
      ],
      bequests: [],
    });
    expect(heirsOnly).toEqual([
      {
        bequest_ref: 'immoveable:land',
        reason: 'to_heir',
        amount_sen: 40_500_000,
        label: 'immoveable:land',
        heir_ids: ['h-wife'],
      },
    ]);
    const unknown = bequestsNeedingConsent({
      deceased: 'male',
      heirs: [wife, son],
      properties: [land(null, [{ receiver: wife, portion: '80%' }])],
      bequests: [],
    });
    expect(unknown[0]).toMatchObject({ bequest_ref: 'immoveable:land', reason: 'to_heir', amount_sen: null });
  });
});

describe('consentCapacity (Age of Majority Act 1971 s.2)', () => {
  it('18 on the day of the decision (Kuala Lumpur) by the MyKad birth date', () => {
    expect(consentCapacity('080101145552', false, new Date('2025-12-31T16:00:00Z'))).toBe('adult');
    expect(consentCapacity('080101145552', false, new Date('2025-12-31T15:59:59Z'))).toBe('minor');
    expect(consentCapacity('150505140123', false, new Date('2026-12-07T00:00:00Z'))).toBe('minor');
    expect(consentCapacity('800101-14-5552', false, new Date('2026-12-07T00:00:00Z'))).toBe('adult');
  });
  it('under guardianship never consents; no MyKad: age unknown', () => {
    expect(consentCapacity('800101145552', true, new Date('2026-12-07T00:00:00Z'))).toBe('guardianship');
    expect(consentCapacity(null, false, new Date('2026-12-07T00:00:00Z'))).toBe('age_unknown');
    expect(consentCapacity('A1234567', false, new Date('2026-12-07T00:00:00Z'))).toBe('age_unknown');
  });
});

describe('consentDecisionSchema', () => {
  it('needs a reference, a decision and the confirmation', () => {
    expect(
      consentDecisionSchema.safeParse({ bequest_ref: 'bequest:b1', decision: 'consented', confirm: true }).success,
    ).toBe(true);
    const bad = consentDecisionSchema.safeParse({ bequest_ref: 'x', decision: 'maybe', confirm: false });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['bequest_ref', 'consents.unknown_bequest'],
      ['decision', 'consents.decision_required'],
      ['confirm', 'consents.confirm_required'],
    ]);
  });
});
