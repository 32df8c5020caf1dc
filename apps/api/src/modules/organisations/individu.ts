/**
 * The "Individu" page of an organisation (spec §2 "/organization/{organization_id} … Individu"; reference
 * §2.1 POST user variant (c): an individual organisation's owner account; ADR 0019).
 *
 * An organisation of type `individual` is one person selling as a partner. Its owner is that person's own
 * account: a Partner of the organisation whose MyKad is the organisation's `mykad_number`. The page shows
 * the organisation's particulars and the owner; provider staff (or the organisation's own Partner) create
 * the owner account once, which invites the owner by e-mail to set a password (as for any staff member).
 */
import { O } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { branches, user_accesses, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError } from '../../platform/http/errors.ts';
import type { Actor } from './admin-service.ts';
import { loadManagedOrganisation, loadVisibleOrganisation } from './policy.ts';
import { createStaff, getStaff } from './staff.ts';

type Org = Awaited<ReturnType<typeof loadVisibleOrganisation>>;

/** The owner's user id of an individual organisation, or null. */
async function ownerIdOf(db: Db, org: Org): Promise<string | null> {
  if (org.type !== 'individual' || !org.mykad_number) return null;
  const [row] = await db
    .select({ id: users.id })
    .from(user_accesses)
    .innerJoin(users, eq(users.id, user_accesses.user_id))
    .where(
      and(
        eq(user_accesses.organization_id, org.id),
        eq(user_accesses.role, 'Partner'),
        eq(users.ic_number, org.mykad_number),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/**
 * `GET /api/organization/{id}/individu` (organisation:read, scoped) →
 * `{ individual: boolean, organization: { id, name, code, type, mykad_number, email, phone_number }, owner: staff | null }`
 * (`owner` as `GET /api/organization/{id}/user/{user_id}`'s `user`). @throws 404 out of scope.
 */
export async function getIndividu(db: Db, user: AuthUser, orgId: string) {
  const org = await loadVisibleOrganisation(db, user, orgId);
  const ownerId = await ownerIdOf(db, org);
  return {
    individual: org.type === 'individual',
    organization: {
      id: org.id,
      name: org.name,
      code: org.code,
      type: org.type,
      mykad_number: org.mykad_number,
      email: org.email,
      phone_number: org.phone_number,
    },
    owner: ownerId ? (await getStaff(db, user, org.id, ownerId)).user : null,
  };
}

/**
 * `POST /api/organization/{id}/individu { email?, mobile_number?, username? }` (staff:manage) → 201
 * `{ user }`: the owner account of an individual organisation — a Partner with the organisation's MyKad,
 * name and (unless given) e-mail, at its headquarters, invited by e-mail to set a password.
 * @throws 404 out of scope; 422 `organisations.not_individual` (on `organization_id`),
 *   `organisations.owner_exists`, and the 422s of creating a staff member (MyKad/e-mail/username taken).
 */
export async function createIndividuOwner(
  ctx: Ctx,
  actor: Actor & { lang: 'ms' | 'en' },
  orgId: string,
  input: { email?: string; mobile_number?: string | null; username?: string },
) {
  const org = await loadManagedOrganisation(ctx.db, actor.user, orgId);
  if (org.type !== 'individual' || !org.mykad_number) throw fieldError('organization_id', O.notIndividual);
  if (await ownerIdOf(ctx.db, org)) throw fieldError('organization_id', O.ownerExists);
  const email = input.email ?? org.email;
  if (!email) throw fieldError('email', 'validation.required');
  const [hq] = await ctx.db
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.organization_id, org.id), eq(branches.is_headquarter, true)))
    .limit(1);
  return createStaff(ctx, actor, org.id, {
    name: org.name,
    ic_number: org.mykad_number,
    email,
    mobile_number: input.mobile_number ?? org.phone_number ?? undefined,
    username: input.username,
    role: 'Partner',
    branch_id: hq?.id,
    is_attended_course: 0,
  });
}
