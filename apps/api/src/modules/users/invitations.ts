/**
 * Invitations of staff, partner users and clients registered for them (issue 38 items 5 and 8; ADR 0243): the
 * welcome mail of a client registered by an agent, and `POST /api/user/{id}/invitation` — send the invitation
 * again. The mail and its link are auth/invitations.ts.
 */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { user_accesses, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { type AuthUser, INVITATION_DAYS, latestInvitation, sendInvitation, userCan } from '../auth/index.ts';
import { managesAllOrganisations, memberOrganisationIds } from '../organisations/index.ts';

/** The organisation a registrar acts for: their first active membership, or null (ADR 0243). */
async function registrarOrganisation(db: Db, me: AuthUser): Promise<string | null> {
  const [a] = await db
    .select({ id: user_accesses.organization_id })
    .from(user_accesses)
    .where(and(eq(user_accesses.user_id, me.id), eq(user_accesses.status, 1)))
    .orderBy(user_accesses.created_at)
    .limit(1);
  return a?.id ?? null;
}

/**
 * The welcome mail of client `clientId` that `me` (an agent, partner or staff member) has just registered
 * (`POST /api/user`): an invitation to set their password, naming `me` and `me`'s organisation, valid 7 days.
 * Nothing when the client has no e-mail.
 */
export async function welcomeRegisteredClient(ctx: Ctx, me: AuthUser, clientId: string): Promise<void> {
  await sendInvitation(ctx, {
    userId: clientId,
    invitedBy: me.id,
    organizationId: await registrarOrganisation(ctx.db, me),
  });
}

/**
 * `POST /api/user/{id}/invitation` (staff:manage or user:create:client) → `{ invitation: { sent: true, days: 7 } }`:
 * mail user `id` a new invitation to set their password; the previous link stops working. Who may: the one who
 * sent the user's latest invitation, the provider's staff (every organisation), and a holder of `staff:manage`
 * in an organisation the user belongs to or was invited to. The mail names the caller as inviter and the
 * organisation of the latest invitation (else the user's first membership).
 * @throws 404 when the user is not found or not the caller's to invite; 409 `errors.invitation_accepted` when
 *   the user has set a password already; 422 `validation.required` on `email` when the user has no e-mail.
 */
export async function resendInvitation(ctx: Ctx, actor: { user: AuthUser; ip?: string }, userId: string) {
  const { db } = ctx;
  const me = actor.user;
  const [target] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!target || target.id === me.id) throw notFound();
  const latest = await latestInvitation(db, target.id);
  const memberships = await db
    .select({ id: user_accesses.organization_id })
    .from(user_accesses)
    .where(eq(user_accesses.user_id, target.id))
    .orderBy(user_accesses.created_at);
  const orgIds = [latest?.organization_id, ...memberships.map((m) => m.id)].filter((x): x is string => !!x);
  const mine = userCan(me, 'staff:manage') ? await memberOrganisationIds(db, me) : [];
  const allowed = latest?.invited_by === me.id || managesAllOrganisations(me) || orgIds.some((id) => mine.includes(id));
  if (!allowed) throw notFound();
  if (target.password_hash) throw new AppError('conflict', 'errors.invitation_accepted');
  if (!target.email) throw fieldError('email', 'validation.required');
  await sendInvitation(ctx, { userId: target.id, invitedBy: me.id, organizationId: orgIds[0] ?? null });
  await recordAudit(db, {
    actorId: me.id,
    action: 'user.invitation_resend',
    entityType: 'User',
    entityId: target.id,
    after: { organization_id: orgIds[0] ?? null },
    ip: actor.ip,
  });
  return { invitation: { sent: true as const, days: INVITATION_DAYS } };
}
