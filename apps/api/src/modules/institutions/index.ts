/**
 * The institutions module's public surface (DESIGN.md §2; ADR 0217): the list of institutions a bequest may go to
 * (issue 41 item 7; ADR 0268) — its routes, and what a will's or an amendment's bequest takes from the institution
 * it names.
 */
export { institutionOfBequest, NO_INSTITUTION } from './queries.ts';
