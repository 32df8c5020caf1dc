import { describe, expect, it } from 'vitest';
import {
  calculateFaraid,
  checkBequests,
  formatFraction,
  formatShares,
  isBequestToHeir,
  testatorSex,
  willEstate,
  willHeirsToFaraid,
} from '../index.ts';

const heirs = [
  { relationship: 'wife', ic_number: '800101145552' },
  { relationship: 'sibling', ic_number: '800101145561' },
];

describe('bequests to heirs (Muslim Wills Enactment (Selangor) 1999 s.26(2))', () => {
  it('an heir is matched by MyKad or by a primary relationship', () => {
    expect(isBequestToHeir({ portion: '10%', ic_number: '800101145561' }, heirs)).toBe(true);
    expect(isBequestToHeir({ portion: '10%', relationship: 'son' }, heirs)).toBe(true);
    expect(isBequestToHeir({ portion: '10%', relationship: 'sibling', ic_number: '900101145561' }, heirs)).toBe(false);
    expect(isBequestToHeir({ portion: '10%' }, heirs)).toBe(false);
  });
  it('sums the portions to heirs apart from those to non-heirs', () => {
    const c = checkBequests([{ portion: '1/3' }, { portion: '50%', relationship: 'son' }], heirs);
    expect(formatFraction(c.nonHeirTotal)).toBe('1/3');
    expect(formatFraction(c.heirTotal)).toBe('1/2');
    expect(formatFraction(c.total)).toBe('5/6');
    expect(c.toHeir).toBe(true);
    expect(checkBequests([{ portion: '1/3' }], heirs).toHeir).toBe(false);
  });
});

describe('estate figures of a will', () => {
  it('is unknown without a value', () => {
    expect(willEstate({ propertyValues: [null, undefined] })).toMatchObject({ grossSen: null, executorFee: null });
  });
  it('sums property values; the estimate replaces the sum; claims, bequests and the executor fee', () => {
    const e = willEstate({
      propertyValues: [60_000_000, null, 40_000_000],
      funeral: 500_000,
      debts: 9_500_000,
      bequests: { num: 1n, den: 10n },
    });
    expect(e.propertySen).toBe(100_000_000);
    expect(e.grossSen).toBe(100_000_000);
    expect(e.net).toMatchObject({ afterClaims: 90_000_000, wasiat: 9_000_000, net: 81_000_000 });
    expect(e.bequestsSen).toBe(9_000_000);
    expect(e.executorFee).toMatchObject({ estate: 100_000_000, fee: 2_000_000, providerBears: 2_000_000 });
    const est = willEstate({ estimatedEstate: 200_000_001, propertyValues: [1] });
    expect(est.grossSen).toBe(200_000_001);
    expect(est.executorFee?.providerPercent).toBe(30);
  });
  it('caps the bequests at one third: no consent of the heirs is assumed (it is given only after the death)', () => {
    const half = { num: 1n, den: 2n };
    expect(willEstate({ estimatedEstate: 300, propertyValues: [], bequests: half }).net).toMatchObject({
      wasiat: 100,
      wasiatExcess: 50,
      net: 200,
    });
  });
  it('deducts the property given to non-heirs with the bequests', () => {
    const e = willEstate({
      estimatedEstate: 90_000_000,
      propertyValues: [],
      bequests: { num: 1n, den: 10n },
      propertyBequestsSen: 15_000_000,
    });
    expect(e.bequestsSen).toBe(24_000_000);
    expect(e.net).toMatchObject({ wasiat: 24_000_000, net: 66_000_000 });
  });
});

describe('heirs of a will → faraid heir keys', () => {
  it('maps spouses, children and siblings by MyKad, parents; skips the rest with a reason', () => {
    const m = willHeirsToFaraid('male', [
      { id: 'w', relationship: 'wife', ic_number: '800101145552' },
      { id: 's', relationship: 'son', ic_number: '100101145551' },
      { id: 'd', relationship: 'son', ic_number: '100101145552' },
      { id: 'x', relationship: 'son' },
      { id: 'f', relationship: 'father' },
      { id: 'm', relationship: 'mother' },
      { id: 'm2', relationship: 'mother' },
      { id: 'b', relationship: 'sibling', ic_number: '820101145553' },
      { id: 'h', relationship: 'husband' },
      { id: 'g', relationship: 'guardian' },
    ]);
    expect(m.counts).toEqual({ wife: 1, son: 1, daughter: 1, father: 1, mother: 1, full_brother: 1 });
    expect(m.skipped.map((s) => [s.heir.id, s.reason])).toEqual([
      ['x', 'gender_unknown'],
      ['m2', 'too_many'],
      ['h', 'spouse_sex'],
      ['g', 'not_mapped'],
    ]);
    const r = calculateFaraid({ deceased: 'male', heirs: m.counts });
    expect(formatShares(r.shares)).toMatchObject({ wife: '1/8', full_brother: '0' });
  });
  it('maps nothing without the testator’s sex', () => {
    expect(testatorSex({ gender: null, ic_number: '800101145552' })).toBe('female');
    expect(testatorSex({ gender: 1 })).toBe('male');
    expect(testatorSex(null)).toBeNull();
    const m = willHeirsToFaraid(null, [{ relationship: 'father' }]);
    expect(m.counts).toEqual({});
    expect(m.skipped[0].reason).toBe('testator_unknown');
  });
});
