import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addFractions,
  allocateSen,
  calculateFaraid,
  checkHeirs,
  type FaraidPolicy,
  formatShares,
  HEIR_KEYS,
  type HeirCounts,
  type HeirKey,
  type Sex,
} from '../index.ts';

const shares = (deceased: Sex, heirs: HeirCounts, policy: FaraidPolicy = 'baitulmal') =>
  formatShares(calculateFaraid({ deceased, heirs, policy }).shares);

describe("al-'Umariyyatan", () => {
  it('husband, mother, father: the mother takes 1/3 of the rest (1/6)', () => {
    expect(shares('female', { husband: 1, mother: 1, father: 1 })).toEqual({
      husband: '1/2',
      mother: '1/6',
      father: '1/3',
    });
  });
  it('wife, mother, father: the mother takes 1/3 of the rest (1/4)', () => {
    expect(shares('male', { wife: 1, mother: 1, father: 1 })).toEqual({ wife: '1/4', mother: '1/4', father: '1/2' });
  });
  it('with the grandfather instead of the father, the mother takes 1/3 of the whole', () => {
    expect(shares('female', { husband: 1, mother: 1, paternal_grandfather: 1 })).toEqual({
      husband: '1/2',
      mother: '1/3',
      paternal_grandfather: '1/6',
    });
  });
});

describe('al-Musytarakah', () => {
  it('full brothers share the uterine third per head', () => {
    expect(shares('female', { husband: 1, mother: 1, maternal_half_brother: 2, full_brother: 1 })).toEqual({
      husband: '1/2',
      mother: '1/6',
      maternal_half_brother: '2/9',
      full_brother: '1/9',
    });
  });
  it('does not arise with one uterine sibling (the full brother takes the residue)', () => {
    expect(shares('female', { husband: 1, mother: 1, maternal_half_brother: 1, full_brother: 1 })).toEqual({
      husband: '1/2',
      mother: '1/6',
      maternal_half_brother: '1/6',
      full_brother: '1/6',
    });
  });
});

describe('the grandfather with siblings (Zayd)', () => {
  it('muqasamah: the grandfather shares as a brother', () => {
    expect(shares('male', { paternal_grandfather: 1, full_brother: 1 })).toEqual({
      paternal_grandfather: '1/2',
      full_brother: '1/2',
    });
  });
  it('one third of the whole when sharing gives less', () => {
    expect(shares('male', { paternal_grandfather: 1, full_brother: 3 })).toEqual({
      paternal_grandfather: '1/3',
      full_brother: '2/3',
    });
  });
  it("mu'addah: paternal brothers count against the grandfather, then the full brother takes their part", () => {
    expect(shares('male', { paternal_grandfather: 1, full_brother: 1, paternal_half_brother: 1 })).toEqual({
      paternal_grandfather: '1/3',
      full_brother: '2/3',
      paternal_half_brother: '0',
    });
  });
  it('1/6 of the whole when the fixed heirs leave little', () => {
    expect(shares('male', { wife: 1, daughter: 2, mother: 1, paternal_grandfather: 1, full_brother: 1 })).toMatchObject(
      {
        paternal_grandfather: '4/27',
        full_brother: '0',
      },
    );
  });
  it('al-Akdariyyah: husband 1/3, mother 2/9, grandfather 8/27, sister 4/27', () => {
    expect(shares('female', { husband: 1, mother: 1, paternal_grandfather: 1, full_sister: 1 })).toEqual({
      husband: '1/3',
      mother: '2/9',
      paternal_grandfather: '8/27',
      full_sister: '4/27',
    });
  });
  it('excludes uterine siblings and the nephews', () => {
    const r = calculateFaraid({
      deceased: 'male',
      heirs: { paternal_grandfather: 1, maternal_half_sister: 1, full_nephew: 1 },
    });
    expect(r.blocked).toEqual({
      maternal_half_sister: ['paternal_grandfather'],
      full_nephew: ['paternal_grandfather'],
    });
  });
});

