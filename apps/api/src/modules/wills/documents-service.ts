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
 * - Testator signature (part f): PNG only, not blank (422 `validation.signature_required`); replaces the
 *   previous one, sets `wills.signature_id` and records the signature facts (signature-facts.ts).
 * - Manual eKYC selfie (`ekyc-manual`, part `ekyc`): an image of the testator holding the MyKad, only
 *   after the eKYC attempt limit and while eKYC is not verified (422 `ekyc.manual_not_allowed` on
 *   `type`); replaces the previous one and opens a pending review (`ekyc_manual_reviews`) for staff.
 * - MyKad front: read by OCR (mykad/reading.ts, ADR 0090); a number read that differs from the testator's
 *   MyKad (part C, else the account's) → 422 `ekyc.mykad_mismatch` on `document`; the reading is stored and
 *   returned as `document_ocr` (null when nothing could be read) so the wizard can offer it as a pre-fill.
 * Bytes are checked before anything is written; the row and the part mark are one transaction.
 */
import { createHash } from 'node:crypto';
import { type SignatureMethod, V, type WillPart } from '@wasiat/domain';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { attachments, ekyc_manual_reviews, users, will_user_details, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import {
  attachmentBody,
  checkFile,
  DOCUMENT_TYPES,
  decodeBase64,
  IMAGE_TYPES,
  prepareUpload,
  Uploads,
} from '../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { maxAttemptsFor } from '../instruments/index.ts';
import { assertSameMykad, readCard, saveReading, serializeReading, testatorMykad } from '../mykad/index.ts';
import { canReadAnyUser } from './policy.ts';
import { asDb, findVisibleWill } from './queries.ts';
import { type Actor, audit, type Conn, editableWill, markPartDone } from './service.ts';
import { assertSignatureDrawn, recordSignature } from './signature-facts.ts';
import { findWitness } from './witnesses.ts';

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
  type: 'mykad-front' | 'mykad-back' | 'payment' | 'ekyc-manual';
  /** Data URL or raw base64 (multipart files arrive as data URLs too). */
  document: string;
  description?: string;
  filename?: string;
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * Upload a will document (see the module comment). `mykadPart`: the part a MyKad image needs open — its own,
 * `document` (after the particulars), or `c`, with the particulars before they are saved (a reading registered
 * for the 2021 client, readings.ts; ADR 0255): the image depends only on the testator's MyKad, known from part a.
 * @returns the attachment row.
 */
export async function uploadWillDocument(
  ctx: Ctx,
  actor: Actor,
  willId: string,
  input: DocumentInput,
  replace: boolean,
  mykadPart: 'document' | 'c' = 'document',
) {
  if (input.type === 'ekyc-manual') return uploadManualEkyc(ctx, actor, willId, input);
  const mykad = input.type !== 'payment';
  const part: WillPart = mykad ? mykadPart : 'payment';
  const raw = decodeBase64(input.document, 'document');
  // the bytes as they will be stored (images re-encoded without metadata, issue 11), so the
  // "different files" check compares like with like
  const data = await prepareUpload(raw, mykad ? IMAGE_TYPES : DOCUMENT_TYPES, 'document');
  // MyKad front: OCR outside the transaction (about a second, in tesseract's worker thread; ADR 0090).
  const read = input.type === 'mykad-front' ? await readCard(data) : null;
  // Stored before the transaction, recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: 'Wasiat',
    ownerId: willId,
    data,
    allowed: mykad ? IMAGE_TYPES : DOCUMENT_TYPES,
    prepared: true,
  });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const will = await editableWill(tx, actor.user, willId, part, true);
      assertSameMykad(read, await testatorMykad(asDb(tx), will), 'document');
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
      const row = await uploads.record(asDb(tx), staged, {
        attachableType: 'Wasiat',
        attachableId: will.id,
        type: input.type,
        description: input.description ?? null,
        originalFilename: input.filename ?? null,
        uploadedBy: actor.user.id,
        replace: mykad || replace,
      });
      if (mykad && (await ofType('mykad-front')).length && (await ofType('mykad-back')).length) {
        await markPartDone(tx, will.id, 'document');
      }
      const reading = read
        ? await saveReading(
            asDb(tx),
            { userId: will.user_id, wasiatId: will.id, attachmentId: row.id, uploadedBy: actor.user.id },
            read,
          )
        : null;
      await audit(tx, actor, 'will.document', { type: 'Wasiat', id: will.id }, null, attachmentBody(row));
      return Object.assign(row, { document_ocr: reading ? serializeReading(reading) : null });
    }),
  );
}

