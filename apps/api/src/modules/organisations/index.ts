/**
 * The organisations module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

// The edge adapter's addition to a membership's shape (compat/v2021/auth/; ADR 0135), and the
// organisation-administration services the 2021 client's calls use (compat/v2021/organisations/; ADRs 0138, 0164).
export type { Actor } from './admin-service.ts';
export { loadManagedBranch, loadManagedPricing, serializeBranch } from './branches-pricing.ts';
// Whom a caller manages, for the users module's invitation resend (ADR 0243); an organisation the caller sees
// and its member list for the 2021 client's screens (compat/v2021/organisations/; ADR 0255).
export {
  loadManagedOrganisation,
  loadVisibleOrganisation,
  managedOrganisationsWhere,
  managesAllOrganisations,
  memberOrganisationIds,
} from './policy.ts';
export { createStaff, rolesFor } from './staff.ts';
export {
  listUserAccesses,
  registerUserAccessShape,
  serializeUserAccess,
  type UserAccessShape,
} from './user-accesses.ts';
