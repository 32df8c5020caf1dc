/**
 * The executor fee (spec §9; ADR docs/decisions/0011-executor-fee-tiers.md): 2% of the estate. The
 * provider bears a part of that fee set by the band the whole estate falls in: 100% for an estate up to
 * RM 1,000,000.00; 20% above that up to RM 2,000,000.00; 30% above RM 2,000,000.00. The band applies to
 * the whole fee (not marginally, band by band). The rest is paid from the estate.
 * Rounding: the fee and the provider's part are rounded half up to the sen; the estate pays the fee
 * less the provider's part, so the two add up to the fee exactly.
 *
 * The estate the fee is on ({@link executorFeeBaseSen}; ADR 0290): the gross estate less the harta sepencarian
 * deducted for the spouse. The spouse's portion of jointly acquired property is the spouse's, not the deceased's
 * (Islamic Family Law (Federal Territories) Act 1984 (Act 303) ss. 2, 122 and the states' s. 122; claimed after a
 * death in the Syariah High Court, Administration of Islamic Law (Federal Territories) Act 1993 s. 46(2)(b)(iv);
 * ADR 0286), so the executor does not administer it and charges nothing on it.
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

/**
 * The estate the executor fee is on, in sen: the gross estate `grossSen` (the testator's estimate of the whole, else
 * the sum of the property values) less the harta sepencarian deducted for the spouse `hartaSepencarianSen` (the
 * declared properties' spouse portions, else the will's single amount: harta-sepencarian.ts `willSepencarian`),
 * never below 0. The one place every fee figure takes its base from (the will's estate figures `willEstate`, the
 * wizard's preview, the will PDF, the estate file's `claimsOf`; ADR 0290). Source: see the module comment
 * (Act 303 s. 122: the spouse's portion is not part of the deceased's estate).
 */
export function executorFeeBaseSen(grossSen: number, hartaSepencarianSen?: number | null): number {
  return Math.max(0, grossSen - Math.max(0, hartaSepencarianSen ?? 0));
}

/**
 * The executor fee for an estate of `estate` sen (the base: {@link executorFeeBaseSen}); RangeError when `estate`
 * is not a whole, non-negative number of sen.
 */
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
