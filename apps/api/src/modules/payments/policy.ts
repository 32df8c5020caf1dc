/**
 * Who may act on a will's payments (DESIGN.md §9.3–9.4; docs/api/payments.md "owner or staff").
 *
 * A caller sees a will's payments — and may pay for it — when the will is visible to them by the
 * wills module's scope (owner, its agent, a Partner of its organisation, or a role with
 * `will:read:any`). Anything else is a 404, never a 403 (DESIGN.md §3). Confirming a manual payment additionally needs
 * `payment:confirm` (declared on the route; the guard answers 403).
 */

import type { Db } from '../../db/client.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { findVisibleWill } from '../wills/index.ts';

/**
 * The will `wasiatId` if the user may see it (and so pay for it and read its payments). Visibility is
 * the wills module's (`willScope` in wills/policy.ts), the one place where it is decided.
 * @throws 404 `errors.not_found` when it does not exist or is not visible.
 */
export const loadVisibleWill = (db: Db, user: AuthUser, wasiatId: string) => findVisibleWill(db, user, wasiatId);
