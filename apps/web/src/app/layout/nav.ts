/**
 * Menu entries; each is shown when the role may do its action (the permission table of @wasiat/domain,
 * the same one the server enforces — DESIGN.md §9.4).
 */
import { type Action, can } from '@wasiat/domain';

export interface NavItem {
  to: string;
  labelKey: string;
  /** Shown when the role may do any of these actions; absent = every logged-in user. */
  anyOf?: Action[];
}

export const NAV: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard' },
  { to: '/wasiat/part-a', labelKey: 'nav.register_will', anyOf: ['will:create:own', 'will:create:client'] },
  { to: '/wasiat/list', labelKey: 'nav.will_list' },
  { to: '/wasiat/pengesahan/pendaftaran', labelKey: 'nav.verification', anyOf: ['will:verify'] },
  { to: '/wasiat/pengesahan/list-pendaftaran', labelKey: 'nav.verification_list', anyOf: ['will:verify'] },
  { to: '/wasiat/MohonPindaan', labelKey: 'nav.apply_amendment', anyOf: ['will:create:own'] },
  { to: '/pindaan/list', labelKey: 'nav.amendment_list', anyOf: ['will:read:own', 'amendment:verify'] },
  { to: '/wasiat/pengesahan/list-pindaan', labelKey: 'nav.amendment_verification', anyOf: ['amendment:verify'] },
  { to: '/wasiat/pengesahan/list-pindaan-saksi', labelKey: 'nav.amendment_witnesses', anyOf: ['amendment:verify'] },
  { to: '/hibah/list', labelKey: 'nav.hibah_list', anyOf: ['will:create:own', 'will:create:client', 'will:read:any'] },
  { to: '/trust/part-listpindaan', labelKey: 'nav.hibah_amendments', anyOf: ['will:create:own'] },
  { to: '/trust-onecent/codes', labelKey: 'nav.hibah_codes', anyOf: ['hibah:coupon:manage'] },
  {
    to: '/trust/pengesahan/list-pindaan-hibah',
    labelKey: 'nav.hibah_amendment_verification',
    anyOf: ['amendment:verify'],
  },
  { to: '/carian/semak', labelKey: 'nav.search', anyOf: ['will:search'] },
  { to: '/kematian/lapor', labelKey: 'nav.death_report', anyOf: ['death:report'] },
  { to: '/kematian/senarai', labelKey: 'nav.death_reports', anyOf: ['death:verify', 'death:read:organisation'] },
  { to: '/organization/rakan', labelKey: 'nav.partners', anyOf: ['organisation:manage'] },
  { to: '/organization/mine', labelKey: 'nav.my_organisation', anyOf: ['organisation:read'] },
  { to: '/client', labelKey: 'nav.clients', anyOf: ['client:read'] },
  { to: '/client-grants', labelKey: 'nav.client_grants', anyOf: ['grant:audit'] },
  { to: '/ekyc', labelKey: 'nav.ekyc', anyOf: ['ekyc:attempt'] },
  { to: '/ekyc/review', labelKey: 'nav.ekyc_review', anyOf: ['ekyc:review'] },
  { to: '/client/pending', labelKey: 'nav.pending_access', anyOf: ['user:approve'] },
  { to: '/dashboard/staff', labelKey: 'nav.staff', anyOf: ['organisation:read'] },
  { to: '/template', labelKey: 'nav.template', anyOf: ['promo:manage', 'promo:read', 'programme:upload'] },
  { to: '/profile', labelKey: 'nav.profile' },
  { to: '/dashboard/report', labelKey: 'nav.reports', anyOf: ['report:read'] },
  { to: '/dashboard/payments', labelKey: 'nav.payments', anyOf: ['payment:confirm'] },
  { to: '/profile/signature', labelKey: 'nav.signature' },
  { to: '/change-password', labelKey: 'nav.change_password' },
  { to: '/profile/data', labelKey: 'nav.personal_data' },
  { to: '/data-requests', labelKey: 'nav.data_requests', anyOf: ['data-request:handle'] },
  { to: '/jobs/dead-letters', labelKey: 'nav.failed_jobs', anyOf: ['job:read'] },
  { to: '/profile/two-factor', labelKey: 'nav.two_factor', anyOf: ['will:read:any'] },
  { to: '/tekun/upload/list', labelKey: 'nav.tekun_uploads', anyOf: ['programme:upload', 'programme:read'] },
  { to: '/tekun/certificate/verification', labelKey: 'nav.tekun_verification', anyOf: ['programme:read'] },
  { to: '/tekun/wasiat/list', labelKey: 'nav.tekun_wills', anyOf: ['programme:read', 'will:create:own'] },
  { to: '/tekun/report/monthly', labelKey: 'nav.tekun_report', anyOf: ['programme:read'] },
  { to: '/ezqurban/transaction/list', labelKey: 'nav.qurban_transactions' },
  { to: '/ezqurban/fund-transfer/list', labelKey: 'nav.qurban_transfers', anyOf: ['qurban:read'] },
  { to: '/ezqurban/report/monthly', labelKey: 'nav.qurban_report', anyOf: ['qurban:read'] },
];

/** The entries a role sees. */
export const navFor = (role: string | undefined) => NAV.filter((n) => !n.anyOf || n.anyOf.some((a) => can(role, a)));
