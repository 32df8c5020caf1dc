/**
 * Certificates of completion (issue 11 "Sealed documents … carries a certificate-of-completion page";
 * ADRs 0072, 0074): for each signature printed on a document — who signed (role, name, masked MyKad),
 * how they were verified (eKYC method and score, OTP), the IP and User-Agent, the sent/viewed/signed
 * times and the SHA-256 of the document version they signed.
 *
 * - {@link willCompletion}: a will — the testator and the current witnesses (signature_events, ADR 0015);
 *   or, for the PDF of an earlier version, the signers of that version (ADR 0099).
 * - {@link hibahCompletion}: a hibah — the grantor, the receivers and the witnesses (signature_events of
 *   the hibah; the version is `hibahDocumentVersion`, ADR 0074).
 * - {@link amendmentCompletion}: a will amendment — the testator who signed the draft (verified by the
 *   amendment's own eKYC, ADR 0099) and the witnesses who confirmed it through their signed link; the version
 *   is the SHA-256 of the amendment's draft (ADR 0074).
 * - {@link hibahAmendmentCompletion}: a hibah amendment — the same, the grantor verified by the amendment's
 *   eKYC and the code spent on submitting it (ADRs 0097, 0098).
 *
 * Reads the wills, hibah, amendment, eKYC and OTP tables read-only.
 */
import { maskMykad } from '@wasiat/domain';
import { and, asc, desc, eq, gte, isNotNull, isNull, lte, or } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import {
  amendment_witnesses,
  type amendments,
  attachments,
  ekyc_attempts,
  hibah_caretakers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  type hibahs,
  otp_codes,
  signature_events,
  type wills,
  witnesses,
} from '../db/schema/index.ts';
import { hibahDocumentVersion } from '../hibah/document-version.ts';
import { canonicalJson, documentVersion } from '../wills/signature-facts.ts';
import { sha256Hex } from './issued.ts';

type Will = typeof wills.$inferSelect;
type Hibah = typeof hibahs.$inferSelect;
type Amendment = typeof amendments.$inferSelect;

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

/** The signers of a will's earlier version (its snapshot, ADR 0099): the testator's signature and the witnesses. */
export interface WillParties {
  /** The testator's printed signature (an attachment id), or null. */
  testatorSignatureId: string | null;
  /** The version's witnesses: their row ids (as in signature events), MyKad numbers and signatures. */
  witnesses: { id: string; ic: string; signatureId: string | null }[];
}

/**
 * Load the certificate of completion of will `w` (any status; the PDF is only issued at status 2): the
 * signatures printed on it — the testator's (`wills.signature_id`) and the current witnesses' — from the
 * will's signature events, oldest first. Testator: the will's eKYC (method, the score of its latest passing
 * face match) and the latest verified OTP for the will.
 *
 * With `snapshot` (the PDF of an earlier version, ADR 0099, as ADR 0098 did for hibahs): the signers of
 * that version instead of the live rows, and as the document version the one the last of them signed (the
 * will's content then; the live content has changed since).
 * @param testatorIc the testator's MyKad as the will states it (unmasked; masked here).
 */
