/**
 * The hibah wizard's parts, apart from products.ts so that the router (loaded on every page) does not
 * pull in @wasiat/domain's hibah schemas and zod (ADR 0116).
 */

/** The wizard parts a–i (and the receiver-signature and draft steps) in sidebar order. */
export const PARTS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'] as const;
export type Part = (typeof PARTS)[number] | 'signpenerima' | 'draft';
