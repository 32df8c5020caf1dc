/**
 * The channels that recover an account — e-mail address and mobile number (issue 16 item 3; ADR 0105).
 * Every path that writes `users.email` / `users.mobile_number` of an existing user (PATCH /api/user/{id},
 * PATCH /api/organization/{id}/user/{user_id}) asks {@link assertChannelChange} first and tells the old
 * address with {@link mailChannelChanged}:
 * - the holder re-enters their password or gives the code of `POST /api/otp/request { purpose: "channel-change" }`
 *   (sent to their CURRENT e-mail or mobile);
 * - provider staff (`user:channel:change`, packages/domain/src/permissions.ts) record a reason;
 * - nobody else (Partners, Agents): 403 `security.channel_holder_only`.
 */
import { formatKlDateTime, type Language, translate } from '@wasiat/domain';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import type { users } from '../../db/schema/index.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { verifyPassword } from '../../platform/auth/passwords.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { consumeVerifiedOtp, verifyOtp } from '../otp/index.ts';

type User = typeof users.$inferSelect;

/**
 * Whether `actor` may change `target`'s recovery channels now (see the module comment). Spends the holder's code.
 * @returns the recorded reason (provider staff) or null (the holder).
 * @throws 422 `security.channel_confirm_required` / `errors.current_password_incorrect` (current_password),
 * `otp.*` (otp_code), `security.channel_reason_required` (change_reason); 403 `security.channel_holder_only`.
 */
export async function assertChannelChange(
  db: Db,
  actor: { user: AuthUser; ip?: string },
  target: User,
  proof: { current_password?: string; otp_code?: string; change_reason?: string },
): Promise<string | null> {
  if (target.id === actor.user.id) {
    if (proof.current_password) {
      if (!(await verifyPassword(target.password_hash, proof.current_password))) {
        throw fieldError('current_password', 'errors.current_password_incorrect');
      }
      return null;
    }
    if (proof.otp_code) {
      try {
        await verifyOtp(db, actor, { code: proof.otp_code, purpose: 'channel-change' });
      } catch (e) {
        // the OTP module names its field `code`; here it is `otp_code`
        if (e instanceof AppError && e.fields?.code) throw fieldError('otp_code', e.fields.code[0]);
        throw e;
      }
      if (!(await consumeVerifiedOtp(db, actor.user.id, 'channel-change', null))) {
        throw fieldError('otp_code', 'otp.incorrect');
      }
      return null;
    }
    throw fieldError('current_password', 'security.channel_confirm_required');
  }
  if (!userCan(actor.user, 'user:channel:change')) throw new AppError('forbidden', 'security.channel_holder_only');
  const reason = proof.change_reason?.trim() ?? '';
  if (reason.length < 5) throw fieldError('change_reason', 'security.channel_reason_required');
  return reason;
}

/** A mobile number's digits in local form (+60123… and 0123… are the same number). */
const sameNumber = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '').replace(/^60/, '0');

/** Whether the e-mail (case-insensitive) or the mobile number (the same number in any notation) differ. */
export const channelsDiffer = (before: User, email: string | null, mobile: string | null) => ({
  email: (before.email ?? '').toLowerCase() !== (email ?? '').toLowerCase(),
  mobile: sameNumber(before.mobile_number) !== sameNumber(mobile),
});

/** Tell the OLD e-mail address that the e-mail and/or mobile number changed (issue 16 item 3). */
export async function mailChannelChanged(
  ctx: Ctx,
  before: User,
  changed: { email: boolean; mobile: boolean },
  lang: Language,
) {
  if (!before.email || (!changed.email && !changed.mobile)) return;
  const what = translate(
    changed.email && changed.mobile
      ? 'mail.channel_both'
      : changed.email
        ? 'mail.channel_email'
        : 'mail.channel_mobile',
    lang,
  );
  // The shared formatter: "07 Dis 26, 08:08" in Malay, whatever ICU data Node has (issue 38 item 11.6).
  const when = formatKlDateTime(new Date(), lang);
  await ctx.mailer.send({
    to: before.email,
    subject: translate('mail.channel_changed_subject', lang),
    text: `${translate('mail.channel_changed_body', lang, { name: before.name, what, when })}\n`,
  });
}
