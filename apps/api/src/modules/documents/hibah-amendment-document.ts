/**
 * The amended hibah as a sealed document, and the certificate of a named hibah version (issue 11 "An
 * amendment is a new document that names the previous one's hash"; issue 5 "every PDF is of the version it
 * names"; ADR 0098, mirroring ADR 0074 for wills).
 *
 * - {@link issueHibahAmendmentDocument} (`GET /amendment/{id}/certificate/comprehensive` of a succeeded
 *   hibah amendment): the hibah certificate of the version the amendment made (`hibah_versions`), with a
 *   "Pindaan / Amendment" block naming the amendment (reference, approval date, version amended) and the
 *   previous one — the SHA-256 of the previous version's content and of the last sealed hibah document of
 *   the previous version issued before the amendment succeeded ("none issued" otherwise) — and the
 *   amendment's certificate of
 *   completion (the grantor: the amendment's eKYC and the code spent on submitting it; the witnesses who
 *   confirmed through their link). Registered under subject "Amendment" (the amendment's id), kind
 *   "hibah_amendment" (the public check names it "amended hibah"); the hibah's upload check covers its
 *   amendments.
 * - {@link issueHibahVersionCertificate} (`GET /hibah/{id}/certificate?version=n`): the certificate of
 *   version n — the current one for whoever may see the hibah, earlier ones for staff-side roles only (404
 *   otherwise, as `GET /hibah/{id}/versions/{n}`). A version made by an amendment is that amendment's
 *   document (the same bytes); the registered original (version 1) once amended is printed from its
 *   snapshot with the signatures of that version (subject "Hibah", kind "hibah_version").
 *
 * Reads the hibah, amendment, version and registry tables read-only.
 */
import { HIBAH_STATUS } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { amendments, hibah_versions, hibahs } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { type IssueActor, issueSealed, previousDocumentSha256, sealReason } from '../../platform/documents/issued.ts';
import { notFound } from '../../platform/http/errors.ts';
import { canReadVersions, hibahAmendmentCompletion } from '../amendments/index.ts';
import {
  findVisibleHibah,
  type HibahCertificateData,
  type HibahContent,
  hibahCompletion,
  hibahVersionCertificateData,
  issueHibahCertificate,
  partiesOfContent,
  renderHibahCertificate,
} from '../hibah/index.ts';

type Amendment = typeof amendments.$inferSelect;
type Hibah = typeof hibahs.$inferSelect;

/** Registry kind of an amended hibah (subject "Amendment"; ADR 0098). */
export const HIBAH_AMENDMENT_KIND = 'hibah_amendment';
/** Registry kind of the certificate of an earlier, original version of a hibah (subject "Hibah"; ADR 0098). */
export const HIBAH_VERSION_KIND = 'hibah_version';

/** The registered (status 5), not deleted hibah `id`; 404 otherwise. */
async function registeredHibah(ctx: Ctx, id: string): Promise<Hibah> {
  const [h] = await ctx.db.select().from(hibahs).where(eq(hibahs.id, id));
  if (!h || h.deleted_at || h.status !== HIBAH_STATUS.registered) throw notFound();
  return h;
}

/** Version `n` of hibah `hibahId` (`hibah_versions`), or undefined. */
async function versionRow(ctx: Ctx, hibahId: string, n: number) {
  const [v] = await ctx.db
    .select()
    .from(hibah_versions)
    .where(and(eq(hibah_versions.hibah_id, hibahId), eq(hibah_versions.version_no, n)));
  return v;
}

/**
 * Everything the amended hibah of succeeded hibah amendment `a` prints (see the module comment). 404
 * unless the hibah is registered and the amendment's version exists.
 */
