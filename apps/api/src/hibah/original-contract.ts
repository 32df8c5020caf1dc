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
 *
 * {@link hibahOriginalRoutes} adds the paths the 2021 client uses that we had not: a party's MyKad images
 * (`GET|POST receiver|caretaker|heir/{id}/document`), a property's documents (`GET|POST
 * moveable-property|immoveable-property/{id}/document`) and a receiver's signature on the grantor's device
 * (`GET|POST receiver/{id}/signature`).
 */
import {
  H,
  hibahCaretakerSchema,
  hibahHeirSchema,
  hibahPropertyReceiverSchema,
  hibahReceiverSchema,
  hibahWitnessSchema,
  immoveableFieldsSchema,
  moveableFieldsSchema,
  translate,
} from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import {
  attachments,
  hibah_caretakers,
  hibah_heirs,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_witnesses,
} from '../db/schema/index.ts';
import { checkFile, DOCUMENT_TYPES, decodeBase64, IMAGE_TYPES, saveAttachment } from '../files/uploads.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { registerAttachableReader } from '../wills/documents-service.ts';
import { multipartToBody } from '../wills/multipart.ts';
import { allPage } from '../wills/owned.ts';
import { assertSignatureDrawn } from '../wills/signature-facts.ts';
import { type ChildKind, createChild, deleteChild, findChild, updateChild } from './children.ts';
import { caretakerValues, productHooks } from './original-contract-products.ts';
import { CARETAKER, HEIR, RECEIVER, signAsReceiver, WITNESS } from './parties.ts';
import { assertCanFill, assertGrantor, type HibahRow } from './policy.ts';
import {
  addPropertyDocument,
  deleteShare,
  listPropertyDocuments,
  listShares,
  PROPERTY,
  saveShare,
} from './property.ts';
import { actorOf, parseBody } from './routes.ts';
import { type Actor, asDb, audit, fillableHibah, findVisibleHibah, PART_C_KEYS } from './service.ts';

type Body = Record<string, unknown>;
const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);
const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
const publicPath = (id: string) => `/api/attachment/${id}/file`;

const MOVEABLE: ChildKind = { ...PROPERTY, filter: () => eq(hibah_properties.kind, 'moveable') };
const IMMOVEABLE: ChildKind = { ...PROPERTY, filter: () => eq(hibah_properties.kind, 'immoveable') };

/** One kind of hibah row as the flat paths name it. */
interface FlatKind {
  path: string;
  one: string;
  kind: ChildKind;
  table:
    | typeof hibah_receivers
    | typeof hibah_caretakers
    | typeof hibah_heirs
    | typeof hibah_witnesses
    | typeof hibah_properties;
  /** The owner keys of a create body (`receivable_type`/`receivable_id`, …). */
  ownerType: string;
  ownerId: string;
  /** Body (2021 keys) → the values the hibah service stores; throws 422 per field. */
  values: (b: Body) => Body;
  /** Attachable type of its MyKad images or documents. */
  attachable?: string;
  /** The row as answered (2021 keys beside ours). */
  reply?: (row: Body) => Body;
}

/** `address_1` (the caretaker form) → `address`. */
const withAddress = (b: Body): Body =>
  b.address === undefined && b.address_1 !== undefined ? { ...b, address: b.address_1 } : b;
/** A bank asset's 2021 keys → ours (`bank_type` is the bank's name, `bank_account_no` the account). */
const moveableValues = (b: Body): Body => {
  const o = { ...b };
  const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
  if (blank(o.institution_name) && !blank(o.bank_type)) o.institution_name = o.bank_type;
  if (blank(o.account_number) && !blank(o.bank_account_no)) o.account_number = o.bank_account_no;
  // A one-cent wallet (reference §3.3: `property_type` "Simpanan" with `one_cent_username`/`one_cent_wallet_name`),
  // as the nested path takes it (routes-parts.ts): a savings account of "One Cent" numbered by the username.
  const wallet = !blank(o.one_cent_username) || !blank(o.one_cent_wallet_name);
  if (wallet) {
    if (blank(o.institution_name)) o.institution_name = 'One Cent';
    if (blank(o.account_number)) o.account_number = o.one_cent_username;
  }
  const oneCent = wallet ? parseBody(oneCentWalletSchema, o) : {};
  return { ...(parseBody(moveableFieldsSchema, o) as Body), ...oneCent, kind: 'moveable' };
};
const oneCentWalletSchema = z.object({
  one_cent_username: z.string().trim().max(100).nullish(),
  one_cent_wallet_name: z.string().trim().max(100).nullish(),
});
const moveableReply = (row: Body): Body =>
  row.property_type === 'bank' ? { ...row, bank_type: row.institution_name, bank_account_no: row.account_number } : row;

const KINDS: FlatKind[] = [
  {
    path: 'receiver',
    one: 'receiver',
    kind: RECEIVER,
    table: hibah_receivers,
    ownerType: 'receivable_type',
    ownerId: 'receivable_id',
    values: (b) => parseBody(hibahReceiverSchema, b) as Body,
    attachable: 'HibahReceiver',
  },
  {
    path: 'caretaker',
    one: 'caretaker',
    kind: CARETAKER,
    table: hibah_caretakers,
    ownerType: 'caretakerable_type',
    ownerId: 'caretakerable_id',
    values: (b) => parseBody(hibahCaretakerSchema, caretakerValues(withAddress(b))) as Body,
    attachable: 'HibahCaretaker',
  },
  {
    path: 'heir',
    one: 'heir',
    kind: HEIR,
    table: hibah_heirs,
    ownerType: 'heirable_type',
    ownerId: 'heirable_id',
    values: (b) => parseBody(hibahHeirSchema, b) as Body,
    attachable: 'HibahHeir',
  },
  {
    path: 'witness',
    one: 'witness',
    kind: WITNESS,
    table: hibah_witnesses,
    ownerType: 'witnessable_type',
    ownerId: 'witnessable_id',
    values: (b) => parseBody(hibahWitnessSchema, b) as Body,
  },
  {
    path: 'moveable-property',
    one: 'moveable_property',
    kind: MOVEABLE,
    table: hibah_properties,
    ownerType: 'moveable_type',
    ownerId: 'moveable_id',
    values: moveableValues,
    attachable: 'HibahProperty',
    reply: moveableReply,
  },
  {
    path: 'immoveable-property',
    one: 'immoveable_property',
    kind: IMMOVEABLE,
    table: hibah_properties,
    ownerType: 'immoveable_type',
    ownerId: 'immoveable_id',
    values: (b) => ({ ...(parseBody(immoveableFieldsSchema, b) as Body), kind: 'immoveable' }),
    attachable: 'HibahProperty',
  },
];

/** The hibah a row of `k` belongs to, when `id` is one (null: not a hibah's row — the wills route answers). */
async function hibahOfRow(db: Db, k: FlatKind, id: string): Promise<string | null> {
  const tb = k.table;
  const conds = [eq(tb.id, id)];
  if (k.kind.filter) conds.push(k.kind.filter());
  const [row] = await db
    .select({ hibah_id: tb.hibah_id })
    .from(tb)
    .where(and(...conds));
  return row?.hibah_id ?? null;
}

/** The MyKad images of a party (`mykad_front`, `mykad_back`, each `{ id, public_path }` or null). */
async function mykadImages(db: Db, attachable: string, id: string) {
  const rows = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.attachable_type, attachable), eq(attachments.attachable_id, id)));
  const pick = (type: string) => {
    const a = rows.filter((r) => r.type === type).at(-1);
    return a ? { id: a.id, public_path: publicPath(a.id), mime_type: a.mime_type } : null;
  };
  return { mykad_front: pick('mykad-front'), mykad_back: pick('mykad-back'), selfie: pick('selfie') };
}

/**
 * The hibah's own images as the 2021 client reads them on `GET hibah/{id}` (reference §2.3: `mykad_front`,
 * `mykad_back`, `selfie`, each `{ id, public_path, mime_type }` or null).
 */
export const hibahImages = (db: Db, hibahId: string) => mykadImages(db, 'Hibah', hibahId);
/** A property row with the 2021 keys of a bank asset beside ours (`bank_type`, `bank_account_no`). */
export const moveableReplyOf = (row: Body): Body => moveableReply(row);

const uploadBody = z.object({
  document: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  type: z.string().trim().max(40).optional(),
  description: z.string().trim().max(255).optional(),
  document_filename: z.string().max(255).optional(),
  is_base64: z.unknown().optional(),
});

/**
 * Who may change the hibah's parties and property (policy.ts `assertCanFill`: the grantor or its registrar),
 * decided before the body is validated (ADR 0107): 404 when not visible, 403 when not theirs to fill.
 */
async function assertFills(db: Db, req: FastifyRequest, hibahId: string) {
  const user = requireUser(req);
  assertCanFill(user, await findVisibleHibah(db, user, hibahId));
}

const answer = (k: FlatKind, row: Body) => (k.reply ? k.reply(row) : row);

/**
 * Hooks on the wills module's flat routes (see the module comment), keyed `METHOD url`. Each returns without
 * answering when the call is not a hibah's.
 */
function flatHooks(ctx: Ctx) {
  const db = ctx.db;
  // the estate trust's and the one-cent hibah's 2021 bodies (original-contract-products.ts; ADR 0181)
  const hooks: Record<string, (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>> = productHooks(ctx);
  for (const k of KINDS) {
    hooks[`POST /api/${k.path}`] = async (req, reply) => {
      if (!isObject(req.body) || req.body[k.ownerType] !== 'Hibah') return;
      const hibahId = String(req.body[k.ownerId] ?? '');
      await assertFills(db, req, hibahId);
      const row = await createChild(db, actorOf(req), k.kind, hibahId, k.values(req.body));
      return reply.status(201).send({ [k.one]: answer(k, row) });
    };
    hooks[`GET /api/${k.path}/:id`] = async (req, reply) => {
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
    hooks[`PATCH /api/${k.path}/:id`] = update;
    hooks[`PUT /api/${k.path}/:id`] = update;
    hooks[`DELETE /api/${k.path}/:id`] = async (req, reply) => {
      const hibahId = await hibahOfRow(db, k, idOf(req));
      if (!hibahId) return;
      await deleteChild(db, actorOf(req), k.kind, hibahId, idOf(req));
      return reply.send({ message: translate('hibah.deleted', req.lang) });
    };
  }
  for (const k of KINDS.filter((x) => x.kind.table === hibah_properties)) {
    hooks[`GET /api/${k.path}/:id/receiver`] = async (req, reply) => {
      const hibahId = await hibahOfRow(db, k, idOf(req));
      if (!hibahId) return;
      const user = requireUser(req);
      const property = await findChild(db, user, k.kind, hibahId, idOf(req));
      const shares = await listShares(db, user, hibahId, property.id);
      return reply.send({ receivers: allPage(shares), [k.one]: answer(k, property) });
    };
  }
  hooks['POST /api/property-receiver'] = async (req, reply) => {
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
  hooks['PATCH /api/property-receiver/:id'] = async (req, reply) => {
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
  hooks['PUT /api/property-receiver/:id'] = hooks['PATCH /api/property-receiver/:id'];
  // A hibah witness does not sign on someone else's device (reference §3.2 part I): they confirm through the
  // signed link mailed to them, with a code and their signature (docs/api/hibah.md; ADR 0162) → 422.
  hooks['POST /api/witness/:id/signature'] = async (req) => {
    const witnessKind = KINDS.find((x) => x.path === 'witness') as FlatKind;
    const hibahId = await hibahOfRow(db, witnessKind, idOf(req));
    if (!hibahId) return;
    await findChild(db, requireUser(req), WITNESS, hibahId, idOf(req));
    await assertFills(db, req, hibahId);
    throw fieldError('signature', H.witnessConfirmsByLink);
  };
  // The agent's payment receipt on the hibah's documents (reference §2.3 `POST hibah/{id}/document
  // { document, type: "payment" }`): the eKYC module's route takes MyKad images only.
  hooks['POST /api/hibah/:id/document'] = async (req, reply) => {
    if (!isObject(req.body) || req.body.type !== 'payment') return;
    await assertFills(db, req, idOf(req));
    const b = parseBody(uploadBody, req.body);
    const data = decodeBase64(b.document, 'document');
    const actor = actorOf(req);
    const att = await db.transaction(async (tx) => {
      const h = await fillableHibah(tx, actor.user, idOf(req));
      const a = await saveAttachment(asDb(tx), ctx.store, {
        attachableType: 'Hibah',
        attachableId: h.id,
        type: 'payment',
        data,
        allowed: DOCUMENT_TYPES,
        description: b.description ?? null,
        originalFilename: b.document_filename ?? null,
        uploadedBy: actor.user.id,
        field: 'document',
      });
      await audit(tx, actor, 'hibah.update', h.id, null, { payment_receipt_id: a.id });
      return a;
    });
    return reply.status(201).send({ attachment: { id: att.id, type: att.type, public_path: publicPath(att.id) } });
  };
  hooks['GET /api/property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(idOf(req));
    if (!s) return;
    await findVisibleHibah(db, requireUser(req), s.hibah_id);
    return reply.send({ property_receiver: s.share });
  };
  hooks['DELETE /api/property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(idOf(req));
    if (!s) return;
    await deleteShare(db, actorOf(req), s.hibah_id, s.share.property_id, s.share.id);
    return reply.send({ message: translate('hibah.deleted', req.lang) });
  };
  return hooks;
}

