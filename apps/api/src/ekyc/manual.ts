/**
 * Manual eKYC (reference §3.1 Part D; issue 3). After the attempt limit the testator uploads a selfie
 * holding the MyKad (`POST /wasiat/{id}/document` type `ekyc-manual`, wills/documents-service.ts), which
 * opens a pending review. Staff with `ekyc:review` list the reviews, approve one (the will's eKYC becomes
 * verified with method "Manual" and part `ekyc` done) or reject it with a reason, and may reset a will's
 * attempt count. Every change writes an audit event in its transaction. Wills out of the caller's scope
 * (wills/policy.ts) are 404.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import { attachments, ekyc_manual_reviews, users, wills } from '../db/schema/index.ts';
import { fieldError } from '../http/errors.ts';
import { willScope } from '../wills/policy.ts';
import { findVisibleWill } from '../wills/queries.ts';
import { type Actor, audit, markPartDone, unmarkPartDone } from '../wills/service.ts';
import { maxAttemptsFor } from './limits.ts';

export const REVIEW_STATUSES = ['pending', 'approved', 'rejected', 'superseded'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

type ReviewRow = typeof ekyc_manual_reviews.$inferSelect;

const reviewBody = (r: ReviewRow) => ({
  id: r.id,
  wasiat_id: r.wasiat_id,
  status: r.status,
  reason: r.reason,
  attachment_id: r.attachment_id,
  reviewed_at: r.reviewed_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/** `GET /ekyc/manual?status=pending`: reviews of visible wills with the images' attachment ids, oldest first. */
export async function listManualReviews(ctx: Ctx, me: AuthUser, status: ReviewStatus) {
  const rows = await ctx.db
    .select({ review: ekyc_manual_reviews, will: wills, user: { id: users.id, name: users.name, ic: users.ic_number } })
    .from(ekyc_manual_reviews)
    .innerJoin(wills, eq(wills.id, ekyc_manual_reviews.wasiat_id))
    .innerJoin(users, eq(users.id, ekyc_manual_reviews.user_id))
    .where(and(eq(ekyc_manual_reviews.status, status), willScope(me)))
    .orderBy(ekyc_manual_reviews.created_at)
    .limit(200);
  const willIds = rows.map((r) => r.will.id);
  const fronts = willIds.length
    ? await ctx.db
        .select({ id: attachments.id, willId: attachments.attachable_id })
        .from(attachments)
        .where(
          and(
            eq(attachments.attachable_type, 'Wasiat'),
            inArray(attachments.attachable_id, willIds),
            eq(attachments.type, 'mykad-front'),
          ),
        )
        .orderBy(desc(attachments.created_at))
    : [];
  const frontOf = new Map<string, string>();
  for (const f of fronts) if (!frontOf.has(f.willId)) frontOf.set(f.willId, f.id);
  return rows.map((r) => ({
    ...reviewBody(r.review),
    mykad_front_id: frontOf.get(r.will.id) ?? null,
    user: { id: r.user.id, name: r.user.name, ic_number: r.user.ic },
    wasiat: {
      id: r.will.id,
      status: r.will.status,
      face_verification_count: r.will.face_verification_count,
      ekyc_verified_at: r.will.ekyc_verified_at?.toISOString() ?? null,
      ekyc_method: r.will.ekyc_method,
    },
  }));
}

/** `GET /ekyc/manual/{wasiat_id}`: the latest review of a visible will (for the wizard), or null. */
export async function willManualStatus(ctx: Ctx, me: AuthUser, willId: string) {
  const will = await findVisibleWill(ctx.db, me, willId);
  const [latest] = await ctx.db
    .select()
    .from(ekyc_manual_reviews)
    .where(eq(ekyc_manual_reviews.wasiat_id, will.id))
    .orderBy(desc(ekyc_manual_reviews.created_at))
    .limit(1);
  return {
    review: latest ? reviewBody(latest) : null,
    face_verification_count: will.face_verification_count,
    max_attempts: await maxAttemptsFor(ctx, will.organization_id),
    ekyc_verified_at: will.ekyc_verified_at?.toISOString() ?? null,
    ekyc_method: will.ekyc_method,
  };
}

