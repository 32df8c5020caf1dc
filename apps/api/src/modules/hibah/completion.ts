/**
 * The certificate of completion of a hibah (issue 11; ADRs 0074, 0098; issue 21): the grantor, the receivers
 * and the witnesses from the hibah's signature events — the parties from its live rows or, for an earlier
 * version, from that version's content (`hibah_versions.content`, ADR 0037). The document version is
 * `hibahDocumentVersion` (hibah/document-version.ts). Shapes: completion-signer.ts.
 *
 * Reads the hibah, signature events, eKYC and OTP tables read-only.
 */
import { maskMykad } from '@wasiat/domain';
import { and, asc, desc, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  ekyc_attempts,
  hibah_caretakers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  type hibahs,
  otp_codes,
  signature_events,
} from '../../db/schema/index.ts';
import { passingScore } from '../../platform/documents/completion/ekyc.ts';
import type { CompletionData, CompletionSigner } from '../../platform/documents/completion/signer.ts';
import { hibahDocumentVersion } from './document-version.ts';

type Hibah = typeof hibahs.$inferSelect;

/** The parties of a hibah whose signatures its certificate prints: ids, MyKad numbers and signatures. */
export interface HibahParties {
  grantorIc: string;
  /** The grantor's printed signature (`hibahs.signature_id`); null = the grantor's latest signature on the hibah. */
  grantorSignatureId: string | null;
  receivers: {
    id: string;
    ic: string;
    signatureId: string | null;
    /** When the receiver's (or caretaker's) signed-link code was verified, and where it went. */
    otpVerifiedAt?: Date | null;
    otpChannel?: string | null;
    /** The caretaker's name when they accepted for a minor receiver. */
    caretakerName?: string | null;
  }[];
  witnesses: { id: string; ic: string; signatureId: string | null; otpVerifiedAt?: Date | null }[];
}

/** A date of a version's JSON content (an ISO string once stored), or null. */
const dateOf = (v: unknown) => (v ? new Date(v as string) : null);

/**
 * The parties of a hibah from its content (live rows or a stored version: `hibah_versions.content`,
 * ADR 0037), with the facts of their codes as recorded on their rows (issue 21).
 */
export function partiesOfContent(content: {
  user_detail: Record<string, unknown> | null;
  receivers: Record<string, unknown>[];
  witnesses: Record<string, unknown>[];
  caretakers: Record<string, unknown>[];
}): Omit<HibahParties, 'grantorSignatureId'> {
  const caretakerName = (id: unknown) =>
    id ? ((content.caretakers.find((c) => c.id === id)?.name as string | undefined) ?? null) : null;
  return {
    grantorIc: String(content.user_detail?.ic_number ?? ''),
    receivers: content.receivers.map((r) => ({
      id: String(r.id),
      ic: String(r.ic_number ?? ''),
      signatureId: (r.signature_id as string | null) ?? null,
      otpVerifiedAt: dateOf(r.otp_verified_at),
      otpChannel: (r.otp_channel as string | null) ?? null,
      caretakerName: caretakerName(r.accepted_by_caretaker_id),
    })),
    witnesses: content.witnesses.map((w) => ({
      id: String(w.id),
      ic: String(w.ic_number ?? ''),
      signatureId: (w.signature_id as string | null) ?? null,
      otpVerifiedAt: dateOf(w.otp_verified_at),
    })),
  };
}

/** The parties of hibah `h` as its live rows hold them. */
async function liveParties(ctx: Ctx, h: Hibah): Promise<HibahParties> {
  const db = ctx.db;
  const [detail] = await db
    .select({ ic: hibah_user_details.ic_number })
    .from(hibah_user_details)
    .where(eq(hibah_user_details.hibah_id, h.id));
  const rs = await db.select().from(hibah_receivers).where(eq(hibah_receivers.hibah_id, h.id));
  const ws = await db.select().from(hibah_witnesses).where(eq(hibah_witnesses.hibah_id, h.id));
  const cs = await db.select().from(hibah_caretakers).where(eq(hibah_caretakers.hibah_id, h.id));
  return {
    grantorSignatureId: h.signature_id,
    ...partiesOfContent({ user_detail: { ic_number: detail?.ic ?? '' }, receivers: rs, witnesses: ws, caretakers: cs }),
  };
}

/**
 * The certificate of completion of hibah `h` (ADR 0074): the signatures printed on it now — the grantor's
 * (`hibahs.signature_id`), each receiver's and each witness's — from the hibah's signature events, oldest
 * first. Grantor: eKYC of the hibah (method "Face" with the score of the grantor's latest passing attempt
 * for this hibah or for their account; "Manual"; else none), no OTP. Receiver: signed on the grantor's
 * device (`in_person_grantor`, when a logged-in user saved it) or through their e-mailed link. Witness:
 * through their link with the e-mailed one-time code, checked when they confirmed (the OTP time = the
 * signing time). Versions are `hibahDocumentVersion` (hibah/document-version.ts).
 *
 * With `snapshot` (the certificate of an earlier version, ADR 0098): the parties of that version's content
 * instead of the live rows, the grantor's latest signature on the hibah itself (amendment signatures are
 * the amendment's), and as the document version the one the last of these signers signed (the hibah's
 * content then; the live content has changed since).
 */