/**
 * Attach the hooks of {@link flatHooks} to the wills module's flat routes as they are declared. Call on the
 * `/api` instance BEFORE the wills module registers its routes (modules.ts).
 */
export function hibahOnFlatRoutes(api: FastifyInstance, ctx: Ctx) {
  const hooks = flatHooks(ctx);
  api.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const hook = hooks[`${method} ${route.url}`];
      if (!hook) continue;
      const before = route.preValidation ? [route.preValidation].flat() : [];
      route.preValidation = [...before, hook] as typeof route.preValidation;
    }
  });
}

/** A party's or property's row of a visible hibah, by the row's id alone (404 otherwise). */
async function visibleRow(db: Db, req: FastifyRequest, k: FlatKind) {
  const hibahId = await hibahOfRow(db, k, idOf(req));
  if (!hibahId) throw notFound();
  return { hibahId, row: await findChild(db, requireUser(req), k.kind, hibahId, idOf(req)) };
}

const signatureBody = z.object({
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
        const a = await db.transaction(async (tx) => {
          const h = await fillableHibah(tx, actor.user, hibahId);
          const row = await findChild(tx, actor.user, k.kind, h.id, idOf(req));
          const att = await saveAttachment(asDb(tx), ctx.store, {
            attachableType: attachable,
            attachableId: row.id,
            type,
            data,
            allowed: [...IMAGE_TYPES, 'application/pdf'],
            description: b.description ?? null,
            originalFilename: b.document_filename ?? null,
            uploadedBy: actor.user.id,
            replace: true,
            field: 'document',
          });
          await audit(tx, actor, `hibah.${k.kind.entity}.update`, h.id, null, { [`${type}_id`]: att.id, id: row.id });
          return att;
        });
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
    const r = await signAsReceiver(ctx, actorOf(req), hibahId, idOf(req), b.document);
    return { receiver: { id: r.id, name: r.name, signed_at: r.signed_at } };
  });
  api.get('/receiver/:id/signature', { config: { access: [...READ] }, schema: { params: idParams } }, async (req) => {
    const { row } = await visibleRow(db, req, receiverKind);
    return { signature: row.signature_id ? { id: row.signature_id, public_path: publicPath(row.signature_id) } : null };
  });
}

