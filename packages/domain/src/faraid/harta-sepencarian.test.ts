/**
 * Harta sepencarian declared property by property (issue 41 item 5; ADR 0286): the spouse's portion is outside
 * the estate (Islamic Family Law (Federal Territories) Act 1984 s. 122; the states' same section), so it comes out
 * before the one-third rule (Enakmen Wasiat Orang Islam (Selangor) 1999 s. 26(1), (3)) and faraid; the declared
 * portions replace the will's single amount; a share of a declared property is a share of the testator's part.
 */
import { describe, expect, it } from 'vitest';
import {
  estateDistribution,
  formatBasisPoints,
  formatFraction,
  ONE_THIRD_ERRORS,
  oneThird,
  oneThirdProblem,
  type PropertyWithShares,
  percentToBasisPoints,
  SEPENCARIAN_ERRORS,
  spouseHeirProblem,
  spousePortionSen,
  testatorValueSen,
  willImmoveableFieldsSchema,
  willMoveablePatchSchema,
  willSepencarian,
} from '../index.ts';

const RM = (r: number) => r * 100;
const wife = { id: 'h-wife', name: 'Aminah', relationship: 'wife', ic_number: '800101145552' };
const son = { id: 'h-son', name: 'Ali', relationship: 'son', ic_number: '100101145551' };
const mosque = { id: 'r-mosque', name: 'Masjid Al-Falah', relationship: 'other' };

const land = (value: number, bp: number | null, shares: PropertyWithShares['shares'] = []): PropertyWithShares => ({
  id: 'land',
  kind: 'ImmoveableProperty',
  value_sen: value,
  sepencarian_bp: bp,
  shares,
});

describe('the spouse portion of one property', () => {
  it('is value × basis points / 10,000, rounded down to the sen', () => {
    expect(spousePortionSen({ value_sen: RM(600_000), sepencarian_bp: 5000 })).toBe(RM(300_000));
    // one third of RM 1,000.00 at 33.33%: 33,330 sen exactly; at 33.34%, 33,340
    expect(spousePortionSen({ value_sen: 100_000, sepencarian_bp: 3333 })).toBe(33_330);
    // RM 0.99 at 50%: 49.5 sen → 49
    expect(spousePortionSen({ value_sen: 99, sepencarian_bp: 5000 })).toBe(49);
    expect(spousePortionSen({ value_sen: RM(1_000), sepencarian_bp: null })).toBe(0);
    expect(spousePortionSen({ value_sen: null, sepencarian_bp: 5000 })).toBe(0);
    expect(testatorValueSen({ value_sen: 99, sepencarian_bp: 5000 })).toBe(50);
    expect(testatorValueSen({ value_sen: null, sepencarian_bp: 5000 })).toBeNull();
  });

  it('prints and reads percentages as basis points', () => {
    expect(formatBasisPoints(5000)).toBe('50%');
    expect(formatBasisPoints(3333)).toBe('33.33%');
    expect(formatBasisPoints(1)).toBe('0.01%');
    expect(percentToBasisPoints('50')).toBe(5000);
    expect(percentToBasisPoints('12,5')).toBe(1250);
    expect(percentToBasisPoints('33.33%')).toBe(3333);
    expect(percentToBasisPoints('1.234')).toBeNull();
    expect(percentToBasisPoints('abc')).toBeNull();
  });
});

describe('the harta sepencarian of a will', () => {
  it('sums the declared properties, replacing the single amount; the single amount stands while none is declared', () => {
    const car = { value_sen: RM(80_000), sepencarian_bp: 2500 };
    expect(willSepencarian(RM(50_000), [land(RM(600_000), 5000), car])).toEqual({
      sen: RM(320_000),
      source: 'properties',
    });
    expect(willSepencarian(RM(50_000), [land(RM(600_000), null)])).toEqual({ sen: RM(50_000), source: 'amount' });
    expect(willSepencarian(null, [land(RM(600_000), null)])).toEqual({ sen: null, source: null });
  });
});

