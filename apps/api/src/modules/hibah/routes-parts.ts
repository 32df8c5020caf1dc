/**
 * Routes for the parties, property, signatures and ledger of a hibah (docs/api/hibah.md; reference
 * §2.5, §2.6). Nested under `/hibah/{id}` (ADR 0030: the flat `/receiver`, `/caretaker` … routes belong
 * to the wills module). A delete answers `{ message }`; POST with `_method` PATCH/DELETE works too.
 *
 * - `GET|POST /hibah/{id}/receiver|caretaker|heir|witness` → `{ receivers: page }` / 201 `{ receiver }` …
 * - `GET|PATCH|DELETE /hibah/{id}/<kind>/{child_id}`
 * - `GET /hibah/{id}/receiver/validate-signature` → `{ valid, count, receivers: [{ id, name }] }`
 * - `POST /hibah/{id}/receiver/{receiver_id}/signature { signature }` (signpenerima on the grantor's device)
 * - `POST /hibah/{id}/signature { signature }` (the grantor's own)
 * - `GET|POST /hibah/{id}/moveable-property|immoveable-property`, `GET|PATCH|DELETE …/{property_id}`
 * - `GET|POST /hibah/{id}/property/{property_id}/receiver` (shares), `DELETE …/receiver/{share_id}`
 * - `GET|POST /hibah/{id}/property/{property_id}/document`
 * - `GET|POST /hibah/{id}/product-transaction` (asset ledger)
 * - `GET /hibah/{id}/payment` → `{ payments: page }`
 */
import {
  hibahCaretakerSchema,
  hibahHeirSchema,
  hibahPropertyReceiverSchema,
  hibahReceiverSchema,
  hibahSignatureSchema,
  hibahTransactionSchema,
  hibahWitnessSchema,
  immoveableFieldsSchema,
  moveableFieldsSchema,
  translate,
} from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { hibah_properties } from '../../db/schema/index.ts';
import { requireUser } from '../../platform/auth/guard.ts';
import { listPayments } from '../payments/index.ts';
import { allPage } from '../wills/index.ts';
import { type ChildKind, createChild, deleteChild, findChild, listChildren, updateChild } from './children.ts';
import { actorOf, EDIT_HIBAH, idParams, parseBody, READ_HIBAH } from './http.ts';
import { addTransaction, listTransactions } from './ledger.ts';
import { hibahOffer } from './offer.ts';
import {
  CARETAKER,
  HEIR,
  RECEIVER,
  signAsGrantor,
  signAsReceiver,
  validateReceiverSignatures,
  WITNESS,
} from './parties.ts';
import {
  addPropertyDocument,
  deleteShare,
  listPropertyDocuments,
  listShares,
  PROPERTY,
  saveShare,
} from './property.ts';
import { readSignature, rowReply } from './readings.ts';
import { findVisibleHibah } from './service.ts';

const childParams = z.object({ id: z.string().min(1).max(64), cid: z.string().min(1).max(64) });
const deleted = (req: any) => ({ message: translate('hibah.deleted', req.lang) });

function childRoutes(
  api: FastifyInstance,
  ctx: Ctx,
  kind: ChildKind,
  o: {
    path: string;
    one: string;
    many: string;
    schema: z.ZodTypeAny;
    extra?: Record<string, unknown>;
    /** The row as answered (2021 keys beside ours). */
    reply?: (row: Record<string, unknown>) => Record<string, unknown>;
  },
) {
  api.get(
    `/hibah/:id/${o.path}`,
    { config: { access: READ_HIBAH }, schema: { params: idParams } },
    async (req: any) => {
      const rows = await listChildren(ctx.db, requireUser(req), kind, req.params.id);
      return { [o.many]: allPage(o.reply ? rows.map(o.reply) : rows) };
    },
  );
  api.post(
    `/hibah/:id/${o.path}`,
    { config: { access: EDIT_HIBAH }, schema: { params: idParams } },
    async (req: any, reply) => {
      const values = { ...(parseBody(o.schema, req.body) as object), ...(o.extra ?? {}) };
      const row = await createChild(ctx, actorOf(req), kind, req.params.id, values);
      return reply.status(201).send({ [o.one]: row });
    },
  );
  api.get(
    `/hibah/:id/${o.path}/:cid`,
    { config: { access: READ_HIBAH }, schema: { params: childParams } },
    async (req: any) => ({
      [o.one]: await findChild(ctx.db, requireUser(req), kind, req.params.id, req.params.cid),
    }),
  );
  const upd = async (req: any) => ({
    [o.one]: await updateChild(ctx.db, actorOf(req), kind, req.params.id, req.params.cid, {
      ...(parseBody(o.schema, req.body) as object),
      ...(o.extra ?? {}),
    }),
  });
  api.patch(`/hibah/:id/${o.path}/:cid`, { config: { access: EDIT_HIBAH }, schema: { params: childParams } }, upd);
  api.put(`/hibah/:id/${o.path}/:cid`, { config: { access: EDIT_HIBAH }, schema: { params: childParams } }, upd);
  api.delete(
    `/hibah/:id/${o.path}/:cid`,
    { config: { access: EDIT_HIBAH }, schema: { params: childParams } },
    async (req: any) => {
      await deleteChild(ctx.db, actorOf(req), kind, req.params.id, req.params.cid);
      return deleted(req);
    },
  );
}

