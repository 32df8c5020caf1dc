/**
 * Invitations to set a password (issue 38 items 5 and 8; ADR 0243). A staff member or partner user created by an
 * administrator, and a client registered by an agent, has an account without password; they get an invitation
 * mail — not the password-reset mail — that names the organisation, their role (in their language), who invited
 * them, and a link to /password/reset valid for {@link INVITATION_DAYS} days. The link is a `password_resets`
 * row of kind 'invitation' (hashed token, single use); sending a new one revokes the previous one; an expired one
 * can be renewed from the link itself (`POST /api/password/invitation`), which mails a new link to the account's
 * own address.
 */
import { createHash, randomBytes } from 'node:crypto';
import { formatKlDate, LANGUAGES, type Language, translate } from '@wasiat/domain';
import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { organizations, password_resets, users } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';

/** An invitation is valid 7 days (issue 38 item 8). */
export const INVITATION_DAYS = 7;
const INVITATION_TTL_MS = INVITATION_DAYS * 24 * 60 * 60 * 1000;

type ResetRow = typeof password_resets.$inferSelect;

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const langOf = (l: string): Language => ((LANGUAGES as readonly string[]).includes(l) ? (l as Language) : 'ms');

/**
 * Mail user `userId` an invitation to set their password, from `invitedBy`, for `organizationId` (the
 * organisation the mail names; null: none named). Any earlier open invitation of the user is revoked first
 * (a resend invalidates the previous link). The mail is in the user's language (`users.language`), with their
 * role (`users.role`) translated; a Client gets the welcome wording. Nothing is sent to a user without e-mail.
 * @returns whether a mail was sent.
 */
export async function sendInvitation(
  ctx: Ctx,
  input: { userId: string; invitedBy: string; organizationId: string | null },
): Promise<boolean> {
  const { db } = ctx;
  const [user] = await db.select().from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user?.email) return false;
  const [inviter] = await db.select({ name: users.name }).from(users).where(eq(users.id, input.invitedBy)).limit(1);
  const [org] = input.organizationId
    ? await db
        .select({ name: organizations.name })
        .from(organizations)
        .where(eq(organizations.id, input.organizationId))
        .limit(1)
    : [];
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + INVITATION_TTL_MS);
  await db.transaction(async (tx) => {
    await tx
      .update(password_resets)
      .set({ revoked_at: new Date() })
      .where(
        and(
          eq(password_resets.user_id, user.id),
          eq(password_resets.kind, 'invitation'),
          isNull(password_resets.used_at),
          isNull(password_resets.revoked_at),
        ),
      );
    await tx.insert(password_resets).values({
      user_id: user.id,
      token_hash: sha(token),
      expires_at: expires,
      kind: 'invitation',
      invited_by: input.invitedBy,
      organization_id: input.organizationId,
    });
  });
  const lang = langOf(user.language);
  const base = ctx.appUrl.replace(/\/$/, '');
  const link = `${base}/password/reset?token=${token}&email=${encodeURIComponent(user.email)}&invitation=1`;
  const client = user.role === 'Client';
  const params = {
    name: user.name,
    inviter: inviter?.name ?? '',
    organisation: org?.name ?? 'Wasiat',
    role: translate(`mail.roles.${user.role}`, lang),
    days: INVITATION_DAYS,
    until: formatKlDate(expires, lang),
  };
  await ctx.mailer.send({
    to: user.email,
    subject: translate(client ? 'mail.welcome_subject' : 'mail.invitation_subject', lang, params),
    text: `${translate(client ? 'mail.welcome_body' : 'mail.invitation_body', lang, params)}\n\n${link}\n`,
  });
  return true;
}

/**
 * Why an invitation link cannot set a password, as a 422 on `token`: `errors.invitation_used` (already used, or
 * the account has a password by now: an invitation only sets the first one), `errors.invitation_replaced` (a
 * newer one was sent), `errors.invitation_expired` (past its 7 days; the page then offers to ask for a new one).
 * Null when it is still good.
 */
export function invitationProblem(row: ResetRow, hasPassword: boolean, now = new Date()): AppError | null {
  const key =
    row.used_at || hasPassword
      ? 'errors.invitation_used'
      : row.revoked_at
        ? 'errors.invitation_replaced'
        : row.expires_at <= now
          ? 'errors.invitation_expired'
          : null;
  return key ? new AppError('validation', key, { token: [key] }) : null;
}

/**
 * `POST /api/password/invitation { email, token }` (public): a new invitation for the holder of an EXPIRED
 * invitation link — the latest one sent (neither used nor replaced), of an account that has no password yet —
 * from the same inviter and organisation, mailed to the account's own address. Anything else does nothing; the
 * caller gets the same answer either way (`errors.invitation_renew_sent`).
 */
export async function renewInvitation(ctx: Ctx, input: { email: string; token: string }): Promise<void> {
  const [row] = await ctx.db
    .select({ reset: password_resets, user: users })
    .from(password_resets)
    .innerJoin(users, eq(users.id, password_resets.user_id))
    .where(and(eq(password_resets.token_hash, sha(input.token)), eq(password_resets.kind, 'invitation')))
    .limit(1);
  if (!row || row.user.email?.toLowerCase() !== input.email.toLowerCase()) return;
  if (row.user.password_hash || row.user.status !== 1 || !row.reset.invited_by) return;
  if (invitationProblem(row.reset, false)?.messageKey !== 'errors.invitation_expired') return;
  await sendInvitation(ctx, {
    userId: row.user.id,
    invitedBy: row.reset.invited_by,
    organizationId: row.reset.organization_id,
  });
}

/** The latest invitation of user `userId` (who invited, for which organisation), or null. */
export async function latestInvitation(db: Db, userId: string) {
  const [row] = await db
    .select({ invited_by: password_resets.invited_by, organization_id: password_resets.organization_id })
    .from(password_resets)
    .where(and(eq(password_resets.user_id, userId), eq(password_resets.kind, 'invitation')))
    .orderBy(desc(password_resets.created_at))
    .limit(1);
  return row ?? null;
}
