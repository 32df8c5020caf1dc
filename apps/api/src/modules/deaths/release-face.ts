/**
 * The face eKYC of a person opening a release after a death (issue 40 item 3 "after eKYC and a code each sees …";
 * ADR 0295, amending ADR 0267): part of the identity step (`POST /api/public/release/{id}/identity`), for a person
 * identified by MyKad (an organisation executor, identified by its registration number, has no face).
 *
 * - The MyKad front's photo and a selfie are required (422 `validation.required` on `mykad_image` / `selfie_image`),
 *   checked before the code is spent so that a missing image costs nothing.
 * - The card is read by OCR (mykad module): a number read that differs from the MyKad the instrument records for
 *   the person is a 422 on `mykad_image` (`ekyc.mykad_mismatch`); a card whose number cannot be read is not refused
 *   (as a testator's, ADR 0090).
 * - The faces are compared by the ekyc module's model (score 0–100, pass mark 70, ADR 0013). No face or several
 *   faces → 422 on the image (`ekyc.no_face` / `ekyc.many_faces`); a score below the mark → 422 on `selfie_image`
 *   (`deaths.release.face_mismatch`).
 * - Each failed comparison counts against the organisation's eKYC attempt limit (instruments `maxAttemptsFor`,
 *   default 3) until one passes (a pass clears the count: the person comes back for months, each visit a check);
 *   past it → 422 `deaths.release.face_limit` on `selfie_image`, before any code is spent: staff issue a new link.
 * - Both images are stored (attachments of the release, types `mykad-front` and `selfie`) with the score, the
 *   outcome and the IP in the audit event `death.release_face`; a pass records `face_verified_at`.
 * The model runs outside any transaction (hundreds of milliseconds; DESIGN.md "Faults are normal").
 */
import { RELEASE_MSG } from '@wasiat/domain';
import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { death_releases } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { checkFile, decodeBase64, IMAGE_TYPES, Uploads } from '../../platform/files/uploads.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { checkFace } from '../ekyc/index.ts';
import { maxAttemptsFor } from '../instruments/index.ts';
import { assertSameMykad, readCard } from '../mykad/index.ts';

type Release = typeof death_releases.$inferSelect;

/** The images of a face check, decoded. */
export interface FaceImages {
  mykad: Buffer;
  selfie: Buffer;
}

/**
 * Check that a face check may be made: both images present and readable, attempts left. Run before the code is
 * spent. @returns the decoded images. @throws 422 on `mykad_image` / `selfie_image` (see the file comment).
 */
export async function faceImagesOf(
  ctx: Ctx,
  rel: Release,
  body: { mykad_image?: string; selfie_image?: string },
): Promise<FaceImages> {
  if (rel.face_attempts >= (await maxAttemptsFor(ctx, rel.organization_id))) {
    throw fieldError('selfie_image', RELEASE_MSG.faceLimit);
  }
  if (!body.mykad_image) throw fieldError('mykad_image', 'validation.required');
  if (!body.selfie_image) throw fieldError('selfie_image', 'validation.required');
  const mykad = decodeBase64(body.mykad_image, 'mykad_image');
  const selfie = decodeBase64(body.selfie_image, 'selfie_image');
  await checkFile(mykad, IMAGE_TYPES, 'mykad_image');
  await checkFile(selfie, IMAGE_TYPES, 'selfie_image');
  return { mykad, selfie };
}

/**
 * Compare the selfie with the MyKad photo of the person of `rel` and record the attempt (see the file comment).
 * @returns the score (0–100). @throws 422 on `mykad_image` / `selfie_image` when the check fails.
 */
export async function checkReleaseFace(ctx: Ctx, rel: Release, images: FaceImages, ip?: string): Promise<number> {
  assertSameMykad(await readCard(images.mykad), rel.person_id_number, 'mykad_image');
  const { result, problem, outcome } = await checkFace(images.selfie, images.mykad);
  const score = result?.score ?? null;
  const passed = !!result?.passed;
  const uploads = new Uploads(ctx.store);
  const staged = await Promise.all(
    (['mykad', 'selfie'] as const).map((k) =>
      uploads.stage({
        ownerType: 'DeathRelease',
        ownerId: rel.id,
        data: images[k],
        allowed: IMAGE_TYPES,
        field: `${k}_image`,
      }),
    ),
  );
  const now = new Date();
  await uploads.settle(
    ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const ids: string[] = [];
      for (const [i, type] of (['mykad-front', 'selfie'] as const).entries()) {
        const row = await uploads.record(db, staged[i], { attachableType: 'DeathRelease', attachableId: rel.id, type });
        ids.push(row.id);
      }
      await tx
        .update(death_releases)
        .set({
          // Failed checks since the last pass: a person comes back to an estate for months, each visit a check.
          face_attempts: passed ? 0 : sql`${death_releases.face_attempts} + 1`,
          face_score: score,
          ...(passed ? { face_verified_at: now } : {}),
        })
        .where(eq(death_releases.id, rel.id));
      await recordAudit(db, {
        actorId: null,
        action: 'death.release_face',
        entityType: 'DeathRelease',
        entityId: rel.id,
        after: { outcome, score, mykad_attachment_id: ids[0], selfie_attachment_id: ids[1] },
        ip,
      });
    }),
  );
  if (problem) throw fieldError(problem.which, `ekyc.${problem.problem}`);
  if (!passed) throw fieldError('selfie_image', RELEASE_MSG.faceMismatch);
  return score as number;
}
