import { describe, expect, it } from 'vitest';
import type { EstateConsent } from '../estate-consent.ts';
import { ZERO } from '../validation/shares.ts';
import { allocateSen } from './amounts.ts';
import { calculateFaraid } from './engine.ts';
import { type DistributionInput, type EstateDistribution, estateDistribution } from './estate-distribution.ts';

// A man leaves a wife (1/8), a son (7/12) and a daughter (7/24) (Surah al-Nisa' 4:11–12).
const heirs = [
  { id: 'w', name: 'Aminah', relationship: 'wife', ic_number: '700101145512', can_consent: true },
  { id: 's', name: 'Ali', relationship: 'son', ic_number: '950101145511', can_consent: true },
  { id: 'd', name: 'Siti', relationship: 'son', ic_number: '970101145512', can_consent: true },
];
const RM = (ringgit: number) => ringgit * 100;
const base = (over: Partial<DistributionInput> = {}): DistributionInput => ({
  deceased: 'male',
  heirs,
  properties: [{ id: 'house', kind: 'ImmoveableProperty', value_sen: RM(200_000), shares: [] }],
  bequests: [],
  extraAssets: [{ id: 'acct', value_sen: RM(40_000) }],
  funeral: 0,
  zakat: 0,
  debts: 0,
  consents: [],
  ...over,
});
const total = (r: EstateDistribution, id: string) => r.heirs.find((h) => h.heir_id === id)?.total_sen;
/** Every sen after the claims goes somewhere exactly once. */
const balanced = (r: EstateDistribution) =>
  r.heirs.reduce((s, h) => s + h.total_sen, 0) +
  r.baitulmal_sen +
  r.bequests.filter((b) => !b.heir_id).reduce((s, b) => s + b.effective_sen, 0);
const consent = (ref: EstateConsent['bequest_ref'], heir_id: string, decision: EstateConsent['decision']) => ({
  bequest_ref: ref,
  heir_id,
  decision,
  decided_at: '2026-12-01T00:00:00Z',
});

describe('estateDistribution: no bequest', () => {
  it('is faraid of the gross (will property + asset map), as calculateFaraid gives it', () => {
    const r = estateDistribution(base());
    expect(r.gross_sen).toBe(RM(240_000));
    expect(r.after_claims_sen).toBe(RM(240_000));
    const { shares } = calculateFaraid({ deceased: 'male', heirs: { wife: 1, son: 1, daughter: 1 } });
    const want = allocateSen(RM(240_000), [
      ['wife', shares.wife ?? ZERO],
      ['son', shares.son ?? ZERO],
      ['daughter', shares.daughter ?? ZERO],
    ]);
    expect([total(r, 'w'), total(r, 's'), total(r, 'd')]).toEqual([want.wife, want.son, want.daughter]);
    expect(total(r, 'w')).toBe(RM(30_000));
    expect(total(r, 's')).toBe(RM(140_000));
    expect(total(r, 'd')).toBe(RM(70_000));
    expect(r.heirs.find((h) => h.heir_id === 's')?.fraction).toBe('7/12');
    expect(r.baitulmal_sen).toBe(0);
    expect(r.executor_fee).toEqual({
      fee_sen: RM(4_800),
      provider_percent: 100,
      provider_bears_sen: RM(4_800),
      estate_pays_sen: 0,
    });
  });

  it('uses a given total (staff values) instead of the items', () => {
    const r = estateDistribution(base({ grossOverride: RM(120_000) }));
    expect(r.gross_source).toBe('given');
    expect(total(r, 'w')).toBe(RM(15_000));
  });

  it('leaves the residue to Baitulmal without a residuary heir', () => {
    const r = estateDistribution(base({ heirs: [heirs[0]] }));
    expect(total(r, 'w')).toBe(RM(60_000));
    expect(r.baitulmal_sen).toBe(RM(180_000));
  });
});

