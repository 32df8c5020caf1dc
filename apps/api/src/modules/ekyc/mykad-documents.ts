/**
 * MyKad images of a hibah or an amendment (issue 3: the grantor's MyKad front/back before the eKYC step;
 * the amendment's MyKad re-upload or copy, reference §2.4 `POST amendment/{id}/document`; ADR 0094).
 * The will's own MyKad images stay in wills/documents-service.ts; the rules are the same:
 *
 * - `mykad-front` / `mykad-back` (the reference's `mykad_front` / `mykad_back` spelling is accepted):
 *   images (PNG, JPEG, WebP) by magic bytes, re-encoded without metadata; one of each per record (a new
 *   one replaces the old); the two must be different files — 422 `validation.mykad_same_file` on
 *   `document` (spec §5).
 * - The front is read by OCR (ADR 0090): a number read that differs from the owner's MyKad (the hibah's
 *   part D / the amendment draft's particulars, else the account's) → 422 `ekyc.mykad_mismatch` on
 *   `document`; the reading is stored and returned as `document_ocr`.
 * - `{ duplicate_from_id, type }` copies a MyKad image of the record the amendment amends (the will's, or
 *   the hibah's) instead of uploading: any other attachment, or one of the other side of the card → 422
 *   `ekyc.duplicate_invalid` on `duplicate_from_id`.
 * Only who may act on the record while it is being filled in (subjects.ts `act`).
 */
