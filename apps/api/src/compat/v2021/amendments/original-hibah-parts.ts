/**
 * The 2021 client's parts E–G of a HIBAH amendment (issue 20; reference §2.5, §2.6, §3.2 parts E "Penerima", F
 * "Harta", G "Penjaga", §3.6, §3.7, §4.2/§4.3; ADR 0180 "Parts E–G"). While amending a registered hibah that client
 * edits the hibah's own rows through the flat paths — `POST receiver { receivable_type: "Hibah", receivable_id }`,
 * `PATCH|DELETE receiver/{id}`, the same for `caretaker` and `moveable-property` / `immoveable-property` (owner
 * `moveable_type|immoveable_type: "Hibah"`), `POST|PATCH|DELETE property-receiver`, and the MyKad images / property
 * documents of those rows. Ours keeps an amendment's changes in its draft (`PATCH amendment/{id}/draft`,
 * hibah.ts), so these calls are mapped onto the draft here:
 *
 * - Which draft: a create names the hibah (body owner id): it must be visible (404), REGISTERED and have an open
 *   amendment (status 0) the caller sees; a call by row id finds the open amendment (0, 1, 3, 4) the caller sees
 *   whose draft holds a row with that id. Neither → the hibah's own flat hooks answer as before (ADR 0162: a
 *   registered hibah without one is 422 `hibah.not_editable`; a hibah being registered is untouched). A row held
 *   only by a draft the caller does not see is 404 before its body is read (ADR 0101, 0107).
 * - Each change goes through {@link changeHibahDraft}: the grantor only (403 `amendments.grantor_only`), status 0
 *   (422 `amendments.not_editable`), the row checked with the draft schema's row rule (`hibahDraft*Schema`, labels
 *   accepted as ADR 0131; 2021 keys mapped as ADR 0162: `address_1`, `bank_type`/`bank_account_no`, the one-cent
 *   wallet, the caretaker's allowance), then the whole draft with `nextHibahDraft`'s checks (shares, caretakers of
 *   minors, ledger property kept, the organisation's totals) and audited `amendment.draft`, as `PATCH
 *   amendment/{id}/draft`. A PATCH body changes only the keys it carries.
 * - Ids: a draft row keeps the hibah row's id (hibah/content.ts), a new one gets a fresh id, so ids answered can be
 *   PATCHed and DELETEd later. A share's id is `<property id>.<receiver id>` (original-hibah-rows.ts).
 * - MyKad images and property documents of draft rows are attachments `AmendmentHibahReceiver`,
 *   `AmendmentHibahCaretaker`, `AmendmentHibahProperty` of the row id, readable by whoever sees the amendment.
 * - Reads (`GET hibah/{id}/receiver|caretaker|moveable-property|immoveable-property`, `GET <kind>/{id}`, a
 *   property's receivers, a row's documents, `GET property-receiver/{id}`) answer the draft's rows only in a
 *   2021-contract session (ADR 0135) of someone who may edit the open (status 0) draft; our own client and every
 *   later step (part-penerima reads the hibah's receivers) keep reading the registered hibah.
 */
import {
  hibahDraftCaretakerSchema,
  hibahDraftImmoveableSchema,
  hibahDraftMoveableSchema,
  hibahDraftReceiverSchema,
  translate,
} from '@wasiat/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ctx } from '../../../context.ts';
import { newId } from '../../../db/schema/_common.ts';
import { attachments } from '../../../db/schema/index.ts';
import type { Amendment } from '../../../modules/amendments/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import { actorOf, allPage, parseBody } from '../../../modules/wills/index.ts';
import { attachPreValidation } from '../calls.ts';
import { caretakerValues } from '../hibah/original-contract-products.ts';
import { isPropertySection } from './original-draft-common.ts';
import {
  documentsReply,
  draftRowUploadHook,
  FLAT_KINDS,
  type FlatKind,
  mykadImages,
  ourSpellings,
  registerDraftRowReaders,
} from './original-draft-hooks.ts';
import {
  type Body,
  blank,
  carried,
  changeHibahDraft,
  draftOfHibah,
  editedHibahDraftOfRow,
  type Hook,
  hibahDraftOfRow,
  idOf,
  isObject,
  mayEdit,
  rowIn,
  rowsOf,
  shareRows,
} from './original-hibah-rows.ts';
import { hibahShareHooks } from './original-hibah-shares.ts';

/** One kind of the hibah's rows: the flat paths' names (original-draft-hooks.ts) and the hibah's own rules. */
interface PartKind extends FlatKind {
  /** The whole row (current ∪ carried 2021 keys) checked with the draft's row rule → the fields kept. */
  check: (b: Body) => Body;
  /** Attachable type of the draft row's images or documents, and of the hibah row's (read beside). */
  attachable: string;
  hibahAttachable: string;
  /** The row as answered, with the 2021 owner keys (and 2021 key spellings) beside ours. */
  reply: (row: Body, hibahId: string) => Body;
}

