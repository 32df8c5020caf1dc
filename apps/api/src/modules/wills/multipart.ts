/**
 * Multipart bodies (reference §1.7: the product's client sends uploads and some updates as form data,
 * with `_method` spoofing — ADR 0004). A `preValidation` hook turns a multipart request into a plain
 * body before the zod schema runs: text fields become strings, a file becomes a data URL string
 * (`data:<mime>;base64,…`) and its name goes to `<field>_filename`. The content is checked later by
 * magic bytes (files/uploads.ts), never trusted from the declared mime type. Files over 5 MB are
 * refused by @fastify/multipart (413 → 422 `errors.file_too_large`).
 */
import type { FastifyRequest } from 'fastify';

/** Hook: replace `req.body` of a multipart request by its fields (files as data URLs). */
export async function multipartToBody(req: FastifyRequest) {
  if (!req.isMultipart()) return;
  const body: Record<string, unknown> = {};
  for await (const part of req.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      body[part.fieldname] = `data:${part.mimetype || 'application/octet-stream'};base64,${data.toString('base64')}`;
      body[`${part.fieldname}_filename`] = part.filename;
    } else {
      body[part.fieldname] = part.value;
    }
  }
  req.body = body;
}
