/**
 * The 2021 client's parts C–E of a will amendment (issue 20; reference §2.5, §2.6, §3.5 parts C, D, E, §3.6,
 * §3.7; ADR 0179). That client amends a registered will by editing the WILL's own rows through the flat paths —
 * `POST receiver { receivable_type: "Wasiat", receivable_id }`, `PATCH|DELETE receiver/{id}`, the same for
 * `caretaker` and `moveable-property` / `immoveable-property` (owner `moveable_type|immoveable_type: "Wasiat"`),
 * `POST|PATCH|DELETE property-receiver`, and the MyKad images / property documents of those rows. Ours keeps an
 * amendment's changes as sections of its draft (`PATCH amendment/{id}/draft`, content.ts), so these calls are
 * mapped onto the draft here:
 *
 * - Which draft: a create names the will (body owner id); the will must be visible (404), REGISTERED and have an
 *   open amendment (status 0) the caller sees — else the wills route answers as before (422 `wills.not_editable`
 *   for a registered will without one; a will being registered is untouched). A call by row id finds the open
 *   amendment (0, 1, 3, 4) the caller sees whose draft holds a row with that id; none → the wills route answers.
 * - The change goes through {@link changeDraft}: the caller may edit the draft (403 otherwise, as `PATCH
 *   amendment/{id}/draft`), status 0 only (422 `amendments.not_editable`), the same checks (every share names a
 *   receiver of the draft, shares within the whole, a vehicle has one receiver) and the same audit
 *   (`amendment.draft` with the section changed). The row is checked with our field rule of its kind (labels
 *   accepted, ADR 0131); a PATCH body changes only the keys it carries.
 * - Ids: a draft row keeps the will row's id (content.ts) and a new one gets a fresh id, so the ids answered can
 *   be PATCHed and DELETEd later. A share has no row of its own in the draft: its id is `<property id>.<receiver
 *   id>` (a receiver has at most one share of a property), stable while its receiver stays the same.
 * - MyKad images of a draft receiver or caretaker and a draft property's documents are attachments of the draft
 *   row (`AmendmentReceiver`, `AmendmentCaretaker`, `AmendmentProperty` with the row's id), readable by whoever
 *   sees the amendment.
 * - Reads (`GET wasiat/{id}/receiver|caretaker|moveable-property|immoveable-property`, a row, a property's
 *   receivers) answer the draft's rows in a 2021-contract session (ADR 0135) when the will has an open amendment
 *   whose draft the caller may edit: the 2021 client reads back what it just edited. Our own client keeps reading
 *   the registered will's rows.
 */
import {
  AM,
  caretakerFieldsSchema,
  immoveableFieldsSchema,
  moveableFieldsSchema,
  OPEN_AMENDMENT_STATUSES,
  portion as portionRule,
  portionsExceedWhole,
  receiverFieldsSchema,
  translate,
  V,
  W,
  WILL_STATUS,
} from '@wasiat/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type AuthUser, requireUser } from '../auth/guard.ts';
import type { Ctx } from '../context.ts';
import type { Db } from '../db/client.ts';
import { newId } from '../db/schema/_common.ts';
import { amendments, attachments } from '../db/schema/index.ts';
import { decodeBase64, IMAGE_TYPES, saveAttachment } from '../files/uploads.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { registerAttachableReader } from '../wills/documents-service.ts';
import { actorOf, parseBody } from '../wills/http.ts';
import { allPage } from '../wills/owned.ts';
import { findVisibleWill } from '../wills/queries.ts';
import { audit } from '../wills/service.ts';
import type { Share, WillContent } from './content.ts';
import { amendmentScope, assertCanEditDraft } from './policy.ts';
import { type Amendment, changeDraft, findVisibleAmendment } from './service.ts';

type Body = Record<string, unknown>;
type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
type Section = 'receivers' | 'caretakers' | 'moveables' | 'immoveables';
const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);
const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
const publicPath = (id: string) => `/api/attachment/${id}/file`;
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** The keys a body carries (`_method` and undefined left out): a PATCH changes only these. */
const carried = (b: Body) =>
  Object.fromEntries(Object.entries(b).filter(([k, v]) => k !== '_method' && v !== undefined));

