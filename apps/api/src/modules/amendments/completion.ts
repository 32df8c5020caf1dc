/**
 * The certificate of completion of an amendment (ADR 0074; will amendments ADR 0099, hibah amendments ADRs
 * 0097, 0098): the owner who signed the draft (the testator or the grantor, verified by the amendment's own
 * eKYC, completion-ekyc.ts) and the witnesses who confirmed it through their signed link. The document
 * version is the SHA-256 (hex) of the canonical JSON of the amendment's draft. Shapes: completion-signer.ts.
 *
 * Reads the amendment, amendment witness, attachment, signature events, eKYC and OTP tables read-only.
 */
import { maskMykad } from '@wasiat/domain';
import { and, asc, desc, eq, gte, isNotNull, lte } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import {
  amendment_witnesses,
  type amendments,
  attachments,
  otp_codes,
  signature_events,
  type wills,
} from '../../db/schema/index.ts';
import { canonicalJson } from '../../platform/documents/canonical-json.ts';
import { amendmentEkyc, willFaceScore } from '../../platform/documents/completion/ekyc.ts';
import type { CompletionData, CompletionSigner } from '../../platform/documents/completion/signer.ts';
import { sha256Hex } from '../../platform/documents/issued.ts';

type Will = typeof wills.$inferSelect;
type Amendment = typeof amendments.$inferSelect;

/**
 * The document version of an amendment (ADR 0074): the SHA-256 (hex) of the canonical JSON of its draft —
 * the amended content the testator signs and the witnesses confirm. The draft is frozen from submission
 * (status 1) on, so the value is stable while it is signed.
 */
export const amendmentDocumentVersion = (a: Pick<Amendment, 'draft'>) => sha256Hex(canonicalJson(a.draft ?? null));

/** The owner's line of an amendment's completion page: the testator of a will, the grantor of a hibah. */
interface AmendmentOwner {
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
async function amendmentSigners(ctx: Ctx, a: Amendment, owner: AmendmentOwner): Promise<CompletionData> {
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