/** What {@link originalStatusBody} made of a `PATCH hibah/{id}` body. */
export type OriginalStatusBody =
  | { kind: 'none' }
  | { kind: 'partC'; body: Body }
  | { kind: 'handover'; hibah: HibahRow };

/**
 * The 2021 client's status bodies of `PATCH hibah/{id}` that are not status changes of ours (reference §2.3,
 * §3.2 parts C and H; ADR 0162):
 * - part C `{ status: 0, organization_id, pricing_id, agent_id, branch_id }` → our part C field update (a
 *   placeholder becomes new by it, service.ts `updateFields`); `status` and `agent_id` are not fields (the agent
 *   is whoever registered the hibah);
 * - the agent's hand-over after the receipt `{ acknowledged_pdpa, acknowledged_confirmation, is_cash_payment,
 *   status: 1 }` while the hibah is new (0) or back with the grantor (1) → answered with the hibah, unchanged: in
 *   our lifecycle the grantor signs and submits 0|1 → 2 themself (spec §1 "only the grantor can finalise"), so
 *   there is nothing to hand over. Only who may fill the hibah gets this answer (403/404 otherwise).
 * Anything else: `none` (the route's own status change or field update decides).
 */
export async function originalStatusBody(db: Db, actor: Actor, id: string, b: Body): Promise<OriginalStatusBody> {
  const status = b.status === undefined || b.status === null || b.status === '' ? null : Number(b.status);
  if (status === 0 && PART_C_KEYS.some((k) => b[k] !== undefined && b[k] !== null && b[k] !== '')) {
    return { kind: 'partC', body: Object.fromEntries(PART_C_KEYS.map((k) => [k, b[k]])) };
  }
  if (status === 1 && b.acknowledged_pdpa !== undefined) {
    const h = await findVisibleHibah(db, actor.user, id);
    if (h.status === 0 || h.status === 1) {
      assertCanFill(actor.user, h);
      return { kind: 'handover', hibah: h };
    }
  }
  return { kind: 'none' };
}