describe("'awl, radd and Baitulmal", () => {
  it("al-Minbariyyah: 'awl from 24 to 27", () => {
    expect(shares('male', { wife: 1, daughter: 2, father: 1, mother: 1 })).toEqual({
      wife: '1/9',
      daughter: '16/27',
      father: '4/27',
      mother: '4/27',
    });
  });
  it('a daughter alone: 1/2, the rest to Baitulmal, or all to her by radd', () => {
    expect(shares('male', { daughter: 1 })).toEqual({ daughter: '1/2', baitulmal: '1/2' });
    expect(shares('male', { daughter: 1 }, 'radd')).toEqual({ daughter: '1' });
  });
  it('radd does not reach a spouse beside other fixed heirs; a sole spouse takes all', () => {
    expect(shares('male', { wife: 1, mother: 1 }, 'radd')).toEqual({ wife: '1/4', mother: '3/4' });
    expect(shares('female', { husband: 1 }, 'radd')).toEqual({ husband: '1' });
    expect(shares('female', { husband: 1 })).toEqual({ husband: '1/2', baitulmal: '1/2' });
  });
  it("a daughter's son (distant kindred) takes nothing while Baitulmal takes the residue", () => {
    expect(shares('male', { wife: 1, daughters_son: 1 })).toEqual({
      wife: '1/4',
      daughters_son: '0',
      baitulmal: '3/4',
    });
    expect(shares('male', { wife: 1, daughters_son: 1 }, 'radd')).toEqual({ wife: '1/4', daughters_son: '3/4' });
  });
  it('no heir at all: Baitulmal takes everything', () => {
    expect(shares('male', {})).toEqual({ baitulmal: '1' });
  });
});

describe('descendants and sisters', () => {
  it("a son's daughter completes two thirds beside one daughter", () => {
    expect(shares('male', { daughter: 1, sons_daughter: 1, full_sister: 1 })).toEqual({
      daughter: '1/2',
      sons_daughter: '1/6',
      full_sister: '1/3',
    });
  });
  it("a lower son's son takes along a son's daughter left without a share", () => {
    expect(shares('male', { daughter: 2, sons_daughter: 1, sons_sons_son: 1 })).toEqual({
      daughter: '2/3',
      sons_daughter: '1/9',
      sons_sons_son: '2/9',
    });
  });
  it('two full sisters exclude the paternal sister; a paternal brother brings her back', () => {
    expect(shares('male', { full_sister: 2, paternal_half_sister: 1 })).toEqual({
      full_sister: '2/3',
      paternal_half_sister: '0',
      baitulmal: '1/3',
    });
    expect(shares('male', { full_sister: 2, paternal_half_sister: 1, paternal_half_brother: 1 })).toEqual({
      full_sister: '2/3',
      paternal_half_sister: '1/9',
      paternal_half_brother: '2/9',
    });
  });
});

describe('uncertain heirs (reservation)', () => {
  it('an unborn child: the least share now, the rest held back', () => {
    const r = calculateFaraid({ deceased: 'male', heirs: { wife: 1, father: 1, unborn_child: 1 } });
    expect(formatShares(r.shares)).toEqual({ wife: '1/8', father: '1/6', unborn_child: '0' });
    expect(r.reserved).toEqual({ num: 17n, den: 24n });
  });
});

describe('heir set checks', () => {
  it('names the field of an unknown key or an impossible set', () => {
    expect(checkHeirs('male', { nephew: 1 })).toEqual([{ field: 'nephew', message: 'faraid.errors.unknown_heir' }]);
    expect(checkHeirs('male', { husband: 1 })).toEqual([{ field: 'husband', message: 'faraid.errors.spouse_sex' }]);
    expect(checkHeirs('female', { husband: 2 })).toEqual([{ field: 'husband', message: 'faraid.errors.at_most_one' }]);
    expect(checkHeirs('male', { wife: 5 })).toEqual([{ field: 'wife', message: 'faraid.errors.wives_max' }]);
    expect(checkHeirs('male', { son: 1.5 })).toEqual([{ field: 'son', message: 'faraid.errors.count' }]);
    expect(checkHeirs('male', { wife: 4, son: 3 })).toEqual([]);
  });
});

