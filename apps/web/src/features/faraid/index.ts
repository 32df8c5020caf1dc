/** What other features may use from the faraid feature (DESIGN.md §9.1 feature boundaries). */
export { computeView, type FaraidRow, type FaraidView } from './calculate.ts';
export { FaraidResult } from './FaraidResult.tsx';
