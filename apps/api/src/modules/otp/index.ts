/**
 * The otp module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */

// the login unlock code (auth module; issue 36 item 2, ADR 0227) and the client's code for a grant (grants module)
export { GRANT_OTP_PURPOSE, maskDestination, sendBoundCode, spendCode, verifyGrantCode } from './codes.ts';
export {
  consumeVerifiedOtp,
  newOtpCode,
  OTP_MAX_WRONG,
  OTP_TTL_MS,
  OTP_VERIFIED_VALID_MS,
  type OtpPurpose,
  verifyOtp,
} from './service.ts';
export { SmsSendError, type SmsSender, smsSenderFor } from './sms.ts';
export { type OtpSigner, type OtpSubjectCheck, type OtpSubjectKind, registerOtpSubject } from './subjects.ts';
