/**
 * Checking uploads by content (issue 2: "uploads checked by content (magic bytes), type and size (5 MB);
 * signatures accepted as base64 PNG"), and saving them as attachments.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { Db } from '../../db/client.ts';
import { attachments } from '../../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { checkPdfContent } from './pdf-content.ts';
import { reencodeImage } from './reencode.ts';
import type { FileStore } from './storage.ts';

/** Largest upload accepted (bytes): 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

/** Where an attachment's bytes are read, with the bearer token (`GET /api/attachment/{id}/file`; ADR 0131). */
export const attachmentPath = (id: string) => `/api/attachment/${id}/file`;

/**
 * An attachment as the API lists it (no storage key): `{ id, public_path, type, description, mime_type, size_bytes,
 * original_filename, created_at }`. `public_path` is the API path of its bytes ({@link attachmentPath}), which asks
 * for the bearer token like every other call — never an anonymous URL (reference §1.7; ADR 0131).
 */
export const attachmentBody = (a: typeof attachments.$inferSelect) => ({
  id: a.id,
  public_path: attachmentPath(a.id),
  type: a.type,
  description: a.description,
  mime_type: a.mime_type,
  size_bytes: a.size_bytes,
  original_filename: a.original_filename,
  created_at: a.created_at,
});

/**
 * Check bytes: size ≤ 5 MB and a detected (magic-byte) type among `allowed`; a PDF also carries no active
 * content or HTML (pdf-content.ts; issue 36 item 5).
 * @throws AppError 422 on `field` with `errors.file_too_large`, `errors.file_type`, `errors.pdf_active_content`
 *   or `errors.pdf_unreadable`.
 * @returns the detected mime type and extension.
 */
export async function checkFile(data: Buffer, allowed: readonly string[], field: string) {
  if (data.length === 0) throw new AppError('validation', 'validation.required', { [field]: ['validation.required'] });
  if (data.length > MAX_UPLOAD_BYTES) {
    throw new AppError('validation', 'errors.file_too_large', { [field]: ['errors.file_too_large'] });
  }
  const ft = await fileTypeFromBuffer(data);
  if (!ft || !allowed.includes(ft.mime)) {
    throw new AppError('validation', 'errors.file_type', { [field]: ['errors.file_type'] });
  }
  if (ft.mime === 'application/pdf') await checkPdfContent(data, field);
  return { mime: ft.mime, ext: ft.ext };
}

/** Decode a data URL or raw base64 string (the product's client sends both, reference §1.7, §7.13). */
export function decodeBase64(input: string, field: string): Buffer {
  const raw = input.replace(/^data:[^;,]+;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/=_-]*$/.test(raw) || raw.length === 0) {
    throw new AppError('validation', 'errors.file_type', { [field]: ['errors.file_type'] });
  }
  return Buffer.from(raw, 'base64');
}

export interface SaveAttachment {
  attachableType: string;
  attachableId: string;
  type: string;
  data: Buffer;
  allowed: readonly string[];
  field?: string;
  description?: string | null;
  originalFilename?: string | null;
  uploadedBy?: string | null;
  /** Replace an existing attachment of the same owner and type (reference `?action=replace`). */
  replace?: boolean;
  /** `data` already came out of {@link prepareUpload} (not re-encoded a second time). */
  prepared?: boolean;
}

/**
 * The bytes that will be stored for an upload: checked (size, magic-byte type among `allowed`), and for an
 * image re-encoded without metadata (files/reencode.ts). For a caller that must compare what is stored
 * (e.g. "front and back must be different files") before saving; pass the result with `prepared: true`.
 * @throws AppError 422 on `field` as {@link checkFile} and {@link reencodeImage}.
 */
export async function prepareUpload(data: Buffer, allowed: readonly string[], field: string): Promise<Buffer> {
  const { mime } = await checkFile(data, allowed, field);
  return (IMAGE_TYPES as readonly string[]).includes(mime) ? reencodeImage(data, mime, field) : data;
}

/** What the attachment row records of an upload besides its bytes. */
export interface AttachmentMeta {
  attachableType: string;
  attachableId: string;
  type: string;
  description?: string | null;
  originalFilename?: string | null;
  uploadedBy?: string | null;
  /** Replace the owner's earlier attachments of the same type (reference `?action=replace`). */
  replace?: boolean;
}

/** An upload checked and already in the file store, not yet recorded (see {@link Uploads}). */
export interface StagedUpload {
  key: string;
  mime: string;
  data: Buffer;
  sha256: string;
}