export async function partsRoutes(api: FastifyInstance, ctx: Ctx) {
  /** What the organisation lets the hibah hold, with the limits (offer.ts; issue 38 item 9). */
  api.get('/hibah/:id/offer', { config: { access: READ_HIBAH }, schema: { params: idParams } }, async (req: any) =>
    hibahOffer(ctx.db, requireUser(req), req.params.id),
  );
  /** Receiver signatures: `{ valid, count, receivers }` (registered before `/receiver/:cid`). */
  api.get(
    '/hibah/:id/receiver/validate-signature',
    { config: { access: READ_HIBAH }, schema: { params: idParams } },
    async (req: any) => validateReceiverSignatures(ctx.db, requireUser(req), req.params.id),
  );
  childRoutes(api, ctx, RECEIVER, {
    path: 'receiver',
    one: 'receiver',
    many: 'receivers',
    schema: hibahReceiverSchema,
  });
  childRoutes(api, ctx, CARETAKER, {
    path: 'caretaker',
    one: 'caretaker',
    many: 'caretakers',
    schema: hibahCaretakerSchema,
  });
  childRoutes(api, ctx, HEIR, { path: 'heir', one: 'heir', many: 'heirs', schema: hibahHeirSchema });
  childRoutes(api, ctx, WITNESS, { path: 'witness', one: 'witness', many: 'witnesses', schema: hibahWitnessSchema });

  const moveable: ChildKind = { ...PROPERTY, filter: () => eq(hibah_properties.kind, 'moveable') };
  const immoveable: ChildKind = { ...PROPERTY, filter: () => eq(hibah_properties.kind, 'immoveable') };
  const oneCentFields = z.object({
    one_cent_username: z.string().trim().max(100).optional().nullable(),
    one_cent_wallet_name: z.string().trim().max(100).optional().nullable(),
  });
  const moveableSchema = z.preprocess(
    (b: any) =>
      b && typeof b === 'object' && (b.one_cent_username || b.one_cent_wallet_name) && !b.property_type
        ? {
            ...b,
            property_type: 'savings',
            institution_name: b.institution_name ?? 'One Cent',
            account_number: b.account_number ?? b.one_cent_username,
          }
        : b,
    z.intersection(moveableFieldsSchema, oneCentFields),
  );
  childRoutes(api, ctx, moveable, {
    path: 'moveable-property',
    one: 'moveable_property',
    many: 'moveable_properties',
    schema: moveableSchema,
    extra: { kind: 'moveable' },
    // keys a registered reply adds (readings.ts; the 2021 contract's bank keys, ADR 0162)
    reply: rowReply('moveable-property'),
  });
  childRoutes(api, ctx, immoveable, {
    path: 'immoveable-property',
    one: 'immoveable_property',
    many: 'immoveable_properties',
    schema: immoveableFieldsSchema,
    extra: { kind: 'immoveable' },
  });

  const propParams = z.object({ id: z.string().min(1).max(64), pid: z.string().min(1).max(64) });
  api.get(
    '/hibah/:id/property/:pid/receiver',
    { config: { access: READ_HIBAH }, schema: { params: propParams } },
    async (req: any) => ({
      receivers: allPage(await listShares(ctx.db, requireUser(req), req.params.id, req.params.pid)),
    }),
  );
  api.post(
    '/hibah/:id/property/:pid/receiver',
    { config: { access: EDIT_HIBAH }, schema: { params: propParams } },
    async (req: any, reply) =>
      reply.status(201).send({
        property_receiver: await saveShare(
          ctx.db,
          actorOf(req),
          req.params.id,
          req.params.pid,
          parseBody(hibahPropertyReceiverSchema, req.body),
        ),
      }),
  );
  api.delete(
    '/hibah/:id/property/:pid/receiver/:sid',
    { config: { access: EDIT_HIBAH }, schema: { params: propParams.extend({ sid: z.string().min(1).max(64) }) } },
    async (req: any) => {
      await deleteShare(ctx.db, actorOf(req), req.params.id, req.params.pid, req.params.sid);
      return deleted(req);
    },
  );
  api.get(
    '/hibah/:id/property/:pid/document',
    { config: { access: READ_HIBAH }, schema: { params: propParams } },
    async (req: any) => listPropertyDocuments(ctx.db, requireUser(req), req.params.id, req.params.pid),
  );
  api.post(
    '/hibah/:id/property/:pid/document',
    { config: { access: EDIT_HIBAH }, schema: { params: propParams } },
    async (req: any, reply) => {
      const b = parseBody(
        z.object({
          document: z.string().min(1),
          description: z.string().max(255).optional(),
          filename: z.string().max(255).optional(),
        }),
        req.body,
      );
      return reply
        .status(201)
        .send({ attachment: await addPropertyDocument(ctx, actorOf(req), req.params.id, req.params.pid, b) });
    },
  );

  /**
   * The grantor's signature `{ signature, signature_method? }` (or the 2021 client's `{ is_base64, document,
   * description, signature_method? }`) → `{ signature_id }`; the method (drawn | typed, `drawn` when absent;
   * ADR 0123) is recorded, also when signing again. With `description: "Signature for draft acceptance"` while
   * the draft awaits acceptance (status 3), the signature given with the acceptance (a registered reading,
   * readings.ts `registerSignatureReading`: compat/v2021/hibah/original-contract.ts `signForDraft`; ADR 0162).
   */
  api.post(
    '/hibah/:id/signature',
    { config: { access: EDIT_HIBAH }, schema: { params: idParams } },
    async (req: any) => {
      const b = { ...(req.body ?? {}) };
      if (b.signature === undefined && typeof b.document === 'string') b.signature = b.document;
      const { signature, signature_method } = parseBody(hibahSignatureSchema, b);
      const other = await readSignature(ctx, actorOf(req), req.params.id, b, signature, signature_method);
      if (other !== null) return { signature_id: other };
      return { signature_id: await signAsGrantor(ctx, actorOf(req), req.params.id, signature, signature_method) };
    },
  );
  /** `GET /hibah/{id}/signature?stream=false` → `{ signature: { id, public_path } | null }` (the grantor's). */
  api.get(
    '/hibah/:id/signature',
    { config: { access: READ_HIBAH }, schema: { params: idParams } },
    async (req: any) => {
      const h = await findVisibleHibah(ctx.db, requireUser(req), req.params.id);
      return {
        signature: h.signature_id
          ? { id: h.signature_id, public_path: `/api/attachment/${h.signature_id}/file` }
          : null,
      };
    },
  );
  /** A receiver signs on the grantor's device (`{ signature, signature_method? }`) → `{ receiver }`. */
  api.post(
    '/hibah/:id/receiver/:cid/signature',
    { config: { access: EDIT_HIBAH }, schema: { params: childParams } },
    async (req: any) => {
      const b = parseBody(hibahSignatureSchema, req.body);
      const r = await signAsReceiver(
        ctx,
        actorOf(req),
        req.params.id,
        req.params.cid,
        b.signature,
        undefined,
        null,
        b.signature_method,
      );
      return { receiver: { id: r.id, name: r.name, signed_at: r.signed_at } };
    },
  );

  /** Payments of a hibah (payments module, payable kind `Hibah`) → `{ payments: page }`, newest first. */
  api.get('/hibah/:id/payment', { config: { access: READ_HIBAH }, schema: { params: idParams } }, async (req: any) =>
    listPayments(ctx.db, requireUser(req), 'Hibah', req.params.id, { limit: 50 }),
  );

  /** Asset ledger → `{ product_transactions: page, current_total_sen }`. */
  api.get(
    '/hibah/:id/product-transaction',
    { config: { access: READ_HIBAH }, schema: { params: idParams } },
    async (req: any) => {
      const { rows, current_total_sen } = await listTransactions(ctx.db, requireUser(req), req.params.id);
      return { product_transactions: allPage(rows), current_total_sen };
    },
  );
  /** Add a credit or debit → 201 `{ product_transaction, current_total_sen }`. */
  api.post(
    '/hibah/:id/product-transaction',
    { config: { access: READ_HIBAH }, schema: { params: idParams } },
    async (req: any, reply) => {
      const { row, current_total_sen } = await addTransaction(
        ctx.db,
        actorOf(req),
        req.params.id,
        parseBody(hibahTransactionSchema, req.body),
      );
      return reply.status(201).send({ product_transaction: row, current_total_sen });
    },
  );
}
