/**
 * The pieces of the 2021 client's flat calls on a draft's rows that a will amendment's parts C–E (ADR 0179;
 * original-parts.ts, original-shares.ts) and a hibah amendment's parts E–G (ADR 0180 "Parts E–G";
 * original-hibah-parts.ts, original-hibah-shares.ts) answer alike: the flat paths' names of each kind of row, the
 * 2021 key spellings both take, a row's documents and MyKad images as that client reads them, the readers of draft
 * rows' attachments, the upload of a row's document, and `POST|PATCH|PUT|DELETE property-receiver` on a draft
 * property. What differs (how a draft is changed, the share answer, the message keys) is passed in.
 */
import { portion as portionRule, translate } from '@wasiat/domain';
import { z } from 'zod';
import type { Ctx } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import type { attachments } from '../../../db/schema/index.ts';
import type { Amendment, Share } from '../../../modules/amendments/index.ts';
import { type AuthUser, requireUser } from '../../../modules/auth/index.ts';
import type { Actor } from '../../../modules/wills/index.ts';
import { actorOf, allPage, parseBody, registerAttachableReader } from '../../../modules/wills/index.ts';
import { notFound } from '../../../platform/http/errors.ts';
import { saveDraftRowDocument } from './draft-row-documents.ts';
import {
  type AmendableType,
  amendmentHoldingRow,
  type Body,
  blank,
  editedAmendmentHoldingRow,
  type Hook,
  idOf,
  isObject,
  isPropertySection,
  publicPath,
  rowIn,
  rowsOf,
  type Section,
  type ShareCheck,
  splitShareId,
} from './original-draft-common.ts';

/** One kind of draft row as the flat paths name it (reference §2.5, §2.6). */
export interface FlatKind {
  /** The path segment: `POST /<path>`, `PATCH /<path>/{id}`, `GET /wasiat|hibah/{id}/<path>`. */
  path: string;
  /** The answer's key for one row, and for a page of them. */
  one: string;
  many: string;
  /** The draft section holding the rows. */
  section: Section;
  /** The body keys naming the owner (`Wasiat` | `Hibah`) and its id on a create. */
  ownerType: string;
  ownerId: string;
}

/** The four kinds of row a will's and a hibah's flat paths edit, by name. */
export const FLAT_KINDS = {
  receiver: {
    path: 'receiver',
    one: 'receiver',
    many: 'receivers',
    section: 'receivers',
    ownerType: 'receivable_type',
    ownerId: 'receivable_id',
  },
  caretaker: {
    path: 'caretaker',
    one: 'caretaker',
    many: 'caretakers',
    section: 'caretakers',
    ownerType: 'caretakerable_type',
    ownerId: 'caretakerable_id',
  },
  moveable: {
    path: 'moveable-property',
    one: 'moveable_property',
    many: 'moveable_properties',
    section: 'moveables',
    ownerType: 'moveable_type',
    ownerId: 'moveable_id',
  },
  immoveable: {
    path: 'immoveable-property',
    one: 'immoveable_property',
    many: 'immoveable_properties',
    section: 'immoveables',
    ownerType: 'immoveable_type',
    ownerId: 'immoveable_id',
  },
} as const satisfies Record<string, FlatKind>;

/**
 * 2021 key spellings → ours that a will's (ADR 0179) and a hibah's (ADR 0162) rows both take: `address_1` (caretaker
 * form) → `address`, a bank asset's `bank_type` → `institution_name` and `bank_account_no` → `account_number`, each
 * only where ours is blank. A copy of `b`; each side maps its own further keys after.
 */
export function ourSpellings(b: Body): Body {
  const o = { ...b };
  if (blank(o.address) && !blank(o.address_1)) o.address = o.address_1;
  if (blank(o.institution_name) && !blank(o.bank_type)) o.institution_name = o.bank_type;
  if (blank(o.account_number) && !blank(o.bank_account_no)) o.account_number = o.bank_account_no;
  return o;
}

/** An attachment row (db/schema). */
type Attachment = typeof attachments.$inferSelect;

