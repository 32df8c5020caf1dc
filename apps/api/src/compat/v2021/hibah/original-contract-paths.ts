/**
 * The paths the 2021 client uses for a hibah's parties and property that we had not (issue 20; reference §1.6,
 * §2.5, §2.10; ADR 0162), registered by {@link hibahOriginalRoutes} on the `/api` instance:
 * - a party's MyKad images: `GET receiver|caretaker|heir/{id}/document` → `{ documents: { data: [{ id, type,
 *   public_path, mime_type }] } }`; `POST` (multipart or base64) `{ document, type: mykad-front|mykad-back }` →
 *   201 `{ attachment }`;
 * - a property's documents: `GET moveable-property|immoveable-property/{id}/document` → `{ documents: [...] }` (a
 *   plain array, reference §1.6); `POST` multipart `{ document, description }` → 201 `{ attachment }`;
 * - a receiver's signature on the grantor's device (signpenerima; reference §2.10): `POST receiver/{id}/signature
 *   { document, signature_method? }` (as `POST /hibah/{id}/receiver/{receiver_id}/signature`), `GET` →
 *   `{ signature: { id, public_path } | null }`.
 * The rows are found by their own id (original-contract-kinds.ts); the hibah module's services, rules, scope and
 * audit do the work. Also registers the attachment readers of the hibah's parties and property.
 */
import { signatureMethodSchema } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import {
  attachments,
  hibah_caretakers,
  hibah_heirs,
  hibah_properties,
  hibah_receivers,
} from '../../../db/schema/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import {
  actorOf,
  addPropertyDocument,
  asDb,
  assertGrantor,
  audit,
  fillableHibah,
  findChild,
  findVisibleHibah,
  listPropertyDocuments,
  parseBody,
  signAsReceiver,
} from '../../../modules/hibah/index.ts';
import { allPage, multipartToBody, registerAttachableReader } from '../../../modules/wills/index.ts';
import { decodeBase64, IMAGE_TYPES, Uploads } from '../../../platform/files/uploads.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import {
  assertFills,
  type FlatKind,
  hibahOfRow,
  idOf,
  KINDS,
  publicPath,
  uploadBody,
} from './original-contract-kinds.ts';

/** A party's or property's row of a visible hibah, by the row's id alone (404 otherwise). */
async function visibleRow(db: Db, req: FastifyRequest, k: FlatKind) {
  const hibahId = await hibahOfRow(db, k, idOf(req));
  if (!hibahId) throw notFound();
  return { hibahId, row: await findChild(db, requireUser(req), k.kind, hibahId, idOf(req)) };
}

const signatureBody = signatureMethodSchema.extend({
  document: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  is_base64: z.unknown().optional(),
  description: z.string().max(100).optional(),
});
const idParams = z.object({ id: z.string().min(1).max(64) });
const READ = ['will:read:own', 'will:read:agent', 'will:read:organisation', 'will:read:any'] as const;
const EDIT = ['will:create:own', 'will:create:client'] as const;

