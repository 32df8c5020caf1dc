/**
 * The shapes of a certificate of completion (issue 11 "Sealed documents … carries a certificate-of-completion
 * page"; ADRs 0072, 0074): one line per signature printed on a document ({@link CompletionSigner}: role, name,
 * masked MyKad, eKYC, OTP, IP and User-Agent, sent/viewed/signed times as UTC instants, SHA-256 of the version
 * signed) and the page as a whole ({@link CompletionData}). Printed by ../pdf/completion.ts.
 *
 * Each kind fills it from its own records (ADR 0292): a will in modules/documents/completion-will.ts (the
 * testator and the current witnesses, or the signers of an earlier version), a hibah in modules/hibah/completion.ts
 * (grantor, receivers, witnesses), a will or hibah amendment in modules/amendments/completion.ts (the owner
 * verified by the amendment's own eKYC, the witnesses who confirmed through their signed link, the code spent).
 * The eKYC facts every kind prints are read once, in ./ekyc.ts.
 */
/** One signer's line on the certificate. Times are UTC instants (printed in Asia/Kuala_Lumpur). */
export interface CompletionSigner {
  role: 'testator' | 'witness' | 'grantor' | 'receiver';
  /**
   * How the signer took part when there is no eKYC of theirs (`ekyc` null): `in_person` on the testator's
   * device (will witnesses), `in_person_grantor` on the grantor's device (hibah receivers signing there),
   * `signed_link` through a link e-mailed to them (hibah receivers and witnesses, amendment witnesses).
   * Absent = `in_person`.
   */
  presence?: 'in_person' | 'in_person_grantor' | 'signed_link';
  name: string;
  /** MyKad masked as 6 digits, stars, 2 digits (`maskMykad`); "" when unknown. */
  icMasked: string;
  /** eKYC of the testator: method ("Face" | "Manual"), face-match score 0–100 (ADR 0013) or null. Null for a witness. */
  ekyc: { method: string | null; score: number | null; verifiedAt: Date | null } | null;
  /**
   * When the signer's one-time code was verified, from the record of that code (`otp_codes.verified_at`
   * for an account holder; the party row's `otp_verified_at` for a signed link); null when none was.
   */
  otpVerifiedAt: Date | null;
  /** Where a signed-link party's code went ("email" | "sms"); absent = e-mail. */
  otpChannel?: 'email' | 'sms';
  /** Hibah grantor: when the code spent on accepting the draft (`hibah-finalise`) was verified; absent = not printed. */
  draftAcceptOtpAt?: Date | null;
  /** A minor receiver whose acceptance (qabul) the caretaker gave: the caretaker's name (issue 21 item 4). */
  onBehalfOf?: string;
  ip: string | null;
  userAgent: string | null;
  sentAt: Date | null;
  viewedAt: Date | null;
  signedAt: Date;
  /** SHA-256 (hex) of the document version when signed (ADR 0015; hibah and amendment: ADR 0074). */
  documentSha256: string;
  /** How the signature image was made: `drawn` | `typed` (ADR 0123); absent = drawn. */
  method?: string;
}

/** What the certificate-of-completion page prints. */
export interface CompletionData {
  /** SHA-256 of the document version now (to compare with each signer's). */
  currentSha256: string;
  signers: CompletionSigner[];
}
