/**
 * The upload of a document to a row of an open amendment's draft, as the 2021 client sends it on the flat
 * `POST <kind>/{id}/document` paths (issue 20): a will amendment's parts C–E (ADR 0179, original-parts.ts) and a
 * hibah amendment's parts E–G (ADR 0180, original-hibah-parts.ts). A person's row (receiver, caretaker) takes only
 * its MyKad front/back (`mykad-front`/`mykad-back`, `_` spellings accepted; replacing), else 422 `type`; a
 * property takes any document (`Extra`). The amendment is locked, the caller must edit its draft
 * (policy.ts `assertCanEditDraft`, 403) and it must be open (status 0, else 422 `amendments.not_editable` on `_`);
 * the row must still be in the draft (404). Stored under `attachable` with the row's id; audited
 * `amendment.document`. → 201 `{ attachment: { id, type, description, mime_type, public_path } }`.
 */
import { AM, W } from '@wasiat/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { type Amendment, assertCanEditDraft, findVisibleAmendment } from '../../../modules/amendments/index.ts';
import { actorOf, audit, parseBody } from '../../../modules/wills/index.ts';
import { decodeBase64, IMAGE_TYPES, attachmentPath as publicPath, Uploads } from '../../../platform/files/uploads.ts';
import { fieldError } from '../../../platform/http/errors.ts';
import { idOf, uploadBody } from '../calls.ts';

/** Save the upload of the module comment to the row `rowOf(locked amendment)` of amendment `amendmentId`. */
export async function saveDraftRowDocument(
  ctx: Ctx,
  req: FastifyRequest,
  reply: FastifyReply,
  p: {
    amendmentId: string;
    section: string;
    attachable: string;
    person: boolean;
    rowOf: (a: Amendment) => Record<string, unknown>;
  },
) {
  const b = parseBody(uploadBody, req.body);
  const type = p.person ? (b.type ?? '').replace('_', '-') : 'Extra';
  if (p.person && type !== 'mykad-front' && type !== 'mykad-back') throw fieldError('type', W.documentTypeInvalid);
  const data = decodeBase64(b.document, 'document');
  const actor = actorOf(req);
  // Stored before the transaction (under the route's row id), recorded in it (ADR 0220).
  const uploads = new Uploads(ctx.store);
  const staged = await uploads.stage({
    ownerType: p.attachable,
    ownerId: idOf(req),
    data,
    allowed: [...IMAGE_TYPES, 'application/pdf'],
    field: 'document',
  });
  const att = await uploads.settle(
    ctx.db.transaction(async (tx) => {
      const a = await findVisibleAmendment(tx, actor.user, p.amendmentId, true);
      assertCanEditDraft(actor.user, a);
      if (a.status !== 0) throw fieldError('_', AM.notEditable);
      const row = p.rowOf(a);
      const saved = await uploads.record(tx as unknown as Db, staged, {
        attachableType: p.attachable,
        attachableId: String(row.id),
        type,
        description: b.description ?? null,
        originalFilename: b.document_filename ?? null,
        uploadedBy: actor.user.id,
        replace: p.person,
      });
      await audit(tx, actor, 'amendment.document', { type: 'Amendment', id: a.id }, null, {
        attachment_id: saved.id,
        [p.section]: row.id,
        type,
      });
      return saved;
    }),
  );
  return reply.status(201).send({
    attachment: {
      id: att.id,
      type: att.type,
      description: att.description,
      mime_type: att.mime_type,
      public_path: publicPath(att.id),
    },
  });
}
