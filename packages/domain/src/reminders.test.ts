/** When will-review reminders are due (issue 17 item 17; ADR 0174). */
import { describe, expect, it } from 'vitest';
import {
  adultBirthPrefixes,
  anniversaryMonthDays,
  heirAdultReminderDue,
  klDay,
  REMINDER_WINDOW_DAYS,
  yearlyReminderDue,
} from './reminders.ts';

const at = (iso: string) => new Date(iso);

describe('yearly reminder', () => {
  // 23 Nov 2026 at 23:30 in Kuala Lumpur (15:30 UTC): the registration's date is the Kuala Lumpur one.
  const reg = at('2026-11-23T15:30:00Z');

  it('is due from the anniversary in Kuala Lumpur for the window, keyed by the year', () => {
    expect(klDay(reg).toISOString()).toBe('2026-11-23T00:00:00.000Z');
    expect(yearlyReminderDue(reg, at('2027-11-22T15:59:59Z'))).toBeNull();
    expect(yearlyReminderDue(reg, at('2027-11-22T16:00:00Z'))).toEqual({
      kind: 'yearly',
      occasion: '2027',
      dueOn: '2027-11-23',
    });
    expect(yearlyReminderDue(reg, at('2027-12-22T15:59:59Z'))).toMatchObject({ occasion: '2027' }); // day 29
    expect(yearlyReminderDue(reg, at('2027-12-22T16:00:00Z'))).toBeNull(); // day 30
    // Early January still sees the previous November's anniversary within the window.
    expect(yearlyReminderDue(at('2026-12-20T04:00:00Z'), at('2028-01-05T04:00:00Z'))).toEqual({
      kind: 'yearly',
      occasion: '2027',
      dueOn: '2027-12-20',
    });
  });

  it('is never due in the registration year, and 29 February has its anniversary on 1 March', () => {
    expect(yearlyReminderDue(reg, at('2026-12-01T00:00:00Z'))).toBeNull();
    const leap = at('2028-02-29T02:00:00Z');
    expect(yearlyReminderDue(leap, at('2029-02-28T02:00:00Z'))).toBeNull();
    expect(yearlyReminderDue(leap, at('2029-03-01T02:00:00Z'))).toMatchObject({ dueOn: '2029-03-01' });
    expect(yearlyReminderDue(leap, at('2032-02-29T02:00:00Z'))).toMatchObject({ dueOn: '2032-02-29' });
    expect(anniversaryMonthDays(at('2029-03-01T02:00:00Z'))).toContain('02-29');
    expect(anniversaryMonthDays(at('2029-03-01T02:00:00Z'))).toHaveLength(REMINDER_WINDOW_DAYS + 2);
  });
});

describe('heir turning 18', () => {
  const reg = at('2026-11-23T06:05:00Z');

  it('is due on the 18th birthday from the MyKad, for an heir who was a minor at registration', () => {
    expect(heirAdultReminderDue('150505140123', reg, at('2033-05-04T15:59:59Z'))).toBeNull();
    expect(heirAdultReminderDue('150505140123', reg, at('2033-05-04T16:00:00Z'))).toEqual({
      kind: 'heir_adult',
      occasion: '150505140123',
      dueOn: '2033-05-05',
    });
    expect(heirAdultReminderDue('150505140123', reg, at('2033-06-10T00:00:00Z'))).toBeNull();
    // 18 before the will was registered: no reminder, even inside the window.
    expect(heirAdultReminderDue('081101140123', reg, at('2026-11-25T00:00:00Z'))).toBeNull();
    // No MyKad, or not a real date.
    for (const ic of [null, '', '15050514012', '151399140123'])
      expect(heirAdultReminderDue(ic, reg, at('2033-05-05'))).toBeNull();
  });

  it('turns 18 on 1 March in a common year when born on 29 February; the database prefixes cover it', () => {
    expect(heirAdultReminderDue('080229140123', reg, at('2026-02-28T02:00:00Z'))).toBeNull();
    expect(heirAdultReminderDue('120229140123', reg, at('2030-03-01T02:00:00Z'))).toMatchObject({
      dueOn: '2030-03-01',
    });
    const prefixes = adultBirthPrefixes(at('2030-03-01T02:00:00Z'));
    expect(prefixes).toContain('120229');
    expect(prefixes).toContain('120301');
    expect(prefixes).toContain('120130'); // 30 days back
    expect(adultBirthPrefixes(at('2033-05-04T16:00:00Z'))).toContain('150505');
  });
});
