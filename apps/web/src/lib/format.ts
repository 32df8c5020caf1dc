/** Display formats shared by the screens (DESIGN.md §7). */

/**
 * A date-time in Asia/Kuala_Lumpur as day, short month, 2-digit year, hour:minute (spec §9,
 * DESIGN.md §7), e.g. "05 Mac 25, 14:30". Empty text for a missing or invalid value.
 */
export function formatDateTime(value: string | number | Date | null | undefined, lang: string): string {
  if (value === null || value === undefined || value === '') return '';
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'en' ? 'en-GB' : 'ms-MY', {
    day: '2-digit',
    month: 'short',
    year: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: 'Asia/Kuala_Lumpur',
  }).format(d);
}
