/**
 * MyKad OCR in the flows (issue 3 "read the MyKad number, name and address from the front image to
 * pre-fill the testator's particulars, and refuse a card whose number differs from the MyKad entered";
 * reference §2.8 `POST document-ocr`, `GET user/{id}/document-ocr`; ADR 0090).
 *
 * - A card is read only when its image is at least {@link MIN_OCR_WIDTH} px wide (smaller photos cannot
 *   hold legible print); otherwise nothing is read and nothing is refused.
 * - A number that was read and differs from the MyKad entered → 422 `ekyc.mykad_mismatch` on the image's
 *   field. A card whose number could not be read is not refused (staff review the images; ADR 0090).
 * - Every reading is stored (`document_ocrs`) so the confirmation page can prefill from it.
 */
import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { document_ocrs, users, will_user_details } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { type AuthUser, userCan } from '../../platform/auth/guard.ts';
import { checkFile, decodeBase64, IMAGE_TYPES } from '../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import type { MykadParticulars } from './mykad-text.ts';
import { readMykad } from './ocr.ts';

/** Narrowest card image that is read (px). */
const MIN_OCR_WIDTH = 300;

/** The particulars read from a MyKad front, or null when the image is too small to read. */
export async function readCard(image: Buffer): Promise<MykadParticulars | null> {
  const meta = await sharp(image)
    .metadata()
    .catch(() => null);
  if (!meta?.width || meta.width < MIN_OCR_WIDTH) return null;
  return (await readMykad(image)).particulars;
}

/** 422 `ekyc.mykad_mismatch` on `field` when a number was read and differs from `entered` (digits only). */
export function assertSameMykad(read: MykadParticulars | null, entered: string | null | undefined, field: string) {
  const want = entered?.replace(/\D/g, '');
  if (read?.ic_number && want && read.ic_number !== want) {
    throw fieldError(field, 'ekyc.mykad_mismatch', { read: read.ic_number });
  }
}

/** The MyKad the testator entered for a will: part C's `ic_number`, else the account's. */
export async function testatorMykad(db: Db, will: { id: string; user_id: string }): Promise<string | null> {
  const [d] = await db
    .select({ ic: will_user_details.ic_number })
    .from(will_user_details)
    .where(eq(will_user_details.wasiat_id, will.id));
  if (d?.ic) return d.ic;
  const [u] = await db.select({ ic: users.ic_number }).from(users).where(eq(users.id, will.user_id));
  return u?.ic ?? null;
}

/** Store a reading (inside the caller's transaction when given one). @returns the row. */
export async function saveReading(
  db: Db,
  row: { userId: string; wasiatId?: string | null; attachmentId?: string | null; uploadedBy: string },
  particulars: MykadParticulars,
) {
  const [saved] = await db
    .insert(document_ocrs)
    .values({
      user_id: row.userId,
      wasiat_id: row.wasiatId ?? null,
      attachment_id: row.attachmentId ?? null,
      particulars,
      ic_number: particulars.ic_number,
      uploaded_by: row.uploadedBy,
    })
    .returning();
  return saved;
}

/** The reply shape of a reading (reference §2.8 `document_ocr`: the particulars at the top level). */
export const serializeReading = (r: typeof document_ocrs.$inferSelect) => ({
  ...(r.particulars as MykadParticulars),
  id: r.id,
  wasiat_id: r.wasiat_id,
  confirmed_at: r.confirmed_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/**
 * `POST /api/document-ocr { document, ic_number? }`: read the caller's own MyKad front. The number read
 * is checked against `ic_number` when given, else against the account's MyKad. Stores the reading.
 * @returns `{ response: particulars, document_ocr }` (`response` null-filled when nothing could be read).
 * @throws 422 `document` (not an image; `ekyc.mykad_mismatch`).
 */
export async function documentOcr(
  ctx: Ctx,
  actor: { user: AuthUser; ip?: string },
  input: { document: string; ic_number?: string | null },
) {
  const data = decodeBase64(input.document, 'document');
  await checkFile(data, IMAGE_TYPES, 'document');
  const read = await readCard(data);
  const particulars: MykadParticulars = read ?? {
    ic_number: null,
    name: null,
    address: null,
    postcode: null,
    city: null,
    state: null,
    gender: null,
    religion: null,
    nationality: null,
  };
  assertSameMykad(particulars, input.ic_number || actor.user.ic_number, 'document');
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const row = await saveReading(db, { userId: actor.user.id, uploadedBy: actor.user.id }, particulars);
    await recordAudit(db, {
      actorId: actor.user.id,
      action: 'ekyc.ocr',
      entityType: 'User',
      entityId: actor.user.id,
      after: { document_ocr_id: row.id, ic_number: particulars.ic_number },
      ip: actor.ip,
    });
    return { response: particulars, document_ocr: serializeReading(row) };
  });
}

/** `GET /api/user/{id}/document-ocr` → `{ document_ocr | null }`: oneself, or staff with `ekyc:review` (else 404). */
export async function latestReading(db: Db, me: AuthUser, userId: string) {
  if (userId !== me.id && !userCan(me, 'ekyc:review')) throw notFound();
  const [row] = await db
    .select()
    .from(document_ocrs)
    .where(and(eq(document_ocrs.user_id, userId)))
    .orderBy(desc(document_ocrs.created_at))
    .limit(1);
  return { document_ocr: row ? serializeReading(row) : null };
}
