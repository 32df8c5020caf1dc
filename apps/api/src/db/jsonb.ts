/** A UTF-16 surrogate without its pair (`String.prototype.isWellFormed`, ES2024, is not in this project's lib). */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Whether PostgreSQL can hold `s` as a string inside jsonb: no lone UTF-16 surrogate (its JSON parser refuses the
 * `\ud800` escape that `JSON.stringify` writes for one: 22P02, "invalid input syntax for type json") and no NUL
 * (`\u0000`: 22P05). Such a string cannot be in any stored document, so a lookup by it finds nothing; asking
 * PostgreSQL anyway was a 500 (security/fuzz.test.ts, seed 1444867117 on `POST /api/property-receiver`).
 */
export const jsonbCanHold = (s: string) => !LONE_SURROGATE.test(s) && !s.includes('\u0000');