/**
 * Uploads of one request, stored before its transaction and recorded inside it (issue 35 items 1 and 6; ADR 0220):
 * no transaction waits on the file store, and nothing is left behind either way.
 * 1. {@link Uploads.stage} (before `db.transaction`): check, re-encode, and put the bytes under a new key — the
 *    file store's timeout and concurrency limit apply here, while no database connection is held;
 * 2. {@link Uploads.record} (inside the transaction): the attachment row; with `replace`, the owner's earlier
 *    rows of that type are deleted and their keys remembered;
 * 3. {@link Uploads.settle} (around the transaction's promise): when it commits, the replaced files are deleted;
 *    when it fails, the staged files are. A deletion that fails is left to the storage reconciliation job.
 */
export class Uploads {
  private readonly staged: StagedUpload[] = [];
  private readonly replaced: string[] = [];
  constructor(private readonly store: FileStore) {}

  /**
   * Check and store bytes under `<owner type>/<owner id>/<96 random bits>.<ext>`. Images are re-encoded without
   * metadata (files/reencode.ts; issue 11) unless `prepared` says {@link prepareUpload} already did.
   * @throws AppError 422 on `field` (size, type); 503 (DependencyUnavailableError) when the store is down.
   */
  async stage(input: {
    ownerType: string;
    ownerId: string;
    data: Buffer;
    allowed: readonly string[];
    field?: string;
    prepared?: boolean;
  }): Promise<StagedUpload> {
    const field = input.field ?? 'document';
    const { mime, ext } = await checkFile(input.data, input.allowed, field);
    const data =
      (IMAGE_TYPES as readonly string[]).includes(mime) && !input.prepared
        ? await reencodeImage(input.data, mime, field)
        : input.data;
    // The owner's id may still be the request's (unchecked) one here: only its safe characters go into the key.
    const owner = input.ownerId.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64) || '_';
    const key = `${input.ownerType.toLowerCase()}/${owner}/${randomBytes(12).toString('hex')}.${ext}`;
    await this.store.put(key, data);
    const staged = { key, mime, data, sha256: createHash('sha256').update(data).digest('hex') };
    this.staged.push(staged);
    return staged;
  }

  /** Record a staged upload (inside the request's transaction). @returns the attachment row. */
  async record(tx: Db, staged: StagedUpload, meta: AttachmentMeta) {
    if (meta.replace) {
      const gone = await tx
        .delete(attachments)
        .where(
          and(
            eq(attachments.attachable_type, meta.attachableType),
            eq(attachments.attachable_id, meta.attachableId),
            eq(attachments.type, meta.type),
          ),
        )
        .returning({ key: attachments.storage_key });
      this.replaced.push(...gone.map((g) => g.key).filter((k) => k !== staged.key));
    }
    const [row] = await tx
      .insert(attachments)
      .values({
        attachable_type: meta.attachableType,
        attachable_id: meta.attachableId,
        type: meta.type,
        description: meta.description ?? null,
        storage_key: staged.key,
        mime_type: staged.mime,
        size_bytes: staged.data.length,
        sha256: staged.sha256,
        original_filename: meta.originalFilename ?? null,
        uploaded_by: meta.uploadedBy ?? null,
      })
      .returning();
    return row;
  }

  /**
   * Await the transaction that recorded the uploads; then delete the files it replaced (committed) or the files
   * staged for it (failed, the error rethrown).
   */
  async settle<T>(transaction: Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await transaction;
    } catch (err) {
      await this.discard(this.staged.map((s) => s.key));
      throw err;
    }
    await this.discard(this.replaced);
    return result;
  }

  private async discard(keys: string[]) {
    await Promise.all(keys.map((k) => this.store.delete(k).catch(() => {})));
  }
}

/**
 * Check, store and record one upload outside any caller's transaction: {@link Uploads} with a transaction of its
 * own. For a caller whose transaction must include more, use {@link Uploads} directly. `db` must not be a
 * transaction (the file store would be waited on inside it).
 * @returns the attachment row.
 */
export async function saveAttachment(db: Db, store: FileStore, input: SaveAttachment) {
  const uploads = new Uploads(store);
  const staged = await uploads.stage({
    ownerType: input.attachableType,
    ownerId: input.attachableId,
    data: input.data,
    allowed: input.allowed,
    field: input.field,
    prepared: input.prepared,
  });
  return uploads.settle(db.transaction((tx) => uploads.record(tx as unknown as Db, staged, input)));
}
