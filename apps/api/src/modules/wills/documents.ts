/**
 * Routes for a will's files (docs/api/wills.md). Uploads come as multipart `{ document, type }` or JSON
 * `{ is_base64: true, type, document: dataURL }` (multipart.ts turns both into the same body).
 *
 * - `GET /wasiat/{id}/document` → `{ attachments: { data: [{ id, type, mime_type, original_filename, created_at }] } }`
 * - `POST /wasiat/{id}/document ?action=replace` → 201 `{ attachment, document_ocr }` (types mykad-front, mykad-back,
 *   payment; `document_ocr` is what OCR read from a MyKad front, else null — mykad/reading.ts)
 * - `GET /wasiat/{id}/signature` → `{ signature: { id } | null }` · `POST /wasiat/{id}/signature` → `{ signature: { id } }`
 * - `GET /attachment/{id}/file` → the bytes with their mime type (bearer; owner, agent, partner or staff)
 */

import { signatureUploadSchema, willDocumentSchema } from '@wasiat/domain';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { attachmentBody } from '../../platform/files/uploads.ts';
import { optionalQuery } from '../../platform/http/pagination.ts';
import { listWillDocuments, readableAttachment, saveWillSignature, uploadWillDocument } from './documents-service.ts';
import { actorOf, EDIT_WILLS, idParams, paramId, READ_WILLS } from './http.ts';
import { findVisibleWill } from './queries.ts';
import { mykadUploadPart } from './readings.ts';
import { serializeWill } from './serializers.ts';
import { signaturesOfVersion } from './signature-facts.ts';
import { resetTestatorSignature } from './verification-reset.ts';

/** Register the document, signature and attachment-file routes. */
export async function documentRoutes(api: FastifyInstance, ctx: Ctx) {
  /** The will's documents (MyKad images, payment slips), newest first. */
  api.get('/wasiat/:id/document', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => {
    const data = await listWillDocuments(ctx.db, requireUser(req), paramId(req));
    return { attachments: { data } };
  });

  /**
   * Upload a document. 422: `document` (`errors.file_type`, `errors.file_too_large`,
   * `validation.mykad_same_file`), `type` (`wills.document_type_invalid`); part locks as everywhere (a MyKad
   * image's part as the registered reading says, readings.ts).
   */
  api.post(
    '/wasiat/:id/document',
    {
      config: { access: EDIT_WILLS },
      schema: {
        params: idParams,
        querystring: z.object({ action: optionalQuery(z.string().max(20)) }),
        body: willDocumentSchema.extend({ document_filename: z.string().max(255).optional() }),
      },
    },
    async (req, reply) => {
      const body = req.body as z.output<typeof willDocumentSchema> & { document_filename?: string };
      const row = await uploadWillDocument(
        ctx,
        actorOf(req),
        paramId(req),
        { ...body, filename: body.document_filename },
        (req.query as { action?: string }).action === 'replace',
        // the part a MyKad image needs open: `document`, or `c` for a contract that uploads it first (readings.ts)
        mykadUploadPart(req),
      );
      return reply
        .status(201)
        .send({ attachment: attachmentBody(row), document_ocr: 'document_ocr' in row ? row.document_ocr : null });
    },
  );

  /** The testator's signature reference, or null. */
  api.get('/wasiat/:id/signature', { config: { access: READ_WILLS }, schema: { params: idParams } }, async (req) => {
    const will = await findVisibleWill(ctx.db, requireUser(req), paramId(req));
    return { signature: will.signature_id ? { id: will.signature_id } : null };
  });

  /**
   * `GET /api/wasiat/{id}/signature-status` → `{ signatures: { version, testator: { state, signed_at },
   * witnesses: [{ id, name, state, signed_at }] } }`: whose signature is of the will as it is now
   * (`current`), of an earlier version (`earlier_version`: sign again) or `missing` (issue 17 item 4;
   * signature-facts.ts). 404 for a will the caller may not see.
   */
  api.get(
    '/wasiat/:id/signature-status',
    { config: { access: READ_WILLS }, schema: { params: idParams } },
    async (req) => {
      const will = await findVisibleWill(ctx.db, requireUser(req), paramId(req));
      return { signatures: await signaturesOfVersion(ctx.db, will.id) };
    },
  );

  /**
   * Save the testator's signature (PNG only; 422 `errors.file_type` on `document` otherwise). Only roles with
   * `will:sign:testator` (the testator, the registering agent in person; ADR 0106): a Partner or staff gets 403.
   */
  api.post(
    '/wasiat/:id/signature',
    { config: { access: 'will:sign:testator' }, schema: { params: idParams, body: signatureUploadSchema } },
    async (req) => {
      const body = req.body as z.output<typeof signatureUploadSchema>;
      return {
        signature: {
          id: await saveWillSignature(ctx, actorOf(req), paramId(req), body.document, body.signature_method),
        },
      };
    },
  );

  /**
   * Staff's reset of the testator's signature (the 2021 sidebar's "reset PDPA", reference §2.10 `DELETE
   * wasiat/{id}/signature`; ADR 0183): the will no longer points at it, part f is open again and the testator
   * signs again. `will:verify` only (403), a will the caller sees (404) at status 0 or 3 (422
   * `wills.not_editable`). → `{ wasiat }`.
   */
  api.delete(
    '/wasiat/:id/signature',
    { config: { access: 'will:verify' }, schema: { params: idParams } },
    async (req) => ({
      wasiat: await serializeWill(ctx.db, await resetTestatorSignature(ctx.db, actorOf(req), paramId(req))),
    }),
  );

  /** The bytes of an attachment the caller may read (404 otherwise); never cached by shared caches. */
  api.get(
    '/attachment/:id/file',
    { config: { access: 'authenticated' }, schema: { params: idParams } },
    async (req, reply) => {
      const a = await readableAttachment(ctx.db, requireUser(req), paramId(req));
      const bytes = await ctx.store.get(a.storage_key);
      return reply
        .type(a.mime_type)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `inline; filename="${a.type}-${a.id}"`)
        .send(bytes);
    },
  );
}
