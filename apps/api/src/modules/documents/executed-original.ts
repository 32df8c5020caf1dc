/**
 * The executed original of a will (issue 41 item 1; ADR 0266; docs/api/documents.md "Executed original"): the
 * sealed will printed, signed by hand by the testator before two witnesses (the signing blocks of
 * pdf/will-execution.ts), scanned and uploaded; staff compare the SHA-256 printed at the foot of the scan's pages
 * with the sealed documents of the will's current version and record it as the executed original, with who keeps
 * the paper and where — or refuse it with a reason.
 *
 * Why: the screen signature is an electronic signature, and the Electronic Commerce Act 2006 (Act 658) does not
 * apply to the documents of its Schedule (s. 2(2)), which lists the creation of wills and codicils; a digital
 * signature is as binding as a handwritten one only when verified against a valid certificate of a licensed
 * certification authority (Digital Signature Act 1997 (Act 562) s. 62(1)(a), (2)) — not the case here.
 *
 * The hash staff compare is the `content_sha256` of `issued_documents` (issued.ts: the SHA-256 of the canonical
 * JSON of what the PDF prints), which every page of the sealed will prints (pdf/will-execution.ts). The PDF's own
 * bytes' SHA-256 cannot be printed inside it. Accepted: a sealed document of the version in force — the will's own
 * ("will") while it is the original version or issued after the amendment that made it current succeeded, and
 * that amendment's amended will ("amendment").
 *
 * Scans are attachments of the will (attachable `Wasiat`, type `executed-original`): whoever may see the will reads
 * them at `GET /api/attachment/{id}/file`. Audited: `will.executed_original_upload|verify|refuse` on the will.
 */
