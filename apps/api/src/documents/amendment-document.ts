/**
 * The amended will as a sealed document (reference `GET amendment/{id}/certificate/comprehensive`; issue 11
 * "Sealed documents"; ADR 0074): the will as the succeeded amendment made it (its will version, ADR 0021),
 * with an "Amendment" block that names the amendment and the previous version — the SHA-256 of the previous
 * version's content and of the last sealed document of the will issued before the amendment succeeded — and
 * the amendment's own certificate of completion (the testator's signature on the draft and the witnesses'
 * confirmations). Registered under subject "Amendment" (the amendment's id), kind "amendment"; the will's
 * public upload check includes its amendments' documents. A hibah amendment's document is the amended
 * hibah (hibah-amendment-document.ts, ADR 0098), served by the same route.
 *
 * Reads the wills, amendments and registry tables read-only.
 */
import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import type { WillContent } from '../amendments/content.ts';
import { findVisibleAmendment } from '../amendments/service.ts';
import { withVersionContent } from '../amendments/versions.ts';
import type { AuthUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { amendments, issued_documents, will_versions, wills } from '../db/schema/index.ts';
import { notFound } from '../http/errors.ts';
import { amendmentCompletion } from './completion.ts';
import { issueHibahAmendmentDocument } from './hibah-amendment-document.ts';
import { type IssueActor, issueSealed, sealReason } from './issued.ts';
import type { WillPdfData } from './pdf/will.ts';
import { renderWillPdf } from './pdf/will.ts';
import { imageDataUrl, willPdfData } from './service.ts';

type Amendment = typeof amendments.$inferSelect;

/** Amendment status "succeeded" (spec §4; amendments/transitions.ts). */
const SUCCEEDED = 2;

/**
 * The amendment when the access allows it and it has succeeded: a bearer user who may see it
 * (amendments/policy.ts scope via `findVisibleAmendment`: a will's or a hibah's), or a valid signed link
 * (`user` null). 404 for an unknown amendment, one out of scope, or one that has not succeeded.
 */
export async function documentAmendment(ctx: Ctx, id: string, user: AuthUser | null): Promise<Amendment> {
  const a = user
    ? await findVisibleAmendment(ctx.db, user, id)
    : (await ctx.db.select().from(amendments).where(eq(amendments.id, id)))[0];
  if (!a || a.status !== SUCCEEDED || !a.version_no) throw notFound();
  if (a.amendmentable_type !== 'Wasiat' && a.amendmentable_type !== 'Hibah') throw notFound();
  return a;
}

/**
 * The sealed document of succeeded amendment `a`: the amended will ({@link issueAmendmentDocument}) or the
 * amended hibah (hibah-amendment-document.ts, ADR 0098).
 */
export const issueAnyAmendmentDocument = (ctx: Ctx, a: Amendment, actor: IssueActor) =>
  a.amendmentable_type === 'Hibah' ? issueHibahAmendmentDocument(ctx, a, actor) : issueAmendmentDocument(ctx, a, actor);

/**
 * Everything the amended will prints: the will PDF's data of the amendment's version, the amendment block
 * and the amendment's certificate of completion. 404 unless the will is registered and the version exists.
 */
export async function amendmentPdfData(ctx: Ctx, a: Amendment): Promise<WillPdfData> {
  const [w] = await ctx.db.select().from(wills).where(eq(wills.id, a.amendmentable_id));
  if (!w || w.deleted_at) throw notFound();
  const versionNo = a.version_no as number;
  const [v] = await ctx.db
    .select()
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, w.id), eq(will_versions.version_no, versionNo)));
  if (!v) throw notFound();
  const [prev] = await ctx.db
    .select({ sha256: will_versions.sha256 })
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, w.id), eq(will_versions.version_no, versionNo - 1)));
  // "The previous one": the last sealed document of the will (the will or an earlier amended will) issued
  // before this amendment succeeded. Stable: later issues are after `approved_at` (ADR 0074).
  const earlier = await ctx.db
    .select({ id: will_versions.amendment_id })
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, w.id), lt(will_versions.version_no, versionNo)));
  const earlierAmendments = earlier.map((x) => x.id).filter((x): x is string => !!x);
  const approvedAt = a.approved_at ?? a.updated_at;
  const [prevDoc] = await ctx.db
    .select({ sha256: issued_documents.sha256 })
    .from(issued_documents)
    .where(
      and(
        lt(issued_documents.issued_at, approvedAt),
        or(
          and(
            eq(issued_documents.subject_type, 'Wasiat'),
            eq(issued_documents.subject_id, w.id),
            eq(issued_documents.kind, 'will'),
          ),
          earlierAmendments.length
            ? and(
                eq(issued_documents.subject_type, 'Amendment'),
                inArray(issued_documents.subject_id, earlierAmendments),
                eq(issued_documents.kind, 'amendment'),
              )
            : undefined,
        ),
      ),
    )
    .orderBy(desc(issued_documents.issued_at))
    .limit(1);
  const base = await withVersionContent(ctx, await willPdfData(ctx, w), w, {
    version_no: versionNo,
    content: v.content as WillContent,
  });
  const completion = await amendmentCompletion(ctx, a, w, base.testatorName, base.testatorIc);
  return {
    ...base,
    testatorSignature: (await imageDataUrl(ctx, a.signature_id)) ?? base.testatorSignature,
    signatureFacts: completion.signers.map((s) => ({
      role: s.role,
      name: s.name,
      signedAt: s.signedAt,
      ip: s.ip,
      sha256: s.documentSha256,
    })),
    completion,
    amendment: {
      referenceNo: a.reference_no,
      approvedAt: a.approved_at,
      amendsVersion: versionNo - 1,
      previousVersionSha256: prev?.sha256 ?? null,
      previousDocumentSha256: prevDoc?.sha256 ?? null,
    },
  };
}

/**
 * The sealed, registered amended will of amendment `a` (subject "Amendment", kind "amendment"): rendered
 * and sealed once per printed content, then served from the registry (documents/issued.ts).
 */
export async function issueAmendmentDocument(ctx: Ctx, a: Amendment, actor: IssueActor) {
  const data = await amendmentPdfData(ctx, a);
  // The fingerprint holds what is printed: of the will row only its printed fields, so later changes to
  // the will (a newer version, its bookkeeping) do not make this amendment's document a new version.
  const w = data.will;
  const printed = {
    ...data,
    will: {
      id: w.id,
      wasiat_no: w.wasiat_no,
      wasiat_type: w.wasiat_type,
      plan: w.plan,
      registered_at: w.registered_at,
      estimated_estate_sen: w.estimated_estate_sen,
      funeral_sen: w.funeral_sen,
      debts_sen: w.debts_sen,
      harta_sepencarian_sen: w.harta_sepencarian_sen,
      heirs_consent: w.heirs_consent,
      heirs_consent_note: w.heirs_consent_note,
    },
  };
  const { bytes, sha256 } = await issueSealed(
    ctx,
    { subjectType: 'Amendment', subjectId: a.id, kind: 'amendment' },
    printed,
    () => renderWillPdf(data),
    { reason: sealReason('amendment_reason'), location: ctx.appUrl },
    actor,
  );
  return { bytes, sha256, filename: `wasiat-${data.will.wasiat_no ?? data.will.id}-pindaan-${a.reference_no}.pdf` };
}