/** One kind of the will's rows as the flat paths name it. */
interface PartKind {
  path: string;
  one: string;
  many: string;
  section: Section;
  ownerType: string;
  ownerId: string;
  /** The whole row (current ∪ carried 2021 keys) checked with our rule → the fields kept in the draft. */
  check: (b: Body) => Body;
  /** Attachable type of the row's MyKad images or documents. */
  attachable: string;
  /** The row as answered, with the 2021 owner keys (and 2021 key spellings) beside ours. */
  reply: (row: Body, willId: string) => Body;
}

/** 2021 key spellings → ours: `address_1` (caretaker form), a bank asset's `bank_type`/`bank_account_no`, `city_type`. */
function ours(b: Body): Body {
  const o = { ...b };
  if (blank(o.address) && !blank(o.address_1)) o.address = o.address_1;
  if (blank(o.institution_name) && !blank(o.bank_type)) o.institution_name = o.bank_type;
  if (blank(o.account_number) && !blank(o.bank_account_no)) o.account_number = o.bank_account_no;
  if (typeof o.city_type === 'string') o.city_type = o.city_type.trim().toLowerCase();
  return o;
}

const KINDS: PartKind[] = [
  {
    path: 'receiver',
    one: 'receiver',
    many: 'receivers',
    section: 'receivers',
    ownerType: 'receivable_type',
    ownerId: 'receivable_id',
    check: (b) => parseBody(receiverFieldsSchema, ours(b)) as Body,
    attachable: 'AmendmentReceiver',
    reply: (r, w) => ({ ...r, receivable_type: 'Wasiat', receivable_id: w, wasiat_id: w }),
  },
  {
    path: 'caretaker',
    one: 'caretaker',
    many: 'caretakers',
    section: 'caretakers',
    ownerType: 'caretakerable_type',
    ownerId: 'caretakerable_id',
    check: (b) => parseBody(caretakerFieldsSchema, ours(b)) as Body,
    attachable: 'AmendmentCaretaker',
    reply: (r, w) => ({ ...r, address_1: r.address, caretakerable_type: 'Wasiat', caretakerable_id: w, wasiat_id: w }),
  },
  {
    path: 'moveable-property',
    one: 'moveable_property',
    many: 'moveable_properties',
    section: 'moveables',
    ownerType: 'moveable_type',
    ownerId: 'moveable_id',
    check: (b) => parseBody(moveableFieldsSchema, ours(b)) as Body,
    attachable: 'AmendmentProperty',
    reply: (r, w) => ({
      ...r,
      ...(r.property_type === 'bank' ? { bank_type: r.institution_name, bank_account_no: r.account_number } : {}),
      moveable_type: 'Wasiat',
      moveable_id: w,
    }),
  },
  {
    path: 'immoveable-property',
    one: 'immoveable_property',
    many: 'immoveable_properties',
    section: 'immoveables',
    ownerType: 'immoveable_type',
    ownerId: 'immoveable_id',
    check: (b) => parseBody(immoveableFieldsSchema, ours(b)) as Body,
    attachable: 'AmendmentProperty',
    reply: (r, w) => ({ ...r, immoveable_type: 'Wasiat', immoveable_id: w }),
  },
];
const kindOf = (path: string) => KINDS.find((k) => k.path === path) as PartKind;

/** Whether `user` may edit amendment `a`'s draft (policy.ts `assertCanEditDraft`). */
function mayEdit(user: AuthUser, a: Amendment) {
  try {
    assertCanEditDraft(user, a);
    return true;
  } catch {
    return false;
  }
}

/**
 * The newest amendment of will `willId` in one of `statuses` that `user` sees, or null.
 * @see ADR 0163 (part B uses the open one, status 0).
 */
export async function amendmentOfWill(db: Db, user: AuthUser, willId: string, statuses: readonly number[] = [0]) {
  const [a] = await db
    .select()
    .from(amendments)
    .where(
      and(
        eq(amendments.amendmentable_type, 'Wasiat'),
        eq(amendments.amendmentable_id, willId),
        inArray(amendments.status, [...statuses]),
        amendmentScope(user),
      ),
    )
    .orderBy(desc(amendments.created_at))
    .limit(1);
  return a ?? null;
}

/** The open amendment (status 0) of a visible, registered will (404 if not visible), or null. */
async function draftOfWill(db: Db, user: AuthUser, willId: string, statuses: readonly number[] = [0]) {
  const w = await findVisibleWill(db, user, willId);
  if (w.status !== WILL_STATUS.registered) return null;
  return amendmentOfWill(db, user, w.id, statuses);
}

