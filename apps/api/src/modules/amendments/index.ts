/**
 * The amendments module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */
export { amendmentOnFlatRoutes } from './original-contract.ts';
export { hibahAmendmentPartsOnFlatRoutes } from './original-hibah-parts.ts';
export { amendmentsRoutes } from './routes.ts';