export async function hibahCompletion(ctx: Ctx, h: Hibah, snapshot?: HibahParties): Promise<CompletionData> {
  const db = ctx.db;
  const parties = snapshot ?? (await liveParties(ctx, h));
  const all = (
    await db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Hibah'), eq(signature_events.signable_id, h.id)))
      .orderBy(asc(signature_events.signed_at))
  ).filter((e) => !!e.attachment_id);
  // An earlier version's grantor signature is the latest the grantor made on the hibah itself.
  const grantorSignature = snapshot
    ? (parties.grantorSignatureId ??
      all.filter((e) => e.role !== 'receiver' && e.role !== 'witness').at(-1)?.attachment_id)
    : parties.grantorSignatureId;
  const current = new Set(
    [
      grantorSignature,
      ...parties.receivers.map((r) => r.signatureId),
      ...parties.witnesses.map((w) => w.signatureId),
    ].filter((x): x is string => !!x),
  );
  const events = all.filter((e) => current.has(e.attachment_id as string));
  const score =
    h.ekyc_method === 'Manual'
      ? null
      : await passingScore(
          ctx,
          and(
            eq(ekyc_attempts.user_id, h.user_id),
            or(
              and(eq(ekyc_attempts.ekycable_type, 'Hibah'), eq(ekyc_attempts.ekycable_id, h.id)),
              isNull(ekyc_attempts.ekycable_type),
            ),
          ),
        );
  const method = h.ekyc_method ?? (score != null ? 'Face' : null);
  const receiverOf = new Map(parties.receivers.map((r) => [r.id, r]));
  const witnessOf = new Map(parties.witnesses.map((w) => [w.id, w]));
  // The grantor's codes for this hibah, as recorded (ADR 0096): the one spent on submitting the signed
  // hibah and the one spent on accepting the draft (issue 21 item 1: never a constant).
  const spentCode = async (purpose: 'hibah-submit' | 'hibah-finalise') => {
    const [row] = await db
      .select({ at: otp_codes.verified_at })
      .from(otp_codes)
      .where(
        and(
          eq(otp_codes.purpose, purpose),
          eq(otp_codes.hibah_id, h.id),
          eq(otp_codes.user_id, h.user_id),
          isNotNull(otp_codes.verified_at),
          isNotNull(otp_codes.used_at),
        ),
      )
      .orderBy(desc(otp_codes.used_at))
      .limit(1);
    return row?.at ?? null;
  };
  const submitOtp = await spentCode('hibah-submit');
  const finaliseOtp = await spentCode('hibah-finalise');
  return {
    currentSha256: snapshot
      ? (events.at(-1)?.document_sha256 ?? (await hibahDocumentVersion(db, h.id)))
      : await hibahDocumentVersion(db, h.id),
    signers: events.map((e): CompletionSigner => {
      const base = {
        name: e.signer_name,
        ip: e.ip,
        userAgent: e.user_agent,
        sentAt: e.sent_at,
        viewedAt: e.viewed_at,
        signedAt: e.signed_at,
        documentSha256: e.document_sha256,
        method: e.method,
      };
      if (e.role === 'receiver') {
        const r = receiverOf.get(e.witness_id ?? '');
        const byLink = !e.actor_id;
        return {
          ...base,
          role: 'receiver',
          presence: byLink ? 'signed_link' : 'in_person_grantor',
          icMasked: maskMykad(r?.ic ?? ''),
          ekyc: null,
          otpVerifiedAt: byLink ? (r?.otpVerifiedAt ?? null) : null,
          ...(r?.otpChannel === 'sms' ? { otpChannel: 'sms' as const } : {}),
          ...(r?.caretakerName ? { onBehalfOf: r.caretakerName } : {}),
        };
      }
      if (e.role === 'witness') {
        const w = witnessOf.get(e.witness_id ?? '');
        return {
          ...base,
          role: 'witness',
          presence: 'signed_link',
          icMasked: maskMykad(w?.ic ?? ''),
          ekyc: null,
          otpVerifiedAt: w?.otpVerifiedAt ?? null,
        };
      }
      return {
        ...base,
        role: 'grantor',
        icMasked: maskMykad(parties.grantorIc),
        ekyc: { method, score: method === 'Face' ? score : null, verifiedAt: h.ekyc_verified_at },
        otpVerifiedAt: submitOtp,
        draftAcceptOtpAt: finaliseOtp,
      };
    }),
  };
}
