/**
 * Harta sepencarian, ADR 0290 (issue 41 item 5, leftovers of ADR 0286): the executor fee is on the estate less the
 * spouse's portion (the portion is the spouse's, not the deceased's: Islamic Family Law (Federal Territories) Act
 * 1984 s. 122 and the states' same section), in every place that computes it; and a one-third refusal caused by a
 * declaration is told as such (Enakmen Wasiat Orang Islam (Selangor) 1999 s. 26(1)).
 */
import { describe, expect, it } from 'vitest';
import {
  declarationOneThirdProblem,
  estateDistribution,
  executorFeeBaseSen,
  ONE_THIRD_ERRORS,
  type OneThirdInput,
  type PropertyWithShares,
  willEstate,
} from '../index.ts';

const RM = (r: number) => r * 100;
const wife = { id: 'h-wife', name: 'Aminah', relationship: 'wife', ic_number: '800101145552' };
const son = { id: 'h-son', name: 'Ali', relationship: 'son', ic_number: '100101145551' };
const mosque = { id: 'r-mosque', name: 'Masjid Al-Falah', relationship: 'other' };
const prop = (
  id: string,
  value: number,
  bp: number | null,
  shares: PropertyWithShares['shares'] = [],
): PropertyWithShares => ({ id, kind: 'ImmoveableProperty', value_sen: value, sepencarian_bp: bp, shares });

describe('the executor fee base (spec §9, ADR 0011) excludes the harta sepencarian', () => {
  it('is the gross estate less the spouse portion, never below 0', () => {
    expect(executorFeeBaseSen(RM(600_000), RM(300_000))).toBe(RM(300_000));
    expect(executorFeeBaseSen(RM(600_000), null)).toBe(RM(600_000));
    expect(executorFeeBaseSen(RM(100), RM(500))).toBe(0);
  });

  it("the will's estate figures: RM 1,500,000 with RM 600,000 the wife's is a fee on RM 900,000 (the provider bears all)", () => {
    const e = willEstate({ propertyValues: [RM(1_500_000)], hartaSepencarian: RM(600_000) });
    expect(e.grossSen).toBe(RM(1_500_000));
    expect(e.executorFee).toEqual({
      estate: RM(900_000),
      fee: RM(18_000),
      providerPercent: 100,
      providerBears: RM(18_000),
      estatePays: 0,
    });
  });

  it('the estate file: the declared half of RM 1,200,000 land is not charged; the estate pays nothing of the fee', () => {
    const r = estateDistribution({
      deceased: 'male',
      heirs: [
        { ...wife, can_consent: true },
        { ...son, can_consent: true },
      ],
      properties: [prop('land', RM(1_200_000), 5000)],
      bequests: [],
      extraAssets: [],
      funeral: 0,
      zakat: 0,
      debts: 0,
      consents: [],
    });
    // 2% of RM 600,000 (the deceased's half), within the first band: the provider bears it all.
    expect(r.executor_fee).toEqual({
      fee_sen: RM(12_000),
      provider_percent: 100,
      provider_bears_sen: RM(12_000),
      estate_pays_sen: 0,
    });
    expect(r.after_claims_sen).toBe(RM(600_000));
  });
});

describe('a one-third refusal caused by a declaration (declarationOneThirdProblem)', () => {
  // RM 600,000 land (to the son by faraid) and a RM 200,000 account, half of it to a mosque (RM 100,000).
  const will = (landBp: number | null, accountShare = '1/2', bequests: OneThirdInput['bequests'] = []) => ({
    deceased: 'male' as const,
    heirs: [wife, son],
    bequests,
    properties: [
      prop('land', RM(600_000), landBp),
      prop('account', RM(200_000), null, [{ receiver: mosque, portion: accountShare }]),
    ],
  });

  it('declaring the whole land as the wife’s leaves a net estate of RM 200,000: the declaration is the cause', () => {
    const expected = {
      key: ONE_THIRD_ERRORS.exceededSepencarian,
      params: {
        sepencarian: 'RM 600,000.00',
        total: 'RM 100,000.00',
        third: 'RM 66,666.66',
        net: 'RM 200,000.00',
      },
    };
    expect(declarationOneThirdProblem(will(10_000), 'land', null)).toEqual(expected);
    // Raised from 80% (net RM 320,000, within) to 100%: the raise is the cause.
    expect(declarationOneThirdProblem(will(10_000), 'land', 8000)).toEqual(expected);
    // 80% itself is within: no refusal.
    expect(declarationOneThirdProblem(will(8000), 'land', null)).toBeNull();
  });

  it('is null when the will is over one third with the declaration as before too', () => {
    expect(
      declarationOneThirdProblem(will(10_000, '1/1', [{ portion: '1/3', beneficiary_name: 'X' }]), 'land', 8000),
    ).toBeNull();
  });

  it('withdrawing a declaration that kept the bequests within one third is told as such', () => {
    // Half the land the wife's, half of the testator's part (RM 150,000) to the mosque: within RM 166,666.66.
    const declared = {
      deceased: 'male' as const,
      heirs: [wife, son],
      bequests: [],
      properties: [
        prop('land', RM(600_000), 5000, [{ receiver: mosque, portion: '1/2' }]),
        prop('acc', RM(200_000), null),
      ],
    };
    expect(declarationOneThirdProblem(declared, 'land', null)).toBeNull();
    const cleared = {
      ...declared,
      properties: [{ ...declared.properties[0], sepencarian_bp: null }, declared.properties[1]],
    };
    expect(declarationOneThirdProblem(cleared, 'land', 5000)).toEqual({
      key: ONE_THIRD_ERRORS.exceededSepencarianCleared,
      params: { sepencarian: 'RM 0.00', total: 'RM 300,000.00', third: 'RM 266,666.66', net: 'RM 800,000.00' },
    });
  });
});