describe('estateDistribution: claims', () => {
  it('pays funeral, zakat and debts before the bequests and faraid (s.26(3))', () => {
    const r = estateDistribution(base({ funeral: RM(5_000), zakat: RM(2_000), debts: RM(13_000) }));
    expect(r.deductions.map((d) => [d.code, d.paid_sen])).toEqual([
      ['funeral', RM(5_000)],
      ['executor_fee', 0],
      ['zakat', RM(2_000)],
      ['debts', RM(13_000)],
    ]);
    expect(r.deductions.find((d) => d.code === 'debts')?.source).toContain('s.26(3)');
    expect(r.after_claims_sen).toBe(RM(220_000));
    expect(total(r, 'w')).toBe(RM(27_500));
    expect(balanced(r)).toBe(RM(220_000));
  });

  it('pays zakat before the debts to people when the estate is short, and reports what is unpaid', () => {
    const r = estateDistribution(base({ funeral: RM(10_000), zakat: RM(30_000), debts: RM(250_000) }));
    expect(r.deductions.find((d) => d.code === 'zakat')?.paid_sen).toBe(RM(30_000));
    expect(r.deductions.find((d) => d.code === 'debts')?.paid_sen).toBe(RM(200_000));
    expect(r.unpaid_sen).toBe(RM(50_000));
    expect(r.after_claims_sen).toBe(0);
    expect(r.heirs.every((h) => h.total_sen === 0)).toBe(true);
  });

  it('deducts the part of the executor fee the estate pays (spec §9: 80% above RM 1 million)', () => {
    const r = estateDistribution(base({ grossOverride: RM(1_500_000) }));
    expect(r.executor_fee.estate_pays_sen).toBe(RM(24_000));
    expect(r.deductions.find((d) => d.code === 'executor_fee')?.paid_sen).toBe(RM(24_000));
    expect(r.after_claims_sen).toBe(RM(1_476_000));
  });
});

describe('estateDistribution: bequests to non-heirs', () => {
  const mosque = (portion: string) => ({
    id: 'b1',
    beneficiary_name: 'Masjid Al-Falah',
    relationship: 'other',
    portion,
  });

  it('takes effect within one third without consent (s.26(1))', () => {
    const r = estateDistribution(base({ bequests: [mosque('1/4')] }));
    const b = r.bequests[0];
    expect(b).toMatchObject({ ref: 'bequest:b1', heir_id: null, reason: null, consent_sen: 0 });
    expect(b.effective_sen).toBe(RM(60_000));
    expect(r.faraid_base_sen).toBe(RM(180_000));
    expect(total(r, 'w')).toBe(RM(22_500));
    expect(balanced(r)).toBe(RM(240_000));
  });

  it('beyond one third: the third takes effect, the rest only with consent, borne by each consenting heir', () => {
    // 1/2 asked: 1/3 (RM 80,000) free, 1/6 (RM 40,000) needs consent; the son consents, the daughter refuses,
    // the wife has not decided.
    const r = estateDistribution(
      base({
        bequests: [mosque('1/2')],
        consents: [consent('bequest:b1', 's', 'consented'), consent('bequest:b1', 'd', 'refused')],
      }),
    );
    const b = r.bequests[0];
    expect(b.reason).toBe('beyond_third');
    expect(b.free_sen).toBe(RM(80_000));
    expect(b.consent_sen).toBe(RM(40_000));
    // The son's portion 7/12 of RM 40,000 takes effect.
    expect(b.portions.map((p) => [p.heir_id, p.status])).toEqual([
      ['w', 'awaiting'],
      ['s', 'consented'],
      ['d', 'refused'],
    ]);
    expect(b.effective_sen).toBe(RM(80_000) + 2_333_333);
    expect(b.awaiting_sen).toBe(RM(5_000));
    // The daughter's 7/24 of RM 40,000 is 11,666.66⅔: it takes the sen the floors leave (largest remainder).
    expect(b.refused_sen).toBe(1_166_667);
    // Faraid of RM 160,000; the son gives up his portion, the others keep theirs.
    expect(total(r, 'w')).toBe(RM(20_000));
    expect(total(r, 'd')).toBe(4_666_667);
    expect(total(r, 's')).toBe(9_333_333 - 2_333_333);
    expect(balanced(r)).toBe(RM(240_000));
  });

  it('reduces several bequests beyond one third in proportion', () => {
    const r = estateDistribution(
      base({
        bequests: [
          mosque('1/4'),
          { id: 'b2', beneficiary_name: 'Rumah Anak Yatim', relationship: 'other', portion: '1/4' },
        ],
      }),
    );
    expect(r.bequests.map((b) => b.free_sen)).toEqual([RM(40_000), RM(40_000)]);
    expect(r.bequests.map((b) => b.effective_sen)).toEqual([RM(40_000), RM(40_000)]);
  });
});