import { V } from '@wasiat/domain';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { amendments, attachments, hibah_user_details, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { attachmentBody, decodeBase64, IMAGE_TYPES, prepareUpload, Uploads } from '../../platform/files/uploads.ts';
import { AppError, fieldError } from '../../platform/http/errors.ts';
import { assertSameMykad, readCard, saveReading, serializeReading } from '../mykad/index.ts';
import type { Actor } from '../wills/index.ts';
import { audit } from '../wills/index.ts';
import { type EkycableType, findSubject } from './subjects.ts';

export const MYKAD_TYPES = ['mykad-front', 'mykad-back'] as const;
export type MykadType = (typeof MYKAD_TYPES)[number];

/** `mykad_front` → `mykad-front`; null for any other type. */
export function mykadType(type: string | null | undefined): MykadType | null {
  const t = type?.replace('_', '-');
  return t === 'mykad-front' || t === 'mykad-back' ? t : null;
}

export interface MykadInput {
  type: string;
  /** Data URL or raw base64. */
  document?: string | null;
  duplicate_from_id?: string | null;
  description?: string | null;
}

type AttachmentRow = typeof attachments.$inferSelect;

/** The MyKad number the owner of a hibah or an amendment gave, else the account's. */
async function ownerMykad(db: Db, type: EkycableType, id: string, userId: string): Promise<string | null> {
  if (type === 'Hibah') {
    const [d] = await db
      .select({ ic: hibah_user_details.ic_number })
      .from(hibah_user_details)
      .where(eq(hibah_user_details.hibah_id, id));
    if (d?.ic) return d.ic;
  } else if (type === 'Amendment') {
    const [a] = await db.select({ draft: amendments.draft }).from(amendments).where(eq(amendments.id, id));
    const ic = (a?.draft as { user_detail?: { ic_number?: string } } | null)?.user_detail?.ic_number;
    if (ic) return ic;
  }
  const [u] = await db.select({ ic: users.ic_number }).from(users).where(eq(users.id, userId));
  return u?.ic ?? null;
}

/** Where an amendment may copy MyKad images from: the record it amends. */
async function copySource(db: Db, type: EkycableType, id: string) {
  if (type !== 'Amendment') return null;
  const [a] = await db
    .select({ type: amendments.amendmentable_type, id: amendments.amendmentable_id })
    .from(amendments)
    .where(eq(amendments.id, id));
  return a ?? null;
}

/** The attachment `fromId` if it is a `kind` image of the record amendment `id` amends (a copy source), else none. */
async function copyableImage(db: Db, type: EkycableType, id: string, kind: MykadType, fromId: string) {
  const src = await copySource(db, type, id);
  const [from] = src
    ? await db
        .select()
        .from(attachments)
        .where(
          and(
            eq(attachments.id, fromId),
            eq(attachments.attachable_type, src.type),
            eq(attachments.attachable_id, src.id),
            eq(attachments.type, kind),
          ),
        )
    : [];
  return from;
}

/**
 * The bytes of the image `duplicate_from_id` names, read before the transaction (ADR 0220: none waits on the
 * file store), or null when the caller may not copy it — the transaction then refuses with the same checks.
 */
async function copiedBytes(
  ctx: Ctx,
  actor: Actor,
  type: 'Hibah' | 'Amendment',
  id: string,
  kind: MykadType,
  fromId: string,
) {
  let from: AttachmentRow | undefined;
  try {
    const s = await findSubject(ctx.db, actor.user, type, id, { act: true });
    from = await copyableImage(ctx.db, type, s.id, kind, fromId);
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
  return from ? ctx.store.get(from.storage_key) : null;
}

/**
 * Upload (or copy) a MyKad image of a hibah or an amendment; see the module comment. The image (uploaded or
 * copied) is stored before the transaction and recorded in it (ADR 0220).
 * @returns `{ attachment, document_ocr }`.
 */
export async function uploadMykad(ctx: Ctx, actor: Actor, type: 'Hibah' | 'Amendment', id: string, input: MykadInput) {
  const kind = mykadType(input.type);
  if (!kind) throw fieldError('type', V.choose);
  let data: Buffer | null = null;
  if (!input.duplicate_from_id) {
    if (!input.document) throw fieldError('document', 'validation.required');
    data = await prepareUpload(decodeBase64(input.document, 'document'), IMAGE_TYPES, 'document');
  }
  // OCR outside the transaction (about a second, in tesseract's worker thread; ADR 0090).
  const read = data && kind === 'mykad-front' ? await readCard(data) : null;
  const fromId = input.duplicate_from_id;
  if (fromId) data = await copiedBytes(ctx, actor, type, id, kind, fromId);
  const uploads = new Uploads(ctx.store);
  const staged = data
    ? await uploads.stage({
        ownerType: type,
        ownerId: id,
        data,
        allowed: IMAGE_TYPES,
        field: 'document',
        prepared: true,
      })
    : null;
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const db = tx as unknown as Db;
      const s = await findSubject(db, actor.user, type, id, { forUpdate: true, act: true });
      let copiedFrom: string | null = null;
      if (fromId) {
        const from = await copyableImage(db, type, s.id, kind, fromId);
        // Nothing staged: the copy was not allowed when the request began.
        if (!from || !staged) throw fieldError('duplicate_from_id', 'ekyc.duplicate_invalid');
        copiedFrom = from.id;
      }
      if (!staged) throw fieldError('document', 'validation.required');
      assertSameMykad(read, await ownerMykad(db, type, s.id, s.userId), 'document');
      const sha = staged.sha256;
      const others = await tx
        .select({ sha: attachments.sha256 })
        .from(attachments)
        .where(
          and(
            eq(attachments.attachable_type, type),
            eq(attachments.attachable_id, s.id),
            eq(attachments.type, kind === 'mykad-front' ? 'mykad-back' : 'mykad-front'),
          ),
        );
      if (others.some((o) => o.sha === sha)) throw fieldError('document', V.mykadSameFile);
      const row = await uploads.record(db, staged, {
        attachableType: type,
        attachableId: s.id,
        type: kind,
        description: input.description ?? null,
        uploadedBy: actor.user.id,
        replace: true,
      });
      const reading = read
        ? await saveReading(db, { userId: s.userId, attachmentId: row.id, uploadedBy: actor.user.id }, read)
        : null;
      await audit(tx, actor, type === 'Hibah' ? 'hibah.document' : 'amendment.document', { type, id: s.id }, null, {
        ...attachmentBody(row),
        copied_from: copiedFrom,
      });
      return { attachment: attachmentBody(row), document_ocr: reading ? serializeReading(reading) : null };
    }),
  );
}

/** The documents of a visible hibah or amendment (not signatures), newest first. */
export async function listDocuments(db: Db, user: AuthUser, type: 'Hibah' | 'Amendment', id: string) {
  const s = await findSubject(db, user, type, id);
  const rows = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, type),
        eq(attachments.attachable_id, s.id),
        ne(attachments.type, 'signature'),
      ),
    )
    .orderBy(desc(attachments.created_at));
  return rows.map(attachmentBody);
}

/** Whether a visible hibah exists (for `GET /attachment/{id}/file`); 404 otherwise. */
export const hibahVisible = (db: Db, user: AuthUser, id: string) => findSubject(db, user, 'Hibah', id);
/** Whether a visible amendment exists (for `GET /attachment/{id}/file`); 404 otherwise. */
export const amendmentVisible = (db: Db, user: AuthUser, id: string) => findSubject(db, user, 'Amendment', id);
