/**
 * The one-third rule by value (issue 37 item 2, issue 41 item 4; ADR 0257), with worked figures: Enakmen Wasiat
 * Orang Islam (Selangor) 1999 s. 26(1) and (3) — bequests to non-heirs up to one third of the estate after its
 * debts; everything beyond is refused (the heirs' consent after the death cannot be recorded by the testator).
 */
import { describe, expect, it } from 'vitest';
import {
  formatFraction,
  heirBequests,
  ONE_THIRD_ERRORS,
  oneThird,
  oneThirdJson,
  oneThirdProblem,
  type PropertyWithShares,
} from '../index.ts';

const wife = { id: 'h-wife', name: 'Aminah', relationship: 'wife', ic_number: '800101145552' };
const son = { id: 'h-son', name: 'Ali', relationship: 'son', ic_number: '100101145551' };
const brother = { id: 'h-bro', name: 'Abu', relationship: 'sibling', ic_number: '700101145553' };
const heirs = [wife, son];
const mosque = { id: 'r-mosque', name: 'Masjid Al-Falah', relationship: 'other' };
const friend = { id: 'r-friend', name: 'Kassim', relationship: 'other', ic_number: '650101145557' };

const land = (value: number | null, shares: PropertyWithShares['shares']): PropertyWithShares => ({
  id: 'land',
  kind: 'ImmoveableProperty',
  value_sen: value,
  shares,
});

describe('one third counted by value (s. 26(1), (3))', () => {
  it('half a piece of land to a mosque is counted: RM 600,000 land, half is RM 300,000 > RM 200,000', () => {
    // The case: the screen showed "0%" to non-heirs, because property had no value.
    const r = oneThird({
      deceased: 'male',
      heirs,
      bequests: [],
      properties: [land(60_000_000, [{ receiver: mosque, portion: '1/2' }])],
    });
    expect(r).toMatchObject({ grossSen: 60_000_000, netSen: 60_000_000, thirdSen: 20_000_000, over: true });
    expect(formatFraction(r.propertySen)).toBe('30000000');
    expect(oneThirdProblem(r)).toEqual({
      key: ONE_THIRD_ERRORS.exceeded,
      params: { total: 'RM 300,000.00', third: 'RM 200,000.00', net: 'RM 600,000.00' },
    });
  });

  it('money and property together: estate RM 900,000; half of RM 500,000 land + 10% to a friend = RM 340,000 > RM 300,000', () => {
    const base = {
      deceased: 'male' as const,
      heirs,
      estimatedEstate: 90_000_000,
      properties: [land(50_000_000, [{ receiver: mosque, portion: '50%' }])],
    };
    const within = oneThird({ ...base, bequests: [] });
    expect(within).toMatchObject({ netSen: 90_000_000, thirdSen: 30_000_000, over: false });
    expect(oneThirdProblem(within)).toBeNull();
    const over = oneThird({ ...base, bequests: [{ beneficiary_name: 'Kassim', portion: '10%' }] });
    expect(over.over).toBe(true);
    expect(oneThirdJson(over)).toMatchObject({
      bequests_sen: 9_000_000,
      property_sen: 25_000_000,
      total_sen: 34_000_000,
      third_sen: 30_000_000,
      over: true,
    });
    expect(oneThirdProblem(over)?.params).toEqual({
      total: 'RM 340,000.00',
      third: 'RM 300,000.00',
      net: 'RM 900,000.00',
    });
  });

  it('one third of what remains after the claims: RM 300,000 less RM 30,000 debts; a RM 90,000 car is exactly one third', () => {
    const car = (value: number): PropertyWithShares => ({
      id: 'car',
      kind: 'MoveableProperty',
      value_sen: value,
      shares: [{ receiver: friend, portion: '100%' }],
    });
    const input = { deceased: 'male' as const, heirs, bequests: [], estimatedEstate: 30_000_000, debts: 3_000_000 };
    expect(oneThird({ ...input, properties: [car(9_000_000)] })).toMatchObject({
      netSen: 27_000_000,
      thirdSen: 9_000_000,
      over: false,
    });
    // One sen more is beyond one third.
    expect(oneThird({ ...input, properties: [car(9_000_001)] }).over).toBe(true);
  });

  it('is exact: a third of a property of 100 sen is 100/3 sen, and one third of 100 sen is not exceeded', () => {
    const r = oneThird({
      deceased: 'male',
      heirs,
      bequests: [],
      properties: [land(100, [{ receiver: mosque, portion: '1/3' }])],
    });
    expect(formatFraction(r.propertySen)).toBe('100/3');
    expect(r.over).toBe(false);
    expect(oneThirdJson(r)).toMatchObject({ property_sen: 33, property_sen_exact: '100/3', total_sen: 34 });
  });

  it('one third plus 10% goes through no more: there is no consent to tick', () => {
    const r = oneThird({
      deceased: 'male',
      heirs,
      bequests: [
        { beneficiary_name: 'Masjid', portion: '1/3' },
        { beneficiary_name: 'Kassim', portion: '10%' },
      ],
      properties: [],
    });
    // No value known at all: the portions are checked as fractions of the net estate.
    expect(r).toMatchObject({ netSen: null, over: true });
    expect(oneThirdProblem(r)).toEqual({ key: ONE_THIRD_ERRORS.exceededShare, params: { percent: '43.33%' } });
  });

  it('shares and bequests to heirs are not counted; to an heir excluded by hajb they are', () => {
    // A son excludes the testator's brother: a share to the brother is to a non-heir.
    const withBrother = [...heirs, brother];
    const r = oneThird({
      deceased: 'male',
      heirs: withBrother,
      bequests: [{ beneficiary_name: 'Aminah', ic_number: wife.ic_number, relationship: 'wife', portion: '20%' }],
      estimatedEstate: 30_000_000,
      properties: [
        land(15_000_000, [
          { receiver: { id: 'r-son', name: 'Ali', relationship: 'son', ic_number: son.ic_number }, portion: '1/2' },
          {
            receiver: { id: 'r-bro', name: 'Abu', relationship: 'sibling', ic_number: brother.ic_number },
            portion: '1/2',
          },
        ]),
      ],
    });
    expect(r.items.map((x) => x.receiver_id)).toEqual(['r-bro']);
    expect(oneThirdJson(r)).toMatchObject({ property_sen: 7_500_000, bequests_sen: 0, total_sen: 7_500_000 });
    expect(r.over).toBe(false);
  });

  it('a property given to a non-heir without a value cannot be counted: the value is asked for', () => {
    const r = oneThird({
      deceased: 'male',
      heirs,
      bequests: [],
      estimatedEstate: 100_000_000,
      properties: [land(null, [{ receiver: mosque, portion: '10%' }])],
    });
    expect(r.missingValues).toEqual(['land']);
    expect(oneThirdProblem(r, (id) => `the ${id}`)).toEqual({
      key: ONE_THIRD_ERRORS.valueNeeded,
      params: { property: 'the land' },
    });
  });
});

