/**
 * Sub-pages of /organization/{organization_id} (spec §2 Organisations):
 * branch (create, {branch_id}, edit), user (create, {user_id}, edit), pricing (create, {pricing_id}, edit)
 * and preference (edit). Each form checks the domain schema, then calls the API of
 * apps/api/src/modules/organisations/manage-routes.ts; prices are typed in ringgit and sent in sen. This module is the
 * lazily loaded entry that routes.tsx imports for those sub-pages (and individu); each page lives in its own file
 * (BranchPages, StaffPages, PricingPages, PreferenceFormPage, IndividuPage; shared shell in Frame.tsx).
 */
export { BranchFormPage, BranchPage } from './BranchPages.tsx';
export { IndividuPage } from './IndividuPage.tsx';
export { PreferenceFormPage } from './PreferenceFormPage.tsx';
export { PricingFormPage, PricingPage } from './PricingPages.tsx';
export { StaffFormPage, StaffPage } from './StaffPages.tsx';