/** Random valid heir sets. */
const heirSet = fc
  .record({
    deceased: fc.constantFrom<Sex>('male', 'female'),
    picks: fc.dictionary(fc.constantFrom(...HEIR_KEYS), fc.integer({ min: 1, max: 4 }), { maxKeys: 8 }),
    policy: fc.constantFrom<FaraidPolicy>('radd', 'baitulmal'),
  })
  .map(({ deceased, picks, policy }) => {
    const heirs: HeirCounts = { ...picks };
    delete heirs[deceased === 'male' ? 'husband' : 'wife'];
    for (const k of [
      'husband',
      'father',
      'mother',
      'paternal_grandfather',
      'paternal_great_grandfather',
    ] as HeirKey[]) {
      if (heirs[k]) heirs[k] = 1;
    }
    return { deceased, heirs, policy };
  });

/** Heir sets at the top of checkHeirs' range (up to 99 of a kind, four wives): the working's exact numbers. */
const largeHeirSet = fc
  .record({
    deceased: fc.constantFrom<Sex>('male', 'female'),
    picks: fc.dictionary(fc.constantFrom(...HEIR_KEYS), fc.integer({ min: 50, max: 99 }), { minKeys: 1 }),
    policy: fc.constantFrom<FaraidPolicy>('radd', 'baitulmal'),
  })
  .map(({ deceased, picks, policy }) => {
    const heirs: HeirCounts = { ...picks };
    delete heirs[deceased === 'male' ? 'husband' : 'wife'];
    if (heirs.wife) heirs.wife = 4;
    for (const k of ['husband', 'father', 'mother', 'paternal_grandfather', 'paternal_great_grandfather'] as HeirKey[])
      if (heirs[k]) heirs[k] = 1;
    return { deceased, heirs, policy };
  });

describe('exact arithmetic in range (ADR 0144)', () => {
  it('every valid heir set, up to 99 of each heir, is solved exactly (no RangeError) and adds up to the whole', () => {
    const all: HeirCounts = Object.fromEntries(HEIR_KEYS.map((k) => [k, 99]));
    for (const deceased of ['male', 'female'] as const)
      for (const policy of ['radd', 'baitulmal'] as const) {
        const heirs: HeirCounts = {
          ...all,
          husband: 1,
          father: 1,
          mother: 1,
          paternal_grandfather: 1,
          paternal_great_grandfather: 1,
          wife: 4,
        };
        delete heirs[deceased === 'male' ? 'husband' : 'wife'];
        expect(checkHeirs(deceased, heirs)).toEqual([]);
        const r = calculateFaraid({ deceased, heirs, policy });
        expect(addFractions(Object.values(r.shares).filter((f) => f !== undefined))).toEqual({ num: 1n, den: 1n });
      }
    fc.assert(
      fc.property(largeHeirSet, (input) => {
        expect(checkHeirs(input.deceased, input.heirs)).toEqual([]);
        const r = calculateFaraid(input);
        const total = addFractions(Object.values(r.shares).filter((f) => f !== undefined));
        expect(total).toEqual({ num: 1n, den: 1n });
      }),
      { numRuns: 500 },
    );
  }, 30_000);
});

describe('properties', () => {
  it('the shares (with Baitulmal) always add up to the whole', () => {
    fc.assert(
      fc.property(heirSet, (input) => {
        const r = calculateFaraid(input);
        const total = addFractions(Object.values(r.shares).filter((f) => f !== undefined));
        expect(total).toEqual({ num: 1n, den: 1n });
      }),
      { numRuns: 2000 },
    );
  });
  it('no blocked heir receives anything', () => {
    fc.assert(
      fc.property(heirSet, (input) => {
        const r = calculateFaraid(input);
        for (const k of Object.keys(r.blocked) as HeirKey[]) expect(r.shares[k]?.num ?? 0n).toBe(0n);
      }),
      { numRuns: 2000 },
    );
  });
  it('amounts in sen add up to the estate', () => {
    fc.assert(
      fc.property(heirSet, fc.integer({ min: 0, max: 1_000_000_000_000 }), (input, estate) => {
        const r = calculateFaraid(input);
        const amounts = allocateSen(estate, Object.entries(r.shares) as [string, { num: bigint; den: bigint }][]);
        expect(Object.values(amounts).reduce((a, b) => a + b, 0)).toBe(estate);
        for (const v of Object.values(amounts)) expect(v).toBeGreaterThanOrEqual(0);
      }),
      { numRuns: 1000 },
    );
  });
});
