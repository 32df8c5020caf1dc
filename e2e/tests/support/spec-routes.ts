/**
 * Every route of spec §2, with the role that uses it and a concrete address (issue 17 item 1), for suites that
 * walk the whole product (e2e/tests/every-route.spec.ts). Ids come from the demo seed (organisation, branch,
 * user, pricing, product of "Syarikat Demo Amanah Sdn Bhd") and from a will registered through the API for a new
 * client (`Ids.wasiatId`, whose owner is the `owner` role below).
 *
 * Wizard parts past A open on a will (`?wasiat_id=`; without one the wizard starts at part A); the amendment
 * wizard on the owner's will with a paid amendment; the three hibah wizards on a hibah of the owner (`?id=`).
 * Roles: `guest` (logged out), the demo users of the README (`client`, `agent`, `staff`, `officer`,
 * `accountant`, `partner`, `admin`), and `owner` (the client of the registered will). `lands` is the path the
 * visit must end on when it is not the address itself (spec §2 redirects).
 */

/** Ids the addresses use. */
export interface Ids {
  organizationId: string;
  branchId: string;
  userId: string;
  pricingId: string;
  productId: string;
  /** A registered will (status 2) of the `owner` client. */
  wasiatId: string;
  /** The `owner` client's user id (the client list's record). */
  ownerId: string;
  /** A paid amendment (status 0) of `wasiatId`: its wizard /wasiat/{wasiat_id}/pindaan-* opens. */
  amendmentId: string;
  /** Hibahs of the `owner` started at part A, one per wizard: a real-estate hibah trust (/trust), an estate
   * trust (/amanah/harta-pusaka) and a one-cent hibah redeemed from a staff code (/trust-onecent). */
  hibahId: string;
  estateHibahId: string;
  oneCentHibahId: string;
}

export type RouteRole =
  | 'guest'
  | 'client'
  | 'owner'
  | 'agent'
  | 'staff'
  | 'officer'
  | 'accountant'
  | 'partner'
  | 'admin';

export interface SpecRoute {
  /** The route as spec §2 spells it. */
  pattern: string;
  role: RouteRole;
  address: (ids: Ids) => string;
  /** Where the visit ends when spec §2 redirects (a regular expression on the path). */
  lands?: RegExp;
}

const r = (pattern: string, role: RouteRole, address?: (ids: Ids) => string, lands?: RegExp): SpecRoute => ({
  pattern,
  role,
  address: address ?? (() => pattern),
  lands,
});

