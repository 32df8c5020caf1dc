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
import { reencodeImage } from './reencode.ts';
import type { FileStore } from './storage.ts';

/** Largest upload accepted (bytes): 5 MB. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const DOCUMENT_TYPES = [...IMAGE_TYPES, 'application/pdf'] as const;

/**
 * Check bytes: size ≤ 5 MB and a detected (magic-byte) type among `allowed`.
 * @throws AppError 422 on `field` with `errors.file_too_large` or `errors.file_type`.
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

/**
 * Check and store a file under a server-chosen name (`<type>/<owner id>/<96 random bits>.<ext>`), then record
 * the attachment row. Images are re-encoded without metadata first (files/reencode.ts; issue 11), so the
 * stored bytes, size and SHA-256 are those of the clean image. Returns the row.
 */
export async function saveAttachment(db: Db, store: FileStore, input: SaveAttachment) {
  const { mime, ext } = await checkFile(input.data, input.allowed, input.field ?? 'document');
  const a =
    (IMAGE_TYPES as readonly string[]).includes(mime) && !input.prepared
      ? { ...input, data: await reencodeImage(input.data, mime, input.field ?? 'document') }
      : input;
  const key = `${a.attachableType.toLowerCase()}/${a.attachableId}/${randomBytes(12).toString('hex')}.${ext}`;
  await store.put(key, a.data);
  if (a.replace) {
    await db
      .delete(attachments)
      .where(
        and(
          eq(attachments.attachable_type, a.attachableType),
          eq(attachments.attachable_id, a.attachableId),
          eq(attachments.type, a.type),
        ),
      );
  }
  const [row] = await db
    .insert(attachments)
    .values({
      attachable_type: a.attachableType,
      attachable_id: a.attachableId,
      type: a.type,
      description: a.description ?? null,
      storage_key: key,
      mime_type: mime,
      size_bytes: a.data.length,
      sha256: createHash('sha256').update(a.data).digest('hex'),
      original_filename: a.originalFilename ?? null,
      uploaded_by: a.uploadedBy ?? null,
    })
    .returning();
  return row;
}