describe('bequests to heirs with their amounts (s. 26(2) with s. 11(2))', () => {
  it('a share above the faraid share is valued at the property; a bequest to an heir at the net estate', () => {
    // Wife 1/8, son 7/8 (a wife and a son). Land RM 400,000: the wife is given 1/2, the excess 3/8 = RM 150,000.
    const list = heirBequests(
      'male',
      heirs,
      [
        land(40_000_000, [
          {
            receiver: { id: 'r-wife', name: 'Aminah', relationship: 'wife', ic_number: wife.ic_number },
            portion: '1/2',
          },
        ]),
      ],
      { bequests: [{ id: 'b1', beneficiary_name: 'Ali', relationship: 'son', portion: '5%' }], netSen: 80_000_000 },
    );
    expect(list.map((b) => [b.property_kind, b.heir_id, formatFraction(b.excess), b.value_sen])).toEqual([
      ['ImmoveableProperty', 'h-wife', '3/8', 15_000_000],
      ['Bequest', 'h-son', '1/20', 4_000_000],
    ]);
  });
  it('amounts are null while the value is unknown', () => {
    const list = heirBequests('male', heirs, [], {
      bequests: [{ id: 'b1', beneficiary_name: 'Aminah', ic_number: wife.ic_number, portion: '5%' }],
    });
    expect(list).toHaveLength(1);
    expect(list[0].value_sen).toBeNull();
  });
});
