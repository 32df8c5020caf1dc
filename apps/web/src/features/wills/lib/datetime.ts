/**
 * Dates as Malaysians read them (DESIGN.md §7: stored in UTC, shown in Asia/Kuala_Lumpur as day, short
 * month, 2-digit year, hour:minute; spec §9 "Date display"), e.g. "23 Nov 26, 14:05".
 * Month names come from a fixed table per language so the text does not depend on the browser's ICU
 * data (some ICU versions write "Sept").
 */

const MONTHS: Record<'ms' | 'en', string[]> = {
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  ms: ['Jan', 'Feb', 'Mac', 'Apr', 'Mei', 'Jun', 'Jul', 'Ogo', 'Sep', 'Okt', 'Nov', 'Dis'],
};

const KL = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Asia/Kuala_Lumpur',
  day: '2-digit',
  month: 'numeric',
  year: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/**
 * Format an ISO instant as "DD Mon YY, HH:mm" in Asia/Kuala_Lumpur (UTC+8), month names in the UI
 * language: "23 Nov 26, 14:05"; "05 Ogo 26, 09:30" in Malay. Empty for no value; the input unchanged
 * when it is not a date.
 */
export function formatMalaysianDateTime(iso: string | null | undefined, lang = 'ms'): string {
  if (!iso) return '';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso);
  const p = Object.fromEntries(KL.formatToParts(d).map((x) => [x.type, x.value]));
  const month = MONTHS[lang === 'en' ? 'en' : 'ms'][Number(p.month) - 1];
  return `${p.day} ${month} ${p.year}, ${p.hour}:${p.minute}`;
}