/**
 * 2021 key spellings → ours, as the hibah's own flat paths take them (ADR 0162): `address_1`, a bank asset's
 * `bank_type`/`bank_account_no` (original-draft-hooks.ts `ourSpellings`), and the one-cent wallet (institution
 * `One Cent`, account the wallet's username, where blank).
 */
function ours(b: Body): Body {
  const o = ourSpellings(b);
  if (!blank(o.one_cent_username) || !blank(o.one_cent_wallet_name)) {
    if (blank(o.institution_name)) o.institution_name = 'One Cent';
    if (blank(o.account_number)) o.account_number = o.one_cent_username;
  }
  return o;
}
/** Our rule's output without the draft-only keys (`id`, `shares`), which the hook keeps itself. */
const fieldsOnly = ({ id: _i, shares: _s, ...rest }: Body) => rest;

const KINDS: PartKind[] = [
  {
    ...FLAT_KINDS.receiver,
    check: (b) => fieldsOnly(parseBody(hibahDraftReceiverSchema, ours(b)) as Body),
    attachable: 'AmendmentHibahReceiver',
    hibahAttachable: 'HibahReceiver',
    reply: (r, h) => ({ ...r, receivable_type: 'Hibah', receivable_id: h, hibah_id: h }),
  },
  {
    ...FLAT_KINDS.caretaker,
    check: (b) => fieldsOnly(parseBody(hibahDraftCaretakerSchema, caretakerValues(ours(b))) as Body),
    attachable: 'AmendmentHibahCaretaker',
    hibahAttachable: 'HibahCaretaker',
    reply: (r, h) => ({ ...r, address_1: r.address, caretakerable_type: 'Hibah', caretakerable_id: h, hibah_id: h }),
  },
  {
    ...FLAT_KINDS.moveable,
    check: (b) => fieldsOnly(parseBody(hibahDraftMoveableSchema, { ...ours(b), shares: [] }) as Body),
    attachable: 'AmendmentHibahProperty',
    hibahAttachable: 'HibahProperty',
    reply: (r, h) => ({
      ...r,
      ...(r.property_type === 'bank' ? { bank_type: r.institution_name, bank_account_no: r.account_number } : {}),
      moveable_type: 'Hibah',
      moveable_id: h,
      hibah_id: h,
    }),
  },
  {
    ...FLAT_KINDS.immoveable,
    check: (b) => fieldsOnly(parseBody(hibahDraftImmoveableSchema, { ...ours(b), shares: [] }) as Body),
    attachable: 'AmendmentHibahProperty',
    hibahAttachable: 'HibahProperty',
    reply: (r, h) => ({ ...r, immoveable_type: 'Hibah', immoveable_id: h, hibah_id: h }),
  },
];
const isProperty = (k: PartKind) => isPropertySection(k.section);

