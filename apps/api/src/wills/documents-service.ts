/**
 * Files of a will (docs/api/wills.md `/wasiat/{id}/document`, `/wasiat/{id}/signature`,
 * `/attachment/{id}/file`; spec §5 "MyKad front and back attachments are required and must be separate
 * files"; issue 2 "uploads checked by content (magic bytes), type and size (5 MB)").
 *
 * - MyKad front/back (part `document`): images (PNG, JPEG, WebP) by magic bytes; one of each per will
 *   (a new upload replaces the old); the two must be different files (sha256) — 422
 *   `validation.mykad_same_file` on `document`, and the earlier upload stays. Part `document` is done
 *   once both exist.
 * - Payment slip (part `payment`): image or PDF; kept alongside earlier ones unless `?action=replace`.
 * - Testator signature (part f): PNG only; replaces the previous one and sets `wills.signature_id`.
 * Bytes are checked before anything is written; the row and the part mark are one transaction.
 */
import { createHash } from 'node:crypto';
import { V, type WillPart } from '@wasiat/domain';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { attachments, wills } from '../db/schema/index.ts';
import { checkFile, DOCUMENT_TYPES, decodeBase64, IMAGE_TYPES, saveAttachment } from '../files/uploads.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { canReadAnyUser } from './policy.ts';
import { asDb, findVisibleWill } from './queries.ts';
import { type Actor, audit, editableWill, markPartDone } from './service.ts';
import { findWitness } from './witnesses.ts';

type AttachmentRow = typeof attachments.$inferSelect;

/** An attachment as listed (no storage key). */
export const attachmentBody = (a: AttachmentRow) => ({
  id: a.id,
  type: a.type,
  description: a.description,
  mime_type: a.mime_type,
  size_bytes: a.size_bytes,
  original_filename: a.original_filename,
  created_at: a.created_at,
});

/** The documents of a visible will (not its signature), newest first. */
export async function listWillDocuments(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  const rows = await db
    .select()
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, 'Wasiat'),
        eq(attachments.attachable_id, will.id),
        ne(attachments.type, 'signature'),
      ),
    )
    .orderBy(desc(attachments.created_at));
  return rows.map(attachmentBody);
}

export interface DocumentInput {
  type: 'mykad-front' | 'mykad-back' | 'payment';
  /** Data URL or raw base64 (multipart files arrive as data URLs too). */
  document: string;
  description?: string;
  filename?: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Upload a will document (see the module comment). @returns the attachment row. */
export async function uploadWillDocument(
  ctx: Ctx,
  actor: Actor,
  willId: string,
  input: DocumentInput,
  replace: boolean,
) {
  const mykad = input.type !== 'payment';
  const part: WillPart = mykad ? 'document' : 'payment';
  const data = decodeBase64(input.document, 'document');
  await checkFile(data, mykad ? IMAGE_TYPES : DOCUMENT_TYPES, 'document');
  return ctx.db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, part, true);
    const ofType = (type: string) =>
      tx
        .select()
        .from(attachments)
        .where(
          and(
            eq(attachments.attachable_type, 'Wasiat'),
            eq(attachments.attachable_id, will.id),
            eq(attachments.type, type),
          ),
        );
    if (mykad) {
      const other = await ofType(input.type === 'mykad-front' ? 'mykad-back' : 'mykad-front');
      if (other.some((o) => o.sha256 === sha256(data))) throw fieldError('document', V.mykadSameFile);
    }
    const row = await saveAttachment(asDb(tx), ctx.store, {
      attachableType: 'Wasiat',
      attachableId: will.id,
      type: input.type,
      data,
      allowed: mykad ? IMAGE_TYPES : DOCUMENT_TYPES,
      field: 'document',
      description: input.description ?? null,
      originalFilename: input.filename ?? null,
      uploadedBy: actor.user.id,
      replace: mykad || replace,
    });
    if (mykad && (await ofType('mykad-front')).length && (await ofType('mykad-back')).length) {
      await markPartDone(tx, will.id, 'document');
    }
    await audit(tx, actor, 'will.document', { type: 'Wasiat', id: will.id }, null, attachmentBody(row));
    return row;
  });
}

/** Save the testator's signature (PNG data URL; part f). @returns the attachment id. */
export async function saveWillSignature(ctx: Ctx, actor: Actor, willId: string, dataUrl: string) {
  const data = decodeBase64(dataUrl, 'document');
  await checkFile(data, ['image/png'], 'document');
  return ctx.db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'f', true);
    const row = await saveAttachment(asDb(tx), ctx.store, {
      attachableType: 'Wasiat',
      attachableId: will.id,
      type: 'signature',
      description: 'testator',
      data,
      allowed: ['image/png'],
      uploadedBy: actor.user.id,
      replace: true,
    });
    await tx.update(wills).set({ signature_id: row.id }).where(eq(wills.id, will.id));
    await audit(
      tx,
      actor,
      'will.sign',
      { type: 'Wasiat', id: will.id },
      { signature_id: will.signature_id },
      {
        signature_id: row.id,
      },
    );
    return row.id;
  });
}

/**
 * An attachment the caller may read (`GET /attachment/{id}/file`): of a will they may see, of a
 * witness of such a will, or a user's own signature (staff-side roles: any user's). Else 404.
 */
export async function readableAttachment(db: Db, user: AuthUser, id: string) {
  const [a] = await db.select().from(attachments).where(eq(attachments.id, id));
  if (!a) throw notFound();
  if (a.attachable_type === 'Wasiat') await findVisibleWill(db, user, a.attachable_id);
  else if (a.attachable_type === 'Witness') await findWitness(db, user, a.attachable_id);
  else if (a.attachable_type === 'User') {
    if (a.attachable_id !== user.id && !canReadAnyUser(user)) throw notFound();
  } else throw notFound();
  return a;
}
