/**
 * The query-string parser of the whole API (issue 20; reference §1.6, §7 item 3): the 2021 client
 * interpolates unset filters raw, so a value '', 'null' or 'undefined' means "no filter" and the key is
 * dropped here — once, before any route's schema sees it. Keys are trimmed (one screen sends
 * `organization_id =`). Repeated keys stay arrays (as Fastify's default parser). ADR 0132.
 */
import { parse } from 'node:querystring';

const BLANK = new Set(['', 'null', 'undefined']);

/** Parse a raw query string (without `?`) into `{ key: value | value[] }`, blanks and their keys dropped. */
export function parseQueryString(raw: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = Object.create(null);
  for (const [key, value] of Object.entries(parse(raw))) {
    const k = key.trim();
    if (!k || value === undefined) continue;
    const kept = Array.isArray(value) ? value.filter((v) => !BLANK.has(v.trim())) : value;
    if (Array.isArray(kept) ? kept.length === 0 : BLANK.has(kept.trim())) continue;
    out[k] = Array.isArray(kept) && kept.length === 1 ? kept[0] : kept;
  }
  return out;
}