import {
  type ExecutedOriginalUploadInput,
  type ExecutedOriginalVerifyInput,
  type Language,
  EXECUTED_ORIGINAL_MSG as MSG,
  translate,
  WILL_STATUS,
} from '@wasiat/domain';
import { and, desc, eq, gte, or, type SQL } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { amendments, issued_documents, will_executed_originals, will_versions, wills } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { attachmentPath, DOCUMENT_TYPES, decodeBase64, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { type AuthUser, userCan } from '../auth/index.ts';
import { findVisibleWill, hasDeclaredProperty } from '../wills/index.ts';
import { AMENDMENT_KIND, WILL_KIND } from './amendment-document.ts';

type Will = typeof wills.$inferSelect;
type Row = typeof will_executed_originals.$inferSelect;

/** Who acts, and from where (the audit's actor and IP). */
export interface EoActor {
  user: AuthUser;
  ip?: string;
}

/** A sealed document of the version in force whose printed hash a scan may carry. */
export interface SealedVersionDocument {
  /** The SHA-256 printed at the foot of every page (issued_documents.content_sha256). */
  content_sha256: string;
  /** "will" | "amendment". */
  kind: string;
  /** ISO 8601 UTC. */
  issued_at: string;
}

/** Amendment status "succeeded" (spec §4; amendments/transitions.ts). */
const SUCCEEDED = 2;

/**
 * The sealed documents of will `w`'s version in force, newest first (see the module comment). Empty when none
 * was issued yet (nobody opened the will PDF since the version became current).
 */
async function sealedDocumentsOfCurrentVersion(db: Db, w: Will): Promise<SealedVersionDocument[]> {
  const [v] = await db
    .select({ amendment_id: will_versions.amendment_id })
    .from(will_versions)
    .where(and(eq(will_versions.wasiat_id, w.id), eq(will_versions.version_no, w.current_version)));
  const [a] = v?.amendment_id ? await db.select().from(amendments).where(eq(amendments.id, v.amendment_id)) : [];
  const madeBy = a && a.status === SUCCEEDED ? a : undefined;
  const own = and(
    eq(issued_documents.subject_type, 'Wasiat'),
    eq(issued_documents.subject_id, w.id),
    eq(issued_documents.kind, WILL_KIND),
    madeBy ? gte(issued_documents.issued_at, madeBy.approved_at ?? madeBy.updated_at) : undefined,
  ) as SQL;
  const amended = madeBy
    ? and(
        eq(issued_documents.subject_type, 'Amendment'),
        eq(issued_documents.subject_id, madeBy.id),
        eq(issued_documents.kind, AMENDMENT_KIND),
      )
    : undefined;
  const rows = await db
    .select({
      content_sha256: issued_documents.content_sha256,
      kind: issued_documents.kind,
      issued_at: issued_documents.issued_at,
    })
    .from(issued_documents)
    .where(amended ? or(own, amended) : own)
    .orderBy(desc(issued_documents.issued_at));
  return rows.map((r) => ({ ...r, issued_at: r.issued_at.toISOString() }));
}

/** One scan as answered (`scan.url`: the attachment's bytes for whoever may see the will). */
const scanBody = (r: Row) => ({
  id: r.id,
  version_no: r.version_no,
  status: r.status,
  custody: r.custody,
  custody_place: r.custody_place,
  scan: { id: r.scan_attachment_id, url: attachmentPath(r.scan_attachment_id) },
  uploaded_by: r.uploaded_by,
  uploaded_at: r.created_at,
  printed_sha256: r.printed_sha256,
  reviewed_by: r.reviewed_by,
  reviewed_at: r.reviewed_at,
  refusal_reason: r.refusal_reason,
  sepencarian_acknowledged: r.sepencarian_acknowledged,
});

/**
 * `GET /api/wasiat/{id}/executed-original` → `{ executed_original: { held, executed_original_at, custody,
 * custody_place, sepencarian_declared, sepencarian_acknowledged, version_no, expected_sha256, sealed_documents, scans,
 * can_upload, can_verify } }`: whether the version in force has an executed original (`held`), whether the will
 * declares harta sepencarian and whether its executed original carries the spouse's signed acknowledgement (true /
 * false; null when not asked; ADR 0290), the hash its paper must carry (`expected_sha256`: the newest sealed document's, or
 * null when none was issued; `sealed_documents`: every accepted one) and every scan of the will, newest first.
 * @throws 404 when the caller may not see the will.
 */
export async function executedOriginalView(db: Db, user: AuthUser, willId: string) {
  const w = await findVisibleWill(db, user, willId);
  const sealed = await sealedDocumentsOfCurrentVersion(db, w);
  const rows = await db
    .select()
    .from(will_executed_originals)
    .where(eq(will_executed_originals.wasiat_id, w.id))
    .orderBy(desc(will_executed_originals.created_at));
  const current = rows.find((r) => r.status === 'verified' && r.version_no === w.current_version);
  return {
    executed_original: {
      held: !!current,
      executed_original_at: current?.reviewed_at ?? null,
      custody: current?.custody ?? null,
      custody_place: current?.custody_place ?? null,
      // ADR 0290: whether the will declares harta sepencarian (the check then asks about the spouse's signature),
      // and what staff recorded of it on the executed original (null: not asked).
      sepencarian_declared: await hasDeclaredProperty(db, w.id),
      sepencarian_acknowledged: current?.sepencarian_acknowledged ?? null,
      version_no: w.current_version,
      expected_sha256: sealed[0]?.content_sha256 ?? null,
      sealed_documents: sealed,
      scans: rows.map(scanBody),
      can_upload: w.status === WILL_STATUS.registered && !current && mayUpload(user, w),
      can_verify: userCan(user, 'will:verify'),
    },
  };
}

/** The testator, the will's agent, staff who register for clients or who verify wills (and may see it). */
const mayUpload = (user: AuthUser, w: Will) =>
  w.user_id === user.id ||
  w.agent_id === user.id ||
  userCan(user, 'will:create:client') ||
  userCan(user, 'will:verify');

/**
 * `POST /api/wasiat/{id}/executed-original` — record a scan of the signed original, awaiting a staff check.
 * Errors: 404 will not visible, or the caller neither its testator, its agent nor staff; 422 on `wasiat_id`
 * `executed_original.not_registered` (status ≠ 2) or `executed_original.already_held`; on `scan`
 * `executed_original.pending_exists`, `errors.file_type`, `errors.file_too_large` (PNG, JPEG, WebP or PDF ≤ 5 MB).
 * @returns 201 `{ message, executed_original }` (as {@link executedOriginalView}).
 */
export async function uploadExecutedOriginal(
  ctx: Ctx,
  actor: EoActor,
  willId: string,
  body: ExecutedOriginalUploadInput,
  lang: Language,
) {
  const me = actor.user;
  const w = await findVisibleWill(ctx.db, me, willId);
  if (!mayUpload(me, w)) throw notFound();
  if (w.status !== WILL_STATUS.registered) throw fieldError('wasiat_id', MSG.notRegistered);
  const rows = await ctx.db.select().from(will_executed_originals).where(eq(will_executed_originals.wasiat_id, w.id));
  if (rows.some((r) => r.status === 'verified' && r.version_no === w.current_version)) {
    throw fieldError('wasiat_id', MSG.alreadyHeld);
  }
  if (rows.some((r) => r.status === 'pending')) throw fieldError('scan', MSG.pendingExists);
  const id = newId();
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'Wasiat',
    ownerId: w.id,
    data: decodeBase64(body.scan, 'scan'),
    allowed: DOCUMENT_TYPES,
    field: 'scan',
  });
  try {
    await uploads.settle(
      ctx.db.transaction(async (tx) => {
        const att = await uploads.record(tx as unknown as Db, staged, {
          attachableType: 'Wasiat',
          attachableId: w.id,
          type: 'executed-original',
          originalFilename: body.scan_filename ?? null,
          uploadedBy: me.id,
        });
        await tx.insert(will_executed_originals).values({
          id,
          wasiat_id: w.id,
          version_no: w.current_version,
          scan_attachment_id: att.id,
          custody: body.custody,
          custody_place: body.custody_place,
          uploaded_by: me.id,
        });
        await recordAudit(tx as unknown as Db, {
          actorId: me.id,
          action: 'will.executed_original_upload',
          entityType: 'Wasiat',
          entityId: w.id,
          after: {
            executed_original_id: id,
            version_no: w.current_version,
            scan_attachment_id: att.id,
            custody: body.custody,
            custody_place: body.custody_place,
          },
          ip: actor.ip,
        });
      }),
    );
  } catch (err) {
    // A concurrent upload won the one pending place (will_executed_originals_pending_uq).
    const e = err as { code?: string; cause?: { code?: string } };
    if (e?.code === '23505' || e?.cause?.code === '23505') throw fieldError('scan', MSG.pendingExists);
    throw err;
  }
  return { message: translate(MSG.uploaded, lang), ...(await executedOriginalView(ctx.db, me, w.id)) };
}

