/**
 * One-time codes (issue 3 "One-time codes"; spec §5, §8). A code is 6 digits from the crypto RNG,
 * stored as an argon2id hash, valid {@link OTP_TTL_MS} (5 minutes), single use, with at most
 * {@link OTP_MAX_WRONG} wrong tries; at most {@link OTP_MAX_REQUESTS} codes per {@link OTP_WINDOW_MS}
 * (15 minutes) per user and per destination, and {@link OTP_MAX_PER_DAY} per destination in 24 hours
 * (issue 3; the 20 per hour per IP is http/rate-limits.ts). The rolling windows count every code created.
 * Verifying marks the code verified; the guarded action then spends it with {@link consumeVerifiedOtp}:
 * a will's submission (`will-submit`, with `wasiat_id`), a will amendment's (`amendment-submit`, with the
 * amended will's `wasiat_id`, required), a hibah's submission (`hibah-submit`), the grantor's acceptance of
 * its draft (`hibah-finalise`; ADR 0096) or a hibah amendment's submission (`hibah-amendment-submit`;
 * ADR 0097), the three with `hibah_id`. A code is bound to its purpose and record.
 * Every function takes `now` so tests can move the clock. Split by meaning: a code's row — limits, creating,
 * sending and checking — is otp/codes.ts; the 2021 client's `sms/code` is otp/sms-code.ts; this file is the
 * purposes' rules and the module's public names.
 */
import { type Language, translate } from '@wasiat/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { otp_codes } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError } from '../../platform/http/errors.ts';
import {
  type Actor,
  checkCodeRow,
  isHibahPurpose,
  latestCode,
  markVerified,
  OTP_VERIFIED_VALID_MS,
  type OtpPurpose,
  sendBoundCode,
  usableVerifiedCode,
} from './codes.ts';
import type { SmsSender } from './sms.ts';
import { usableSmsCode } from './sms-code.ts';
import { checkOtpSubject, type OtpSigner } from './subjects.ts';

// The module's public names (other modules import them from here): the code rows' (codes.ts) and the 2021 client's
// `sms/code` (sms-code.ts).
export {
  HIBAH_OTP_PURPOSES,
  isHibahPurpose,
  newOtpCode,
  OTP_DAY_MS,
  OTP_MAX_PER_DAY,
  OTP_MAX_REQUESTS,
  OTP_MAX_WRONG,
  OTP_PURPOSES,
  OTP_TTL_MS,
  OTP_VERIFIED_VALID_MS,
  OTP_WINDOW_MS,
  type OtpPurpose,
  type OtpRecord,
} from './codes.ts';
export { requestSmsCode, SMS_CODE_PURPOSE, verifySmsCode } from './sms-code.ts';

export interface OtpRequest {
  purpose: OtpPurpose;
  wasiat_id?: string | null;
  hibah_id?: string | null;
  channel?: 'email' | 'sms';
}
export interface OtpVerify {
  code: string;
  purpose: OtpPurpose;
  wasiat_id?: string | null;
  hibah_id?: string | null;
}
/**
 * The record a code is for, checked by its owning module's registered check (subjects.ts): a hibah purpose
 * needs `hibah_id` of a hibah the caller may see and whose grantor they are (only the grantor submits,
 * finalises or amends, spec §6: 403 `hibah.grantor_only`); `amendment-submit` needs the amended will's `wasiat_id` (an unbound code would count for nothing; ADR
 * 0097); `will-submit` takes an optional `wasiat_id` of a visible will. 404 when not visible; 422
 * `validation.required` on the missing id.
 * @returns the two record columns of the code row, and the record's signer (the will's testator; ADR 0278) when
 * its kind names one.
 */
async function checkRecord(
  db: Db,
  user: AuthUser,
  input: { purpose: OtpPurpose; wasiat_id?: string | null; hibah_id?: string | null },
): Promise<{ record: { wasiat_id: string | null; hibah_id: string | null }; signer?: OtpSigner }> {
  if (isHibahPurpose(input.purpose)) {
    if (!input.hibah_id) throw fieldError('hibah_id', 'validation.required');
    const signer = await checkOtpSubject('hibah', db, user, input.hibah_id);
    return { record: { wasiat_id: null, hibah_id: input.hibah_id }, signer };
  }
  if (input.purpose === 'amendment-submit' && !input.wasiat_id) throw fieldError('wasiat_id', 'validation.required');
  const signer = input.wasiat_id ? await checkOtpSubject('will', db, user, input.wasiat_id) : undefined;
  return { record: { wasiat_id: input.wasiat_id ?? null, hibah_id: null }, signer };
}

/** The WHERE condition binding a code to its record (the will, the hibah, or none). */
function recordIs(purpose: OtpPurpose, recordId: string | null | undefined) {
  if (isHibahPurpose(purpose)) return recordId ? eq(otp_codes.hibah_id, recordId) : isNull(otp_codes.hibah_id);
  return recordId ? eq(otp_codes.wasiat_id, recordId) : isNull(otp_codes.wasiat_id);
}

/**
 * `POST /api/otp/request`: create a code and send it to the caller's own e-mail or phone — or, when the record names
 * a signer who is not the caller (a will's testator while an agent, partner or staff submits it for them; issue 38
 * item 5, ADR 0278), to the signer's, with a text that names who asks and says to give the code only if they agree.
 * The code stays the caller's to type (they verify and spend it); the audit records that it went to the testator.
 * @returns where it went (masked), when it expires, and `to_testator` (true when it went to the signer).
 * @throws 422 `otp.no_destination` on `channel` when the person the code goes to has no such channel.
 */
