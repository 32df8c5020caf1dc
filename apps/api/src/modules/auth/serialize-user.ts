/** The user as the API answers it (login, profile, lists of members), one shape for every route. */
import { originalRoleOf } from '@wasiat/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, organizations, user_accesses } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';

/**
 * The user as the product's client reads it (reference §1.3): `roles: [{ name }]`, `signature`
 * (`{ id }` or null) and `user_access` (active organisation membership with the organisation and branch).
 * `original_role` is always the 2021 client's label of the role (domain `originalRoleOf`; ADR 0135); for a
 * 2021-contract session (`opts.clientContract` '2021') `roles` is `[{ name: <2021 label> }, { name: <ours> }]`,
 * so that client's `roles[0].name` builds its menus; the rights stay those of OUR role.
 */
export async function serializeUser(db: Db, u: AuthUser, opts: { clientContract?: string | null } = {}) {
  const access = await db
    .select({ a: user_accesses, org: organizations, branch: branches })
    .from(user_accesses)
    .innerJoin(organizations, eq(organizations.id, user_accesses.organization_id))
    .leftJoin(branches, eq(branches.id, user_accesses.branch_id))
    .where(eq(user_accesses.user_id, u.id))
    // the active membership first, then a pending request (issue 6 access requests), oldest first
    .orderBy(sql`case ${user_accesses.status} when 1 then 0 when 0 then 1 else 2 end`, asc(user_accesses.created_at))
    .limit(1);
  const a = access[0];
  const original = originalRoleOf(u.role, !a?.branch || a.branch.is_headquarter);
  return {
    id: u.id,
    name: u.name,
    username: u.username,
    email: u.email,
    ic_number: u.ic_number,
    mobile_number: u.mobile_number,
    designation: u.designation,
    gender: u.gender,
    office_phone_number: u.office_phone_number,
    address: u.address,
    postcode: u.postcode,
    city: u.city,
    state: u.state,
    status: u.status,
    face_verified: u.face_verified ? 1 : 0,
    signature: u.signature_id ? { id: u.signature_id } : null,
    roles: opts.clientContract === '2021' ? [{ name: original }, { name: u.role }] : [{ name: u.role }],
    original_role: original,
    user_access: a
      ? {
          id: a.a.id,
          organization_id: a.a.organization_id,
          branch_id: a.a.branch_id,
          role: a.a.role,
          status: a.a.status,
          organization: { id: a.org.id, name: a.org.name, type: a.org.type },
          accessible_type: 'Branch',
          accessible_id: a.a.branch_id,
          accessible: a.branch ? { id: a.branch.id, name: a.org.name, branch_name: a.branch.branch_name } : null,
          original_role: original,
          allow_payment_gateway: a.org.allow_payment_gateway ? 1 : 0,
          allow_cash_payment: a.org.allow_cash_payment ? 1 : 0,
        }
      : null,
  };
}