describe('the one-third rule after the spouse portion (s. 26(1), (3))', () => {
  it("RM 600,000 land, half the wife's: net RM 300,000; half of the testator's part (RM 150,000) to a mosque is over RM 100,000", () => {
    const r = oneThird({
      deceased: 'male',
      heirs: [wife, son],
      bequests: [],
      properties: [land(RM(600_000), 5000, [{ receiver: mosque, portion: '1/2' }])],
    });
    expect(r).toMatchObject({ grossSen: RM(600_000), sepencarianSen: RM(300_000), netSen: RM(300_000) });
    expect(formatFraction(r.propertySen)).toBe(String(RM(150_000)));
    expect(r.over).toBe(true);
    expect(oneThirdProblem(r)).toEqual({
      key: ONE_THIRD_ERRORS.exceeded,
      params: { total: 'RM 150,000.00', third: 'RM 100,000.00', net: 'RM 300,000.00' },
    });
    // Without the declaration the same half (RM 300,000) is over RM 200,000 too; one third of the own part is not.
    const third = oneThird({
      deceased: 'male',
      heirs: [wife, son],
      bequests: [],
      properties: [land(RM(600_000), 5000, [{ receiver: mosque, portion: '1/3' }])],
    });
    expect(third.over).toBe(false);
    expect(formatFraction(third.propertySen)).toBe(String(RM(100_000)));
  });

  it('the declared portion replaces the single amount in the net estate', () => {
    const input = {
      deceased: 'male' as const,
      heirs: [wife, son],
      bequests: [{ beneficiary_name: 'Masjid', portion: '1/3' }],
      estimatedEstate: RM(900_000),
      hartaSepencarian: RM(10_000),
    };
    expect(oneThird({ ...input, properties: [land(RM(600_000), null)] }).netSen).toBe(RM(890_000));
    expect(oneThird({ ...input, properties: [land(RM(600_000), 2500)] }).netSen).toBe(RM(750_000));
  });
});

describe('the estate distribution after the spouse portion', () => {
  it('deducts the declared portion before the bequests and faraid, citing s.122', () => {
    // A man leaves a wife and a son; RM 600,000 land, 50% the wife's; 1/10 to a mosque.
    const heirs = [
      { ...wife, can_consent: true },
      { ...son, can_consent: true },
    ];
    const r = estateDistribution({
      deceased: 'male',
      heirs,
      properties: [land(RM(600_000), 5000)],
      bequests: [{ id: 'b', beneficiary_name: 'Masjid', relationship: 'other', portion: '1/10' }],
      extraAssets: [],
      funeral: 0,
      zakat: 0,
      debts: 0,
      hartaSepencarian: RM(1_000), // the single amount: replaced by the declaration
      consents: [],
    });
    const line = r.deductions.find((d) => d.code === 'harta_sepencarian');
    expect(line).toMatchObject({ asked_sen: RM(300_000), paid_sen: RM(300_000) });
    expect(line?.source).toContain('s.122');
    // The executor fee (2% of RM 600,000, borne by the provider at this band) is not charged to the estate.
    expect(r.after_claims_sen).toBe(RM(300_000));
    expect(r.bequests[0].effective_sen).toBe(RM(30_000));
    // Wife 1/8, son the rest, of RM 270,000.
    expect(r.heirs.find((h) => h.heir_id === 'h-wife')?.total_sen).toBe(RM(33_750));
    expect(r.heirs.find((h) => h.heir_id === 'h-son')?.total_sen).toBe(RM(236_250));
  });
});