/**
 * The will amendment `user` sees, in one of `statuses`, whose draft `section` holds a row `rowId`, or null.
 * (`section` is one of the four fixed names, never input.)
 */
async function draftOfRow(
  db: Db,
  user: AuthUser | null,
  sections: Section[],
  rowId: string,
  statuses = OPEN_AMENDMENT_STATUSES,
) {
  if (!rowId) return null;
  const probe = JSON.stringify([{ id: rowId }]);
  const holds = sections.map((s) => sql`(${amendments.draft} -> ${sql.raw(`'${s}'`)}) @> ${probe}::jsonb`);
  const [a] = await db
    .select()
    .from(amendments)
    .where(
      and(
        eq(amendments.amendmentable_type, 'Wasiat'),
        inArray(amendments.status, [...statuses]),
        user ? amendmentScope(user) : undefined,
        sql`(${sql.join(holds, sql` or `)})`,
      ),
    )
    .orderBy(desc(amendments.created_at))
    .limit(1);
  return a ?? null;
}

/**
 * As {@link draftOfRow} for a change: a row of a draft the caller does not see is 404 here, before its body is
 * checked (ADR 0101, 0107), rather than a 422 of the wills route's body rule; null when no draft holds the row.
 */
async function editedDraftOfRow(db: Db, user: AuthUser, sections: Section[], rowId: string) {
  const a = await draftOfRow(db, user, sections, rowId);
  if (!a && (await draftOfRow(db, null, sections, rowId))) throw notFound();
  return a;
}

const draftOf = (a: Amendment) => a.draft as WillContent;
const rowsOf = (a: Amendment, s: Section) => (draftOf(a)[s] ?? []) as Body[];

/** Row `id` of section `s` of the locked draft, or 404 (it left the draft meanwhile). */
function rowIn(a: Amendment, s: Section, id: string) {
  const row = rowsOf(a, s).find((r) => r.id === id);
  if (!row) throw notFound();
  return row;
}

/** A share's id (see the module comment) and its parts. */
const shareId = (propertyId: string, receiverId: string) => `${propertyId}.${receiverId}`;
const splitShareId = (id: string) => {
  const i = id.indexOf('.');
  return i > 0 ? { propertyId: id.slice(0, i), receiverId: id.slice(i + 1) } : null;
};

/** A property's shares as the 2021 client reads them: `{ id, portion, receiver_id, receiver { … } }`. */
function shareRows(a: Amendment, property: Body, type: string) {
  const receivers = rowsOf(a, 'receivers');
  return ((property.shares ?? []) as Share[]).map((s) => {
    const r = receivers.find((x) => x.id === s.receiver_id);
    return {
      id: shareId(String(property.id), s.receiver_id),
      portion: s.portion,
      receiver_id: s.receiver_id,
      propertyable_type: type,
      propertyable_id: property.id,
      receiver: r ? { id: r.id, name: r.name, ic_number: r.ic_number ?? null, relationship: r.relationship } : null,
    };
  });
}

/** The property of section `s` holding a share with the receiver, checked against the share rules. */
function checkNewShare(a: Amendment, s: Section, property: Body, receiverId: string, portion: string, except?: string) {
  if (!rowsOf(a, 'receivers').some((r) => r.id === receiverId)) throw fieldError('receiver_id', W.receiverInvalid);
  const others = ((property.shares ?? []) as Share[]).filter((x) => x.receiver_id !== except);
  if (others.some((x) => x.receiver_id === receiverId)) throw fieldError('receiver_id', W.receiverDuplicate);
  if (s === 'moveables' && property.property_type === 'vehicle' && others.length > 0) {
    throw fieldError('receiver_id', AM.vehicleOneReceiver);
  }
  if (portionsExceedWhole([...others.map((x) => x.portion), portion])) throw fieldError('portion', V.shareTotalOver);
}

const uploadBody = z.object({
  document: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
  type: z.string().trim().max(40).optional(),
  description: z.string().trim().max(255).optional(),
  document_filename: z.string().max(255).optional(),
});
const shareBody = z.object({ receiver_id: z.string().trim().min(1).max(64).optional(), portion: portionRule() });

