/**
 * Manual eKYC (reference §3.1 Part D; issue 3) for a will, a hibah or an amendment (subjects.ts, ADR 0094).
 * After the attempt limit the client uploads a selfie holding the MyKad — for a will through
 * `POST /wasiat/{id}/document` type `ekyc-manual` (wills/documents-service.ts), for any record through
 * `POST /ekyc/manual { ekycable_type, ekycable_id, document }` ({@link uploadManualEkyc}) — which opens a
 * pending review. Staff with `ekyc:review` list the reviews, approve one (the record's eKYC becomes
 * verified with method "Manual"; a will's part `ekyc` done) or reject it with a reason, and may reset a
 * record's attempt count or clear its eKYC. Every change writes an audit event in its transaction. Records
 * out of the caller's scope are 404.
 */
import { HIBAH_STEP_STATUSES } from '@wasiat/domain';
import { and, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import {
  amendments,
  attachments,
  ekyc_attempts,
  ekyc_manual_reviews,
  hibahs,
  user_ekyc,
  users,
  wills,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { checkFile, decodeBase64, IMAGE_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { amendmentScope } from '../amendments/index.ts';
import { actsForClient } from '../grants/index.ts';
import { hibahScope } from '../hibah/index.ts';
import { maxAttemptsFor } from '../instruments/index.ts';
import { type Actor, audit, willScope } from '../wills/index.ts';
import { type EkycSubject, factsBody, findSubject, type SubjectType, writeFacts } from './subjects.ts';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

type ReviewRow = typeof ekyc_manual_reviews.$inferSelect;

const reviewBody = (r: ReviewRow) => ({
  id: r.id,
  ekycable_type: r.ekycable_type,
  ekycable_id: r.ekycable_id,
  wasiat_id: r.wasiat_id,
  status: r.status,
  reason: r.reason,
  attachment_id: r.attachment_id,
  reviewed_at: r.reviewed_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

const ofRecord = (type: SubjectType, id: string) =>
  and(eq(ekyc_manual_reviews.ekycable_type, type), eq(ekyc_manual_reviews.ekycable_id, id)) as SQL;

/** Statuses before submission, when a record's eKYC may still be cleared (spec §4 "Clear actions"). */
const CLEARABLE: Record<SubjectType, readonly number[]> = {
  Wasiat: [-1, 0, 3],
  Hibah: HIBAH_STEP_STATUSES.content,
  Amendment: [0],
  User: [0],
};

/**
 * `GET /ekyc/manual?status=pending`: reviews of the subjects the caller may see (wills, hibahs, amendments
 * and users' own eKYC — ADR 0147), oldest first, each with the MyKad front's attachment id and the subject's
 * eKYC facts. `record` says which record the request belongs to (issue 21 item 7): its kind, id, status
 * and reference — a will's `wasiat_no`, a hibah's `hibah_number` and `hibah_type`, an amendment's
 * `reference_no` (null before one is given; a user's eKYC has none). The `wasiat` key (a will's facts)
 * stays for the will's reviews.
 */
export async function listManualReviews(ctx: Ctx, me: AuthUser, status: ReviewStatus) {
  const review = ekyc_manual_reviews;
  const user = { id: users.id, name: users.name, ic: users.ic_number };
  const facts = (t: typeof wills | typeof hibahs | typeof amendments) => ({
    id: t.id,
    status: t.status,
    face_verification_count: t.face_verification_count,
    ekyc_verified_at: t.ekyc_verified_at,
    ekyc_method: t.ekyc_method,
  });
  const [w, h, a, u] = await Promise.all([
    ctx.db
      .select({ review, record: { ...facts(wills), reference: wills.wasiat_no }, user })
      .from(review)
      .innerJoin(wills, and(eq(review.ekycable_type, 'Wasiat'), eq(wills.id, review.ekycable_id)))
      .innerJoin(users, eq(users.id, review.user_id))
      .where(and(eq(review.status, status), willScope(me)))
      .limit(200),
    ctx.db
      .select({
        review,
        record: { ...facts(hibahs), reference: hibahs.hibah_number, hibah_type: hibahs.hibah_type },
        user,
      })
      .from(review)
      .innerJoin(hibahs, and(eq(review.ekycable_type, 'Hibah'), eq(hibahs.id, review.ekycable_id)))
      .innerJoin(users, eq(users.id, review.user_id))
      .where(and(eq(review.status, status), hibahScope(me)))
      .limit(200),
    ctx.db
      .select({ review, record: { ...facts(amendments), reference: amendments.reference_no }, user })
      .from(review)
      .innerJoin(amendments, and(eq(review.ekycable_type, 'Amendment'), eq(amendments.id, review.ekycable_id)))
      .innerJoin(users, eq(users.id, review.user_id))
      .where(and(eq(review.status, status), amendmentScope(me)))
      .limit(200),
    ctx.db
      .select({
        review,
        record: {
          id: users.id,
          status: sql<number>`0`,
          face_verification_count: sql<number>`coalesce(${user_ekyc.face_verification_count}, 0)`,
          ekyc_verified_at: user_ekyc.ekyc_verified_at,
          ekyc_method: user_ekyc.ekyc_method,
          reference: sql<string | null>`null`,
        },
        user,
      })
      .from(review)
      .innerJoin(users, and(eq(review.ekycable_type, 'User'), eq(users.id, review.ekycable_id)))
      .leftJoin(user_ekyc, eq(user_ekyc.user_id, users.id))
      .where(and(eq(review.status, status), actsForClient(me, users.id)))
      .limit(200),
  ]);
  const rows = [...w, ...h, ...a, ...u].sort((x, y) => x.review.created_at.getTime() - y.review.created_at.getTime());
  const ids = rows.map((r) => r.record.id);
  const fronts = ids.length
    ? await ctx.db
        .select({ id: attachments.id, type: attachments.attachable_type, owner: attachments.attachable_id })
        .from(attachments)
        .where(and(inArray(attachments.attachable_id, ids), eq(attachments.type, 'mykad-front')))
        .orderBy(desc(attachments.created_at))
    : [];
  const frontOf = new Map<string, string>();
  for (const f of fronts) if (!frontOf.has(`${f.type}:${f.owner}`)) frontOf.set(`${f.type}:${f.owner}`, f.id);
  // A user's own eKYC has no MyKad upload of its own: the card of their latest user-level attempt.
  const userIds = u.map((r) => r.record.id);
  const cards = userIds.length
    ? await ctx.db
        .select({ user: ekyc_attempts.user_id, card: ekyc_attempts.mykad_attachment_id })
        .from(ekyc_attempts)
        .where(and(inArray(ekyc_attempts.user_id, userIds), isNull(ekyc_attempts.ekycable_type)))
        .orderBy(desc(ekyc_attempts.created_at))
    : [];
  for (const c of cards) if (c.card && !frontOf.has(`User:${c.user}`)) frontOf.set(`User:${c.user}`, c.card);
  return rows.slice(0, 200).map((r) => {
    const record = {
      id: r.record.id,
      status: Number(r.record.status),
      face_verification_count: Number(r.record.face_verification_count),
      ekyc_verified_at: r.record.ekyc_verified_at?.toISOString() ?? null,
      ekyc_method: r.record.ekyc_method,
      reference: r.record.reference ?? null,
      ...('hibah_type' in r.record ? { hibah_type: r.record.hibah_type } : {}),
    };
    return {
      ...reviewBody(r.review),
      mykad_front_id: frontOf.get(`${r.review.ekycable_type}:${r.record.id}`) ?? null,
      user: { id: r.user.id, name: r.user.name, ic_number: r.user.ic },
      record,
      ...(r.review.ekycable_type === 'Wasiat' ? { wasiat: record } : {}),
    };
  });
}

/**
 * `GET /ekyc/manual/{id}?ekycable_type=` (default "Wasiat"): a visible record's eKYC facts and its latest
 * review (for the wizards' eKYC steps).
 */
export async function manualStatus(ctx: Ctx, me: AuthUser, type: SubjectType, id: string) {
  const s = await findSubject(ctx.db, me, type, id);
  const [latest] = await ctx.db
    .select()
    .from(ekyc_manual_reviews)
    .where(ofRecord(type, s.id))
    .orderBy(desc(ekyc_manual_reviews.created_at))
    .limit(1);
  return {
    review: latest ? reviewBody(latest) : null,
    ...factsBody(s, await maxAttemptsFor(ctx, s.organizationId)),
  };
}

/**
 * `POST /ekyc/manual { ekycable_type, ekycable_id, document }`: the selfie holding the MyKad, only after
 * the attempt limit and while the record's eKYC is not verified (422 `ekyc.manual_not_allowed` on
 * `document`); stored as the record's `ekyc-manual` attachment (replacing an earlier one), and a pending
 * review (superseding an earlier pending one). @returns the review.
 */
export async function uploadManualEkyc(
  ctx: Ctx,
  actor: Actor,
  type: SubjectType,
  id: string,
  input: { document: string; description?: string | null },
) {
  const data = decodeBase64(input.document, 'document');
  await checkFile(data, IMAGE_TYPES, 'document');
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({ ownerType: type, ownerId: id, data, allowed: IMAGE_TYPES, field: 'document' });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const s = await findSubject(db, actor.user, type, id, { forUpdate: true, act: true });
      const max = await maxAttemptsFor({ env: ctx.env, db }, s.organizationId);
      if (s.ekycVerifiedAt || s.faceVerificationCount < max) throw fieldError('document', 'ekyc.manual_not_allowed');
      const row = await uploads.record(db, staged, {
        attachableType: type,
        attachableId: s.id,
        type: 'ekyc-manual',
        description: input.description ?? null,
        uploadedBy: actor.user.id,
        replace: true,
      });
      await tx
        .update(ekyc_manual_reviews)
        .set({ status: 'superseded' })
        .where(and(ofRecord(type, s.id), eq(ekyc_manual_reviews.status, 'pending')));
      const [review] = await tx
        .insert(ekyc_manual_reviews)
        .values({
          ekycable_type: type,
          ekycable_id: s.id,
          wasiat_id: type === 'Wasiat' ? s.id : null,
          user_id: s.userId,
          attachment_id: row.id,
          uploaded_by: actor.user.id,
        })
        .returning();
      await audit(tx, actor, 'ekyc.manual_upload', { type, id: s.id }, null, {
        review_id: review.id,
        attachment_id: row.id,
      });
      return reviewBody(review);
    }),
  );
}

/** The eKYC facts of a subject as written in audit events. */
const factsOf = (s: EkycSubject) => ({
  ekyc_verified_at: s.ekycVerifiedAt?.toISOString() ?? null,
  ekyc_method: s.ekycMethod,
  face_verification_count: s.faceVerificationCount,
});

/**
 * Approve or reject the pending review of a record.
 * @throws 404 out of scope; 422 `ekyc.manual_no_pending` on `_` when nothing is pending.
 */
export async function decideManualReview(
  ctx: Ctx,
  actor: Actor,
  type: SubjectType,
  id: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const s = await findSubject(db, actor.user, type, id, { forUpdate: true });
    const [pending] = await tx
      .select()
      .from(ekyc_manual_reviews)
      .where(and(ofRecord(type, s.id), eq(ekyc_manual_reviews.status, 'pending')))
      .orderBy(desc(ekyc_manual_reviews.created_at))
      .limit(1);
    if (!pending) throw fieldError('_', 'ekyc.manual_no_pending');
    const now = new Date();
    const [review] = await tx
      .update(ekyc_manual_reviews)
      .set({
        status: decision.approve ? 'approved' : 'rejected',
        reason: decision.approve ? null : decision.reason,
        reviewed_by: actor.user.id,
        reviewed_at: now,
      })
      .where(eq(ekyc_manual_reviews.id, pending.id))
      .returning();
    if (decision.approve) await writeFacts(db, s, { ekyc_verified_at: now, ekyc_method: 'Manual' });
    await audit(
      tx,
      actor,
      decision.approve ? 'ekyc.manual_approve' : 'ekyc.manual_reject',
      { type, id: s.id },
      { review: reviewBody(pending), ekyc_verified_at: s.ekycVerifiedAt, ekyc_method: s.ekycMethod },
      {
        review: reviewBody(review),
        ...(decision.approve ? { ekyc_verified_at: now, ekyc_method: 'Manual' } : {}),
      },
    );
    return reviewBody(review);
  });
}

