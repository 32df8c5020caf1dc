/**
 * The 2021 client contract as an adapter at the edge (issue 20; issue 34 item 4; docs/architecture.md): request
 * and reply mappers and the routes and route hooks that give that client its paths and shapes, calling the
 * modules only through their `index.ts`. Only the composition root (app.ts, modules.ts) imports this folder, and it
 * registers these BEFORE the modules' own routes (the hooks attach to routes as they are declared).
 */
export { amendmentOnFlatRoutes } from './amendments/original-contract.ts';
export { hibahAmendmentPartsOnFlatRoutes } from './amendments/original-hibah-parts.ts';
export { authOnRoutes } from './auth/original-contract.ts';
export { originalEdge } from './edge.ts';
export { ekycOnWillRoutes, routeTokenRoutes } from './ekyc/original-contract.ts';
export { hibahOnFlatRoutes } from './hibah/original-contract-flat.ts';
export { hibahListOnRoutes } from './hibah/original-list.ts';
export { memberPickerOnRoutes } from './organisations/member-picker.ts';
export { organisationOneOnRoutes } from './organisations/organisation-one.ts';
export { originalAdminRoutes } from './organisations/original-admin.ts';
export { organisationBodiesOnRoutes } from './organisations/original-contract.ts';
export { organisationsOnRoutes } from './organisations/original-lists.ts';
export { membersOnRoutes } from './organisations/original-members.ts';
export { absolutePayLinkOnRoutes } from './payments/absolute-link.ts';
export { paymentsOnWillRoutes } from './payments/original-contract.ts';
export { willsOnRoutes } from './wills/original-contract.ts';
export { willStaffCallsOnRoutes } from './wills/staff-calls.ts';
