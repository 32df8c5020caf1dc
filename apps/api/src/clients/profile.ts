/**
 * `PATCH /api/user/{id}` (spec §2 /client/{client_id}/edit and /profile-edit; reference §2.1 PATCH
 * `user/{id}` variants "profile" and "client edit"): name, designation, gender, email, office phone,
 * mobile, address, postcode, city, state — validated by the domain's `userProfileSchema`.
 *
 * Who: anyone for their own id (their profile); for another id the role needs `client:edit` (Partner,
 * Staff, Admin) and the target must be a client in the caller's scope (service.ts `clientScope`:
 * partner → clients with a will in their organisation; provider staff → every client).
 * @returns `{ user }` (auth/service.ts serializeUser). @throws 403 without `client:edit`; 404 out of
 * scope (never reveals another tenant's client); 422 `errors.email_taken` (email) and schema errors.
 */
import type { userProfileSchema } from '@wasiat/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { recordAudit } from '../audit/audit.ts';
import { type AuthUser, userCan } from '../auth/guard.ts';
import { serializeUser } from '../auth/service.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import { clientScope } from './service.ts';

const PROFILE_KEYS = [
  'name',
  'designation',
  'gender',
  'email',
  'office_phone_number',
  'mobile_number',
  'address',
  'postcode',
  'city',
  'state',
] as const;

/** Update the profile of user `id` (own) or of a client in scope (see the module comment). */
export async function updateProfile(
  db: Db,
  actor: { user: AuthUser; ip?: string },
  id: string,
  input: z.output<typeof userProfileSchema>,
) {
  const self = id === actor.user.id;
  if (!self && !userCan(actor.user, 'client:edit')) throw new AppError('forbidden', 'errors.forbidden');
  const [before] = await db
    .select()
    .from(users)
    .where(self ? eq(users.id, id) : and(eq(users.id, id), clientScope(actor.user)))
    .limit(1);
  if (!before) throw notFound();
  const email = input.email.toLowerCase();
  const [clash] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(sql`lower(${users.email})`, email), sql`${users.id} <> ${before.id}`))
    .limit(1);
  if (clash) throw fieldError('email', 'errors.email_taken');
  const values = {
    name: input.name,
    designation: input.designation ?? null,
    gender: input.gender,
    email,
    office_phone_number: input.office_phone_number || null,
    mobile_number: input.mobile_number,
    address: input.address,
    postcode: input.postcode,
    city: input.city,
    state: input.state,
  };
  const after = await db.transaction(async (tx) => {
    const [u] = await tx.update(users).set(values).where(eq(users.id, before.id)).returning();
    await recordAudit(tx as unknown as Db, {
      actorId: actor.user.id,
      action: self ? 'user.profile' : 'client.update',
      entityType: 'User',
      entityId: u.id,
      before: Object.fromEntries(PROFILE_KEYS.map((k) => [k, before[k]])),
      after: Object.fromEntries(PROFILE_KEYS.map((k) => [k, u[k]])),
      ip: actor.ip,
    });
    return u;
  });
  return { user: await serializeUser(db, after) };
}
