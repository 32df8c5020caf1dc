/**
 * The amended will as a sealed document (reference `GET amendment/{id}/certificate/comprehensive`; issue 11
 * "Sealed documents"; ADR 0074): the will as the succeeded amendment made it (its will version, ADR 0021),
 * with an "Amendment" block that names the amendment and the previous version — the SHA-256 of the previous
 * version's content and of the last sealed document of the previous version issued before the amendment
 * succeeded (ADR 0099) — and the amendment's own certificate of completion (the testator's signature on the
 * draft with the amendment's eKYC, and the witnesses' confirmations). Registered under subject "Amendment" (the amendment's id), kind "amendment"; the will's
 * public upload check includes its amendments' documents. A hibah amendment's document is the amended
 * hibah (hibah-amendment-document.ts, ADR 0098), served by the same route.
 *
 * Reads the wills, amendments and registry tables read-only.
 */
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { amendments, will_versions, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { type IssueActor, issueSealed, previousDocumentSha256, sealReason } from '../../platform/documents/issued.ts';
import { notFound } from '../../platform/http/errors.ts';
import { findVisibleAmendment, type WillContent } from '../amendments/index.ts';
import { issueHibahAmendmentDocument } from './hibah-amendment-document.ts';
import type { WillPdfData } from './pdf/will.ts';
import { renderWillPdf } from './pdf/will.ts';
import { imageDataUrl, willPdfData } from './service.ts';
import { versionSigning } from './version-signing.ts';
import { withVersionContent } from './will-version-data.ts';

type Amendment = typeof amendments.$inferSelect;

/** Registry kind of a will's live document, `GET /wasiat/{id}/certificate/final` (subject "Wasiat"; ADR 0071). */
export const WILL_KIND = 'will';
/** Registry kind of an amended will (subject "Amendment"; ADR 0074). */
export const AMENDMENT_KIND = 'amendment';

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
    .select({ sha256: will_versions.sha256, amendment_id: will_versions.amendment_id })
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, w.id), eq(will_versions.version_no, versionNo - 1)));
  // "The previous one": the last sealed document of the previous version issued before this amendment
  // succeeded — the amended will of the amendment that made it, or the will's own certificate issued while
  // that version was current (issued.ts `previousDocumentSha256`; ADR 0099). PDFs of earlier versions
  // printed in between (kind "will_version") are not documents of the previous version.
  const [madeBy] = prev?.amendment_id
    ? await ctx.db.select().from(amendments).where(eq(amendments.id, prev.amendment_id))
    : [];
  const previousDocument = await previousDocumentSha256(ctx, {
    subject: { type: 'Wasiat', id: w.id },
    liveKind: WILL_KIND,
    amendmentKind: AMENDMENT_KIND,
    madeBy,
    approvedAt: a.approved_at ?? a.updated_at,
  });
  const base = await withVersionContent(ctx, await willPdfData(ctx, w), w, {
    version_no: versionNo,
    content: v.content as WillContent,
  });
  // The signatures of this version: the amendment's, read as every will PDF reads them (version-signing.ts).
  const signing = await versionSigning(ctx, w, versionNo, { name: base.testatorName, ic: base.testatorIc });
  return {
    ...base,
    testatorSignature: (await imageDataUrl(ctx, signing.testatorSignatureId)) ?? base.testatorSignature,
    signatureFacts: signing.signatureFacts,
    completion: signing.completion,
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
 * The registry fingerprint content of a will PDF printed from a version (documents/issued.ts): its data
 * with, of the will row, only the fields it prints — so later changes to the will (a newer version, its
 * bookkeeping) do not make a document of an earlier version a new registered version.
 */
export function printedWillContent(data: WillPdfData) {
  const w = data.will;
  return {
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
}

/**
 * The sealed, registered amended will of amendment `a` (subject "Amendment", kind "amendment"): rendered
 * and sealed once per printed content, then served from the registry (documents/issued.ts).
 */
export async function issueAmendmentDocument(ctx: Ctx, a: Amendment, actor: IssueActor) {
  const data = await amendmentPdfData(ctx, a);
  const { bytes, sha256 } = await issueSealed(
    ctx,
    { subjectType: 'Amendment', subjectId: a.id, kind: AMENDMENT_KIND },
    printedWillContent(data),
    (sealedSha256) => renderWillPdf(data, sealedSha256),
    { reason: sealReason('amendment_reason'), location: ctx.appUrl },
    actor,
  );
  return { bytes, sha256, filename: `wasiat-${data.will.wasiat_no ?? data.will.id}-pindaan-${a.reference_no}.pdf` };
}
