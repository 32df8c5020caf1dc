/**
 * The clients module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */
// The caller's clients, for the 2021 client's organisation screens (compat/v2021/organisations/; ADR 0164).
export { clientScope, listClients } from './service.ts';