export async function willCompletion(
  ctx: Ctx,
  w: Will,
  testatorIc: string,
  snapshot?: WillParties,
): Promise<CompletionData> {
  const db = ctx.db;
  const parties: WillParties = snapshot ?? {
    testatorSignatureId: w.signature_id,
    witnesses: (
      await db
        .select()
        .from(witnesses)
        .where(and(eq(witnesses.witnessable_type, 'Wasiat'), eq(witnesses.witnessable_id, w.id)))
    ).map((x) => ({ id: x.id, ic: x.ic_number, signatureId: x.signature_id })),
  };
  const current = new Set(
    [parties.testatorSignatureId, ...parties.witnesses.map((x) => x.signatureId)].filter(Boolean),
  );
  const events = (
    await db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Wasiat'), eq(signature_events.signable_id, w.id)))
      .orderBy(asc(signature_events.signed_at))
  ).filter((e) => current.has(e.attachment_id));
  const face = await willFaceScore(ctx, w);
  const [otp] = await db
    .select({ at: otp_codes.verified_at })
    .from(otp_codes)
    .where(and(eq(otp_codes.wasiat_id, w.id), eq(otp_codes.user_id, w.user_id), isNotNull(otp_codes.verified_at)))
    .orderBy(desc(otp_codes.verified_at))
    .limit(1);
  const witnessIc = new Map(parties.witnesses.map((x) => [x.id, x.ic]));
  return {
    currentSha256: snapshot
      ? (events.at(-1)?.document_sha256 ?? (await documentVersion(db, w.id)))
      : await documentVersion(db, w.id),
    signers: events.map((e): CompletionSigner => {
      const testator = e.role !== 'witness';
      return {
        role: testator ? 'testator' : 'witness',
        name: e.signer_name,
        icMasked: maskMykad((testator ? testatorIc : witnessIc.get(e.witness_id ?? '')) ?? ''),
        ekyc: testator
          ? {
              method: w.ekyc_method,
              score: w.ekyc_method === 'Face' ? face : null,
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
        method: e.method,
      };
    }),
  };
}

/**
 * The testator's latest signature on will `w` itself (its signature events, role "testator"), or null:
 * what an earlier version's PDF prints once an amendment's signature has become the will's (ADR 0099).
 */
export async function latestTestatorSignature(ctx: Ctx, w: Will): Promise<string | null> {
  const [e] = await ctx.db
    .select({ id: signature_events.attachment_id })
    .from(signature_events)
    .where(
      and(
        eq(signature_events.signable_type, 'Wasiat'),
        eq(signature_events.signable_id, w.id),
        eq(signature_events.role, 'testator'),
        isNotNull(signature_events.attachment_id),
      ),
    )
    .orderBy(desc(signature_events.signed_at))
    .limit(1);
  return e?.id ?? null;
}

/** The score (0–100) of the latest passing face match of will `w` (`ekycable_type` "Wasiat"), or null. */
const willFaceScore = (ctx: Ctx, w: Will) =>
  passingScore(ctx, and(eq(ekyc_attempts.ekycable_type, 'Wasiat'), eq(ekyc_attempts.ekycable_id, w.id)));

/** The latest passing face-match score (0–100) among attempts matching `where`, or null. */
async function passingScore(ctx: Ctx, where: ReturnType<typeof and>) {
  const [face] = await ctx.db
    .select({ score: ekyc_attempts.verification_score })
    .from(ekyc_attempts)
    .where(and(where, eq(ekyc_attempts.passed, true)))
    .orderBy(desc(ekyc_attempts.created_at))
    .limit(1);
  return face?.score ?? null;
}

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

/**
 * The document version of an amendment (ADR 0074): the SHA-256 (hex) of the canonical JSON of its draft —
 * the amended content the testator signs and the witnesses confirm. The draft is frozen from submission
 * (status 1) on, so the value is stable while it is signed.
 */
export const amendmentDocumentVersion = (a: Pick<Amendment, 'draft'>) => sha256Hex(canonicalJson(a.draft ?? null));

/** The owner's line of an amendment's completion page: the testator of a will, the grantor of a hibah. */
export interface AmendmentOwner {
  role: 'testator' | 'grantor';
  name: string;
  /** Unmasked; masked here. */
  ic: string;
  ekyc: CompletionSigner['ekyc'];
  otpVerifiedAt: Date | null;
}

/**
 * The signers of amendment `a` (ADR 0074): the owner's signature on the draft (`amendments.signature_id`)
 * and each witness who confirmed it (`amendment_witnesses`), with the facts recorded at signing
 * (signature_events of the amendment: IP, User-Agent, version) and, for signatures saved before those were
 * recorded, what the rows themselves hold (time, witness IP). Owner: sent = when the draft was passed to
 * them for review. Witness: signed link with an e-mailed OTP (`otp_verified_at`); sent = when the link was
 * mailed (the row's creation, ADR 0020). The version is {@link amendmentDocumentVersion}. Oldest first.
 */
export async function amendmentSigners(ctx: Ctx, a: Amendment, owner: AmendmentOwner): Promise<CompletionData> {
  const db = ctx.db;
  const version = amendmentDocumentVersion(a);
  const events = await db
    .select()
    .from(signature_events)
    .where(and(eq(signature_events.signable_type, 'Amendment'), eq(signature_events.signable_id, a.id)));
  const byAttachment = new Map(events.map((e) => [e.attachment_id, e]));
  const signers: CompletionSigner[] = [];
  if (a.signature_id) {
    const e = byAttachment.get(a.signature_id);
    const [att] = e
      ? [null]
      : await db.select({ at: attachments.created_at }).from(attachments).where(eq(attachments.id, a.signature_id));
    signers.push({
      role: owner.role,
      name: e?.signer_name ?? owner.name,
      icMasked: maskMykad(owner.ic),
      ekyc: owner.ekyc,
      otpVerifiedAt: owner.otpVerifiedAt,
      ip: e?.ip ?? null,
      userAgent: e?.user_agent ?? null,
      sentAt: e?.sent_at ?? a.passed_at,
      viewedAt: e?.viewed_at ?? null,
      signedAt: e?.signed_at ?? att?.at ?? a.updated_at,
      documentSha256: e?.document_sha256 ?? version,
      method: e?.method,
    });
  }
  const wit = await db
    .select()
    .from(amendment_witnesses)
    .where(and(eq(amendment_witnesses.amendment_id, a.id), isNotNull(amendment_witnesses.confirmed_at)))
    .orderBy(asc(amendment_witnesses.confirmed_at));
  for (const x of wit) {
    const e = x.signature_id ? byAttachment.get(x.signature_id) : undefined;
    signers.push({
      role: 'witness',
      presence: 'signed_link',
      name: x.name,
      icMasked: maskMykad(x.ic_number),
      ekyc: null,
      otpVerifiedAt: x.otp_verified_at,
      ip: e?.ip ?? x.confirmed_ip,
      userAgent: e?.user_agent ?? null,
      // Witnesses are invited when the owner accepts the draft (ADR 0020).
      sentAt: e?.sent_at ?? a.accepted_at ?? x.created_at,
      viewedAt: e?.viewed_at ?? x.link_viewed_at,
      signedAt: e?.signed_at ?? (x.confirmed_at as Date),
      documentSha256: e?.document_sha256 ?? version,
      method: e?.method,
    });
  }
  signers.sort((p, q) => p.signedAt.getTime() - q.signedAt.getTime());
  return { currentSha256: version, signers };
}

/**
 * The eKYC of amendment `a` itself (ADR 0094: its own selfie, attempts with `ekycable_type` "Amendment"):
 * its method ("Face" | "Manual"), the score of its latest passing face match when the method is "Face", and
 * when it passed. Null when the amendment has no eKYC of its own (neither a method nor a time: one made
 * before ADR 0094). Shared by the amended will's and the amended hibah's completion pages (ADRs 0098, 0099).
 */
export async function amendmentEkyc(ctx: Ctx, a: Amendment): Promise<CompletionSigner['ekyc']> {
  if (!a.ekyc_method && !a.ekyc_verified_at) return null;
  const score =
    a.ekyc_method === 'Face'
      ? await passingScore(ctx, and(eq(ekyc_attempts.ekycable_type, 'Amendment'), eq(ekyc_attempts.ekycable_id, a.id)))
      : null;
  return { method: a.ekyc_method, score, verifiedAt: a.ekyc_verified_at };
}

/**
 * The certificate of completion of will amendment `a` of will `w` (ADRs 0074, 0099): {@link amendmentSigners}
 * with the testator verified by the amendment's own eKYC ({@link amendmentEkyc}) — or, for an amendment
 * without one (made before ADR 0094), the will's (method and the score of its latest passing attempt) —
 * and the latest verified "amendment-submit" OTP for the will.
 * @param testatorIc the testator's MyKad (masked here).
 */
export async function amendmentCompletion(
  ctx: Ctx,
  a: Amendment,
  w: Will,
  testatorName: string,
  testatorIc: string,
): Promise<CompletionData> {
  const ekyc = a.signature_id
    ? ((await amendmentEkyc(ctx, a)) ?? {
        method: w.ekyc_method,
        score: w.ekyc_method === 'Face' ? await willFaceScore(ctx, w) : null,
        verifiedAt: w.ekyc_verified_at,
      })
    : null;
  const [otp] = a.signature_id
    ? await ctx.db
        .select({ at: otp_codes.verified_at })
        .from(otp_codes)
        .where(
          and(
            eq(otp_codes.purpose, 'amendment-submit'),
            eq(otp_codes.wasiat_id, w.id),
            eq(otp_codes.user_id, a.user_id),
            isNotNull(otp_codes.verified_at),
          ),
        )
        .orderBy(desc(otp_codes.verified_at))
        .limit(1)
    : [];
  return amendmentSigners(ctx, a, {
    role: 'testator',
    name: testatorName,
    ic: testatorIc,
    ekyc,
    otpVerifiedAt: otp?.at ?? null,
  });
}

/**
 * The certificate of completion of hibah amendment `a` (ADR 0098, mirroring ADR 0074): {@link
 * amendmentSigners} with the grantor verified by the amendment's own eKYC (ADR 0097: method, the score of
 * its latest passing attempt, when it passed) and the `hibah-amendment-submit` code spent on submitting it
 * (the latest code of the grantor for the hibah spent between the application and the approval; its
 * verification time is printed).
 * @param grantorIc the grantor's MyKad as the amended hibah states it (masked here).
 */
export async function hibahAmendmentCompletion(
  ctx: Ctx,
  a: Amendment,
  grantorName: string,
  grantorIc: string,
): Promise<CompletionData> {
  const [otp] = await ctx.db
    .select({ at: otp_codes.verified_at })
    .from(otp_codes)
    .where(
      and(
        eq(otp_codes.purpose, 'hibah-amendment-submit'),
        eq(otp_codes.hibah_id, a.amendmentable_id),
        eq(otp_codes.user_id, a.user_id),
        gte(otp_codes.used_at, a.applied_at),
        lte(otp_codes.used_at, a.approved_at ?? a.updated_at),
      ),
    )
    .orderBy(desc(otp_codes.used_at))
    .limit(1);
  return amendmentSigners(ctx, a, {
    role: 'grantor',
    name: grantorName,
    ic: grantorIc,
    ekyc: (await amendmentEkyc(ctx, a)) ?? { method: null, score: null, verifiedAt: null },
    otpVerifiedAt: otp?.at ?? null,
  });
}