/** The scan `id` and its will, for staff who may see the will; 404 otherwise. */
async function scanForReview(db: Db, user: AuthUser, id: string): Promise<{ row: Row; will: Will }> {
  const [row] = await db.select().from(will_executed_originals).where(eq(will_executed_originals.id, id));
  if (!row) throw notFound();
  const will = await findVisibleWill(db, user, row.wasiat_id);
  return { row, will };
}

/** A pending scan of the version in force, not reviewed by its uploader (403 `executed_original.own_upload`). */
function assertReviewable(user: AuthUser, row: Row, w: Will) {
  if (row.status !== 'pending') throw fieldError('id', MSG.notPending);
  if (row.uploaded_by === user.id) throw new AppError('forbidden', MSG.ownUpload);
  if (row.version_no !== w.current_version) throw fieldError('id', MSG.notPending);
}

/**
 * `POST /api/executed-original/{id}/verify { printed_sha256, custody?, custody_place?, sepencarian_acknowledged? }`
 * (`will:verify`): the hash read off the scan must equal the printed hash of a sealed document of the version in
 * force; the scan becomes the executed original (`wills.executed_original_at`, `executed_original_version`),
 * custody as given or as uploaded. When the will declares harta sepencarian (wills `hasDeclaredProperty`; ADR 0290)
 * staff say whether the declaration page of the scan carries the spouse's signed acknowledgement
 * (`sepencarian_acknowledged`, stored; null otherwise).
 * Errors: 404 unknown scan or will not visible; 403 `executed_original.own_upload`; 422 on `id`
 * `executed_original.not_pending`, on `printed_sha256` `executed_original.no_sealed_document` or
 * `executed_original.hash_mismatch`, on `sepencarian_acknowledged`
 * `executed_original.sepencarian_acknowledgement_required`.
 * @returns `{ message, executed_original }`.
 */