/**
 * A draft row's attachments as `GET <kind>/{id}/document` answers them: `{ documents }`, each `{ id, type,
 * description, original_filename, mime_type, public_path }`; a person's (receiver, caretaker) as a page
 * (wills/owned.ts `allPage`), a property's as a plain array.
 */
export function documentsReply(section: Section, rows: Attachment[]) {
  const docs = rows.map((x) => ({
    id: x.id,
    type: x.type,
    description: x.description,
    original_filename: x.original_filename,
    mime_type: x.mime_type,
    public_path: publicPath(x.id),
  }));
  return { documents: isPropertySection(section) ? docs : allPage(docs) };
}

/**
 * A person row's MyKad images as the 2021 client reads them from its attachments `rows` (oldest first, so the
 * newest of each side wins): `{ mykad_front, mykad_back }`, each `{ id, public_path, mime_type }` or null.
 */
export function mykadImages(rows: Attachment[]) {
  const pick = (type: string) => {
    const x = rows.filter((r) => r.type === type).at(-1);
    return x ? { id: x.id, public_path: publicPath(x.id), mime_type: x.mime_type } : null;
  };
  return { mykad_front: pick('mykad-front'), mykad_back: pick('mykad-back') };
}

/**
 * Make the attachments of draft rows readable (`GET attachment/{id}/file`, wills/documents-service.ts) by whoever
 * sees an amendment of `type` at any status (0–5) whose draft holds the row, else 404: `readers` pairs each
 * attachable type (e.g. `AmendmentReceiver`, `AmendmentHibahProperty`) with the sections its rows are in.
 */
export function registerDraftRowReaders(
  type: AmendableType,
  readers: readonly (readonly [string, readonly Section[]])[],
) {
  for (const [attachable, sections] of readers) {
    registerAttachableReader(attachable, async (d, user, id) => {
      const a = await amendmentHoldingRow(d, type, user, [...sections], id, [0, 1, 2, 3, 4, 5]);
      if (!a) throw notFound();
      return a;
    });
  }
}

/**
 * `POST <kind>/{id}/document` on a row of an open draft of `type` the caller sees (404 when only an unseen draft
 * holds it; nothing when none does, the owner's route answers): MyKad front/back of a person (replacing that side),
 * a property's document, stored under `attachable` with the row's id (draft-row-documents.ts) → 201 `{ attachment }`.
 */
export function draftRowUploadHook(ctx: Ctx, type: AmendableType, k: FlatKind & { attachable: string }): Hook {
  return async (req, reply) => {
    const open = await editedAmendmentHoldingRow(ctx.db, type, requireUser(req), [k.section], idOf(req));
    if (!open) return;
    return saveDraftRowDocument(ctx, req, reply, {
      amendmentId: open.id,
      section: k.section,
      attachable: k.attachable,
      person: !isPropertySection(k.section),
      rowOf: (a) => rowIn(a, k.section, idOf(req)),
    });
  };
}

/** What a will's and a hibah's `property-receiver` hooks differ by. */
export interface ShareSide {
  /** The amendment's `amendmentable_type`. */
  type: AmendableType;
  /** The locked change of a draft: `changeDraft` (service.ts) for a will, `changeHibahDraft` for a hibah. */
  change: (db: Db, actor: Actor, id: string, change: (a: Amendment) => Body) => Promise<unknown>;
  /** The check of a new share (original-draft-common.ts `newShareCheck`). */
  check: ShareCheck;
  /** A property's shares as answered (original-draft-common.ts `draftShareRows`). */
  rows: (a: Amendment, property: Body, s: Section) => Body[];
  /** The message key of a removal (`wills.deleted` | `hibah.deleted`). */
  deleted: string;
}

const shareBody = z.object({ receiver_id: z.string().trim().min(1).max(64).optional(), portion: portionRule() });

/**
 * `POST property-receiver { receiver_id, portion, propertyable_type, propertyable_id }` → 201 `{ property_receiver }`,
 * `PATCH|PUT property-receiver/{id} { portion, receiver_id? }` → `{ property_receiver }` (a new receiver: a new id)
 * and `DELETE property-receiver/{id}` → `{ message }` on a property of an open draft of `side.type` the caller sees
 * (404 when only an unseen draft holds it; nothing when none does, the next hook answers). `portion` is a fraction
 * string (spaces dropped); a share id is `<property id>.<receiver id>`; an unknown share is 404. Checked with
 * `side.check`, then changed through `side.change` (the draft's own rules and audit).
 * @returns the hooks keyed `METHOD url`, and `shareOf`: the draft share a `property-receiver/{id}` names, or null.
 */
