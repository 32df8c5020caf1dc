/**
 * The organisations module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

// Whom a caller manages, for the users module's invitation resend (ADR 0243); an organisation the caller sees
// and its member list for the 2021 client's screens (compat/v2021/organisations/; ADR 0255).
export { loadVisibleOrganisation, managesAllOrganisations, memberOrganisationIds } from './policy.ts';
export { organisationsRoutes } from './routes.ts';
export { listUserAccesses } from './user-accesses.ts';
