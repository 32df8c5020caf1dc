/**
 * The hibah module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

export { findVisibleHibah } from './access.ts';
export type { HibahContent } from './content.ts';
export { hibahOnFlatRoutes } from './original-contract.ts';
export { caretakerValues } from './original-contract-products.ts';
export { hibahRoutes } from './routes.ts';
export { serializeHibah } from './serializers.ts';
