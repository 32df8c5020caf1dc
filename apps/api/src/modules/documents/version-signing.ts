/**
 * The signatures a will PDF prints for the version it prints (issue 34 "One instrument"; ADRs 0015, 0072,
 * 0074, 0099, 0232): written once, read by every PDF of a will — the live will (`willPdfData`), the amended
 * will (amendment-document.ts) and the PDF of an earlier version (will-document.ts).
 *
 * - A version made by a succeeded amendment: the amendment's signers — the testator's signature on the draft
 *   (`amendments.signature_id`) and the witnesses who confirmed it (`amendmentCompletion`). Their facts are
 *   recorded on the amendment (signature events of subject "Amendment"), not on the will.
 * - The current original version: the will's own signers (`willCompletion` of the live rows).
 * - An earlier original version: the signers of its snapshot and the testator's latest signature on the
 *   will itself (ADR 0099).
 *
 * Reads the will versions, amendments and the tables the completion parts read, read-only.
 */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { amendments, will_versions, type wills } from '../../db/schema/index.ts';
import type { CompletionData } from '../../platform/documents/completion/signer.ts';
import { amendmentCompletion } from '../amendments/index.ts';
import { latestTestatorSignature, willCompletion } from './completion-will.ts';
import type { WillPdfData } from './pdf/will-data.ts';

type Will = typeof wills.$inferSelect;

/** Amendment status "succeeded" (spec §4; amendments/transitions.ts). */
const SUCCEEDED = 2;

/** What a will PDF prints of a version's signatures. */
export interface VersionSigning {
  /** The testator's printed signature (an attachment id), or null. */
  testatorSignatureId: string | null;
  /** The "Tandatangan / Signatures" facts table: one row per signer of the completion page, oldest first. */
  signatureFacts: NonNullable<WillPdfData['signatureFacts']>;
  /** The certificate-of-completion page. */
  completion: CompletionData;
}

/** The signature facts rows of a completion page's signers (role, name, time, IP, version signed, method). */
export const signatureFactsOf = (completion: CompletionData): VersionSigning['signatureFacts'] =>
  completion.signers.map((s) => ({
    role: s.role,
    name: s.name,
    signedAt: s.signedAt,
    ip: s.ip,
    sha256: s.documentSha256,
    method: s.method,
  }));

/**
 * The signatures of version `versionNo` of will `w` (see the module comment). No access check: callers
 * decide who may read the version.
 * @param testator the testator's name and MyKad as the printed version states them (MyKad unmasked; masked
 *   on the page).
 */
export async function versionSigning(
  ctx: Ctx,
  w: Will,
  versionNo: number,
  testator: { name: string; ic: string },
): Promise<VersionSigning> {
  const [v] = await ctx.db
    .select()
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, w.id), eq(will_versions.version_no, versionNo)));
  const [a] = v?.amendment_id ? await ctx.db.select().from(amendments).where(eq(amendments.id, v.amendment_id)) : [];
  if (a && a.status === SUCCEEDED && a.amendmentable_type === 'Wasiat') {
    const completion = await amendmentCompletion(ctx, a, w, testator.name, testator.ic);
    return { testatorSignatureId: a.signature_id, signatureFacts: signatureFactsOf(completion), completion };
  }
  if (!v || versionNo === w.current_version) {
    const completion = await willCompletion(ctx, w, testator.ic);
    return { testatorSignatureId: w.signature_id, signatureFacts: signatureFactsOf(completion), completion };
  }
  // the snapshot's witness rows (amendments/content.ts `WillContent`), each with its id and signature
  const content = v.content as { witnesses: Record<string, unknown>[] };
  const testatorSignatureId = await latestTestatorSignature(ctx, w);
  const completion = await willCompletion(ctx, w, testator.ic, {
    testatorSignatureId,
    witnesses: content.witnesses.map((x) => ({
      id: String(x.id),
      ic: String(x.ic_number ?? ''),
      signatureId: (x.signature_id as string | null) ?? null,
    })),
  });
  return { testatorSignatureId, signatureFacts: signatureFactsOf(completion), completion };
}
