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
  { to: '/organization/rakan', labelKey: 'nav.partners', anyOf: ['organisation:manage'] },
  { to: '/organization/mine', labelKey: 'nav.my_organisation', anyOf: ['organisation:read'] },
  { to: '/client', labelKey: 'nav.clients', anyOf: ['client:read'] },
  { to: '/ekyc/review', labelKey: 'nav.ekyc_review', anyOf: ['ekyc:review'] },
  { to: '/client/pending', labelKey: 'nav.pending_access', anyOf: ['user:approve'] },
  { to: '/dashboard/staff', labelKey: 'nav.staff', anyOf: ['organisation:read'] },
  { to: '/template', labelKey: 'nav.template', anyOf: ['promo:manage'] },
  { to: '/profile', labelKey: 'nav.profile' },
  { to: '/dashboard/report', labelKey: 'nav.reports', anyOf: ['report:read'] },
  { to: '/profile/signature', labelKey: 'nav.signature' },
  { to: '/change-password', labelKey: 'nav.change_password' },
];

/** The entries a role sees. */
export const navFor = (role: string | undefined) => NAV.filter((n) => !n.anyOf || n.anyOf.some((a) => can(role, a)));