/** `POST /api/ekyc/{id}/reset`: the record's attempt count back to 0 (404 out of scope). */
export async function resetAttempts(ctx: Ctx, actor: Actor, type: SubjectType, id: string) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const s = await findSubject(db, actor.user, type, id, { forUpdate: true });
    await writeFacts(db, s, { face_verification_count: 0 });
    await audit(
      tx,
      actor,
      'ekyc.reset',
      { type, id: s.id },
      { face_verification_count: s.faceVerificationCount },
      { face_verification_count: 0 },
    );
    return { face_verification_count: 0 };
  });
}

/**
 * `POST /api/ekyc/{id}/clear` (`ekyc:review`; spec §4 "Clear actions reset will/trust, flag and count"):
 * the record's eKYC starts again — `ekyc_verified_at` and `ekyc_method` cleared, the attempt count set to
 * 0, a will's eKYC part no longer done; pending manual reviews are superseded. Only before submission (a
 * will at -1/0/3, a hibah at -1/0/1, an amendment at 0): 422 `ekyc.clear_not_allowed` otherwise. The
 * attempts themselves stay (audit). @returns the record's new eKYC facts.
 */
export async function clearEkyc(ctx: Ctx, actor: Actor, type: SubjectType, id: string) {
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const s = await findSubject(db, actor.user, type, id, { forUpdate: true });
    if (!CLEARABLE[type].includes(s.status)) throw fieldError('_', 'ekyc.clear_not_allowed');
    const after = { ekyc_verified_at: null, ekyc_method: null, face_verification_count: 0 };
    await writeFacts(db, s, after);
    await tx
      .update(ekyc_manual_reviews)
      .set({ status: 'superseded' })
      .where(and(ofRecord(type, s.id), eq(ekyc_manual_reviews.status, 'pending')));
    await audit(tx, actor, 'ekyc.clear', { type, id: s.id }, factsOf(s), after);
    return after;
  });
}
