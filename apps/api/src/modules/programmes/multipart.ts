/**
 * Multipart bodies with many files (issue 10 bulk uploads: a spreadsheet plus one PDF per certificate).
 * The app-wide multipart limit is 4 files (app.ts); these routes read up to {@link MAX_FILES} files of
 * at most 5 MB each. Text fields come back as strings; files keep their field name, file name and bytes
 * (the content is checked later by magic bytes, never trusted from the declared type).
 */
import type { FastifyRequest } from 'fastify';
import { MAX_UPLOAD_BYTES } from '../../platform/files/uploads.ts';

export const MAX_FILES = 501;

export interface MultipartFile {
  field: string;
  filename: string;
  data: Buffer;
}

/** Fields and files of a multipart request; a JSON body gives its fields and no files. */
export async function readMultipart(
  req: FastifyRequest,
): Promise<{ fields: Record<string, string>; files: MultipartFile[] }> {
  if (!req.isMultipart()) {
    const body = (req.body ?? {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    for (const [k, v] of Object.entries(body))
      if (v !== null && v !== undefined && typeof v !== 'object') fields[k] = String(v);
    return { fields, files: [] };
  }
  const fields: Record<string, string> = {};
  const files: MultipartFile[] = [];
  for await (const part of req.parts({ limits: { files: MAX_FILES, fileSize: MAX_UPLOAD_BYTES, fields: 50 } })) {
    if (part.type === 'file') {
      files.push({
        field: part.fieldname.replace(/\[\d*\]$/, ''),
        filename: part.filename,
        data: await part.toBuffer(),
      });
    } else fields[part.fieldname] = String(part.value ?? '');
  }
  return { fields, files };
}
