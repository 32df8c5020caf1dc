/**
 * The executor fee (spec §9; ADR docs/decisions/0011-executor-fee-tiers.md): 2% of the estate. The
 * provider bears a part of that fee set by the band the whole estate falls in: 100% for an estate up to
 * RM 1,000,000.00; 20% above that up to RM 2,000,000.00; 30% above RM 2,000,000.00. The band applies to
 * the whole fee (not marginally, band by band). The rest is paid from the estate.
 * Rounding: the fee and the provider's part are rounded half up to the sen; the estate pays the fee
 * less the provider's part, so the two add up to the fee exactly.
 */

/** RM 1,000,000.00 and RM 2,000,000.00 in sen. */
export const EXECUTOR_FEE_BAND_1_MAX = 100_000_000;
export const EXECUTOR_FEE_BAND_2_MAX = 200_000_000;
/** 2% of the estate. */
export const EXECUTOR_FEE_PERCENT = 2;

export interface ExecutorFee {
  estate: number;
  /** 2% of the estate, in sen. */
  fee: number;
  /** The provider's share of the fee, in percent (100, 20 or 30). */
  providerPercent: 100 | 20 | 30;
  /** The part of the fee the provider bears, in sen. */
  providerBears: number;
  /** The part of the fee paid from the estate, in sen. */
  estatePays: number;
}

const roundHalfUp = (num: bigint, den: bigint) => (num * 2n + den) / (den * 2n);

/** The executor fee for an estate of `estate` sen. */
export function executorFee(estate: number): ExecutorFee {
  if (!Number.isSafeInteger(estate) || estate < 0) throw new RangeError('estate must be whole sen, not negative');
  const fee = roundHalfUp(BigInt(estate) * BigInt(EXECUTOR_FEE_PERCENT), 100n);
  const providerPercent: 100 | 20 | 30 =
    estate <= EXECUTOR_FEE_BAND_1_MAX ? 100 : estate <= EXECUTOR_FEE_BAND_2_MAX ? 20 : 30;
  const providerBears = roundHalfUp(fee * BigInt(providerPercent), 100n);
  return {
    estate,
    fee: Number(fee),
    providerPercent,
    providerBears: Number(providerBears),
    estatePays: Number(fee - providerBears),
  };
}
