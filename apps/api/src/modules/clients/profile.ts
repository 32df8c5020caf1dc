/**
 * `PATCH /api/user/{id}` (spec §2 /client/{client_id}/edit and /profile-edit; reference §2.1 PATCH
 * `user/{id}` variants "profile" and "client edit"): name, designation, gender, email, office phone,
 * mobile, address, postcode, city, state — validated by the domain's `userProfileSchema`.
 *
 * Who: anyone for their own id (their profile); for another id the role needs `client:edit` (Partner,
 * Staff, Admin) and the target must be a client in the caller's scope (service.ts `clientScope`:
 * partner → clients with a will in their organisation; provider staff → every client).
 *
 * The e-mail address and mobile number recover an account (issue 16 item 3; ADR 0105). They change only
 * - by their holder (own id) who re-enters the password (`current_password`) or gives the code of
 *   `POST /api/otp/request { purpose: "channel-change" }`, sent to the CURRENT e-mail or mobile (`otp_code`);
 * - or by provider staff (`user:channel:change`) who record a reason (`change_reason`, audited as
 *   `user.channel_change`).
 * Partners and Agents never change them (403 `security.channel_holder_only`). The old e-mail address is told.
 * @returns `{ user }` (auth/service.ts serializeUser). @throws 403 without `client:edit` or a channel change not
 * allowed; 404 out of scope (never reveals another tenant's client); 422 `errors.email_taken` (email),
 * `security.channel_confirm_required` / `errors.current_password_incorrect` (current_password), `otp.*`
 * (otp_code), `security.channel_reason_required` (change_reason) and schema errors.
 */
import type { Language, userProfileSchema } from '@wasiat/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { assertChannelChange, channelsDiffer, mailChannelChanged, serializeUser } from '../auth/index.ts';
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
  ctx: Ctx,
  actor: { user: AuthUser; ip?: string; lang: Language },
  id: string,
  input: z.output<typeof userProfileSchema>,
) {
  const { db } = ctx;
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
  const changed = channelsDiffer(before, email, input.mobile_number);
  const reason = changed.email || changed.mobile ? await assertChannelChange(db, actor, before, input) : null;
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
    if (changed.email || changed.mobile) {
      await recordAudit(tx as unknown as Db, {
        actorId: actor.user.id,
        action: 'user.channel_change',
        entityType: 'User',
        entityId: u.id,
        before: { email: before.email, mobile_number: before.mobile_number },
        after: { email: u.email, mobile_number: u.mobile_number, by: self ? 'holder' : 'provider_staff', reason },
        ip: actor.ip,
      });
    }
    return u;
  });
  await mailChannelChanged(ctx, before, changed, actor.lang);
  return { user: await serializeUser(db, after) };
}