export async function amendedHibahData(ctx: Ctx, a: Amendment): Promise<HibahCertificateData> {
  const h = await registeredHibah(ctx, a.amendmentable_id);
  const versionNo = a.version_no as number;
  const v = await versionRow(ctx, h.id, versionNo);
  if (!v) throw notFound();
  const prev = await versionRow(ctx, h.id, versionNo - 1);
  // "The previous one": the last sealed document of the previous version issued before this amendment
  // succeeded — the amended hibah of the amendment that made it, or a certificate of the live hibah issued
  // while it was current (issued.ts `previousDocumentSha256`; ADR 0098).
  const [madeBy] = prev?.amendment_id
    ? await ctx.db.select().from(amendments).where(eq(amendments.id, prev.amendment_id))
    : [];
  const previousDocument = await previousDocumentSha256(ctx, {
    subject: { type: 'Hibah', id: h.id },
    liveKind: 'hibah',
    amendmentKind: HIBAH_AMENDMENT_KIND,
    madeBy,
    approvedAt: a.approved_at ?? a.updated_at,
  });
  const content = v.content as HibahContent;
  const completion = await hibahAmendmentCompletion(
    ctx,
    a,
    String(content.user_detail?.name ?? '-'),
    String(content.user_detail?.ic_number ?? ''),
  );
  const data = await hibahVersionCertificateData(ctx, h, versionNo, content, completion);
  return {
    ...data,
    amendment: {
      referenceNo: a.reference_no,
      approvedAt: a.approved_at,
      amendsVersion: versionNo - 1,
      previousVersionSha256: prev?.sha256 ?? null,
      previousDocumentSha256: previousDocument,
    },
  };
}

/**
 * The sealed, registered amended hibah of succeeded hibah amendment `a` (subject "Amendment", kind
 * "hibah_amendment", reason "Hibah dipinda / Amended hibah"): rendered and sealed once per printed content,
 * then served from the registry (documents/issued.ts).
 */
export async function issueHibahAmendmentDocument(ctx: Ctx, a: Amendment, actor: IssueActor) {
  const data = await amendedHibahData(ctx, a);
  const { bytes, sha256 } = await issueSealed(
    ctx,
    { subjectType: 'Amendment', subjectId: a.id, kind: HIBAH_AMENDMENT_KIND },
    data,
    () => renderHibahCertificate(data),
    { reason: sealReason('hibah_amendment_reason'), location: ctx.appUrl },
    actor,
  );
  return { bytes, sha256, filename: `sijil-hibah-${data.number}-pindaan-${a.reference_no}.pdf` };
}

/**
 * The certificate of version `versionNo` of hibah `hibahId` (`GET /hibah/{id}/certificate?version=n`; see
 * the module comment). `user` null = a signed link (the current version only).
 * @throws 404 unknown or not visible hibah, not registered, unknown version, or an earlier version for a
 *   caller who is not staff-side (`will:read:any`).
 */
export async function issueHibahVersionCertificate(
  ctx: Ctx,
  user: AuthUser | null,
  hibahId: string,
  versionNo: number,
  actor: IssueActor,
): Promise<{ bytes: Buffer; filename: string }> {
  const h = user ? await findVisibleHibah(ctx.db, user, hibahId) : await registeredHibah(ctx, hibahId);
  if (versionNo !== h.current_version && !(user && canReadVersions(user))) throw notFound();
  const v = await versionRow(ctx, h.id, versionNo);
  if (v?.amendment_id) {
    const [a] = await ctx.db.select().from(amendments).where(eq(amendments.id, v.amendment_id));
    if (a?.status !== 2 || a.amendmentable_type !== 'Hibah') throw notFound();
    const { bytes, filename } = await issueHibahAmendmentDocument(ctx, a, actor);
    return { bytes, filename };
  }
  if (versionNo === h.current_version) {
    const { bytes, number } = await issueHibahCertificate(ctx, h.id, actor);
    return { bytes, filename: `sijil-hibah-${number}.pdf` };
  }
  if (!v) throw notFound();
  const reg = await registeredHibah(ctx, h.id);
  const content = v.content as HibahContent;
  const completion = await hibahCompletion(ctx, reg, { grantorSignatureId: null, ...partiesOfContent(content) });
  const data = await hibahVersionCertificateData(ctx, reg, versionNo, content, completion);
  const { bytes } = await issueSealed(
    ctx,
    { subjectType: 'Hibah', subjectId: h.id, kind: HIBAH_VERSION_KIND },
    data,
    () => renderHibahCertificate(data),
    { reason: sealReason('hibah_reason'), location: ctx.appUrl },
    actor,
  );
  return { bytes, filename: `sijil-hibah-${data.number}-v${versionNo}.pdf` };
}