export async function requestOtp(
  ctx: Ctx,
  sms: SmsSender,
  actor: Actor,
  input: OtpRequest,
  lang: Language,
  now = new Date(),
) {
  const me = actor.user;
  const { record, signer } = await checkRecord(ctx.db, me, input);
  const forSigner = !!signer && signer.id !== me.id;
  const to = forSigner ? signer : me;
  const channel = input.channel ?? 'email';
  const destination = channel === 'sms' ? to.mobile_number : to.email;
  if (!destination) throw fieldError('channel', forSigner ? 'otp.no_destination_testator' : 'otp.no_destination');
  const sent = await sendBoundCode(
    ctx,
    sms,
    {
      ownerId: me.id,
      actorId: me.id,
      ip: actor.ip,
      purpose: input.purpose,
      record,
      channel,
      destination,
      ...(forSigner ? { sentTo: signer.id } : {}),
      message: (params) =>
        forSigner
          ? {
              subject: translate('otp.signer_mail_subject', lang, params),
              text: translate(channel === 'sms' ? 'otp.signer_sms_body' : 'otp.signer_mail_body', lang, {
                ...params,
                name: signer.name ?? '',
                requester: me.name ?? '',
              }),
            }
          : {
              subject: translate('otp.mail_subject', lang, params),
              text: translate(channel === 'sms' ? 'otp.sms_body' : 'otp.mail_body', lang, params),
            },
    },
    now,
  );
  return { otp: { ...sent.otp, to_testator: forSigner } };
}

/**
 * `POST /api/otp/verify`: check the code against the caller's latest unverified code for the purpose
 * (and will). Wrong → 422 `otp.incorrect` (the try is counted); expired → `otp.expired`; after
 * {@link OTP_MAX_WRONG} wrong tries → `otp.too_many_attempts`; a code already verified cannot be reused.
 */
export async function verifyOtp(db: Db, actor: Actor, input: OtpVerify, now = new Date()) {
  const me = actor.user;
  const latest = await latestCode(
    db,
    me.id,
    input.purpose,
    recordIs(input.purpose, isHibahPurpose(input.purpose) ? input.hibah_id : input.wasiat_id),
  );
  const row = await checkCodeRow(db, latest, input.code, now);
  await markVerified(db, row.id, now);
  await recordAudit(db, {
    actorId: me.id,
    action: 'otp.verify',
    entityType: 'OtpCode',
    entityId: row.id,
    after: { purpose: row.purpose, wasiat_id: row.wasiat_id, hibah_id: row.hibah_id },
    ip: actor.ip,
  });
  return { otp: { verified: true, purpose: row.purpose, verified_at: now.toISOString() } };
}

/** The caller's newest verified, unspent code of `purpose` for the record, still within its validity. */
const usableVerified = (db: Db, userId: string, purpose: OtpPurpose, recordId: string | null, now: Date) =>
  usableVerifiedCode(db, userId, purpose, now, recordIs(purpose, recordId));

/**
 * `GET /api/otp/verified?purpose&wasiat_id|hibah_id`: whether the caller holds a verified code of `purpose`
 * for the record that the guarded action may still spend, so a page reloaded after verifying does not ask
 * again (issue 17 item 13). Reads only the caller's own codes; spends nothing.
 * @returns `{ otp: { verified, verified_at, valid_until } }` (ISO times, null when not verified).
 */
export async function verifiedOtpStatus(
  db: Db,
  me: AuthUser,
  input: { purpose: OtpPurpose; wasiat_id?: string | null; hibah_id?: string | null },
  now = new Date(),
) {
  const recordId = (isHibahPurpose(input.purpose) ? input.hibah_id : input.wasiat_id) ?? null;
  const row = await usableVerified(db, me.id, input.purpose, recordId, now);
  const at = row?.verified_at ?? null;
  return {
    otp: {
      verified: !!at,
      verified_at: at ? at.toISOString() : null,
      valid_until: at ? new Date(at.getTime() + OTP_VERIFIED_VALID_MS).toISOString() : null,
    },
  };
}

/**
 * Spend a verified, unspent code of `purpose` for the record (the will's id, or the hibah's for a hibah
 * purpose; verified within {@link OTP_VERIFIED_VALID_MS}). Call inside the guarded action's transaction.
 * `signerId`: the person whose own step this is (a will's testator). When the caller is someone else (an agent
 * submitting for the client; ADR 0278) only a code bound to the record counts — it was sent to the signer by
 * {@link requestOtp} — and not the caller's own unbound 2021 `sms/code`.
 * @returns whether one was found (and is now spent).
 */
export async function consumeVerifiedOtp(
  db: Db,
  userId: string,
  purpose: OtpPurpose,
  recordId: string | null,
  opts: { now?: Date; signerId?: string } = {},
): Promise<boolean> {
  const now = opts.now ?? new Date();
  const own = !opts.signerId || opts.signerId === userId;
  const row =
    (await usableVerified(db, userId, purpose, recordId, now)) ??
    (own ? await usableSmsCode(db, userId, purpose, now) : null);
  if (!row) return false;
  const spent = await db
    .update(otp_codes)
    .set({ used_at: now })
    .where(and(eq(otp_codes.id, row.id), isNull(otp_codes.used_at)))
    .returning({ id: otp_codes.id });
  return spent.length > 0;
}