/**
 * Approve or reject the pending review of a will.
 * @throws 404 out of scope; 422 `ekyc.manual_no_pending` on `_` when nothing is pending.
 */
export async function decideManualReview(
  ctx: Ctx,
  actor: Actor,
  willId: string,
  decision: { approve: true } | { approve: false; reason: string },
) {
  return ctx.db.transaction(async (tx) => {
    const will = await findVisibleWill(tx, actor.user, willId, { forUpdate: true });
    const [pending] = await tx
      .select()
      .from(ekyc_manual_reviews)
      .where(and(eq(ekyc_manual_reviews.wasiat_id, will.id), eq(ekyc_manual_reviews.status, 'pending')))
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
    if (decision.approve) {
      await tx.update(wills).set({ ekyc_verified_at: now, ekyc_method: 'Manual' }).where(eq(wills.id, will.id));
      await markPartDone(tx, will.id, 'ekyc');
    }
    await audit(
      tx,
      actor,
      decision.approve ? 'ekyc.manual_approve' : 'ekyc.manual_reject',
      { type: 'Wasiat', id: will.id },
      { review: reviewBody(pending), ekyc_verified_at: will.ekyc_verified_at, ekyc_method: will.ekyc_method },
      {
        review: reviewBody(review),
        ...(decision.approve ? { ekyc_verified_at: now, ekyc_method: 'Manual' } : {}),
      },
    );
    return reviewBody(review);
  });
}

/** `POST /ekyc/{wasiat_id}/reset`: the will's attempt count back to 0 (404 out of scope). */
export async function resetAttempts(ctx: Ctx, actor: Actor, willId: string) {
  return ctx.db.transaction(async (tx) => {
    const will = await findVisibleWill(tx, actor.user, willId, { forUpdate: true });
    await tx.update(wills).set({ face_verification_count: 0 }).where(eq(wills.id, will.id));
    await audit(
      tx,
      actor,
      'ekyc.reset',
      { type: 'Wasiat', id: will.id },
      { face_verification_count: will.face_verification_count },
      { face_verification_count: 0 },
    );
    return { face_verification_count: 0 };
  });
}

/**
 * `POST /api/ekyc/{wasiat_id}/clear` (`ekyc:review`; spec §4 "Clear actions reset will/trust, flag and
 * count"): the will's eKYC starts again — `ekyc_verified_at` and `ekyc_method` cleared, the attempt count
 * set to 0, the wizard's eKYC part no longer done; pending manual reviews are superseded. Only while the
 * will is not yet submitted (status 0, or 3 returned to the client): 422 `ekyc.clear_not_allowed` otherwise.
 * The attempts themselves stay (audit). @returns the will's new eKYC state.
 */
export async function clearEkyc(ctx: Ctx, actor: Actor, willId: string) {
  return ctx.db.transaction(async (tx) => {
    const will = await findVisibleWill(tx, actor.user, willId, { forUpdate: true });
    if (will.status !== 0 && will.status !== 3 && will.status !== -1) throw fieldError('_', 'ekyc.clear_not_allowed');
    const before = {
      ekyc_verified_at: will.ekyc_verified_at?.toISOString() ?? null,
      ekyc_method: will.ekyc_method,
      face_verification_count: will.face_verification_count,
    };
    await tx
      .update(wills)
      .set({ ekyc_verified_at: null, ekyc_method: null, face_verification_count: 0 })
      .where(eq(wills.id, will.id));
    await unmarkPartDone(tx, will.id, 'ekyc');
    await tx
      .update(ekyc_manual_reviews)
      .set({ status: 'superseded' })
      .where(and(eq(ekyc_manual_reviews.wasiat_id, will.id), eq(ekyc_manual_reviews.status, 'pending')));
    const after = { ekyc_verified_at: null, ekyc_method: null, face_verification_count: 0 };
    await audit(tx, actor, 'ekyc.clear', { type: 'Wasiat', id: will.id }, before, after);
    return after;
  });
}