/** The 2021 client's description of the signature given with the draft's acceptance (reference §2.10). */
export const DRAFT_SIGNATURE = 'Signature for draft acceptance';

/**
 * The grantor's signature given with the acceptance of the draft (reference §3.2 "Terima Draf"): kept as an
 * attachment of the hibah (`signature`, description `draft-acceptance`; the signature of the submitted content
 * stays the one on the certificate), audited `hibah.sign`. The grantor only (403), while the draft awaits
 * acceptance (status 3, not yet accepted; else 422 `hibah.not_editable`); a PNG that is not blank (422 on
 * `signature`). The acceptance itself is `PATCH hibah/{id} { status: 3, is_draft_accepted: 1 }` with its own
 * checks (transitions.ts). @returns the attachment id.
 */
export async function signForDraft(ctx: Ctx, actor: Actor, hibahId: string, dataUrl: string) {
  const data = decodeBase64(dataUrl, 'signature');
  await checkFile(data, ['image/png'], 'signature');
  await assertSignatureDrawn(data, 'signature');
  return ctx.db.transaction(async (tx) => {
    const h = await findVisibleHibah(tx, actor.user, hibahId, true);
    assertGrantor(actor.user, h);
    if (h.status !== 3 || h.is_draft_accepted) throw fieldError('_', H.notEditable);
    const att = await saveAttachment(asDb(tx), ctx.store, {
      attachableType: 'Hibah',
      attachableId: h.id,
      type: 'signature',
      description: 'draft-acceptance',
      data,
      allowed: ['image/png'],
      uploadedBy: actor.user.id,
      field: 'signature',
    });
    await audit(tx, actor, 'hibah.sign', h.id, null, { draft_acceptance_signature_id: att.id });
    return att.id;
  });
}
