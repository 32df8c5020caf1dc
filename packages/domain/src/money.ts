/** Money is ringgit held as integer sen (DESIGN.md §7); never floating point. */

/** Format sen as "RM 1,234.50". */
export function formatRinggit(sen: number): string {
  const neg = sen < 0;
  const abs = Math.abs(Math.trunc(sen));
  const rm = Math.floor(abs / 100).toLocaleString('en-MY');
  const cents = String(abs % 100).padStart(2, '0');
  return `${neg ? '-' : ''}RM ${rm}.${cents}`;
}

/** Parse "1,234.50" / "1234.5" / "1234" ringgit text to sen; null when not a valid amount. */
export function parseRinggit(text: string): number | null {
  const s = text.replace(/[,\s]|RM/gi, '');
  const m = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(s);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Sen as a ringgit number (30000 → 300, 15050 → 150.5) for replies the 2021 client reads in ringgit
 * (reference §2.9 pricing `price` / `amendment_price`; issue 20, ADR 0131). Display and wire only: every
 * amount is kept and computed in integer sen.
 */
export function senToRinggit(sen: number): number {
  return Math.trunc(sen) / 100;
}
