/**
 * The filters every instrument list and search understands the same way (the will list `GET /wasiat`, the
 * search `GET /api/carian`; reference §2.2, §2.14): a status list and a "contains" name. One function each
 * (issue 34 "One instrument"; ADR 0233).
 */
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The status codes of a `status` query value, e.g. "1" → [1], "0,3" → [0, 3]; parts that are not integers are
 * dropped ("a,2" → [2]), so "" or "x" → [].
 */
export function statusCodes(status: string): number[] {
  return status
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n));
}

/**
 * The condition "`column` is one of `codes`"; an empty list matches nothing (`false`), so a `status` filter
 * with no valid code finds no row rather than every row.
 */
export function statusIn(column: AnyPgColumn, codes: number[]): SQL {
  return codes.length ? inArray(column, codes) : sql`false`;
}

/**
 * The (i)like pattern "contains `text`": `%`, `_` and `\` in the text are escaped so they match themselves
 * (PostgreSQL's default LIKE escape character is `\`).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
}
