/**
 * The 2021 client's hibah calls on the FLAT paths (issue 20; reference §2.5, §2.6, §2.10, §4.7; ADR 0162).
 * That client adds a hibah's parties and property through the same paths as a will's — `POST receiver
 * { receivable_type: "Hibah", receivable_id }`, `POST caretaker`, `POST heir`, `POST witness`, `POST
 * moveable-property { moveable_type: "Hibah" }`, `POST immoveable-property`, `POST property-receiver` — and reads
 * or changes them by their own id (`receiver/{id}`, `moveable-property/{id}/receiver`, …). Our flat routes belong
 * to the wills module (ADR 0030); the hibah's own are nested under `/hibah/{id}`.
 *
 * {@link hibahOnFlatRoutes} adds a route-level `preValidation` hook to those wills routes (the guard's permission
 * check has already run, ADR 0107): when the body names a hibah owner, or the id is a hibah's row (ids are random
 * and never shared between tables), the call is answered here by the hibah module's own services — the same rules,
 * scope and audit as `/hibah/{id}/…` — and the wills handler never runs. Anything else goes on to the wills route
 * unchanged. 2021 keys are mapped first: `address_1` → `address`, a bank asset's `bank_type`/`bank_account_no` →
 * `institution_name`/`account_number` (both kept in replies), `receiverable_*` (the update screen's spelling).
 * The same hooks answer a hibah witness's `POST witness/{id}/signature` (422: the witness confirms by link) and the
 * agent's payment receipt `POST hibah/{id}/document { type: "payment" }`, and carry the estate trust's and the
 * one-cent hibah's (original-contract-products.ts; ADR 0181). The kinds of row: original-contract-kinds.ts.
 */
import { H, hibahPropertyReceiverSchema, translate } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { hibah_properties, hibah_property_receivers } from '../../../db/schema/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import {
  actorOf,
  asDb,
  audit,
  createChild,
  deleteChild,
  deleteShare,
  fillableHibah,
  findChild,
  findVisibleHibah,
  listShares,
  parseBody,
  registerHibahRoutes,
  registerReadExtras,
  registerRowReply,
  registerSignatureReading,
  registerUpdateReading,
  saveShare,
  updateChild,
  WITNESS,
} from '../../../modules/hibah/index.ts';
import { allPage } from '../../../modules/wills/index.ts';
import { DOCUMENT_TYPES, decodeBase64, Uploads } from '../../../platform/files/uploads.ts';
import { fieldError } from '../../../platform/http/errors.ts';
import { attachPreValidation, type Hook } from '../calls.ts';
import { originalSignature, originalStatusBody } from './original-contract.ts';
import {
  assertFills,
  type Body,
  type FlatKind,
  hibahImages,
  hibahOfRow,
  idOf,
  isObject,
  KINDS,
  moveableReplyOf,
  mykadImages,
  publicPath,
  uploadBody,
} from './original-contract-kinds.ts';
import { hibahOriginalRoutes } from './original-contract-paths.ts';
import { productHooks, productRoutes } from './original-contract-products.ts';

const answer = (k: FlatKind, row: Body) => (k.reply ? k.reply(row) : row);

/**
 * Hooks on the wills module's flat routes (see the module comment), keyed `METHOD url`. Each returns without
 * answering when the call is not a hibah's.
 */