export async function verifyExecutedOriginal(
  ctx: Ctx,
  actor: EoActor,
  id: string,
  body: ExecutedOriginalVerifyInput,
  lang: Language,
) {
  const me = actor.user;
  const { row, will } = await scanForReview(ctx.db, me, id);
  assertReviewable(me, row, will);
  const sealed = await sealedDocumentsOfCurrentVersion(ctx.db, will);
  if (sealed.length === 0) throw fieldError('printed_sha256', MSG.noSealedDocument);
  if (!sealed.some((d) => d.content_sha256 === body.printed_sha256)) {
    throw fieldError('printed_sha256', MSG.hashMismatch);
  }
  const declared = await hasDeclaredProperty(ctx.db, will.id);
  if (declared && body.sepencarian_acknowledged === undefined) {
    throw fieldError('sepencarian_acknowledged', MSG.sepencarianAcknowledgementRequired);
  }
  const acknowledged = declared ? (body.sepencarian_acknowledged ?? null) : null;
  const now = new Date();
  const custody = body.custody ?? row.custody;
  const custodyPlace = body.custody_place ?? row.custody_place;
  await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(will_executed_originals)
      .set({
        status: 'verified',
        printed_sha256: body.printed_sha256,
        custody,
        custody_place: custodyPlace,
        reviewed_by: me.id,
        reviewed_at: now,
        sepencarian_acknowledged: acknowledged,
      })
      .where(and(eq(will_executed_originals.id, row.id), eq(will_executed_originals.status, 'pending')))
      .returning({ id: will_executed_originals.id });
    if (done.length === 0) throw fieldError('id', MSG.notPending);
    // The will's row keeps its updated_at: the record is the executed original's, not a change of the will.
    await tx
      .update(wills)
      .set({ executed_original_at: now, executed_original_version: row.version_no, updated_at: will.updated_at })
      .where(eq(wills.id, will.id));
    await recordAudit(tx as unknown as Db, {
      actorId: me.id,
      action: 'will.executed_original_verify',
      entityType: 'Wasiat',
      entityId: will.id,
      before: { custody: row.custody, custody_place: row.custody_place },
      after: {
        executed_original_id: row.id,
        version_no: row.version_no,
        printed_sha256: body.printed_sha256,
        custody,
        custody_place: custodyPlace,
        sepencarian_acknowledged: acknowledged,
      },
      ip: actor.ip,
    });
  });
  return { message: translate(MSG.verified, lang), ...(await executedOriginalView(ctx.db, me, will.id)) };
}

/**
 * `POST /api/executed-original/{id}/refuse { reason }` (`will:verify`): the scan is refused with the reason (shown
 * to the uploader); a new scan may be uploaded. Errors as {@link verifyExecutedOriginal} but the hash.
 * @returns `{ message, executed_original }`.
 */
export async function refuseExecutedOriginal(ctx: Ctx, actor: EoActor, id: string, reason: string, lang: Language) {
  const me = actor.user;
  const { row, will } = await scanForReview(ctx.db, me, id);
  if (row.status !== 'pending') throw fieldError('id', MSG.notPending);
  if (row.uploaded_by === me.id) throw new AppError('forbidden', MSG.ownUpload);
  await ctx.db.transaction(async (tx) => {
    const done = await tx
      .update(will_executed_originals)
      .set({ status: 'refused', refusal_reason: reason, reviewed_by: me.id, reviewed_at: new Date() })
      .where(and(eq(will_executed_originals.id, row.id), eq(will_executed_originals.status, 'pending')))
      .returning({ id: will_executed_originals.id });
    if (done.length === 0) throw fieldError('id', MSG.notPending);
    await recordAudit(tx as unknown as Db, {
      actorId: me.id,
      action: 'will.executed_original_refuse',
      entityType: 'Wasiat',
      entityId: will.id,
      after: { executed_original_id: row.id, version_no: row.version_no, refusal_reason: reason },
      ip: actor.ip,
    });
  });
  return { message: translate(MSG.refused, lang), ...(await executedOriginalView(ctx.db, me, will.id)) };
}