/** The route-level hooks of parts E–G, keyed `METHOD url` without `/api` (see the module comment). */
export function hibahPartHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const hooks: Record<string, Hook> = {};
  /** In a 2021 session, the open (0) amendment whose draft holds row `id` and the caller may edit, or null. */
  const readable = async (req: FastifyRequest, k: PartKind, id: string) => {
    if (req.sessionContract !== '2021') return null;
    const user = requireUser(req);
    const a = await hibahDraftOfRow(db, user, [k.section], id, [0]);
    return a && mayEdit(user, a) ? a : null;
  };
  /** Attachments of a row: the draft's, then the hibah row's (a person's side replaced by the draft's). */
  const attachmentsOf = async (k: PartKind, rowId: string) => {
    const rows = await db
      .select()
      .from(attachments)
      .where(
        and(
          inArray(attachments.attachable_type, [k.attachable, k.hibahAttachable]),
          eq(attachments.attachable_id, rowId),
        ),
      )
      .orderBy(attachments.created_at);
    const drafted = new Set(rows.filter((r) => r.attachable_type === k.attachable).map((r) => r.type));
    return rows.filter((r) => r.attachable_type === k.attachable || isProperty(k) || !drafted.has(r.type));
  };
  const images = async (k: PartKind, rowId: string) =>
    isProperty(k) ? {} : mykadImages(await attachmentsOf(k, rowId));
  const rowReply = (k: PartKind, a: Amendment, row: Body) => ({
    ...k.reply(row, a.amendmentable_id),
    ...(isProperty(k) ? { property_receivers: shareRows(a, row, k.section) } : {}),
  });

  for (const k of KINDS) {
    /** Create: a row of the draft → 201 `{ <one> }`. */
    hooks[`POST /${k.path}`] = async (req, reply) => {
      const b = req.body;
      if (!isObject(b) || b[k.ownerType] !== 'Hibah' || blank(b[k.ownerId])) return;
      const open = await draftOfHibah(db, requireUser(req), String(b[k.ownerId]));
      if (!open) return;
      const row: Body = { ...k.check(carried(b)), id: newId() };
      if (isProperty(k)) row.shares = [];
      const after = await changeHibahDraft(db, actorOf(req), open.id, (a) => ({
        [k.section]: [...rowsOf(a, k.section), row],
      }));
      return reply
        .status(201)
        .send({ [k.one]: k.reply(rowIn(after, k.section, String(row.id)), open.amendmentable_id) });
    };
    /** Change: the carried keys merged into the draft row, the whole checked → `{ <one> }`. */
    const update: Hook = async (req, reply) => {
      const open = await editedHibahDraftOfRow(db, requireUser(req), [k.section], idOf(req));
      if (!open) return;
      const b = isObject(req.body) ? carried(req.body) : {};
      const after = await changeHibahDraft(db, actorOf(req), open.id, (a) => {
        const current = rowIn(a, k.section, idOf(req));
        const next: Body = { ...current, ...k.check({ ...current, ...b }), id: current.id };
        return { [k.section]: rowsOf(a, k.section).map((r) => (r.id === current.id ? next : r)) };
      });
      return reply.send({ [k.one]: k.reply(rowIn(after, k.section, idOf(req)), open.amendmentable_id) });
    };
    hooks[`PATCH /${k.path}/:id`] = update;
    hooks[`PUT /${k.path}/:id`] = update;
    /** Remove the draft row (a receiver's shares and caretaker link go with it, hibah.ts) → `{ message }`. */
    hooks[`DELETE /${k.path}/:id`] = async (req, reply) => {
      const open = await editedHibahDraftOfRow(db, requireUser(req), [k.section], idOf(req));
      if (!open) return;
      await changeHibahDraft(db, actorOf(req), open.id, (a) => {
        const gone = rowIn(a, k.section, idOf(req)).id;
        return { [k.section]: rowsOf(a, k.section).filter((r) => r.id !== gone) };
      });
      return reply.send({ message: translate('hibah.deleted', req.lang) });
    };

    // Reads in a 2021 session of whoever may edit the open draft: the draft's rows.
    hooks[`GET /hibah/:id/${k.path}`] = async (req, reply) => {
      if (req.sessionContract !== '2021') return;
      const user = requireUser(req);
      const open = await draftOfHibah(db, user, idOf(req));
      if (!open || !mayEdit(user, open)) return;
      return reply.send({ [k.many]: allPage(rowsOf(open, k.section).map((r) => rowReply(k, open, r))) });
    };
    hooks[`GET /${k.path}/:id`] = async (req, reply) => {
      const open = await readable(req, k, idOf(req));
      if (!open) return;
      const row = rowIn(open, k.section, idOf(req));
      return reply.send({ [k.one]: { ...rowReply(k, open, row), ...(await images(k, String(row.id))) } });
    };
    hooks[`GET /${k.path}/:id/document`] = async (req, reply) => {
      const open = await readable(req, k, idOf(req));
      if (!open) return;
      return reply.send(documentsReply(k.section, await attachmentsOf(k, idOf(req))));
    };
    /** MyKad front/back of a draft person (replacing that side), a draft property's document → 201 `{ attachment }`. */
    hooks[`POST /${k.path}/:id/document`] = draftRowUploadHook(ctx, 'Hibah', k);
  }
  for (const k of KINDS.filter(isProperty)) {
    /** A draft property's receivers (shares) in a 2021 session → `{ receivers: page, <one> }`. */
    hooks[`GET /${k.path}/:id/receiver`] = async (req, reply) => {
      const open = await readable(req, k, idOf(req));
      if (!open) return;
      const p = rowIn(open, k.section, idOf(req));
      return reply.send({ receivers: allPage(shareRows(open, p, k.section)), [k.one]: rowReply(k, open, p) });
    };
  }
  return { ...hooks, ...hibahShareHooks(ctx) };
}

/** Attachments of draft rows: readable by whoever sees a hibah amendment whose draft holds the row. */
function registerReaders() {
  registerDraftRowReaders('Hibah', [
    ['AmendmentHibahReceiver', ['receivers']],
    ['AmendmentHibahCaretaker', ['caretakers']],
    ['AmendmentHibahProperty', ['moveables', 'immoveables']],
  ]);
}

/**
 * Attach {@link hibahPartHooks} as route-level `preValidation` hooks (after the guard's permission check, ADR
 * 0107) to the flat and hibah routes as they are declared. Call on the `/api` instance BEFORE `hibahOnFlatRoutes`
 * (modules.ts), so a call on an amended hibah's rows reaches the draft before the hibah's own flat hooks, which
 * refuse a registered hibah's rows; anything these hooks leave goes on to them unchanged.
 */
export function hibahAmendmentPartsOnFlatRoutes(api: FastifyInstance, ctx: Ctx) {
  registerReaders();
  attachPreValidation(api, hibahPartHooks(ctx));
}
