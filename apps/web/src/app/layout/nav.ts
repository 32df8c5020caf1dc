/**
 * Menu entries; each is shown when the role may do its action (the permission table of @wasiat/domain,
 * the same one the server enforces — DESIGN.md §9.4), and, for an agent or a partner, when their organisation's
 * preference has not switched the product off (issue 38 item 9; the domain's one preference reader, as the
 * server refuses: wills/part-b.ts `allow_wasiat`, hibah/organisation-choice.ts `allow_hibah`).
 */
import { type Action, can, type PreferenceFlagName, type PreferenceLike, preferenceAllows } from '@wasiat/domain';

export interface NavItem {
  to: string;
  labelKey: string;
  /** Shown when the role may do any of these actions; absent = every logged-in user. */
  anyOf?: Action[];
  /** The preference flag that must be on for an agent's or partner's menu to show it. */
  needs?: PreferenceFlagName;
}

export const NAV: NavItem[] = [
  { to: '/dashboard', labelKey: 'nav.dashboard' },
  {
    to: '/wasiat/part-a',
    labelKey: 'nav.register_will',
    anyOf: ['will:create:own', 'will:create:client'],
    needs: 'allow_wasiat',
  },
  { to: '/wasiat/list', labelKey: 'nav.will_list' },
  { to: '/wasiat/pengesahan/pendaftaran', labelKey: 'nav.verification', anyOf: ['will:verify'] },
  { to: '/wasiat/pengesahan/list-pendaftaran', labelKey: 'nav.verification_list', anyOf: ['will:verify'] },
  { to: '/wasiat/MohonPindaan', labelKey: 'nav.apply_amendment', anyOf: ['will:create:own'] },
  { to: '/pindaan/list', labelKey: 'nav.amendment_list', anyOf: ['will:read:own', 'amendment:verify'] },
  { to: '/wasiat/pengesahan/list-pindaan', labelKey: 'nav.amendment_verification', anyOf: ['amendment:verify'] },
  { to: '/wasiat/pengesahan/list-pindaan-saksi', labelKey: 'nav.amendment_witnesses', anyOf: ['amendment:verify'] },
  {
    to: '/hibah/list',
    labelKey: 'nav.hibah_list',
    anyOf: ['will:create:own', 'will:create:client', 'will:read:any'],
    needs: 'allow_hibah',
  },
  { to: '/trust/part-listpindaan', labelKey: 'nav.hibah_amendments', anyOf: ['will:create:own'] },
  { to: '/trust-onecent/codes', labelKey: 'nav.hibah_codes', anyOf: ['hibah:coupon:manage'] },
  {
    to: '/trust/pengesahan/list-pindaan-hibah',
    labelKey: 'nav.hibah_amendment_verification',
    anyOf: ['amendment:verify'],
  },
  { to: '/carian/semak', labelKey: 'nav.search', anyOf: ['will:search'] },
  { to: '/harta/peta', labelKey: 'nav.asset_map', anyOf: ['asset:manage:own'] },
  { to: '/kematian/lapor', labelKey: 'nav.death_report', anyOf: ['death:report'] },
  { to: '/kematian/senarai', labelKey: 'nav.death_reports', anyOf: ['death:verify', 'death:read:organisation'] },
  { to: '/institusi', labelKey: 'nav.institutions', anyOf: ['institution:manage'] },
  { to: '/pelantikan-wasi', labelKey: 'nav.executorships', anyOf: ['acceptance:decide:executor'] },
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

/** Roles whose menu follows their own organisation's preference: the organisation's people, not the provider's. */
const FOLLOWS_PREFERENCE = ['Agent', 'Partner'];

const permitted = (role: string | undefined) => (n: NavItem) => !n.anyOf || n.anyOf.some((a) => can(role, a));
const switchedOff = (role: string | undefined, pref: PreferenceLike) => (n: NavItem) =>
  !!n.needs && !!pref && FOLLOWS_PREFERENCE.includes(role ?? '') && !preferenceAllows(pref, n.needs);

/** The entries a role sees; `pref` is the user's organisation preference (null for a client or while unknown). */
export const navFor = (role: string | undefined, pref: PreferenceLike = null) =>
  NAV.filter((n) => permitted(role)(n) && !switchedOff(role, pref)(n));

/** The entries the role could use but its organisation has switched off (named under the menu). */
export const navSwitchedOff = (role: string | undefined, pref: PreferenceLike) =>
  NAV.filter((n) => permitted(role)(n) && switchedOff(role, pref)(n));