export function draftShareHooks(ctx: Ctx, side: ShareSide) {
  const db = ctx.db;
  const hooks: Record<string, Hook> = {};
  /** The draft property a share body or share id names, with its section, or null. */
  const propertyOf = async (user: AuthUser, propertyId: string, type?: unknown) => {
    const sections: Section[] =
      type === 'ImmoveableProperty'
        ? ['immoveables']
        : type === 'MoveableProperty'
          ? ['moveables']
          : ['moveables', 'immoveables'];
    const open = await editedAmendmentHoldingRow(db, side.type, user, sections, propertyId);
    if (!open) return null;
    const section: Section = rowsOf(open, 'moveables').some((p) => p.id === propertyId) ? 'moveables' : 'immoveables';
    return { open, section };
  };
  const withShares = (a: Amendment, s: Section, propertyId: string, next: (shares: Share[], p: Body) => Share[]) => ({
    [s]: rowsOf(a, s).map((p) =>
      p.id === propertyId ? { ...p, shares: next(((p.shares ?? []) as Share[]).slice(), p) } : p,
    ),
  });

  hooks['POST /property-receiver'] = async (req, reply) => {
    const b = req.body;
    if (!isObject(b) || blank(b.propertyable_id)) return;
    const pid = String(b.propertyable_id);
    const found = await propertyOf(requireUser(req), pid, b.propertyable_type);
    if (!found) return;
    const body = parseBody(shareBody.extend({ receiver_id: z.string().trim().min(1).max(64) }), b);
    const share: Share = { receiver_id: body.receiver_id, portion: body.portion.replace(/\s+/g, '') };
    let answer: Body = {};
    await side.change(db, actorOf(req), found.open.id, (a) =>
      withShares(a, found.section, pid, (shares, p) => {
        side.check(a, found.section, p, share.receiver_id, share.portion);
        answer = side.rows(a, { ...p, shares: [share] }, found.section)[0];
        return [...shares, share];
      }),
    );
    return reply.status(201).send({ property_receiver: answer });
  };
  const shareOf = async (user: AuthUser, id: string) => {
    const parts = splitShareId(id);
    if (!parts) return null;
    const found = await propertyOf(user, parts.propertyId);
    return found ? { ...found, ...parts } : null;
  };
  const update: Hook = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    const body = parseBody(shareBody, isObject(req.body) ? req.body : {});
    const share: Share = { receiver_id: body.receiver_id ?? s.receiverId, portion: body.portion.replace(/\s+/g, '') };
    let answer: Body = {};
    await side.change(db, actorOf(req), s.open.id, (a) =>
      withShares(a, s.section, s.propertyId, (shares, p) => {
        const i = shares.findIndex((x) => x.receiver_id === s.receiverId);
        if (i < 0) throw notFound();
        side.check(a, s.section, p, share.receiver_id, share.portion, s.receiverId);
        shares[i] = share;
        answer = side.rows(a, { ...p, shares: [share] }, s.section)[0];
        return shares;
      }),
    );
    return reply.send({ property_receiver: answer });
  };
  hooks['PATCH /property-receiver/:id'] = update;
  hooks['PUT /property-receiver/:id'] = update;
  hooks['DELETE /property-receiver/:id'] = async (req, reply) => {
    const s = await shareOf(requireUser(req), idOf(req));
    if (!s) return;
    await side.change(db, actorOf(req), s.open.id, (a) =>
      withShares(a, s.section, s.propertyId, (shares) => {
        if (!shares.some((x) => x.receiver_id === s.receiverId)) throw notFound();
        return shares.filter((x) => x.receiver_id !== s.receiverId);
      }),
    );
    return reply.send({ message: translate(side.deleted, req.lang) });
  };
  return { hooks, shareOf };
}
