/**
 * The certificate of completion of a will (issue 11 "Sealed documents … carries a certificate-of-
 * completion page"; ADR 0072): for each signature printed on the will — the testator's and the current
 * witnesses' — who signed (role, name, masked MyKad), how they were verified (the will's eKYC method and
 * the score of its passing face-match attempt; the OTP verified for the will's submission), the IP and
 * User-Agent, the sent/viewed/signed times and the SHA-256 of the document version they signed
 * (signature_events, ADR 0015). Reads the wills, eKYC and OTP tables read-only.
 */
import { maskMykad } from '@wasiat/domain';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { ekyc_attempts, otp_codes, signature_events, type wills, witnesses } from '../db/schema/index.ts';
import { documentVersion } from '../wills/signature-facts.ts';

type Will = typeof wills.$inferSelect;

/** One signer's line on the certificate. Times are UTC instants (printed in Asia/Kuala_Lumpur). */
export interface CompletionSigner {
  role: 'testator' | 'witness';
  name: string;
  /** MyKad masked as 6 digits, stars, 2 digits (`maskMykad`); "" when unknown. */
  icMasked: string;
  /** eKYC of the testator: method ("Face" | "Manual"), face-match score 0–100 (ADR 0013) or null. Null for a witness. */
  ekyc: { method: string | null; score: number | null; verifiedAt: Date | null } | null;
  /** When the testator's OTP for this will was verified; null when none (or a witness). */
  otpVerifiedAt: Date | null;
  ip: string | null;
  userAgent: string | null;
  sentAt: Date | null;
  viewedAt: Date | null;
  signedAt: Date;
  /** SHA-256 (hex) of the will's document version when signed (ADR 0015). */
  documentSha256: string;
}

/** What the certificate-of-completion page prints. */
export interface CompletionData {
  /** SHA-256 of the will's document version now (to compare with each signer's). */
  currentSha256: string;
  signers: CompletionSigner[];
}

/**
 * Load the certificate of completion of will `w` (any status; the PDF is only issued at status 2).
 * @param testatorIc the testator's MyKad as the will states it (unmasked; masked here).
 */
export async function willCompletion(ctx: Ctx, w: Will, testatorIc: string): Promise<CompletionData> {
  const db = ctx.db;
  const witnessRows = await db
    .select()
    .from(witnesses)
    .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, w.id)));
  const current = new Set([w.signature_id, ...witnessRows.map((x) => x.signature_id)].filter(Boolean));
  const events = (
    await db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Wasiat'), eq(signature_events.signable_id, w.id)))
      .orderBy(asc(signature_events.signed_at))
  ).filter((e) => current.has(e.attachment_id));
  const [face] = await db
    .select({ score: ekyc_attempts.verification_score, at: ekyc_attempts.created_at })
    .from(ekyc_attempts)
    .where(
      and(
        eq(ekyc_attempts.ekycable_type, 'Wasiat'),
        eq(ekyc_attempts.ekycable_id, w.id),
        eq(ekyc_attempts.passed, true),
      ),
    )
    .orderBy(desc(ekyc_attempts.created_at))
    .limit(1);
  const [otp] = await db
    .select({ at: otp_codes.verified_at })
    .from(otp_codes)
    .where(and(eq(otp_codes.wasiat_id, w.id), eq(otp_codes.user_id, w.user_id), isNotNull(otp_codes.verified_at)))
    .orderBy(desc(otp_codes.verified_at))
    .limit(1);
  const witnessIc = new Map(witnessRows.map((x) => [x.id, x.ic_number]));
  return {
    currentSha256: await documentVersion(db, w.id),
    signers: events.map((e): CompletionSigner => {
      const testator = e.role !== 'witness';
      return {
        role: testator ? 'testator' : 'witness',
        name: e.signer_name,
        icMasked: maskMykad((testator ? testatorIc : witnessIc.get(e.witness_id ?? '')) ?? ''),
        ekyc: testator
          ? {
              method: w.ekyc_method,
              score: w.ekyc_method === 'Face' ? (face?.score ?? null) : null,
              verifiedAt: w.ekyc_verified_at,
            }
          : null,
        otpVerifiedAt: testator ? (otp?.at ?? null) : null,
        ip: e.ip,
        userAgent: e.user_agent,
        sentAt: e.sent_at,
        viewedAt: e.viewed_at,
        signedAt: e.signed_at,
        documentSha256: e.document_sha256,
      };
    }),
  };
}
