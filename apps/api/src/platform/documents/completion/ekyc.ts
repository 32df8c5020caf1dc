/**
 * The eKYC facts a certificate of completion prints for the owner of a document (ADRs 0013, 0074, 0094): the
 * score (0–100) of the latest passing face match among `ekyc_attempts` — of a will, of a hibah or its
 * grantor's account, of an amendment's own selfie — and an amendment's own eKYC (method, score, time).
 *
 * Reads the eKYC attempts table read-only.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { Ctx } from '../../../context.ts';
import { type amendments, ekyc_attempts, type wills } from '../../../db/schema/index.ts';
import type { CompletionSigner } from './signer.ts';

type Will = typeof wills.$inferSelect;
type Amendment = typeof amendments.$inferSelect;

/** The score (0–100) of the latest passing face match of will `w` (`ekycable_type` "Wasiat"), or null. */
export const willFaceScore = (ctx: Ctx, w: Will) =>
  passingScore(ctx, and(eq(ekyc_attempts.ekycable_type, 'Wasiat'), eq(ekyc_attempts.ekycable_id, w.id)));

/** The latest passing face-match score (0–100) among attempts matching `where`, or null. */
export async function passingScore(ctx: Ctx, where: ReturnType<typeof and>) {
  const [face] = await ctx.db
    .select({ score: ekyc_attempts.verification_score })
    .from(ekyc_attempts)
    .where(and(where, eq(ekyc_attempts.passed, true)))
    .orderBy(desc(ekyc_attempts.created_at))
    .limit(1);
  return face?.score ?? null;
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
