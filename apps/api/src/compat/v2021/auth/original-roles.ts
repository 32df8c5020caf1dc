/**
 * The role strings of the product's 2021 web client and ours, mapped in ONE place, the 2021 adapter (issue 20; issue 34 item 4; ADR 0135;
 * reference §5). The 2021 client compares six strings (`Client`, `Agent`, `Admin`, `Super Admin`, `Staff`, `IT`)
 * and builds its menus from `user.roles[0].name`; our permission table (permissions.ts) knows seven roles.
 * The mapping never grants a right: every request is still decided by OUR role against PERMISSIONS.
 *
 * Inbound (a 2021 body's `role`, e.g. `POST user/{id}/access`, `PATCH user-access/{id}`):
 * - `Super Admin` (a partner organisation's administrator), `Admin` (a partner's branch administrator) and
 *   `IT` (a partner's technical user who adds users and branches) → our `Partner`, in a partner organisation
 *   only. In the provider's own organisation nothing is translated: `Super Admin`/`IT` are refused there (not
 *   roles it gives) and `Admin` means our own platform administrator, as in our own API.
 * - `Client`, `Agent`, `Staff` are our roles of the same name; our own strings are accepted as they are.
 *
 * Outbound (the label a 2021 client reads): `Partner` → `Super Admin` at the headquarters (or with no branch),
 * `Admin` at another branch; `Staff`, `Officer`, `Accountant`, `Admin` (the provider's back office) → `Staff`;
 * `Client`, `Agent` unchanged.
 */
import type { Role } from '@wasiat/domain';

/** The six role strings the 2021 client compares (reference §5). */
const ORIGINAL_ROLES = ['Client', 'Agent', 'Admin', 'Super Admin', 'Staff', 'IT'] as const;
export type OriginalRole = (typeof ORIGINAL_ROLES)[number];

/** 2021 strings that mean a partner organisation's administrators (all our `Partner`). */
const ORIGINAL_PARTNER_ADMIN_ROLES = ['Super Admin', 'Admin', 'IT'] as const;

/**
 * Our role for a role string of a 2021 body. `providerOrganisation`: whether the access is in the provider's own
 * organisation (there `Super Admin`/`Admin`/`IT` are not translated: the 2021 `Admin` is a partner's branch
 * administrator, never our platform `Admin`). Any other string is returned as sent (checked by the caller
 * against the roles the organisation may give, 422 `organisations.role_not_allowed`).
 */
export function roleFromOriginal(role: string, providerOrganisation: boolean): string {
  if (!providerOrganisation && (ORIGINAL_PARTNER_ADMIN_ROLES as readonly string[]).includes(role)) return 'Partner';
  return role;
}

/**
 * The 2021 label of our role (what `roles[0].name` says to a 2021-contract session and what `original_role`
 * always says). `atHeadquarter`: whether the user's access is to the organisation's headquarters (or none).
 */
export function originalRoleOf(role: Role | string, atHeadquarter: boolean): OriginalRole {
  switch (role) {
    case 'Client':
      return 'Client';
    case 'Agent':
      return 'Agent';
    case 'Partner':
      return atHeadquarter ? 'Super Admin' : 'Admin';
    default:
      return 'Staff';
  }
}