/** The route-level hooks of parts C–E, keyed `METHOD url` (see the module comment). */
export function partHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const hooks: Record<string, Hook> = {};

  // Attachments of draft rows: readable by whoever sees an amendment whose draft holds the row.
  for (const [type, sections] of [
    ['AmendmentReceiver', ['receivers']],
    ['AmendmentCaretaker', ['caretakers']],
    ['AmendmentProperty', ['moveables', 'immoveables']],
  ] as const) {
    registerAttachableReader(type, async (d, user, id) => {
      const a = await draftOfRow(d, user, [...sections], id, [0, 1, 2, 3, 4, 5]);
      if (!a) throw notFound();
      return a;
    });
  }

  for (const k of KINDS) {
    /** Create: a row of the draft. 201 `{ <one> }`. */
    hooks[`POST /${k.path}`] = async (req, reply) => {
      const b = req.body;
      if (!isObject(b) || b[k.ownerType] !== 'Wasiat' || blank(b[k.ownerId])) return;
      const user = requireUser(req);
      const open = await draftOfWill(db, user, String(b[k.ownerId]));
      if (!open) return;
      const row: Body = { ...k.check(carried(b)), id: newId() };
      if (k.section === 'moveables' || k.section === 'immoveables') row.shares = [];
      await changeDraft(db, actorOf(req), open.id, (a) => ({ [k.section]: [...rowsOf(a, k.section), row] }) as never);
      return reply.status(201).send({ [k.one]: k.reply(row, open.amendmentable_id) });
    };
    /** Change: the keys carried, merged into the draft row, the whole checked. `{ <one> }`. */
    const update: Hook = async (req, reply) => {
      const open = await editedDraftOfRow(db, requireUser(req), [k.section], idOf(req));
      if (!open) return;
      const b = isObject(req.body) ? carried(req.body) : {};
      let after: Body = {};
      await changeDraft(db, actorOf(req), open.id, (a) => {
        const current = rowIn(a, k.section, idOf(req));
        after = { ...current, ...k.check({ ...current, ...ours(b) }), id: current.id };
        if ('shares' in current) after.shares = current.shares;
        return { [k.section]: rowsOf(a, k.section).map((r) => (r.id === current.id ? after : r)) } as never;
      });
      return reply.send({ [k.one]: k.reply(after, open.amendmentable_id) });
    };
    hooks[`PATCH /${k.path}/:id`] = update;
    hooks[`PUT /${k.path}/:id`] = update;
    /** Remove: the draft row (a receiver's shares of the draft's property go with it). `{ message }`. */
    hooks[`DELETE /${k.path}/:id`] = async (req, reply) => {
      const open = await editedDraftOfRow(db, requireUser(req), [k.section], idOf(req));
      if (!open) return;
      await changeDraft(db, actorOf(req), open.id, (a) => {
        const gone = rowIn(a, k.section, idOf(req)).id;
        const out: Body = { [k.section]: rowsOf(a, k.section).filter((r) => r.id !== gone) };
        if (k.section === 'receivers') {
          for (const s of ['moveables', 'immoveables'] as const) {
            out[s] = rowsOf(a, s).map((p) => ({
              ...p,
              shares: ((p.shares ?? []) as Share[]).filter((x) => x.receiver_id !== gone),
            }));
          }
        }
        return out as never;
      });
      return reply.send({ message: translate('wills.deleted', req.lang) });
    };

    // Reads in a 2021-contract session: the draft's rows.
    hooks[`GET /wasiat/:id/${k.path}`] = async (req, reply) => {
      if (req.clientContract !== '2021') return;
      const user = requireUser(req);
      const open = await draftOfWill(db, user, idOf(req), OPEN_AMENDMENT_STATUSES);
      if (!open || !mayEdit(user, open)) return;
      const only = (req.query as { id?: unknown } | undefined)?.id;
      const rows = rowsOf(open, k.section).filter((r) => blank(only) || r.id === String(only));
      const type = k.section === 'immoveables' ? 'ImmoveableProperty' : 'MoveableProperty';
      return reply.send({
        [k.many]: allPage(
          rows.map((r) => ({
            ...k.reply(r, open.amendmentable_id),
            ...(r.shares ? { property_receivers: shareRows(open, r, type) } : {}),
          })),
        ),
      });
    };
    hooks[`GET /${k.path}/:id`] = async (req, reply) => {
      if (req.clientContract !== '2021') return;
      const user = requireUser(req);
      const open = await draftOfRow(db, user, [k.section], idOf(req));
      if (!open || !mayEdit(user, open)) return;
      const row = rowIn(open, k.section, idOf(req));
      return reply.send({ [k.one]: { ...k.reply(row, open.amendmentable_id), ...(await images(k, String(row.id))) } });
    };

    /** The row's MyKad images or documents (`GET`: receivers/caretakers a page, properties a plain array). */
    hooks[`GET /${k.path}/:id/document`] = async (req, reply) => {
      const open = await draftOfRow(db, requireUser(req), [k.section], idOf(req));
      if (!open) return;
      const docs = (await attachmentsOf(k, idOf(req))).map((x) => ({
        id: x.id,
        type: x.type,
        description: x.description,
        original_filename: x.original_filename,
        mime_type: x.mime_type,
        public_path: publicPath(x.id),
      }));
      return reply.send({ documents: k.section === 'receivers' || k.section === 'caretakers' ? allPage(docs) : docs });
    };
    /** Upload: MyKad front/back of a receiver or caretaker (replacing), a property's document. 201 `{ attachment }`. */
    hooks[`POST /${k.path}/:id/document`] = async (req, reply) => {
      const open = await editedDraftOfRow(db, requireUser(req), [k.section], idOf(req));
      if (!open) return;
      const b = parseBody(uploadBody, req.body);
      const person = k.section === 'receivers' || k.section === 'caretakers';
      const type = person ? (b.type ?? '').replace('_', '-') : 'Extra';
      if (person && type !== 'mykad-front' && type !== 'mykad-back') throw fieldError('type', W.documentTypeInvalid);
      const data = decodeBase64(b.document, 'document');
      const actor = actorOf(req);
      const att = await db.transaction(async (tx) => {
        const a = await findVisibleAmendment(tx, actor.user, open.id, true);
        assertCanEditDraft(actor.user, a);
        if (a.status !== 0) throw fieldError('_', AM.notEditable);
        const row = rowIn(a, k.section, idOf(req));
        const saved = await saveAttachment(tx as unknown as Db, ctx.store, {
          attachableType: k.attachable,
          attachableId: String(row.id),
          type,
          data,
          allowed: [...IMAGE_TYPES, 'application/pdf'],
          description: b.description ?? null,
          originalFilename: b.document_filename ?? null,
          uploadedBy: actor.user.id,
          replace: person,
          field: 'document',
        });
        await audit(tx, actor, 'amendment.document', { type: 'Amendment', id: a.id }, null, {
          attachment_id: saved.id,
          [k.section]: row.id,
          type,
        });
        return saved;
      });
      return reply.status(201).send({
        attachment: {
          id: att.id,
          type: att.type,
          description: att.description,
          mime_type: att.mime_type,
          public_path: publicPath(att.id),
        },
      });
    };
  }

  /** Attachments of a draft row, oldest first. */
  const attachmentsOf = (k: PartKind, rowId: string) =>
    db
      .select()
      .from(attachments)
      .where(and(eq(attachments.attachable_type, k.attachable), eq(attachments.attachable_id, rowId)))
      .orderBy(attachments.created_at);
  /** A person row's MyKad images as the 2021 client reads them (`mykad_front`, `mykad_back`: `{ public_path }`). */
  const images = async (k: PartKind, rowId: string) => {
    if (k.section !== 'receivers' && k.section !== 'caretakers') return {};
    const rows = await attachmentsOf(k, rowId);
    const pick = (type: string) => {
      const x = rows.filter((r) => r.type === type).at(-1);
      return x ? { id: x.id, public_path: publicPath(x.id), mime_type: x.mime_type } : null;
    };
    return { mykad_front: pick('mykad-front'), mykad_back: pick('mykad-back') };
  };

  // A property's receivers (shares) in a 2021-contract session: `{ receivers: page, <one> }`.
  for (const k of [kindOf('moveable-property'), kindOf('immoveable-property')]) {
    const type = k.section === 'immoveables' ? 'ImmoveableProperty' : 'MoveableProperty';
    hooks[`GET /${k.path}/:id/receiver`] = async (req, reply) => {
      if (req.clientContract !== '2021') return;
      const user = requireUser(req);
      const open = await draftOfRow(db, user, [k.section], idOf(req));
      if (!open || !mayEdit(user, open)) return;
      const p = rowIn(open, k.section, idOf(req));
      return reply.send({ receivers: allPage(shareRows(open, p, type)), [k.one]: k.reply(p, open.amendmentable_id) });
    };
  }

  /** The draft property a share body or share id names, with its section, or null (the wills route answers). */
  const propertyOf = async (user: AuthUser, propertyId: string, type?: unknown) => {
    const sections: Section[] =
      type === 'ImmoveableProperty'
        ? ['immoveables']
        : type === 'MoveableProperty'
          ? ['moveables']
          : ['moveables', 'immoveables'];
    const open = await editedDraftOfRow(db, user, sections, propertyId);
    if (!open) return null;
    const section = rowsOf(open, 'moveables').some((p) => p.id === propertyId) ? 'moveables' : 'immoveables';
    return { open, section: section as Section };
  };
  const withShares = (a: Amendment, s: Section, propertyId: string, next: (shares: Share[], p: Body) => Share[]) => ({
    [s]: rowsOf(a, s).map((p) =>
      p.id === propertyId ? { ...p, shares: next(((p.shares ?? []) as Share[]).slice(), p) } : p,
    ),
  });

  /** `POST property-receiver { receiver_id, portion, propertyable_type, propertyable_id }` → 201 `{ property_receiver }`. */
  hooks['POST /property-receiver'] = async (req, reply) => {
    const b = req.body;
    if (!isObject(b) || blank(b.propertyable_id)) return;
    const pid = String(b.propertyable_id);
    const found = await propertyOf(requireUser(req), pid, b.propertyable_type);
    if (!found) return;
    const body = parseBody(shareBody.extend({ receiver_id: z.string().trim().min(1).max(64) }), b);
    const share: Share = { receiver_id: body.receiver_id, portion: body.portion.replace(/\s+/g, '') };
    let answer: Body = {};
    await changeDraft(
      db,
      actorOf(req),
      found.open.id,
      (a) =>
        withShares(a, found.section, pid, (shares, p) => {
          checkNewShare(a, found.section, p, share.receiver_id, share.portion);
          answer = shareRows(a, { ...p, shares: [share] }, typeOf(found.section))[0];
          return [...shares, share];
        }) as never,
    );
    return reply.status(201).send({ property_receiver: answer });
  };
  const typeOf = (s: Section) => (s === 'immoveables' ? 'ImmoveableProperty' : 'MoveableProperty');
  /** The share a `property-receiver/{id}` names, or null. */
  const shareOf = async (user: AuthUser, id: string) => {
    const parts = splitShareId(id);
    if (!parts) return null;
    const found = await propertyOf(user, parts.propertyId);
    return found ? { ...found, ...parts } : null;
  };
  /** `PATCH property-receiver/{id} { portion, receiver_id? }` → `{ property_receiver }` (a new receiver: a new id). */
  const updateShare: Hook = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    const body = parseBody(shareBody, isObject(req.body) ? req.body : {});
    const share: Share = { receiver_id: body.receiver_id ?? s.receiverId, portion: body.portion.replace(/\s+/g, '') };
    let answer: Body = {};
    await changeDraft(
      db,
      actorOf(req),
      s.open.id,
      (a) =>
        withShares(a, s.section, s.propertyId, (shares, p) => {
          const i = shares.findIndex((x) => x.receiver_id === s.receiverId);
          if (i < 0) throw notFound();
          checkNewShare(a, s.section, p, share.receiver_id, share.portion, s.receiverId);
          shares[i] = share;
          answer = shareRows(a, { ...p, shares: [share] }, typeOf(s.section))[0];
          return shares;
        }) as never,
    );
    return reply.send({ property_receiver: answer });
  };
  hooks['PATCH /property-receiver/:id'] = updateShare;
  hooks['PUT /property-receiver/:id'] = updateShare;
  hooks['DELETE /property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    await changeDraft(
      db,
      actorOf(req),
      s.open.id,
      (a) =>
        withShares(a, s.section, s.propertyId, (shares) => {
          if (!shares.some((x) => x.receiver_id === s.receiverId)) throw notFound();
          return shares.filter((x) => x.receiver_id !== s.receiverId);
        }) as never,
    );
    return reply.send({ message: translate('wills.deleted', req.lang) });
  };
  hooks['GET /property-receiver/:id'] = async (req, reply) => {
    const user = requireUser(req);
    const s = await shareOf(user, idOf(req));
    if (!s) return;
    const p = rowIn(s.open, s.section, s.propertyId);
    const row = shareRows(s.open, p, typeOf(s.section)).find((x) => x.receiver_id === s.receiverId);
    if (!row) throw notFound();
    return reply.send({ property_receiver: row });
  };
  return hooks;
}
