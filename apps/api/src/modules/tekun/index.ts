/**
 * The tekun module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */
export { monthsOf } from './report.ts';