/** The amendment wizard's pages after `/wasiat/{wasiat_id}/pindaan-` (apps/web/src/features/amendments/routes.tsx). */
const AMENDMENT_PAGES = ['a', 'b', 'ekyc', 'c', 'd', 'harta-tak-alih', 'harta-alih', 'e', 'f', 'g', 'h', 'i', 'draf'];
/** The hibah wizard's parts past A (spec §2 Trusts: "parts a to i, signpenerima, draft"). */
const HIBAH_PARTS = ['b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'signpenerima', 'draft'];

/** Spec §2, section by section. */
export const SPEC_ROUTES: SpecRoute[] = [
  // Public
  r('/', 'guest'),
  r('/login', 'guest'),
  r('/password-create', 'guest'),
  r('/password/reset', 'guest'),
  r('/sign-up', 'guest'),
  r('/public/wasiat/{wasiat_id}', 'guest', (i) => `/public/wasiat/${i.wasiatId}`),
  r('/wasiat-verification/{wasiat_id}/details', 'guest', (i) => `/wasiat-verification/${i.wasiatId}/details`),
  r('/pdpa', 'guest'),
  r('/verification/{wasiat_id}/success', 'guest', (i) => `/verification/${i.wasiatId}/success`),
  r('/payment-status', 'guest'),
  // "The root path redirects to /dashboard/agent"; "unauthenticated users reaching a login-required route are
  // sent to the root path"; the four auth pages send a logged-in user to the dashboard.
  // The demo agent has no saved signature, so spec §2 sends it on from its dashboard to /signature (the will
  // journey's step e relies on that); an agent with one stays on /dashboard/agent.
  r('/ (logged in)', 'agent', () => '/', /^\/signature$/),
  r('/ (logged in, a client)', 'client', () => '/', /^\/dashboard$/),
  r('/dashboard (logged out)', 'guest', () => '/dashboard', /^\/$/),
  r('/login (logged in)', 'client', () => '/login', /^\/dashboard$/),
  // Dashboard and reports
  r('/dashboard', 'client'),
  r('/dashboard/agent', 'agent', undefined, /^\/signature$/),
  r('/dashboard/report', 'staff'),
  r('/dashboard/graph-report', 'staff'),
  r('/dashboard/report-yearly', 'accountant'),
  r('/dashboard/detailed-yearly-report', 'accountant'),
  r('/dashboard/report-monthly', 'accountant'),
  r('/dashboard/detailed-monthly-report', 'accountant'),
  r('/dashboard/approved-monthly-report', 'accountant'),
  r('/dashboard/loan-bmmb', 'accountant'),
  r('/dashboard/wills', 'staff', undefined, /^\/wasiat\/list$/),
  r('/dashboard/report-daily', 'staff'),
  r('/dashboard/report-soa', 'accountant'),
  r('/dashboard/staff', 'admin'),
  // Will
  r('/wasiat/part-a', 'client'),
  r('/wasiat/part-b', 'owner', (i) => `/wasiat/part-b?wasiat_id=${i.wasiatId}`),
  r('/wasiat/part-c', 'owner', (i) => `/wasiat/part-c?wasiat_id=${i.wasiatId}`),
  r('/wasiat/part-d', 'owner', (i) => `/wasiat/part-d?wasiat_id=${i.wasiatId}`),
  // Part E (property, guardians, bequests) belongs to the comprehensive plan: the owner's will is a basic one,
  // which the wizard sends on to part G (ADR 0007).
  r('/wasiat/part-e', 'owner', (i) => `/wasiat/part-e?wasiat_id=${i.wasiatId}`, /^\/wasiat\/part-g$/),
  r('/wasiat/part-f', 'owner', (i) => `/wasiat/part-f?wasiat_id=${i.wasiatId}`),
  r('/wasiat/part-g', 'owner', (i) => `/wasiat/part-g?wasiat_id=${i.wasiatId}`),
  r('/wasiat/part-payment', 'owner', (i) => `/wasiat/part-payment?wasiat_id=${i.wasiatId}`),
  r('/wasiat/document', 'owner', (i) => `/wasiat/document?wasiat_id=${i.wasiatId}`),
  r('/wasiat/ekyc', 'owner', (i) => `/wasiat/ekyc?wasiat_id=${i.wasiatId}`),
  r('/wasiat/{wasiat_id}/receipt', 'owner', (i) => `/wasiat/${i.wasiatId}/receipt`),
  r('/wasiat/{wasiat_id}/IC', 'owner', (i) => `/wasiat/${i.wasiatId}/IC`),
  r('/wasiat/{wasiat_id}/details', 'owner', (i) => `/wasiat/${i.wasiatId}/details`),
  r('/wasiat/list', 'owner'),
  r('/wasiat/MohonPindaan', 'owner'),
  r('/wasiat/{wasiat_id}/pindaanPayVerified', 'owner', (i) => `/wasiat/${i.wasiatId}/pindaanPayVerified?status=1`),
  // The amendment wizard (parts a–i, the MyKad & eKYC part, the property pages and the draft).
  ...AMENDMENT_PAGES.map((p) =>
    r(`/wasiat/{wasiat_id}/pindaan-${p}`, 'owner', (i) => `/wasiat/${i.wasiatId}/pindaan-${p}`),
  ),
  r('/pindaan/list', 'owner'),
  // Search
  r('/carian/semak', 'staff'),
  r('/carian/senarai', 'staff'),
  ...['a', 'b', 'c', 'd', 'e'].map((k) => r(`/carian/status-${k}`, 'staff')),
  // Verification lists
  r('/wasiat/pengesahan/pendaftaran', 'staff'),
  r('/wasiat/pengesahan/list-pendaftaran', 'staff'),
  r('/wasiat/pengesahan/pindaan', 'staff'),
  r('/wasiat/pengesahan/list-pindaan', 'staff'),
  r('/wasiat/pengesahan/list-pindaan-saksi', 'staff'),
  r('/wasiat/pindaan/senarai-pindaan', 'staff'),
  r('/wasiat/pindaan/senarai-pindaan/search', 'staff'),
  r('/trust/pengesahan/pendaftaran', 'staff'),
  r('/trust/pengesahan/pendaftaran-saksi', 'staff'),
  r('/trust/pengesahan/list-pendaftaran', 'staff'),
  r('/trust/pengesahan/list-pendaftaran-witness', 'staff'),
  r('/trust/pengesahan/list-pindaan-hibah', 'staff'),
  // Trusts
  r('/hibah/list', 'staff'),
  r('/hibah/list-client', 'client'),
  r('/hibah/product-list', 'client'),
  r('/trust/list', 'client'),
  r('/trust/product-list', 'client'),
  r('/trust/part-listpindaan', 'client'),
  r('/trust-onecent/redeem', 'client'),
  // The wizards: every part of /trust on a hibah; the other two share every part's component, so each is
  // opened at its start and at one part on its own hibah (the frame and sidebar differ by wizard).
  r('/trust/part-a', 'client'),
  ...HIBAH_PARTS.map((p) => r(`/trust/part-${p}`, 'owner', (i) => `/trust/part-${p}?id=${i.hibahId}`)),
  r('/amanah/harta-pusaka/part-a', 'client'),
  r('/amanah/harta-pusaka/part-c', 'owner', (i) => `/amanah/harta-pusaka/part-c?id=${i.estateHibahId}`),
  r('/trust-onecent/part-b', 'owner', (i) => `/trust-onecent/part-b?id=${i.oneCentHibahId}`),
  // Organisations
  r('/organization/type/{type}', 'staff', () => '/organization/type/private'),
  r('/organization/rakan/', 'staff', () => '/organization/rakan'),
  r('/organization/{type}/register', 'staff', () => '/organization/private/register'),
  r('/organization/create', 'staff'),
  r('/organization/{organization_id}', 'staff', (i) => `/organization/${i.organizationId}`),
  r('/organization/{organization_id}/edit', 'staff', (i) => `/organization/${i.organizationId}/edit`),
  r('/organization/{organization_id}/branch/create', 'staff', (i) => `/organization/${i.organizationId}/branch/create`),
  r(
    '/organization/{organization_id}/branch/{branch_id}',
    'staff',
    (i) => `/organization/${i.organizationId}/branch/${i.branchId}`,
  ),
  r(
    '/organization/{organization_id}/branch/{branch_id}/edit',
    'staff',
    (i) => `/organization/${i.organizationId}/branch/${i.branchId}/edit`,
  ),
  r('/organization/{organization_id}/user/create', 'staff', (i) => `/organization/${i.organizationId}/user/create`),
  r(
    '/organization/{organization_id}/user/{user_id}',
    'staff',
    (i) => `/organization/${i.organizationId}/user/${i.userId}`,
  ),
  r(
    '/organization/{organization_id}/user/{user_id}/edit',
    'staff',
    (i) => `/organization/${i.organizationId}/user/${i.userId}/edit`,
  ),
  r(
    '/organization/{organization_id}/pricing/create',
    'staff',
    (i) => `/organization/${i.organizationId}/pricing/create`,
  ),
  r(
    '/organization/{organization_id}/pricing/{pricing_id}',
    'staff',
    (i) => `/organization/${i.organizationId}/pricing/${i.pricingId}`,
  ),
  r(
    '/organization/{organization_id}/pricing/{pricing_id}/edit',
    'staff',
    (i) => `/organization/${i.organizationId}/pricing/${i.pricingId}/edit`,
  ),
  r(
    '/organization/{organization_id}/preference/edit',
    'staff',
    (i) => `/organization/${i.organizationId}/preference/edit`,
  ),
  r('/organization/{organization_id}/product', 'staff', (i) => `/organization/${i.organizationId}/product`),
  r(
    '/organization/{organization_id}/product/{product_id}',
    'staff',
    (i) => `/organization/${i.organizationId}/product/${i.productId}`,
  ),
  r(
    '/organization/{organization_id}/product/{product_id}/edit',
    'staff',
    (i) => `/organization/${i.organizationId}/product/${i.productId}/edit`,
  ),
  r('/organization/{organization_id}/Individu', 'staff', (i) => `/organization/${i.organizationId}/individu`),
  r('/organizations/{organization_id}/promo-codes', 'staff', (i) => `/organizations/${i.organizationId}/promo-codes`),
  // Clients
  r('/client', 'agent'),
  r('/client/pending', 'staff'),
  r('/client/{client_id}', 'staff', (i) => `/client/${i.ownerId}`),
  r('/client/{client_id}/edit', 'staff', (i) => `/client/${i.ownerId}/edit`),
  // Account
  r('/change-password', 'client'),
  r('/profile', 'client'),
  r('/profile/signature', 'agent'),
  // A client who has a profile is sent on to edit it.
  r('/profile-create', 'client', undefined, /^\/profile-edit$/),
  r('/profile-edit', 'client'),
  r('/ekyc', 'client'),
  r('/ekyc/validation', 'client'),
  r('/signature', 'agent'),
  r('/template', 'staff'),
  // Other
  r('/ezqurban/transaction/list', 'staff'),
  r('/ezqurban/fund-transfer/list', 'accountant'),
  r('/ezqurban/report/monthly', 'staff'),
  r('/tekun/upload/list', 'partner'),
  r('/tekun/wasiat/list', 'partner'),
  r('/tekun/report/monthly', 'staff'),
];
