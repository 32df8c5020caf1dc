import { describe, expect, it } from 'vitest';
import { allocateSen, executorFee, fraction, netEstate } from '../index.ts';

describe('executor fee (spec §9, ADR 0011)', () => {
  it('the provider bears all of the 2% fee up to RM 1,000,000.00', () => {
    expect(executorFee(100_000_000)).toEqual({
      estate: 100_000_000,
      fee: 2_000_000,
      providerPercent: 100,
      providerBears: 2_000_000,
      estatePays: 0,
    });
  });
  it('20% of it from RM 1,000,000.01', () => {
    expect(executorFee(100_000_001)).toEqual({
      estate: 100_000_001,
      fee: 2_000_000,
      providerPercent: 20,
      providerBears: 400_000,
      estatePays: 1_600_000,
    });
  });
  it('20% of it up to RM 2,000,000.00', () => {
    expect(executorFee(200_000_000)).toMatchObject({
      fee: 4_000_000,
      providerPercent: 20,
      providerBears: 800_000,
      estatePays: 3_200_000,
    });
  });
  it('30% of it from RM 2,000,000.01', () => {
    expect(executorFee(200_000_001)).toMatchObject({
      fee: 4_000_000,
      providerPercent: 30,
      providerBears: 1_200_000,
      estatePays: 2_800_000,
    });
  });
  it('rounds the fee half up to the sen; the parts add up to the fee', () => {
    expect(executorFee(25).fee).toBe(1); // 0.5 sen → 1
    expect(executorFee(24).fee).toBe(0);
    const f = executorFee(123_456_789);
    expect(f.providerBears + f.estatePays).toBe(f.fee);
  });
});

describe('deductions before faraid', () => {
  it('funeral, debts, harta sepencarian, then the wasiat capped at one third of the rest', () => {
    expect(netEstate(10_001, { debts: 1_001, wasiat: 3_000 })).toMatchObject({
      afterClaims: 9_000,
      wasiat: 3_000,
      net: 6_000,
    });
    const r = netEstate(100_000, { funeral: 1_000, debts: 9_000, hartaSepencarian: 30_000, wasiat: 50_000 });
    expect(r).toMatchObject({
      afterClaims: 60_000,
      wasiatCap: 20_000,
      wasiat: 20_000,
      wasiatExcess: 30_000,
      net: 40_000,
    });
  });
  it('with the heirs consenting, the wasiat above one third is deducted', () => {
    expect(netEstate(90_000, { wasiat: 50_000, heirsConsent: true })).toMatchObject({
      wasiat: 50_000,
      wasiatExcess: 0,
      net: 40_000,
    });
  });
  it('debts beyond the estate leave nothing and are reported unpaid', () => {
    expect(netEstate(5_000, { funeral: 1_000, debts: 10_000 })).toMatchObject({ debts: 4_000, unpaid: 6_000, net: 0 });
  });
});

describe('amounts in sen', () => {
  it('floors each share and gives the leftover sen to the largest remainders, then by order', () => {
    const third = fraction(1n, 3n);
    expect(
      allocateSen(100, [
        ['a', third],
        ['b', third],
        ['c', third],
      ]),
    ).toEqual({ a: 34, b: 33, c: 33 });
    expect(
      allocateSen(100, [
        ['a', fraction(1n, 6n)],
        ['b', fraction(5n, 6n)],
      ]),
    ).toEqual({ a: 17, b: 83 });
  });
});

describe('faraid messages', () => {
  it('every rule, heir key and error has a Malay and an English text', async () => {
    const { FARAID_RULES, HEIR_KEYS, UNCERTAIN_HEIR_KEYS, FARAID_ERRORS, translate } = await import('../index.ts');
    const keys = [
      ...FARAID_RULES.map((r) => `faraid.rules.${r}`),
      ...[...HEIR_KEYS, ...UNCERTAIN_HEIR_KEYS, 'baitulmal'].map((k) => `faraid.heirs.${k}`),
      ...Object.values(FARAID_ERRORS),
    ];
    for (const lang of ['ms', 'en'] as const)
      for (const k of keys) expect(translate(k, lang), `${lang} ${k}`).not.toBe(k);
  });
});