describe('estateDistribution: bequests to heirs (s.26(2))', () => {
  // A wasiat am of 1/10 to the daughter (RM 24,000): an heir, so it needs the others' consent.
  const toDaughter = [
    { id: 'b9', beneficiary_name: 'Siti', ic_number: '970101145512', relationship: 'son', portion: '1/10' },
  ];

  it('takes effect in full when every other heir consents', () => {
    const r = estateDistribution(
      base({
        bequests: toDaughter,
        consents: [consent('bequest:b9', 'w', 'consented'), consent('bequest:b9', 's', 'consented')],
      }),
    );
    const b = r.bequests[0];
    expect(b).toMatchObject({ reason: 'to_heir', heir_id: 'd', consent_sen: RM(24_000), effective_sen: RM(24_000) });
    expect(b.portions.find((p) => p.heir_id === 'd')?.status).toBe('beneficiary');
    // Faraid of RM 216,000 for everyone, and the bequest to the daughter.
    expect(total(r, 'w')).toBe(RM(27_000));
    expect(total(r, 's')).toBe(RM(126_000));
    expect(total(r, 'd')).toBe(RM(63_000) + RM(24_000));
    expect(balanced(r)).toBe(RM(240_000));
  });

  it('one heir refusing keeps his portion; the consenting wife bears hers only', () => {
    const r = estateDistribution(
      base({
        bequests: toDaughter,
        consents: [consent('bequest:b9', 'w', 'consented'), consent('bequest:b9', 's', 'refused')],
      }),
    );
    const b = r.bequests[0];
    // wife 1/8 + the daughter's own 7/24 of RM 24,000 = RM 10,000 take effect; the son's 7/12 (RM 14,000) does not.
    expect(b.effective_sen).toBe(RM(10_000));
    expect(b.refused_sen).toBe(RM(14_000));
    expect(total(r, 's')).toBe(RM(140_000));
    expect(total(r, 'w')).toBe(RM(27_000));
    expect(total(r, 'd')).toBe(RM(70_000) - RM(7_000) + RM(10_000));
    expect(balanced(r)).toBe(RM(240_000));
  });

  it('a minor heir cannot consent: his share stays whole even though the others consent', () => {
    const minorSon = heirs.map((h) => (h.id === 's' ? { ...h, ic_number: '150101145511', can_consent: false } : h));
    const r = estateDistribution(
      base({
        heirs: minorSon,
        bequests: toDaughter,
        consents: [consent('bequest:b9', 'w', 'consented'), consent('bequest:b9', 's', 'consented')],
      }),
    );
    expect(r.bequests[0].portions.find((p) => p.heir_id === 's')?.status).toBe('cannot_consent');
    expect(total(r, 's')).toBe(RM(140_000));
    expect(r.bequests[0].effective_sen).toBe(RM(10_000));
  });

  it("a share of a property above the heir's faraid share: the excess needs consent", () => {
    const r = estateDistribution(
      base({
        properties: [
          {
            id: 'house',
            kind: 'ImmoveableProperty',
            value_sen: RM(200_000),
            shares: [
              { receiver: { id: 'r1', name: 'Siti', ic_number: '970101145512', relationship: 'son' }, portion: '1/2' },
            ],
          },
        ],
      }),
    );
    const b = r.bequests[0];
    // 1/2 − 7/24 = 5/24 of RM 200,000; nobody has decided yet, so only the daughter's own 7/24 of it is hers.
    expect(b).toMatchObject({ ref: 'immoveable:house', reason: 'to_heir', portion: '5/24', effective_sen: 1_215_278 });
    expect(b.consent_sen).toBe(4_166_666);
    // The wife's 1/8 and the son's 7/12 of it (17/24) await their decision.
    expect(b.awaiting_sen).toBe(2_951_388);
    expect(total(r, 'd')).toBe(RM(70_000));
  });

  it("cannot divide without the deceased's sex, but still applies the claims", () => {
    const r = estateDistribution(base({ deceased: null, funeral: RM(1_000) }));
    expect(r.computable).toBe(false);
    expect(r.after_claims_sen).toBe(RM(239_000));
    expect(r.heirs.every((h) => h.total_sen === 0)).toBe(true);
  });
});

