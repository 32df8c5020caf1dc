/**
 * eKYC face verification (issue 3; reference §2.8, §3.1 Part D). The server compares the selfie with the
 * MyKad front (sent as `mykad_image`, or else the record's uploaded `mykad-front` attachment) and computes
 * the score itself — a score sent by the browser is ignored. Every attempt is stored (images as
 * attachments of type "EkycAttempt", score, outcome, user, IP, time) with an audit event in the same
 * transaction. The record is a will, a hibah or an amendment (`ekycable_type` "Wasiat" | "Hibah" |
 * "Amendment", subjects.ts, ADR 0094): its `face_verification_count` counts attempts and a pass sets
 * `ekyc_verified_at` and `ekyc_method` "Face". After the attempt limit (the organisation's preference
 * `ekyc_max_attempts`, else `EKYC_MAX_ATTEMPTS`; limits.ts) the answer is 422 `ekyc.attempt_limit`.
 * Without a record it is a user-level eKYC (the logged-in /ekyc page): oneself only, `mykad_image` required;
 * its count and outcome are the subject "User" (`user_ekyc`, ADR 0147), limited, reviewed manually and reset
 * by staff like a record's.
 */
import { and, count, desc, eq, gte } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { newId } from '../../db/schema/_common.ts';
import { ekyc_attempts, user_ekyc } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { checkFile, decodeBase64, IMAGE_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { maxAttemptsFor } from '../instruments/index.ts';
import { MIN_VERIFICATION_SCORE } from './face.ts';
import { checkFace } from './face-check.ts';
import { selfieSignals } from './liveness.ts';
import type { EkycableType } from './subjects.ts';
import { findSubject, mykadFrontOf, type SubjectType, writeFacts } from './subjects.ts';

export interface FaceVerificationInput {
  selfie_image: string;
  mykad_image?: string | null;
  user_id?: string | null;
  ekycable_type?: EkycableType | null;
  ekycable_id?: string | null;
}

export interface Actor {
  user: AuthUser;
  ip?: string;
}

const ATTACHABLE = 'EkycAttempt';

const limitReached = () => new AppError('validation', 'ekyc.attempt_limit', { _: ['ekyc.attempt_limit'] });

/**
 * `POST /api/face-verification`. Returns the stored attempt; throws 422 for no face / many faces (the
 * attempt is still recorded and counted), for an unreadable image, and after the attempt limit; 404 for a
 * record the caller may not see, 403 / 422 for one they may not act on (subjects.ts).
 */
export async function verifyFace(ctx: Ctx, actor: Actor, input: FaceVerificationInput) {
  const me = actor.user;
  let max = ctx.env.EKYC_MAX_ATTEMPTS;
  const selfie = decodeBase64(input.selfie_image, 'selfie_image');
  await checkFile(selfie, IMAGE_TYPES, 'selfie_image');

  let subjectId: string;
  let owner: { type: SubjectType; id: string };
  let mykad: Buffer;
  let mykadAttachmentId: string | null = null;
  if (input.ekycable_type) {
    if (!input.ekycable_id) throw fieldError('ekycable_id', 'validation.required');
    const s = await findSubject(ctx.db, me, input.ekycable_type, input.ekycable_id, { act: true });
    max = await maxAttemptsFor(ctx, s.organizationId);
    if (s.faceVerificationCount >= max) throw limitReached();
    subjectId = s.userId;
    owner = { type: s.type, id: s.id };
    if (input.mykad_image) {
      mykad = decodeBase64(input.mykad_image, 'mykad_image');
    } else {
      const front = await mykadFrontOf(ctx.db, s);
      if (!front) throw fieldError('mykad_image', 'ekyc.mykad_required');
      mykad = await ctx.store.get(front.storage_key);
      mykadAttachmentId = front.id;
    }
  } else {
    // User-level eKYC (the generic /ekyc page): only for oneself.
    if (input.user_id && input.user_id !== me.id) throw notFound();
    if (!input.mykad_image) throw fieldError('mykad_image', 'validation.required');
    const s = await findSubject(ctx.db, me, 'User', me.id, { act: true });
    if (s.faceVerificationCount >= max) throw limitReached();
    subjectId = me.id;
    owner = { type: 'User', id: me.id };
    mykad = decodeBase64(input.mykad_image, 'mykad_image');
  }
  await checkFile(mykad, IMAGE_TYPES, 'mykad_image');

  // The model runs outside the transaction (hundreds of milliseconds).
  const { result, problem, outcome } = await checkFace(selfie, mykad);
  // Extra signals of the selfie (ADR 0093): recorded, never deciding.
  const signals = result ? await selfieSignals(selfie) : { antispoof: null, liveness: null };

  // The attempt's images are stored before the transaction and recorded in it (ADR 0220); inside `settle`, so
  // that a second image refused (or the store failing) deletes the first.
  const id = newId();
  const uploads = new Uploads(ctx.store);
  const attempt = await uploads.settle(
    (async () => {
      const stagedSelfie = await uploads.stage({
        ownerType: ATTACHABLE,
        ownerId: id,
        data: selfie,
        allowed: IMAGE_TYPES,
        field: 'selfie_image',
      });
      const stagedMykad = mykadAttachmentId
        ? null
        : await uploads.stage({
            ownerType: ATTACHABLE,
            ownerId: id,
            data: mykad,
            allowed: IMAGE_TYPES,
            field: 'mykad_image',
          });
      return ctx.db.transaction(async (tx) => {
        const db = tx as unknown as Db;
        const now = new Date();
        // Re-check the limit under the row lock (two attempts at once cannot both pass the check).
        const locked = await findSubject(db, me, owner.type, owner.id, { forUpdate: true });
        if (locked.faceVerificationCount >= max) throw limitReached();
        const count = locked.faceVerificationCount;
        const selfieRow = await uploads.record(db, stagedSelfie, {
          attachableType: ATTACHABLE,
          attachableId: id,
          type: 'selfie',
          uploadedBy: me.id,
        });
        if (stagedMykad) {
          const row = await uploads.record(db, stagedMykad, {
            attachableType: ATTACHABLE,
            attachableId: id,
            type: 'mykad-front',
            uploadedBy: me.id,
          });
          mykadAttachmentId = row.id;
        }
        const [row] = await tx
          .insert(ekyc_attempts)
          .values({
            id,
            user_id: subjectId,
            actor_id: me.id,
            // A user-level attempt belongs to no record.
            ekycable_type: owner.type === 'User' ? null : owner.type,
            ekycable_id: owner.type === 'User' ? null : owner.id,
            selfie_attachment_id: selfieRow.id,
            mykad_attachment_id: mykadAttachmentId,
            verification_score: result?.score ?? null,
            distance: result?.distance ?? null,
            passed: !!result?.passed,
            outcome,
            antispoof: signals.antispoof,
            liveness: signals.liveness,
            ip: actor.ip,
            created_at: now,
          })
          .returning();
        // A pass verifies the record (for a will, the wizard's eKYC part is done too; issue 3).
        await writeFacts(db, owner, {
          face_verification_count: count + 1,
          ...(result?.passed ? { ekyc_verified_at: now, ekyc_method: 'Face' } : {}),
        });
        await recordAudit(db, {
          actorId: me.id,
          action: result?.passed ? 'ekyc.pass' : 'ekyc.fail',
          entityType: owner.type,
          entityId: owner.id,
          after: { attempt_id: id, outcome, verification_score: row.verification_score, ...signals },
          ip: actor.ip,
        });
        return row;
      });
    })(),
  );
  if (problem) throw fieldError(problem.which, `ekyc.${problem.problem}`);
  return attempt;
}

/** The reply shape of one attempt (reference §2.8 `face_verification`). */
export const serializeAttempt = (a: typeof ekyc_attempts.$inferSelect) => ({
  id: a.id,
  user_id: a.user_id,
  ekycable_type: a.ekycable_type,
  ekycable_id: a.ekycable_id,
  verification_score: a.verification_score ?? 0,
  passed: a.passed,
  outcome: a.outcome,
  /** @vladmandic/human scores of the selfie, 0–1 or null (extra signals, ADR 0093). */
  antispoof: a.antispoof,
  liveness: a.liveness,
  created_at: a.created_at.toISOString(),
});

/**
 * `GET /api/user/{id}/face-verification`: the number of attempts and the latest attempt (with
 * `min_verification_score`, the latest one scoring at least that). `face_verified` is 1 after a passing
 * attempt or a staff-approved manual review of the user's own eKYC (ADR 0147). Oneself, or staff with
 * `ekyc:review`; anyone else gets 404.
 */
export async function userVerifications(db: Db, me: AuthUser, userId: string, minScore?: number) {
  if (userId !== me.id && !userCan(me, 'ekyc:review')) throw notFound();
  const [{ n }] = await db.select({ n: count() }).from(ekyc_attempts).where(eq(ekyc_attempts.user_id, userId));
  const conds = [eq(ekyc_attempts.user_id, userId)];
  if (minScore !== undefined) conds.push(gte(ekyc_attempts.verification_score, minScore));
  const [latest] = await db
    .select()
    .from(ekyc_attempts)
    .where(and(...conds))
    .orderBy(desc(ekyc_attempts.created_at))
    .limit(1);
  const [passed] = await db
    .select({ id: ekyc_attempts.id })
    .from(ekyc_attempts)
    .where(and(eq(ekyc_attempts.user_id, userId), eq(ekyc_attempts.passed, true)))
    .limit(1);
  const [own] = await db
    .select({ at: user_ekyc.ekyc_verified_at })
    .from(user_ekyc)
    .where(eq(user_ekyc.user_id, userId));
  return {
    count: Number(n),
    min_verification_score: minScore ?? MIN_VERIFICATION_SCORE,
    user: { id: userId, face_verified: passed || own?.at ? 1 : 0 },
    face_verification: latest ? serializeAttempt(latest) : null,
  };
}
