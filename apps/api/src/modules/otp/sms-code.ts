/**
 * The 2021 client's `sms/code` and `sms/verify` (issue 20; ADR 0162): a code by SMS to the caller's own mobile
 * number, bound to no purpose or record, which then stands for one of the caller's own finalising steps
 * (otp/service.ts `consumeVerifiedOtp`). Limits and checks as every code (otp/codes.ts).
 */
import { type Language, translate } from '@wasiat/domain';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';
import {
  type Actor,
  checkCodeRow,
  latestCode,
  markVerified,
  OTP_VERIFIED_VALID_MS,
  type OtpPurpose,
  sendBoundCode,
  usableVerifiedCode,
} from './codes.ts';
import type { SmsSender } from './sms.ts';

/** The purpose of a code asked for by the 2021 client's `POST sms/code { phone_number }` (no purpose, no record). */
export const SMS_CODE_PURPOSE = 'sms-code';
/** The guarded actions a 2021 code may stand for: a person's own finalising steps (not `channel-change`). */
const SMS_CODE_SERVES: readonly OtpPurpose[] = [
  'will-submit',
  'amendment-submit',
  'hibah-submit',
  'hibah-finalise',
  'hibah-amendment-submit',
];
const digitsOf = (phone: string) => {
  const d = phone.replace(/\D/g, '');
  return d.startsWith('60') ? d : d.startsWith('0') ? `6${d}` : d;
};

/**
 * `POST /api/sms/code { phone_number }` (reference §2.11): a code by SMS to the caller's OWN mobile number — the
 * 2021 client sends the number of the person about to sign, who is the caller in our rules (only the grantor
 * or testator finalises). Another number → 422 `otp.phone_not_yours` on `phone_number` (codes are never sent to
 * a number the caller names); limits as {@link sendBoundCode}.
 */
export async function requestSmsCode(ctx: Ctx, sms: SmsSender, actor: Actor, phone: string, lang: Language) {
  const me = actor.user;
  if (!me.mobile_number || digitsOf(me.mobile_number) !== digitsOf(phone)) {
    throw fieldError('phone_number', 'otp.phone_not_yours');
  }
  return sendBoundCode(ctx, sms, {
    ownerId: me.id,
    actorId: me.id,
    ip: actor.ip,
    purpose: SMS_CODE_PURPOSE,
    record: {},
    channel: 'sms',
    destination: me.mobile_number,
    message: (params) => ({
      subject: translate('otp.mail_subject', lang, params),
      text: translate('otp.sms_body', lang, params),
    }),
  });
}

/**
 * `POST /api/sms/verify { phone_number, code }`: check the caller's latest `sms/code` code (same rules as
 * {@link verifyOtp}: wrong → 422 `otp.incorrect` counted, expired, too many tries, single use). The verified
 * code is then spent by the caller's next finalising step ({@link consumeVerifiedOtp}), whichever it is.
 */
export async function verifySmsCode(db: Db, actor: Actor, phone: string, code: string, now = new Date()) {
  const me = actor.user;
  if (!me.mobile_number || digitsOf(me.mobile_number) !== digitsOf(phone)) {
    throw fieldError('phone_number', 'otp.phone_not_yours');
  }
  const latest = await latestCode(db, me.id, SMS_CODE_PURPOSE);
  const row = await checkCodeRow(db, latest, code, now);
  await markVerified(db, row.id, now);
  await recordAudit(db, {
    actorId: me.id,
    action: 'otp.verify',
    entityType: 'OtpCode',
    entityId: row.id,
    after: { purpose: SMS_CODE_PURPOSE },
    ip: actor.ip,
  });
  return { otp: { verified: true, purpose: SMS_CODE_PURPOSE, verified_at: now.toISOString() } };
}

/**
 * The caller's verified, unspent `sms/code` code (verified within {@link OTP_VERIFIED_VALID_MS}), which stands
 * for one finalising step of theirs when no code of that step's own purpose is held (ADR 0162: the 2021 body
 * names no purpose; the code still went to the person's own mobile, was verified by them and is spent once).
 */
export async function usableSmsCode(db: Db, userId: string, purpose: OtpPurpose, now: Date) {
  if (!SMS_CODE_SERVES.includes(purpose)) return null;
  return usableVerifiedCode(db, userId, SMS_CODE_PURPOSE, now);
}