/** The identities of ADR 0282 on every line of a distribution. */
function expectWhole(r: EstateDistribution) {
  for (const b of r.bequests) {
    expect(b.portions.reduce((s, p) => s + p.sen, 0)).toBe(b.portions.length ? b.consent_sen : 0);
    const consented = b.portions.filter((p) => p.status === 'consented' || p.status === 'beneficiary');
    expect(b.effective_sen).toBe(b.free_sen + consented.reduce((s, p) => s + p.sen, 0));
    if (b.portions.length) expect(b.effective_sen - b.free_sen + b.awaiting_sen + b.refused_sen).toBe(b.consent_sen);
  }
  for (const h of r.heirs) expect(h.faraid_sen - h.borne_sen + h.bequests_sen).toBe(h.total_sen);
  expect(balanced(r) + (r.wajibah?.total_sen ?? 0)).toBe(r.after_claims_sen);
}

describe('estateDistribution: rounding to the sen (ADR 0282, largest remainder in two levels)', () => {
  const mosque = (portion: string) => ({
    id: 'b1',
    beneficiary_name: 'Masjid Al-Falah',
    relationship: 'other',
    portion,
  });
  it("a line's portions add up to the line: RM 40,000 needing consent over 1/8, 7/12, 7/24", () => {
    // Exact portions 5,000.00; 23,333.33⅓; 11,666.66⅔ — floored each on its own they make RM 39,999.99. The sen
    // left over goes to the largest remainder (the daughter's ⅔): 500,000 + 2,333,333 + 1,166,667 = 4,000,000.
    const r = estateDistribution(base({ bequests: [mosque('1/2')] }));
    const b = r.bequests[0];
    expect(b.consent_sen).toBe(RM(40_000));
    expect(b.portions.map((p) => p.sen)).toEqual([500_000, 2_333_333, 1_166_667]);
    expect(b.awaiting_sen).toBe(RM(40_000));
    expectWhole(r);
  });

  it("an heir's line adds up (faraid − borne + bequests) when the sen of a consented portion is rounded up", () => {
    // RM 2,400.01 after the claims; a wasiat am of 1/2 to a mosque: 1/3 free, 1/6 (400.00⅙) needs consent; all
    // consent. Every line adds up and the whole adds up to what remains after the claims.
    const r = estateDistribution(
      base({
        properties: [],
        extraAssets: [{ id: 'acct', value_sen: 240_001 }],
        bequests: [mosque('1/2')],
        consents: heirs.map((h) => consent('bequest:b1', h.id, 'consented')),
      }),
    );
    expect(r.after_claims_sen).toBe(240_001);
    // 1/6 of 2,400.01 is 400.00⅙: the part needing consent is rounded down to the sen.
    expect(r.bequests[0].consent_sen).toBe(40_000);
    expectWhole(r);
  });

  it('holds for awkward values, partial consents, a bequest to an heir and a residue to Baitulmal', () => {
    for (const value of [1, 7, 99, 1_000_003, 7_777_777]) {
      for (const hs of [heirs, [heirs[0], heirs[2]]]) {
        const r = estateDistribution(
          base({
            heirs: hs,
            properties: [],
            extraAssets: [{ id: 'acct', value_sen: value }],
            bequests: [
              mosque('5/12'),
              { id: 'b9', beneficiary_name: 'Siti', ic_number: '970101145512', relationship: 'son', portion: '1/7' },
            ],
            consents: [consent('bequest:b1', 's', 'consented'), consent('bequest:b9', 'w', 'consented')],
          }),
        );
        expectWhole(r);
      }
    }
  });
});
