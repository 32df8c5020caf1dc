import { describe, expect, it } from 'vitest';
import {
  BEQUEST_ERRORS,
  bequestRuleError,
  calculateFaraid,
  checkBequests,
  formatFraction,
  formatShares,
  isBequestToHeir,
  testatorSex,
  willBequestsError,
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
  it('a bequest to an heir needs consent; with consent it is allowed', () => {
    const b = { portion: '5%', relationship: 'mother' };
    expect(bequestRuleError(b, [], heirs, false)).toBe(BEQUEST_ERRORS.toHeirNeedsConsent);
    expect(bequestRuleError(b, [], heirs, true)).toBeNull();
  });
});

describe('one third to non-heirs (s.26(1); hadith of Sa`d b. Abi Waqqas)', () => {
  it('exactly one third is allowed, one third and a bit is not', () => {
    expect(bequestRuleError({ portion: '1/3' }, [], heirs, false)).toBeNull();
    expect(bequestRuleError({ portion: '1/6' }, [{ portion: '1/6' }], heirs, false)).toBeNull();
    expect(bequestRuleError({ portion: '33.3333%' }, [], heirs, false)).toBeNull();
    expect(bequestRuleError({ portion: '33.3334%' }, [], heirs, false)).toBe(BEQUEST_ERRORS.overThird);
    expect(bequestRuleError({ portion: '20%' }, [{ portion: '1/4' }], heirs, false)).toBe(BEQUEST_ERRORS.overThird);
    expect(bequestRuleError({ portion: '20%' }, [{ portion: '1/4' }], heirs, true)).toBeNull();
  });
  it('bequests to heirs do not count towards the non-heirs’ third', () => {
    const c = checkBequests([{ portion: '1/3' }, { portion: '50%', relationship: 'son' }], heirs);
    expect(formatFraction(c.nonHeirTotal)).toBe('1/3');
    expect(formatFraction(c.heirTotal)).toBe('1/2');
    expect(formatFraction(c.total)).toBe('5/6');
    expect(c).toMatchObject({ overThird: false, toHeir: true, needsConsent: true });
    expect(willBequestsError([{ portion: '1/3' }, { portion: '1%', relationship: 'son' }], heirs, false)).toBe(
      BEQUEST_ERRORS.toHeirNeedsConsent,
    );
    expect(willBequestsError([{ portion: '1/3' }, { portion: '1%' }], heirs, false)).toBe(BEQUEST_ERRORS.overThird);
    expect(willBequestsError([{ portion: '1/3' }], heirs, false)).toBeNull();
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
  it('caps the bequests at one third unless the heirs consent', () => {
    const half = { num: 1n, den: 2n };
    expect(willEstate({ estimatedEstate: 300, propertyValues: [], bequests: half }).net).toMatchObject({
      wasiat: 100,
      wasiatExcess: 50,
      net: 200,
    });
    expect(
      willEstate({ estimatedEstate: 300, propertyValues: [], bequests: half, heirsConsent: true }).net,
    ).toMatchObject({ wasiat: 150, net: 150 });
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