function flatHooks(ctx: Ctx) {
  const db = ctx.db;
  // the estate trust's and the one-cent hibah's 2021 bodies (original-contract-products.ts; ADR 0181)
  const hooks: Record<string, Hook> = productHooks(ctx);
  for (const k of KINDS) {
    hooks[`POST /${k.path}`] = async (req, reply) => {
      if (!isObject(req.body) || req.body[k.ownerType] !== 'Hibah') return;
      const hibahId = String(req.body[k.ownerId] ?? '');
      await assertFills(db, req, hibahId);
      const row = await createChild(ctx, actorOf(req), k.kind, hibahId, k.values(req.body));
      return reply.status(201).send({ [k.one]: answer(k, row) });
    };
    hooks[`GET /${k.path}/:id`] = async (req, reply) => {
      const hibahId = await hibahOfRow(db, k, idOf(req));
      if (!hibahId) return;
      const row = await findChild(db, requireUser(req), k.kind, hibahId, idOf(req));
      const images =
        k.attachable && k.kind.table !== hibah_properties ? await mykadImages(db, k.attachable, row.id) : {};
      return reply.send({ [k.one]: { ...answer(k, row), ...images } });
    };
    const update = async (req: FastifyRequest, reply: FastifyReply) => {
      const hibahId = await hibahOfRow(db, k, idOf(req));
      if (!hibahId) return;
      const b = isObject(req.body) ? req.body : {};
      await assertFills(db, req, hibahId);
      const row = await updateChild(db, actorOf(req), k.kind, hibahId, idOf(req), k.values(b));
      return reply.send({ [k.one]: answer(k, row) });
    };
    hooks[`PATCH /${k.path}/:id`] = update;
    hooks[`PUT /${k.path}/:id`] = update;
    hooks[`DELETE /${k.path}/:id`] = async (req, reply) => {
      const hibahId = await hibahOfRow(db, k, idOf(req));
      if (!hibahId) return;
      await deleteChild(db, actorOf(req), k.kind, hibahId, idOf(req));
      return reply.send({ message: translate('hibah.deleted', req.lang) });
    };
  }
  for (const k of KINDS.filter((x) => x.kind.table === hibah_properties)) {
    hooks[`GET /${k.path}/:id/receiver`] = async (req, reply) => {
      const hibahId = await hibahOfRow(db, k, idOf(req));
      if (!hibahId) return;
      const user = requireUser(req);
      const property = await findChild(db, user, k.kind, hibahId, idOf(req));
      const shares = await listShares(db, user, hibahId, property.id);
      return reply.send({ receivers: allPage(shares), [k.one]: answer(k, property) });
    };
  }
  hooks['POST /property-receiver'] = async (req, reply) => {
    if (!isObject(req.body)) return;
    const [p] = await db
      .select({ hibah_id: hibah_properties.hibah_id })
      .from(hibah_properties)
      .where(eq(hibah_properties.id, String(req.body.propertyable_id ?? '')));
    if (!p) return;
    await assertFills(db, req, p.hibah_id);
    const share = await saveShare(db, actorOf(req), p.hibah_id, String(req.body.propertyable_id), {
      ...parseBody(hibahPropertyReceiverSchema, req.body),
    });
    return reply.status(201).send({ property_receiver: share });
  };
  const shareOf = async (id: string) => {
    const [s] = await db
      .select({ share: hibah_property_receivers, hibah_id: hibah_properties.hibah_id })
      .from(hibah_property_receivers)
      .innerJoin(hibah_properties, eq(hibah_properties.id, hibah_property_receivers.property_id))
      .where(eq(hibah_property_receivers.id, id));
    return s ?? null;
  };
  hooks['PATCH /property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(idOf(req));
    if (!s) return;
    await assertFills(db, req, s.hibah_id);
    const b = isObject(req.body) ? req.body : {};
    const body = parseBody(hibahPropertyReceiverSchema, { receiver_id: s.share.receiver_id, ...b });
    if (body.receiver_id !== s.share.receiver_id) {
      await deleteShare(db, actorOf(req), s.hibah_id, s.share.property_id, s.share.id);
    }
    return reply.send({ property_receiver: await saveShare(db, actorOf(req), s.hibah_id, s.share.property_id, body) });
  };
  hooks['PUT /property-receiver/:id'] = hooks['PATCH /property-receiver/:id'];
  // A hibah witness does not sign on someone else's device (reference §3.2 part I): they confirm through the
  // signed link mailed to them, with a code and their signature (docs/api/hibah.md; ADR 0162) → 422.
  hooks['POST /witness/:id/signature'] = async (req) => {
    const witnessKind = KINDS.find((x) => x.path === 'witness') as FlatKind;
    const hibahId = await hibahOfRow(db, witnessKind, idOf(req));
    if (!hibahId) return;
    await findChild(db, requireUser(req), WITNESS, hibahId, idOf(req));
    await assertFills(db, req, hibahId);
    throw fieldError('signature', H.witnessConfirmsByLink);
  };
  // The agent's payment receipt on the hibah's documents (reference §2.3 `POST hibah/{id}/document
  // { document, type: "payment" }`): the eKYC module's route takes MyKad images only.
  hooks['POST /hibah/:id/document'] = async (req, reply) => {
    if (!isObject(req.body) || req.body.type !== 'payment') return;
    await assertFills(db, req, idOf(req));
    const b = parseBody(uploadBody, req.body);
    const data = decodeBase64(b.document, 'document');
    const actor = actorOf(req);
    // Stored before the transaction, recorded in it (ADR 0220).
    const uploads = new Uploads(ctx.store);
    const staged = await uploads.stage({
      ownerType: 'Hibah',
      ownerId: idOf(req),
      data,
      allowed: DOCUMENT_TYPES,
      field: 'document',
    });
    const att = await uploads.settle(
      db.transaction(async (tx) => {
        const h = await fillableHibah(tx, actor.user, idOf(req));
        const a = await uploads.record(asDb(tx), staged, {
          attachableType: 'Hibah',
          attachableId: h.id,
          type: 'payment',
          description: b.description ?? null,
          originalFilename: b.document_filename ?? null,
          uploadedBy: actor.user.id,
        });
        await audit(tx, actor, 'hibah.update', h.id, null, { payment_receipt_id: a.id });
        return a;
      }),
    );
    return reply.status(201).send({ attachment: { id: att.id, type: att.type, public_path: publicPath(att.id) } });
  };
  hooks['GET /property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(idOf(req));
    if (!s) return;
    await findVisibleHibah(db, requireUser(req), s.hibah_id);
    return reply.send({ property_receiver: s.share });
  };
  hooks['DELETE /property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(idOf(req));
    if (!s) return;
    await deleteShare(db, actorOf(req), s.hibah_id, s.share.property_id, s.share.id);
    return reply.send({ message: translate('hibah.deleted', req.lang) });
  };
  return hooks;
}

/**
 * Attach the hooks of {@link flatHooks} to the wills module's flat routes as they are declared, and register
 * into the hibah module's own routes (its `readings.ts`; ADR 0240): the 2021 update bodies and draft-acceptance
 * signature (original-contract.ts), the MyKad images on `GET hibah/{id}` and a bank asset's 2021 keys on the
 * nested moveable property (original-contract-kinds.ts), then the 2021-only paths (original-contract-paths.ts)
 * and the products' paths (original-contract-products.ts), in that order after the module's own routes. Call on
 * the `/api` instance BEFORE the wills and hibah modules register their routes (modules.ts).
 */
export function hibahOnFlatRoutes(api: FastifyInstance, ctx: Ctx) {
  registerUpdateReading(originalStatusBody);
  registerReadExtras(hibahImages);
  registerSignatureReading(originalSignature);
  registerRowReply('moveable-property', moveableReplyOf);
  registerHibahRoutes(hibahOriginalRoutes);
  registerHibahRoutes(productRoutes);
  attachPreValidation(api, flatHooks(ctx));
}
