/** The schedule of an ATB mandate (issue 38 item 3; ADR 0264), with the worked figures of the issue. */
import { describe, expect, it } from 'vitest';
import {
  ATB_MAX_INSTALMENTS,
  addMonthsToDate,
  atbInstalmentCount,
  atbMinimumAmount,
  atbSchedule,
} from './atb-schedule.ts';

describe('ATB schedule', () => {
  it('RM 300 at RM 100 monthly from 5 Jan 2027: 5 Jan, 5 Feb, 5 Mar, RM 100 each', () => {
    expect(atbSchedule({ totalSen: 30000, amountSen: 10000, frequency: 'monthly', startDate: '2027-01-05' })).toEqual([
      { no: 1, due_date: '2027-01-05', amount_sen: 10000 },
      { no: 2, due_date: '2027-02-05', amount_sen: 10000 },
      { no: 3, due_date: '2027-03-05', amount_sen: 10000 },
    ]);
  });

  it('RM 250 at RM 100: the last debit is the remainder, RM 50', () => {
    const s = atbSchedule({ totalSen: 25000, amountSen: 10000, frequency: 'monthly', startDate: '2027-01-05' });
    expect(s.map((i) => i.amount_sen)).toEqual([10000, 10000, 5000]);
    expect(s.reduce((a, i) => a + i.amount_sen, 0)).toBe(25000);
  });

  it('semi-annual and annual debits fall 6 and 12 months apart, across years', () => {
    expect(
      atbSchedule({ totalSen: 35000, amountSen: 15000, frequency: 'semi_annual', startDate: '2026-12-08' }),
    ).toEqual([
      { no: 1, due_date: '2026-12-08', amount_sen: 15000 },
      { no: 2, due_date: '2027-06-08', amount_sen: 15000 },
      { no: 3, due_date: '2027-12-08', amount_sen: 5000 },
    ]);
    expect(
      atbSchedule({ totalSen: 20000, amountSen: 10000, frequency: 'annual', startDate: '2027-02-28' }).map(
        (i) => i.due_date,
      ),
    ).toEqual(['2027-02-28', '2028-02-28']);
  });

  it('a day past the end of a shorter month falls on its last day, counted from the first date', () => {
    expect(addMonthsToDate('2027-01-31', 1)).toBe('2027-02-28');
    expect(addMonthsToDate('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsToDate('2027-01-31', 2)).toBe('2027-03-31');
    expect(addMonthsToDate('2027-11-30', 3)).toBe('2028-02-29');
    expect(
      atbSchedule({ totalSen: 30000, amountSen: 10000, frequency: 'monthly', startDate: '2027-01-31' }).map(
        (i) => i.due_date,
      ),
    ).toEqual(['2027-01-31', '2027-02-28', '2027-03-31']);
    expect(() => addMonthsToDate('5 Jan 2027', 1)).toThrow(RangeError);
  });

  it('"other" frequency: amounts known, only the first date', () => {
    expect(atbSchedule({ totalSen: 30000, amountSen: 20000, frequency: 'other', startDate: '2027-01-05' })).toEqual([
      { no: 1, due_date: '2027-01-05', amount_sen: 20000 },
      { no: 2, due_date: null, amount_sen: 10000 },
    ]);
  });

  it('no debit amount (or one above what is due) is one debit of the whole; nothing due is no schedule', () => {
    expect(atbSchedule({ totalSen: 30000, amountSen: null, frequency: null, startDate: null })).toEqual([
      { no: 1, due_date: null, amount_sen: 30000 },
    ]);
    expect(atbSchedule({ totalSen: 30000, amountSen: 50000, frequency: 'monthly', startDate: '2027-01-05' })).toEqual([
      { no: 1, due_date: '2027-01-05', amount_sen: 30000 },
    ]);
    expect(atbSchedule({ totalSen: 0, amountSen: 100, frequency: 'monthly', startDate: '2027-01-05' })).toEqual([]);
  });

  it('the minimum debit amount keeps a mandate within the most debits allowed', () => {
    expect(ATB_MAX_INSTALMENTS).toBe(120);
    expect(atbMinimumAmount(30000)).toBe(250);
    expect(atbInstalmentCount(30000, 250)).toBe(120);
    expect(atbInstalmentCount(30000, 249)).toBe(121);
    expect(atbMinimumAmount(30001)).toBe(251);
    expect(atbInstalmentCount(30001, 251)).toBeLessThanOrEqual(120);
  });
});
