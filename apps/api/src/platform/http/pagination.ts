/**
 * Laravel-style pagination (DESIGN.md §3): `{ data, current_page, per_page, total, last_page }`,
 * requested with `limit` (page size, 1–1000, default 15) and `page` (1-based). Unset filters sent as
 * '', 'null' or 'undefined' mean "no filter" (reference §1.6).
 */
import { z } from 'zod';

/** Whether a raw query value means "no value": absent, '', 'null' or 'undefined' (reference §1.6). */
export const isAbsentQueryValue = (v: unknown) => v === undefined || v === '' || v === 'null' || v === 'undefined';

/** A query value that treats '', 'null' and 'undefined' as absent ({@link isAbsentQueryValue}). */
export const optionalQuery = <T extends z.ZodTypeAny>(t: T) =>
  z.preprocess((v) => (isAbsentQueryValue(v) ? undefined : v), t.optional());

export const pageQuery = {
  limit: optionalQuery(z.coerce.number().int().min(1).max(1000)),
  page: optionalQuery(z.coerce.number().int().min(1)),
};

export interface Page<T> {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
}

/** Resolve limit/page to SQL limit/offset. */
export function pageParams(q: { limit?: number; page?: number }) {
  const per_page = q.limit ?? 15;
  const current_page = q.page ?? 1;
  return { per_page, current_page, offset: (current_page - 1) * per_page };
}

/** Build the envelope body. */
export function toPage<T>(data: T[], total: number, p: { per_page: number; current_page: number }): Page<T> {
  return {
    data,
    current_page: p.current_page,
    per_page: p.per_page,
    total,
    last_page: Math.max(1, Math.ceil(total / p.per_page)),
  };
}

/**
 * The envelope `{ [key]: { data, current_page, per_page, total, last_page } }` as JSON text, `data` being the
 * page's JSON array as text (written by the database: wills/list-json.ts, amendments/search.ts; ADR 0189, 0289),
 * spliced in without parsing it.
 */
export function pageEnvelopeJson(
  key: string,
  total: number,
  data: string,
  p: { per_page: number; current_page: number },
): string {
  const text = JSON.stringify({ [key]: toPage([], total, p) });
  return text.replace('"data":[]', () => `"data":${data}`);
}
