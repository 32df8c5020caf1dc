/**
 * Will-review reminders (issue 17 item 17; ADR 0174): when a testator is invited to review their registered
 * will. Pure; the API's daily job (apps/api/src/modules/reminders) asks these functions what is due on a day.
 *
 * - Yearly: on each anniversary of the will's registration, counted on calendar dates in Asia/Kuala_Lumpur
 *   (the registration's date there). A will registered on 29 February has its anniversary on 1 March in a
 *   common year (the day the date is passed, as ages are counted: {@link ageFromMykad}).
 * - An heir turning 18 (Age of Majority Act 1971 s. 2): on the 18th birthday read from the heir's MyKad
 *   (the same rule as {@link ageFromMykad}), for an heir who was a minor when the will was registered.
 * - Catching up: a reminder is due from its date for {@link REMINDER_WINDOW_DAYS} days, so a day the job did
 *   not run (the server was down, the mail server refused) is made up; after that it is let go (no mail
 *   about an anniversary a season ago, nor a flood for wills registered years before the feature).
 */
import { z } from 'zod';
import { AGE_OF_MAJORITY } from './people.ts';
import { birthDateFromMykad, isMykadDate } from './validation/common.ts';

/** Days from a reminder's date during which it is still sent (ADR 0174). */
export const REMINDER_WINDOW_DAYS = 30;

/** Kinds of reminder: the yearly review, and an heir who turned 18. */
export const REMINDER_KINDS = ['yearly', 'heir_adult'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/** A calendar date (no time), as a UTC midnight. */
type Day = Date;
const DAY_MS = 24 * 3600 * 1000;

/** The calendar date in Asia/Kuala_Lumpur (UTC+8, no daylight saving) of an instant, as a UTC midnight. */
export function klDay(at: Date): Day {
  const kl = new Date(at.getTime() + 8 * 3600 * 1000);
  return new Date(Date.UTC(kl.getUTCFullYear(), kl.getUTCMonth(), kl.getUTCDate()));
}

/** `YYYY-MM-DD` of a calendar date. */
export const isoDay = (d: Day) => d.toISOString().slice(0, 10);

/**
 * The date `years` after calendar date `d`, where 29 February becomes 1 March in a common year (the day on
 * which the date has been reached).
 */
export function addYears(d: Day, years: number): Day {
  // Date.UTC(y, 1, 29) of a common year is 1 March.
  return new Date(Date.UTC(d.getUTCFullYear() + years, d.getUTCMonth(), d.getUTCDate()));
}

/** Whether calendar date `due` is due on `today`: reached, and at most REMINDER_WINDOW_DAYS − 1 days ago. */
const inWindow = (due: Day, today: Day) => {
  const age = (today.getTime() - due.getTime()) / DAY_MS;
  return age >= 0 && age < REMINDER_WINDOW_DAYS;
};

/** A reminder due today: its occasion (unique per will and kind) and the date it is for. */
export interface DueReminder {
  kind: ReminderKind;
  /** `yearly`: the anniversary's year ("2027"); `heir_adult`: the heir's MyKad. */
  occasion: string;
  /** The anniversary or 18th birthday, `YYYY-MM-DD` (Kuala Lumpur calendar). */
  dueOn: string;
}

/**
 * The yearly reminder of a will registered at `registeredAt` that is due at `now`, or null: the latest
 * anniversary (1st, 2nd, …) reached within the last {@link REMINDER_WINDOW_DAYS} days.
 */
export function yearlyReminderDue(registeredAt: Date, now: Date): DueReminder | null {
  const reg = klDay(registeredAt);
  const today = klDay(now);
  for (const back of [0, 1]) {
    const years = today.getUTCFullYear() - back - reg.getUTCFullYear();
    if (years < 1) continue;
    const ann = addYears(reg, years);
    if (inWindow(ann, today)) return { kind: 'yearly', occasion: String(ann.getUTCFullYear()), dueOn: isoDay(ann) };
  }
  return null;
}

/**
 * The reminder that an heir (MyKad `ic`) of a will registered at `registeredAt` turned 18, due at `now`, or
 * null: the 18th birthday was reached within the last {@link REMINDER_WINDOW_DAYS} days and after the
 * registration date (the heir was a minor in the will as registered). Null without a 12-digit MyKad with a
 * real date.
 */
export function heirAdultReminderDue(ic: string | null | undefined, registeredAt: Date, now: Date): DueReminder | null {
  const s = ic?.trim() ?? '';
  if (!/^\d{12}$/.test(s) || !isMykadDate(s)) return null;
  const today = klDay(now);
  const adult = addYears(birthDateFromMykad(s, today), AGE_OF_MAJORITY);
  if (adult.getTime() <= klDay(registeredAt).getTime()) return null;
  return inWindow(adult, today) ? { kind: 'heir_adult', occasion: s, dueOn: isoDay(adult) } : null;
}

/**
 * The MyKad prefixes (YYMMDD, 6 digits) of people who turn 18 within the window ending `now`: a database
 * filter that leaves {@link heirAdultReminderDue} only the heirs near their 18th birthday to check.
 */
export function adultBirthPrefixes(now: Date): string[] {
  const today = klDay(now);
  const out = new Set<string>();
  for (let i = 0; i < REMINDER_WINDOW_DAYS + 1; i++) {
    const d = new Date(today.getTime() - i * DAY_MS);
    const born = new Date(Date.UTC(d.getUTCFullYear() - AGE_OF_MAJORITY, d.getUTCMonth(), d.getUTCDate()));
    const p = (n: number) => String(n).padStart(2, '0');
    out.add(`${p(born.getUTCFullYear() % 100)}${p(born.getUTCMonth() + 1)}${p(born.getUTCDate())}`);
    // Born on 29 February: 18 on 1 March of a common year.
    if (d.getUTCMonth() === 2 && d.getUTCDate() === 1) out.add(`${p(born.getUTCFullYear() % 100)}0229`);
  }
  return [...out].sort();
}

/**
 * Registration anniversaries (`MM-DD`) in the window ending `now`: a database filter for the wills
 * {@link yearlyReminderDue} then checks (29 February included when 1 March is in the window).
 */
export function anniversaryMonthDays(now: Date): string[] {
  const today = klDay(now);
  const out = new Set<string>();
  for (let i = 0; i < REMINDER_WINDOW_DAYS + 1; i++) {
    const d = new Date(today.getTime() - i * DAY_MS);
    const md = `${String(d.getUTCMonth() + 1).padStart(2, '0')}-${String(d.getUTCDate()).padStart(2, '0')}`;
    out.add(md);
    if (md === '03-01') out.add('02-29');
  }
  return [...out].sort();
}

/** `PATCH /api/profile/reminders` body: turn will-review reminders on or off. */
export const reminderSettingsSchema = z.object({
  enabled: z.boolean({ error: 'validation.required' }),
});

/** `POST /api/reminders/unsubscribe` body: the token of the mail's link. */
export const reminderUnsubscribeSchema = z.object({
  token: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .max(200, { error: 'reminders.token_invalid' }),
});