/** Register the 2021-only paths of a hibah's parties and property (see the module comment). */
export async function hibahOriginalRoutes(api: FastifyInstance, ctx: Ctx) {
  const db = ctx.db;
  for (const a of ['HibahReceiver', 'HibahCaretaker', 'HibahHeir', 'HibahProperty']) {
    const table = { HibahReceiver: hibah_receivers, HibahCaretaker: hibah_caretakers, HibahHeir: hibah_heirs }[
      a as 'HibahReceiver'
    ];
    registerAttachableReader(a, async (d, user, id) => {
      const tb = table ?? hibah_properties;
      const [row] = await d.select({ hibah_id: tb.hibah_id }).from(tb).where(eq(tb.id, id));
      if (!row) throw notFound();
      return findVisibleHibah(d, user, row.hibah_id);
    });
  }

  // A party's MyKad images: `GET` → `{ documents: { data: [{ id, type, public_path, mime_type }] } }`;
  // `POST` (multipart or base64) `{ document, type: mykad-front|mykad-back }` → 201 `{ attachment }`.
  for (const k of KINDS.filter((x) => ['receiver', 'caretaker', 'heir'].includes(x.path))) {
    const attachable = k.attachable as string;
    api.get(`/${k.path}/:id/document`, { config: { access: [...READ] }, schema: { params: idParams } }, async (req) => {
      const { row } = await visibleRow(db, req, k);
      const rows = await db
        .select()
        .from(attachments)
        .where(and(eq(attachments.attachable_type, attachable), eq(attachments.attachable_id, row.id)));
      return {
        documents: allPage(
          rows.map((a) => ({ id: a.id, type: a.type, public_path: publicPath(a.id), mime_type: a.mime_type })),
        ),
      };
    });
    api.post(
      `/${k.path}/:id/document`,
      { config: { access: [...EDIT] }, schema: { params: idParams }, preValidation: multipartToBody },
      async (req, reply) => {
        const hibahId = await hibahOfRow(db, k, idOf(req));
        if (!hibahId) throw notFound();
        await assertFills(db, req, hibahId);
        const b = parseBody(uploadBody, req.body);
        const type = b.type === 'mykad_front' ? 'mykad-front' : b.type === 'mykad_back' ? 'mykad-back' : b.type;
        if (type !== 'mykad-front' && type !== 'mykad-back') throw fieldError('type', 'wills.document_type_invalid');
        const data = decodeBase64(b.document, 'document');
        const actor = actorOf(req);
        // Stored before the transaction, recorded in it (ADR 0220).
        const uploads = new Uploads(ctx.store);
        const staged = await uploads.stage({
          ownerType: attachable,
          ownerId: idOf(req),
          data,
          allowed: [...IMAGE_TYPES, 'application/pdf'],
          field: 'document',
        });
        const a = await uploads.settle(
          db.transaction(async (tx) => {
            const h = await fillableHibah(tx, actor.user, hibahId);
            const row = await findChild(tx, actor.user, k.kind, h.id, idOf(req));
            const att = await uploads.record(asDb(tx), staged, {
              attachableType: attachable,
              attachableId: row.id,
              type,
              description: b.description ?? null,
              originalFilename: b.document_filename ?? null,
              uploadedBy: actor.user.id,
              replace: true,
            });
            await audit(tx, actor, `hibah.${k.kind.entity}.update`, h.id, null, {
              [`${type}_id`]: att.id,
              id: row.id,
            });
            return att;
          }),
        );
        return reply.status(201).send({
          attachment: { id: a.id, type: a.type, public_path: publicPath(a.id), mime_type: a.mime_type },
        });
      },
    );
  }

  // A property's documents: `GET` → `{ documents: [...] }` (a plain array, reference §1.6); `POST` multipart
  // `{ document, description }` → 201 `{ attachment }`.
  for (const k of KINDS.filter((x) => x.kind.table === hibah_properties)) {
    api.get(`/${k.path}/:id/document`, { config: { access: [...READ] }, schema: { params: idParams } }, async (req) => {
      const { hibahId, row } = await visibleRow(db, req, k);
      const docs = await listPropertyDocuments(db, requireUser(req), hibahId, row.id);
      return { documents: docs.map((d) => ({ ...d, public_path: publicPath(d.id) })) };
    });
    api.post(
      `/${k.path}/:id/document`,
      { config: { access: [...EDIT] }, schema: { params: idParams }, preValidation: multipartToBody },
      async (req, reply) => {
        const hibahId = await hibahOfRow(db, k, idOf(req));
        if (!hibahId) throw notFound();
        await assertFills(db, req, hibahId);
        const b = parseBody(uploadBody, req.body);
        const a = await addPropertyDocument(ctx, actorOf(req), hibahId, idOf(req), {
          document: b.document,
          description: b.description,
          filename: b.document_filename,
        });
        return reply.status(201).send({ attachment: { ...a, public_path: publicPath(a.id) } });
      },
    );
  }

  // A receiver's signature on the grantor's device (signpenerima; reference §2.10): as
  // `POST /hibah/{id}/receiver/{receiver_id}/signature`. `GET ?stream=false` → `{ signature: { id, public_path } | null }`.
  const receiverKind = KINDS[0];
  api.post('/receiver/:id/signature', { config: { access: [...EDIT] }, schema: { params: idParams } }, async (req) => {
    const hibahId = await hibahOfRow(db, receiverKind, idOf(req));
    if (!hibahId) throw notFound();
    assertGrantor(requireUser(req), await findVisibleHibah(db, requireUser(req), hibahId));
    const b = parseBody(signatureBody, req.body);
    const r = await signAsReceiver(
      ctx,
      actorOf(req),
      hibahId,
      idOf(req),
      b.document,
      undefined,
      null,
      b.signature_method,
    );
    return { receiver: { id: r.id, name: r.name, signed_at: r.signed_at } };
  });
  api.get('/receiver/:id/signature', { config: { access: [...READ] }, schema: { params: idParams } }, async (req) => {
    const { row } = await visibleRow(db, req, receiverKind);
    return { signature: row.signature_id ? { id: row.signature_id, public_path: publicPath(row.signature_id) } : null };
  });
}
