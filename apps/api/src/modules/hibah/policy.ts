/**
 * The ONE place where the hibah module decides who may see and do what (DESIGN.md §9.3–9.4; issue 5).
 *
 * Visibility (as for wills, ADR 0030): the grantor (`user_id = me`), the agent who registered it
 * (`agent_id = me`), a partner of its organisation (active `user_accesses`), staff-side roles (any).
 * Rights come from the permission table (`will:read:*` — the same reach as for wills — and
 * `hibah:verify`). A hibah out of scope is a 404 by construction (the WHERE clause).
 *
 * Changes (spec §6 "Only the grantor can finalise or update a hibah/trust"): `POST /hibah/{id}` field
 * updates and every finalising status change — the grantor only (403 for anyone else, staff included);
 * staff verify instead (2 → 3 approve, 2 → 1 decline) with `hibah:verify`. Parties and property of a
 * hibah still being filled in (status -1, 0, 1), the grantor's particulars, MyKad/eKYC and the part C
 * choice of organisation, branch and pricing may be made by the grantor or by the agent who registered it
 * (reference §3.2: the agent fills parts A–G for the client; ADR 0025).
 */
import { and, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { hibahs, user_accesses } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { userCan } from '../../platform/auth/guard.ts';
import { AppError, forbidden } from '../../platform/http/errors.ts';
import { grantExists } from '../grants/index.ts';

const grantorOnly = () => new AppError('forbidden', 'hibah.grantor_only');

export type HibahRow = typeof hibahs.$inferSelect;

const myOrganisations = (user: AuthUser) =>
  sql`(select ${user_accesses.organization_id} from ${user_accesses} where ${user_accesses.user_id} = ${user.id} and ${user_accesses.status} = 1)`;

/** WHERE clause of the hibahs `user` may see (never soft-deleted ones); fails closed. */
export function hibahScope(user: AuthUser): SQL {
  const alive = isNull(hibahs.deleted_at);
  if (userCan(user, 'will:read:any')) return alive;
  const parts: SQL[] = [];
  if (userCan(user, 'will:read:own')) parts.push(eq(hibahs.user_id, user.id));
  // An agent or partner only while their organisation holds an active grant for the grantor (ADR 0101).
  const delegated: SQL[] = [];
  if (userCan(user, 'will:read:agent')) delegated.push(eq(hibahs.agent_id, user.id));
  if (userCan(user, 'will:read:organisation')) delegated.push(inArray(hibahs.organization_id, myOrganisations(user)));
  if (delegated.length) parts.push(and(or(...delegated), grantExists(user, hibahs.user_id)) as SQL);
  // Anyone is the grantor of their own hibah (e.g. an agent who is also a client of the platform).
  parts.push(eq(hibahs.user_id, user.id));
  return and(alive, or(...parts)) as SQL;
}

/** Whether `user` is the grantor of `h`. */
export const isGrantor = (user: AuthUser, h: HibahRow) => h.user_id === user.id;

/**
 * Updates and finalising status changes: the grantor only (spec §6).
 * @throws 403 `hibah.grantor_only`.
 */
export function assertGrantor(user: AuthUser, h: HibahRow) {
  if (!isGrantor(user, h)) throw grantorOnly();
}

/**
 * Adding or changing parties and property while the hibah is being filled in: the grantor, or the agent
 * who registered it. @throws 403 `hibah.grantor_only`.
 */
export function assertCanFill(user: AuthUser, h: HibahRow) {
  if (isGrantor(user, h)) return;
  if (h.agent_id !== null && h.agent_id === user.id && userCan(user, 'will:create:client')) return;
  throw grantorOnly();
}

/** Staff verification (approve / decline; verification lists). @throws 403 `errors.forbidden`. */
export function assertCanVerify(user: AuthUser) {
  if (!userCan(user, 'hibah:verify')) throw forbidden();
}

/** Whether the caller may register a hibah for another (client) user. */
export const canCreateForClient = (user: AuthUser) => userCan(user, 'will:create:client');
/** Whether the caller may choose any organisation (staff side) rather than only their own. */
export const seesAnyOrganisation = (user: AuthUser) => userCan(user, 'will:read:any');
/** The organisations the caller belongs to, as a subquery. */
export { myOrganisations };
