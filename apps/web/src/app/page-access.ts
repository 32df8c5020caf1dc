/**
 * Which pages behind login need which action (issue 17 item 11, issue 37 item 8; ADR 0242): the one table the
 * router reads to give a role holding none of a page's actions the not-found page — the page a refused record
 * gives — instead of the page's frame and the server's refusal. The actions are those of the permission table
 * of @wasiat/domain that the server enforces on the page's own calls; a page not listed is open to every
 * signed-in user (it shows the caller's own records, scoped by the server). Keys are route paths exactly as the
 * features declare them (a child route's path joined to its parent's); app/page-access.test.ts checks that every
 * key is a route.
 */
import type { Action } from '@wasiat/domain';

/** Route path → the page is shown to a role holding any of these actions. */
export const PAGE_ACCESS: Readonly<Record<string, readonly Action[]>> = {
  // Reports and payments (the dashboard's staff pages)
  '/dashboard/report': ['report:read'],
  '/dashboard/report-daily': ['report:read'],
  '/dashboard/report-monthly': ['report:read'],
  '/dashboard/report-yearly': ['report:read'],
  '/dashboard/detailed-monthly-report': ['report:read'],
  '/dashboard/detailed-yearly-report': ['report:read'],
  '/dashboard/approved-monthly-report': ['report:read'],
  '/dashboard/report-soa': ['report:read'],
  '/dashboard/loan-bmmb': ['report:read'],
  '/dashboard/graph-report': ['report:read'],
  '/dashboard/payments': ['payment:confirm'],
  '/dashboard/staff': ['organisation:read'],
  '/template': ['promo:manage', 'promo:read', 'programme:upload'],
  // Verification lists and search
  '/wasiat/pengesahan/pendaftaran': ['will:verify'],
  '/wasiat/pengesahan/list-pendaftaran': ['will:verify'],
  '/wasiat/pengesahan/:wasiat_id': ['will:verify'],
  '/wasiat/pengesahan/pindaan': ['amendment:verify'],
  '/wasiat/pengesahan/list-pindaan': ['amendment:verify'],
  '/wasiat/pengesahan/list-pindaan-saksi': ['amendment:verify'],
  '/wasiat/pindaan/senarai-pindaan': ['amendment:verify'],
  '/wasiat/pindaan/senarai-pindaan/search': ['amendment:verify'],
  '/trust/pengesahan/pendaftaran': ['hibah:verify'],
  '/trust/pengesahan/pendaftaran-saksi': ['hibah:verify'],
  '/trust/pengesahan/list-pendaftaran': ['hibah:verify'],
  '/trust/pengesahan/list-pendaftaran-witness': ['hibah:verify'],
  '/trust/pengesahan/list-pindaan-hibah': ['amendment:verify'],
  '/trust-onecent/codes': ['hibah:coupon:manage'],
  '/carian/semak': ['will:search'],
  '/carian/senarai': ['will:search'],
  '/carian/status-a': ['will:search'],
  '/carian/status-b': ['will:search'],
  '/carian/status-c': ['will:search'],
  '/carian/status-d': ['will:search'],
  '/carian/status-e': ['will:search'],
  '/ekyc/review': ['ekyc:review'],
  // Organisations: the provider's lists and forms; an organisation's own views for partners too
  '/organization/type/:type': ['organisation:manage'],
  '/organization/rakan': ['organisation:manage'],
  '/organization/mine': ['organisation:read'],
  '/organization/create': ['organisation:manage'],
  '/organization/:type/register': ['organisation:manage'],
  '/organization/:organization_id': ['organisation:read'],
  '/organization/:organization_id/edit': ['organisation:manage'],
  '/organization/:organization_id/branch/create': ['branch:manage'],
  '/organization/:organization_id/branch/:branch_id': ['organisation:read'],
  '/organization/:organization_id/branch/:branch_id/edit': ['branch:manage'],
  '/organization/:organization_id/user/create': ['staff:manage'],
  '/organization/:organization_id/user/:user_id': ['organisation:read'],
  '/organization/:organization_id/user/:user_id/edit': ['staff:manage'],
  '/organization/:organization_id/individu': ['organisation:read'],
  '/organization/:organization_id/pricing/create': ['organisation:manage'],
  '/organization/:organization_id/pricing/:pricing_id': ['organisation:read'],
  '/organization/:organization_id/pricing/:pricing_id/edit': ['organisation:manage'],
  '/organization/:organization_id/preference/edit': ['organisation:manage'],
  '/organization/:organization_id/product': ['organisation:read'],
  '/organization/:organization_id/product/create': ['organisation:manage'],
  '/organization/:organization_id/product/:product_id': ['organisation:read'],
  '/organization/:organization_id/product/:product_id/edit': ['organisation:manage'],
  '/organizations/:organization_id/promo-codes': ['promo:manage', 'promo:read'],
  // Clients and access
  '/client': ['client:read'],
  '/client/pending': ['user:approve'],
  '/client/:client_id': ['client:read'],
  '/client/:client_id/edit': ['client:edit'],
  '/client-grants': ['grant:audit'],
  // The asset and nominee map (issue 40 item 6; ADR 0269)
  '/harta/peta': ['asset:manage:own', 'asset:read:client'],
  // After a death (issue 40; ADR 0261)
  '/kematian/lapor': ['death:report'],
  '/kematian/senarai': ['death:verify', 'death:read:organisation'],
  '/kematian/:id/pejabat': ['death:verify', 'death:read:organisation'],
  // Institutions a bequest may go to (issue 41 item 7; ADR 0268)
  '/institusi': ['institution:manage'],
  '/pelantikan-wasi': ['acceptance:decide:executor'],
  '/data-requests': ['data-request:handle'],
  '/jobs/dead-letters': ['job:read'],
  // Programmes
  '/tekun/upload/list': ['programme:read', 'programme:upload'],
  '/tekun/upload': ['programme:upload'],
  '/tekun/upload/:upload_id': ['programme:read', 'programme:upload'],
  '/tekun/certificate/verification': ['programme:read'],
  '/tekun/report/monthly': ['programme:read'],
  '/ezqurban/fund-transfer/list': ['qurban:read'],
  '/ezqurban/report/monthly': ['qurban:read'],
};
