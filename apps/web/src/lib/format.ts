/**
 * Display formats shared by the screens (DESIGN.md §7). The SPA's one place for showing a date (issue 34):
 * screens call these, never `toLocaleString`/`Intl.DateTimeFormat`, so they print what the API's mails and
 * exports print (the domain's datetime.ts). Values sent to the API or put in an `<input type="date">` stay ISO.
 */

import { formatKlDate, formatKlDateTime, formatPeriodKey, ROLES } from '@wasiat/domain';
import type { TFunction } from 'i18next';

/**
 * A date as it reaches a screen: an ISO 8601 string from the API ('YYYY-MM-DD' for a calendar date, an
 * instant in UTC otherwise), a Date, or milliseconds since the epoch. Anything else is not a date.
 */
export type DateValue = string | number | Date | null | undefined;

/** The month table of the UI language: 'en' (also 'en-GB', 'en-MY'), else Malay. */
const monthsOf = (lang: string | null | undefined): 'en' | 'ms' => (lang?.startsWith('en') ? 'en' : 'ms');

/** An ISO 8601 date or date-time ('YYYY-MM-DD', then optionally 'THH:mm…' with its zone). */
const ISO = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/** Whether 'YYYY-MM-DD…' names a real day (the browser reads '2026-02-30' as 2 March). */
function realDay(iso: string): boolean {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d));
  return day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
}

/**
 * The instant `value` stands for, or null for a missing or invalid one. A string must be ISO 8601 and name
 * a real day: the browser's lenient parsing (`new Date('1')` is 1 Jan 2001) must not turn text into a date.
 * A date-time without a zone is UTC (as stored), not the browser's local time.
 */
function toDate(value: DateValue): Date | null {
  if (value === null || value === undefined || value === '') return null;
  let text = typeof value === 'string' ? value.trim() : null;
  if (text !== null && (!ISO.test(text) || !realDay(text))) return null;
  if (text !== null && text.length > 10 && !/(?:Z|[+-]\d{2}(?::?\d{2})?)$/.test(text)) text = `${text}Z`;
  const d = value instanceof Date ? value : new Date(text ?? value);
  return Number.isNaN(d.getTime()) ? null : d;
}

/**
 * A date-time in Asia/Kuala_Lumpur (UTC+8) as day, short month, 2-digit year, hour:minute (spec §9 "Date
 * display", DESIGN.md §7): "DD Mon YY, HH:mm", e.g. "05 Mac 25, 14:30" (Malay), "05 Sep 26, 09:30"
 * (English). Month names from the domain's fixed table (`formatKlDateTime`, the same text as the API's mails
 * and exports), never the browser's ICU data (which writes "Sept" in en-GB). Empty text for a missing or
 * invalid value.
 */
export function formatDateTime(value: DateValue, lang: string): string {
  const d = toDate(value);
  return d ? formatKlDateTime(d, monthsOf(lang)) : '';
}

/**
 * A calendar date (a MyKad birth date, a due date, an issue date) as the domain writes it (`formatKlDate`):
 * "DD Mon YYYY", e.g. "15 Jan 2026", "05 Ogo 2026" in Malay. A 'YYYY-MM-DD' is that day; an instant is its
 * day in Asia/Kuala_Lumpur. Empty text for a missing or invalid value.
 */
export function formatDate(value: DateValue, lang: string): string {
  const d = toDate(value);
  return d ? formatKlDate(d, monthsOf(lang)) : '';
}

/**
 * The period of a report row, as the report exports write it (`formatPeriodKey`, spec §9): the row's key
 * ('YYYY-MM-DD', the first day of its bucket) cut to its `unit` — a day "23 Nov 26", a month "Nov 2026", a
 * year "2026".
 */
export function formatPeriod(key: string, unit: 'day' | 'month' | 'year', lang: string): string {
  return formatPeriodKey(unit === 'day' ? key : unit === 'month' ? key.slice(0, 7) : key.slice(0, 4), monthsOf(lang));
}

/**
 * A role's name in the UI language (issue 38 item 11): the `roles.<Role>` entry of the web catalogue
 * (locales/<lang>/common.json, ADR 0245) for a role of @wasiat/domain `ROLES` ('Agent' → "Ejen" in ms, "Agent"
 * in en); any other value (a role name of the 2021 data) as it is, and '' for none. Screens never print a role's
 * code name.
 */
export function roleName(role: string | null | undefined, t: TFunction): string {
  if (!role) return '';
  return (ROLES as readonly string[]).includes(role) ? t(`roles.${role}`) : role;
}
