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
 */ import {
  caretakerFieldsSchema,
  immoveableFieldsSchema,
  moveableFieldsSchema,
  OPEN_AMENDMENT_STATUSES,
  receiverFieldsSchema,
  translate,
} from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../../context.ts';
import { newId } from '../../../db/schema/_common.ts';
import { attachments } from '../../../db/schema/index.ts';
import type { Share } from '../../../modules/amendments/index.ts';
import { changeDraft } from '../../../modules/amendments/index.ts';
import { requireUser } from '../../../modules/auth/index.ts';
import { actorOf, allPage, parseBody } from '../../../modules/wills/index.ts';
import {
  type Body,
  blank,
  carried,
  draftOfRow,
  draftOfWill,
  editedDraftOfRow,
  type Hook,
  idOf,
  isObject,
  mayEdit,
  rowIn,
  rowsOf,
  shareRows,
} from './draft-rows.ts';
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
import { shareHooks } from './original-shares.ts';

export { amendmentOfWill } from './draft-rows.ts';

/** One kind of the will's rows: the flat paths' names (original-draft-hooks.ts) and the will's own rules. */
interface PartKind extends FlatKind {
  /** The whole row (current ∪ carried 2021 keys) checked with our rule → the fields kept in the draft. */
  check: (b: Body) => Body;
  /** Attachable type of the row's MyKad images or documents. */
  attachable: string;
  /** The row as answered, with the 2021 owner keys (and 2021 key spellings) beside ours. */
  reply: (row: Body, willId: string) => Body;
}

/**
 * 2021 key spellings → ours: `address_1` (caretaker form), a bank asset's `bank_type`/`bank_account_no`
 * (original-draft-hooks.ts `ourSpellings`), and `city_type` trimmed and lower-cased (the will's own).
 */
function ours(b: Body): Body {
  const o = ourSpellings(b);
  if (typeof o.city_type === 'string') o.city_type = o.city_type.trim().toLowerCase();
  return o;
}

const KINDS: PartKind[] = [
  {
    ...FLAT_KINDS.receiver,
    check: (b) => parseBody(receiverFieldsSchema, ours(b)) as Body,
    attachable: 'AmendmentReceiver',
    reply: (r, w) => ({ ...r, receivable_type: 'Wasiat', receivable_id: w, wasiat_id: w }),
  },
  {
    ...FLAT_KINDS.caretaker,
    check: (b) => parseBody(caretakerFieldsSchema, ours(b)) as Body,
    attachable: 'AmendmentCaretaker',
    reply: (r, w) => ({ ...r, address_1: r.address, caretakerable_type: 'Wasiat', caretakerable_id: w, wasiat_id: w }),
  },
  {
    ...FLAT_KINDS.moveable,
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
    ...FLAT_KINDS.immoveable,
    check: (b) => parseBody(immoveableFieldsSchema, ours(b)) as Body,
    attachable: 'AmendmentProperty',
    reply: (r, w) => ({ ...r, immoveable_type: 'Wasiat', immoveable_id: w }),
  },
];
const kindOf = (path: string) => KINDS.find((k) => k.path === path) as PartKind;

/** The route-level hooks of parts C–E, keyed `METHOD url` (see the module comment). */
export function partHooks(ctx: Ctx): Record<string, Hook> {
  const db = ctx.db;
  const hooks: Record<string, Hook> = {};

  // Attachments of draft rows: readable by whoever sees an amendment whose draft holds the row.
  registerDraftRowReaders('Wasiat', [
    ['AmendmentReceiver', ['receivers']],
    ['AmendmentCaretaker', ['caretakers']],
    ['AmendmentProperty', ['moveables', 'immoveables']],
  ]);

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
      if (req.sessionContract !== '2021') return;
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
      if (req.sessionContract !== '2021') return;
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
      return reply.send(documentsReply(k.section, await attachmentsOf(k, idOf(req))));
    };
    /** Upload: MyKad front/back of a receiver or caretaker (replacing), a property's document. 201 `{ attachment }`. */
    hooks[`POST /${k.path}/:id/document`] = draftRowUploadHook(ctx, 'Wasiat', k);
  }

  /** Attachments of a draft row, oldest first. */
  const attachmentsOf = (k: PartKind, rowId: string) =>
    db
      .select()
      .from(attachments)
      .where(and(eq(attachments.attachable_type, k.attachable), eq(attachments.attachable_id, rowId)))
      .orderBy(attachments.created_at);
  /** A person row's MyKad images as the 2021 client reads them (`mykad_front`, `mykad_back`: `{ public_path }`). */
  const images = async (k: PartKind, rowId: string) =>
    isPropertySection(k.section) ? {} : mykadImages(await attachmentsOf(k, rowId));

  // A property's receivers (shares) in a 2021-contract session: `{ receivers: page, <one> }`.
  for (const k of [kindOf('moveable-property'), kindOf('immoveable-property')]) {
    const type = k.section === 'immoveables' ? 'ImmoveableProperty' : 'MoveableProperty';
    hooks[`GET /${k.path}/:id/receiver`] = async (req, reply) => {
      if (req.sessionContract !== '2021') return;
      const user = requireUser(req);
      const open = await draftOfRow(db, user, [k.section], idOf(req));
      if (!open || !mayEdit(user, open)) return;
      const p = rowIn(open, k.section, idOf(req));
      return reply.send({ receivers: allPage(shareRows(open, p, type)), [k.one]: k.reply(p, open.amendmentable_id) });
    };
  }
  return { ...hooks, ...shareHooks(ctx) };
}
