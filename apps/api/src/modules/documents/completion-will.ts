/**
 * The certificate of completion of a will (issue 11; ADRs 0015, 0072): the testator and the current
 * witnesses from the will's signature events (ADR 0015), or, for the PDF of an earlier version, the signers
 * of that version (its snapshot, ADR 0099); and the testator's latest signature on the will itself.
 * Shapes: completion-signer.ts.
 *
 * Reads the wills, witnesses, signature events, eKYC and OTP tables read-only.
 */
import { maskMykad } from '@wasiat/domain';
import { and, asc, desc, eq, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { otp_codes, signature_events, type wills, witnesses } from '../../db/schema/index.ts';
import { willFaceScore } from '../../platform/documents/completion/ekyc.ts';
import type { CompletionData, CompletionSigner } from '../../platform/documents/completion/signer.ts';
import { documentVersion } from '../wills/index.ts';

type Will = typeof wills.$inferSelect;

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