describe('the declaration fields (422 naming the field)', () => {
  const body = {
    category: 'land',
    property_type: 'geran',
    property_no: '123',
    lot_number: '45',
    city: 'Shah Alam',
    district: 'Petaling',
    state: 'Selangor',
    address: 'Lot 45',
    value_sen: RM(600_000),
    value_estimated_on: '2026-01-15',
  };
  const errorsOf = (v: unknown) => {
    const r = willImmoveableFieldsSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
  };

  it('refuses a portion of 0 or over 100%, and a declaration without basis, note or spouse', () => {
    const ok = {
      ...body,
      harta_sepencarian: true,
      sepencarian_spouse_name: 'Aminah',
      sepencarian_bp: 5000,
      sepencarian_basis: 'agreed',
      sepencarian_basis_note: 'Dibeli bersama, bayaran ansuran dikongsi',
    };
    expect(errorsOf(ok)).toEqual({});
    expect(errorsOf({ ...ok, sepencarian_bp: 0 })).toEqual({ sepencarian_bp: SEPENCARIAN_ERRORS.percentInvalid });
    expect(errorsOf({ ...ok, sepencarian_bp: 10_001 })).toEqual({ sepencarian_bp: SEPENCARIAN_ERRORS.percentInvalid });
    expect(errorsOf({ ...ok, sepencarian_bp: 10_000 })).toEqual({});
    expect(errorsOf({ ...ok, sepencarian_basis: undefined })).toEqual({
      sepencarian_basis: SEPENCARIAN_ERRORS.basisRequired,
    });
    expect(errorsOf({ ...ok, sepencarian_basis_note: '' })).toEqual({
      sepencarian_basis_note: SEPENCARIAN_ERRORS.basisNoteRequired,
    });
    expect(errorsOf({ ...ok, sepencarian_spouse_name: undefined })).toEqual({
      sepencarian_spouse_name: SEPENCARIAN_ERRORS.spouseRequired,
    });
    expect(errorsOf({ ...ok, sepencarian_spouse_name: undefined, sepencarian_spouse_heir_id: 'h-wife' })).toEqual({});
    // Any declaration field sent declares it: the rest are asked for.
    expect(Object.keys(errorsOf({ ...body, sepencarian_bp: 5000 })).sort()).toEqual([
      'sepencarian_basis',
      'sepencarian_basis_note',
      'sepencarian_spouse_name',
    ]);
  });

  it('clears the declaration with harta_sepencarian: false, and leaves it untouched when nothing is sent', () => {
    const cleared = willImmoveableFieldsSchema.parse({ ...body, harta_sepencarian: false, sepencarian_bp: 5000 });
    expect(cleared).toMatchObject({ sepencarian_bp: null, sepencarian_basis: null, sepencarian_spouse_name: null });
    expect('harta_sepencarian' in cleared).toBe(false);
    const untouched = willMoveablePatchSchema.parse({
      property_type: 'bank',
      institution_name: 'Bank Rakyat',
      account_number: '1234',
    });
    expect('sepencarian_bp' in untouched).toBe(false);
  });
});

describe('who may be named as the spouse (spouseHeirProblem)', () => {
  it("takes a man's wife and a woman's husband, and either when the gender is not recorded", () => {
    expect(spouseHeirProblem('wife', 1)).toBeNull();
    expect(spouseHeirProblem('husband', 2)).toBeNull();
    expect(spouseHeirProblem('husband', null)).toBeNull();
    expect(spouseHeirProblem('wife', undefined)).toBeNull();
  });
  it('refuses an heir who is no spouse, and a spouse of the wrong kind for the testator, with the message keys', () => {
    expect(spouseHeirProblem('son', 1)).toBe(SEPENCARIAN_ERRORS.spouseHeirInvalid);
    expect(spouseHeirProblem(null, null)).toBe(SEPENCARIAN_ERRORS.spouseHeirInvalid);
    expect(spouseHeirProblem('husband', 1)).toBe(SEPENCARIAN_ERRORS.spouseHeirGender);
    expect(spouseHeirProblem('wife', 2)).toBe(SEPENCARIAN_ERRORS.spouseHeirGender);
  });
});
