/**
 * The will's own sealed PDFs (issue 11 "Sealed documents"; issue 4 "every PDF is of the version it names";
 * ADRs 0021, 0071, 0099 — mirroring what ADR 0098 did for hibahs):
 *
 * - {@link issueWillDocument} (`GET /wasiat/{id}/certificate/final`): the live will, kind "will".
 * - {@link issueWillVersionDocument} (`GET /wasiat/{id}/certificate/final?version=n`): the PDF of version n —
 *   the current one for whoever may see the will (a signed link: the current one only), earlier ones for
 *   staff-side roles only (`will:read:any`, as `GET /wasiat/{id}/versions/{n}`), 404 otherwise and for an
 *   unknown version. A version made by an amendment *is* that amendment's document (the amended will, the
 *   same bytes, kind "amendment"); the current original version is the live will (kind "will"); the
 *   original version 1 once amended is printed from its snapshot with the signatures of that version and
 *   registered under its own kind, "will_version" — so that an amended will's "previous document" (issued.ts
 *   `previousDocumentSha256`) never picks a PDF of an older version printed later.
 *
 * Reads the wills, versions, amendments and registry tables read-only.
 */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { amendments, will_versions, type wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { type IssueActor, issueSealed, sealReason } from '../../platform/documents/issued.ts';
import { notFound } from '../../platform/http/errors.ts';
import type { WillContent } from '../amendments/index.ts';
import { canReadVersions } from '../amendments/index.ts';
import { issueAmendmentDocument, printedWillContent, WILL_KIND } from './amendment-document.ts';
import { renderWillPdf } from './pdf/will.ts';
import { imageDataUrl, willPdfData } from './service.ts';
import { versionSigning } from './version-signing.ts';
import { withVersionContent } from './will-version-data.ts';
import { withWajibah } from './will-wajibah-data.ts';

type Will = typeof wills.$inferSelect;

/** Registry kind of the PDF of an earlier, original version of a will (subject "Wasiat"; ADR 0099). */
export const WILL_VERSION_KIND = 'will_version';

/** Amendment status "succeeded" (spec §4; amendments/transitions.ts). */
const SUCCEEDED = 2;

/**
 * The sealed, registered live will `w` (subject "Wasiat", kind "will", reason "Wasiat berdaftar /
 * Registered will"): rendered and sealed once per printed content, then served from the registry.
 * @throws 404 unless the will is registered (status 2).
 */
export async function issueWillDocument(
  ctx: Ctx,
  w: Will,
  actor: IssueActor,
): Promise<{ bytes: Buffer; sha256: string; filename: string }> {
  // The predeceased children and their wasiat wajibah (will-wajibah-data.ts; ADR 0270).
  const data = await withWajibah(ctx, w, await willPdfData(ctx, w));
  const { bytes, sha256 } = await issueSealed(
    ctx,
    { subjectType: 'Wasiat', subjectId: w.id, kind: WILL_KIND },
    data,
    (sealedSha256) => renderWillPdf(data, sealedSha256),
    { reason: sealReason('will_reason'), location: ctx.appUrl },
    actor,
  );
  return { bytes, sha256, filename: `wasiat-${w.wasiat_no ?? w.id}-v${w.current_version}.pdf` };
}

/**
 * The PDF of version `versionNo` of will `w` (see the module comment). `user` null = a signed link (the
 * current version only). The earlier original version prints its snapshot's particulars, people,
 * property and witnesses, the testator's latest signature on the will itself (an amendment's signature is
 * the amendment's), and a completion page with that version's signers whose "current version" is the one
 * the last of them signed.
 * @throws 404 not registered, unknown version, or an earlier version for a caller who is not staff-side.
 */
export async function issueWillVersionDocument(
  ctx: Ctx,
  user: AuthUser | null,
  w: Will,
  versionNo: number,
  actor: IssueActor,
): Promise<{ bytes: Buffer; filename: string }> {
  if (versionNo !== w.current_version && !(user && canReadVersions(user))) throw notFound();
  const [v] = await ctx.db
    .select()
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, w.id), eq(will_versions.version_no, versionNo)));
  if (v?.amendment_id) {
    const [a] = await ctx.db.select().from(amendments).where(eq(amendments.id, v.amendment_id));
    if (a?.status !== SUCCEEDED || a.amendmentable_type !== 'Wasiat') throw notFound();
    const { bytes, filename } = await issueAmendmentDocument(ctx, a, actor);
    return { bytes, filename };
  }
  if (versionNo === w.current_version) {
    const { bytes, filename } = await issueWillDocument(ctx, w, actor);
    return { bytes, filename };
  }
  if (!v) throw notFound();
  const content = v.content as WillContent;
  const base = await willPdfData(ctx, w);
  const data = await withVersionContent(ctx, base, w, { version_no: versionNo, content });
  // The signers of that version, read as every will PDF reads them (version-signing.ts; ADR 0232).
  const signing = await versionSigning(ctx, w, versionNo, { name: data.testatorName, ic: data.testatorIc });
  const full = {
    ...data,
    testatorSignature: (await imageDataUrl(ctx, signing.testatorSignatureId)) ?? data.testatorSignature,
    signatureFacts: signing.signatureFacts,
    completion: signing.completion,
  };
  const { bytes } = await issueSealed(
    ctx,
    { subjectType: 'Wasiat', subjectId: w.id, kind: WILL_VERSION_KIND },
    printedWillContent(full),
    (sealedSha256) => renderWillPdf(full, sealedSha256),
    { reason: sealReason('will_reason'), location: ctx.appUrl },
    actor,
  );
  return { bytes, filename: `wasiat-${w.wasiat_no ?? w.id}-v${versionNo}.pdf` };
}
