/** The user as the API answers it (login, profile, lists of members), one shape for every route. */
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { branches, organizations, user_accesses } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';

/** What {@link serializeUser} knows beyond the shape: OUR role, whether the membership is at the headquarters. */
export type UserShapeFacts = { role: string; atHeadquarter: boolean; contract: string | null };
/** The user shape, as {@link serializeUser} builds it. */
export type UserShape = Awaited<ReturnType<typeof baseShape>>['shape'];
/** An edge adapter's additions to the user shape (it returns the shape to answer, keys added; it grants no right). */
export type UserShapeExtension = (shape: UserShape, facts: UserShapeFacts) => UserShape;

let extension: UserShapeExtension | null = null;

/**
 * Register the edge adapter's additions to every user shape (the composition root, once: compat/v2021 adds the
 * 2021 client's role labels, ADR 0135). A later registration replaces an earlier one.
 */
export function registerUserShape(fn: UserShapeExtension) {
  extension = fn;
}

/**
 * The user as the product's client reads it (reference §1.3): `roles: [{ name }]`, `signature`
 * (`{ id }` or null) and `user_access` (active organisation membership with the organisation and branch), with
 * what the registered edge adapter adds ({@link registerUserShape}; `opts.contract` the session's client contract,
 * guard.ts `sessionContract`). The rights stay those of OUR role.
 */
export async function serializeUser(db: Db, u: AuthUser, opts: { contract?: string | null } = {}) {
  const { shape, atHeadquarter } = await baseShape(db, u);
  return extension ? extension(shape, { role: u.role, atHeadquarter, contract: opts.contract ?? null }) : shape;
}

/** Our user shape and whether the membership is at the headquarters (or there is none). */
async function baseShape(db: Db, u: AuthUser) {
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
  const shape = {
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
    roles: [{ name: u.role }],
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
          allow_payment_gateway: a.org.allow_payment_gateway ? 1 : 0,
          allow_cash_payment: a.org.allow_cash_payment ? 1 : 0,
        }
      : null,
  };
  return { shape, atHeadquarter: !a?.branch || a.branch.is_headquarter };
}
