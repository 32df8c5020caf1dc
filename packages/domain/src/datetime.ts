/**
 * Dates as Malaysians read them (DESIGN.md §7; spec §9 "Date display"): stored in UTC, shown in
 * Asia/Kuala_Lumpur as day, short month, 2-digit year, hour:minute — "23 Nov 26, 14:05", "05 Ogo 26, 09:30"
 * in Malay. Month names come from a fixed table per language, so the text does not depend on the ICU data
 * of the browser or of Node. Used by the exports (CSV) and the mails of the API.
 */
export const SHORT_MONTHS: Record<'ms' | 'en', readonly string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ms: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
};

/** Kuala Lumpur is UTC+8 all year (no daylight saving since 1982). */
export const KL_OFFSET_MS = 8 * 3600_000;

/** The calendar date in Asia/Kuala_Lumpur of `now`, as "YYYY-MM-DD". */
export const klToday = (now = new Date()) => new Date(now.getTime() + KL_OFFSET_MS).toISOString().slice(0, 10);

/** The calendar year in Asia/Kuala_Lumpur of `now`. */
export const klYear = (now = new Date()) => new Date(now.getTime() + KL_OFFSET_MS).getUTCFullYear();

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * "DD Mon YY, HH:mm" in Asia/Kuala_Lumpur, month in `lang`; '' for no date or an invalid one.
 * @param at a Date or an ISO 8601 string (UTC).
 */
export function formatKlDateTime(at: Date | string | null | undefined, lang: 'ms' | 'en' = 'ms'): string {
  if (!at) return '';
  const d = new Date(new Date(at).getTime() + KL_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  const month = SHORT_MONTHS[lang === 'en' ? 'en' : 'ms'][d.getUTCMonth()];
  return `${pad(d.getUTCDate())} ${month} ${pad(d.getUTCFullYear() % 100)}, ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** "DD Mon YYYY" of a Kuala Lumpur calendar date (a MyKad birth date, a due date), month in `lang`. */
export function formatKlDate(at: Date | string | null | undefined, lang: 'ms' | 'en' = 'ms'): string {
  if (!at) return '';
  const d = new Date(new Date(at).getTime() + KL_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  return `${pad(d.getUTCDate())} ${SHORT_MONTHS[lang === 'en' ? 'en' : 'ms'][d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * A calendar period key of the reports in `lang`: 'YYYY-MM-DD' → "23 Nov 26" (spec §9's day, short
 * month, 2-digit year), 'YYYY-MM' → "Nov 2026", 'YYYY' unchanged; anything else unchanged.
 */
export function formatPeriodKey(key: string, lang: 'ms' | 'en' = 'ms'): string {
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(key);
  if (!m) return key;
  const months = SHORT_MONTHS[lang === 'en' ? 'en' : 'ms'];
  if (m[3]) return `${m[3]} ${months[Number(m[2]) - 1]} ${m[1].slice(2)}`;
  if (m[2]) return `${months[Number(m[2]) - 1]} ${m[1]}`;
  return m[1];
}

/**
 * The last instant of a Kuala Lumpur calendar day: 'YYYY-MM-DD' → that day 23:59:59.999 MYT
 * (= 15:59:59.999Z). An expiry typed as a date ("valid until 31 Jan") means the whole of that day in
 * Malaysia, not midnight UTC (= 08:00 MYT; issue 38 item 11.1). Anything that is not a date-only
 * string is returned unchanged (a full ISO 8601 timestamp keeps its instant).
 */
export function klEndOfDay<T>(value: T): Date | T {
  if (typeof value !== 'string') return value;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  if (!m) return value;
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59, 59, 999) - KL_OFFSET_MS);
}