/** The manual eKYC selfie (see the module comment). @returns the attachment row. */
async function uploadManualEkyc(ctx: Ctx, actor: Actor, willId: string, input: DocumentInput) {
  const data = decodeBase64(input.document, 'document');
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({ ownerType: 'Wasiat', ownerId: willId, data, allowed: IMAGE_TYPES });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const will = await editableWill(tx, actor.user, willId, 'ekyc', true);
      const max = await maxAttemptsFor({ env: ctx.env, db: asDb(tx) }, will.organization_id);
      if (will.ekyc_verified_at || will.face_verification_count < max) {
        throw fieldError('type', 'ekyc.manual_not_allowed');
      }
      const row = await uploads.record(asDb(tx), staged, {
        attachableType: 'Wasiat',
        attachableId: will.id,
        type: 'ekyc-manual',
        description: input.description ?? null,
        originalFilename: input.filename ?? null,
        uploadedBy: actor.user.id,
        replace: true,
      });
      await tx
        .update(ekyc_manual_reviews)
        .set({ status: 'superseded' })
        .where(and(eq(ekyc_manual_reviews.wasiat_id, will.id), eq(ekyc_manual_reviews.status, 'pending')));
      const [review] = await tx
        .insert(ekyc_manual_reviews)
        .values({
          wasiat_id: will.id,
          ekycable_type: 'Wasiat',
          ekycable_id: will.id,
          user_id: will.user_id,
          attachment_id: row.id,
          uploaded_by: actor.user.id,
        })
        .returning();
      await audit(tx, actor, 'ekyc.manual_upload', { type: 'Wasiat', id: will.id }, null, {
        review_id: review.id,
        attachment: attachmentBody(row),
      });
      return row;
    }),
  );
}

/** The testator's name as the will states it (part c), else the account's. */
async function testatorName(tx: Conn, will: { id: string; user_id: string }) {
  const [d] = await tx
    .select({ name: will_user_details.name })
    .from(will_user_details)
    .where(eq(will_user_details.wasiat_id, will.id));
  const [u] = await tx.select({ name: users.name }).from(users).where(eq(users.id, will.user_id));
  return d?.name || u?.name || '';
}

/**
 * Save the testator's signature (PNG data URL; part f), drawn or typed (ADR 0123: same weight, the method
 * is recorded in `signature_events.method` and the `will.sign` audit entry; `will.sign_on_behalf` when the one
 * saving it is not the testator — an agent's device — ADR 0278). `link`: drawn by the testator on their own
 * device through the signed link sent to them (testator-link.ts; ADR 0298): the signature fact records when the
 * link was sent and opened, and the `will.sign` event adds `{ via: 'link', link_id }`. @returns the attachment id.
 */
export async function saveWillSignature(
  ctx: Ctx,
  actor: Actor,
  willId: string,
  dataUrl: string,
  method: SignatureMethod = 'drawn',
  link?: { id: string; sentAt: Date; viewedAt: Date | null },
) {
  const data = decodeBase64(dataUrl, 'document');
  await checkFile(data, ['image/png'], 'document');
  await assertSignatureDrawn(data, 'document');
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({ ownerType: 'Wasiat', ownerId: willId, data, allowed: ['image/png'] });
  return uploads.settle(
    ctx.db.transaction(async (tx) => {
      const will = await editableWill(tx, actor.user, willId, 'f', true);
      const row = await uploads.record(asDb(tx), staged, {
        attachableType: 'Wasiat',
        attachableId: will.id,
        type: 'signature',
        description: 'testator',
        uploadedBy: actor.user.id,
        replace: true,
      });
      await tx.update(wills).set({ signature_id: row.id }).where(eq(wills.id, will.id));
      await recordSignature(tx, actor, {
        willId: will.id,
        role: 'testator',
        signerName: await testatorName(tx, will),
        attachmentId: row.id,
        method,
        ...(link && { sentAt: link.sentAt, viewedAt: link.viewedAt }),
      });
      // Drawn on someone else's device (an agent's, for the client): recorded as such (ADR 0278).
      await audit(
        tx,
        actor,
        actor.user.id === will.user_id ? 'will.sign' : 'will.sign_on_behalf',
        { type: 'Wasiat', id: will.id },
        { signature_id: will.signature_id },
        {
          signature_id: row.id,
          signature_method: method,
          ...(link && { via: 'link', link_id: link.id }),
        },
      );
      return row.id;
    }),
  );
}

/** Visibility checks of other modules' attachable kinds (`type` → throws 404 when not visible). */
const attachableReaders = new Map<string, (db: Db, user: AuthUser, id: string) => Promise<unknown>>();

/**
 * Let `GET /attachment/{id}/file` serve attachments of another kind (e.g. "Hibah", "Amendment": their
 * MyKad images; ekyc/routes.ts) to whoever `check` lets see the record (it throws 404 otherwise).
 */
export function registerAttachableReader(
  type: string,
  check: (db: Db, user: AuthUser, id: string) => Promise<unknown>,
) {
  attachableReaders.set(type, check);
}

/**
 * An attachment the caller may read (`GET /attachment/{id}/file`): of a will they may see, of a
 * witness of such a will, a user's own signature (staff-side roles: any user's), or of a kind another
 * module registered ({@link registerAttachableReader}). Else 404.
 */
export async function readableAttachment(db: Db, user: AuthUser, id: string) {
  const [a] = await db.select().from(attachments).where(eq(attachments.id, id));
  if (!a) throw notFound();
  if (a.attachable_type === 'Wasiat') await findVisibleWill(db, user, a.attachable_id);
  else if (a.attachable_type === 'Witness') await findWitness(db, user, a.attachable_id);
  else if (a.attachable_type === 'User') {
    if (a.attachable_id !== user.id && !canReadAnyUser(user)) throw notFound();
  } else {
    const check = attachableReaders.get(a.attachable_type);
    if (!check) throw notFound();
    await check(db, user, a.attachable_id);
  }
  return a;
}
