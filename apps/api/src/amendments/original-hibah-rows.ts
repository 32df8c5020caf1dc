/**
 * The draft rows behind the 2021 client's flat calls of a hibah amendment's parts E–G (issue 20; ADR 0180 "Parts
 * E–G"; original-hibah-parts.ts): which open amendment a hibah or a row id leads to (scoped by policy.ts, 404
 * outside it), the locked change of a draft ({@link changeHibahDraft}), a draft section's rows, and the shares of a
 * draft property as that client reads them (`<property id>.<receiver id>` ids). Written so that a will's
 * counterpart could share it (only the `amendmentable_type` differs).
 */
import {
  AM,
  H,
  HIBAH_STATUS,
  type HibahAmendmentDraftInput,
  OPEN_AMENDMENT_STATUSES,
  portionsExceedWhole,
  V,
  W,
} from '@wasiat/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { jsonbCanHold } from '../db/jsonb.ts';
import { amendments } from '../db/schema/index.ts';
import type { HibahContent, HibahShare } from '../hibah/content.ts';
import { findVisibleHibah } from '../hibah/service.ts';
import { fieldError, notFound } from '../http/errors.ts';
import type { Actor } from '../wills/service.ts';
import { amendmentScope, assertCanEditDraft } from './policy.ts';
import { type Amendment, findVisibleAmendment, saveDraft } from './service.ts';

/** A JSON body or draft row. */
export type Body = Record<string, unknown>;
/** A route-level hook: answers (and ends the request) or returns nothing to let the route go on. */
export type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** The draft sections parts E–G edit (hibah/content.ts). */
export type Section = 'receivers' | 'caretakers' | 'moveables' | 'immoveables';
/** Whether `v` is a plain object. */
export const isObject = (v: unknown): v is Body => !!v && typeof v === 'object' && !Array.isArray(v);
/** The `:id` path parameter. */
export const idOf = (req: FastifyRequest) => (req.params as { id: string }).id;
/** Where an attachment's bytes are read, with the bearer token (ADR 0131). */
export const publicPath = (id: string) => `/api/attachment/${id}/file`;
/** Absent, null or only spaces. */
export const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
/** The keys a body carries (`_method` and undefined left out): a PATCH changes only these. */
export const carried = (b: Body) =>
  Object.fromEntries(Object.entries(b).filter(([k, v]) => k !== '_method' && v !== undefined));

/** Whether `user` may edit amendment `a`'s draft (policy.ts `assertCanEditDraft`: a hibah's grantor only). */
export function mayEdit(user: AuthUser, a: Amendment) {
  try {
    assertCanEditDraft(user, a);
    return true;
  } catch {
    return false;
  }
}

/**
 * The newest amendment at one of `statuses` (default: open, 0) of the visible, REGISTERED hibah `hibahId` that
 * `user` sees, or null (a hibah not registered, or without one). @throws 404 when the hibah is not visible.
 */
export async function draftOfHibah(db: Db, user: AuthUser, hibahId: string, statuses: readonly number[] = [0]) {
  const h = await findVisibleHibah(db, user, hibahId);
  if (h.status !== HIBAH_STATUS.registered) return null;
  const [a] = await db
    .select()
    .from(amendments)
    .where(
      and(
        eq(amendments.amendmentable_type, 'Hibah'),
        eq(amendments.amendmentable_id, h.id),
        inArray(amendments.status, [...statuses]),
        amendmentScope(user),
      ),
    )
    .orderBy(desc(amendments.created_at))
    .limit(1);
  return a ?? null;
}

/**
 * The hibah amendment in one of `statuses` (default: the open ones, 0 1 3 4) whose draft `sections` hold a row
 * `rowId`, seen by `user` (null: by anyone), or null. (`sections` are the four fixed names, never input.)
 */
export async function hibahDraftOfRow(
  db: Db,
  user: AuthUser | null,
  sections: Section[],
  rowId: string,
  statuses: readonly number[] = OPEN_AMENDMENT_STATUSES,
) {
  // an id no stored draft can hold is in none (db/jsonb.ts)
  if (!rowId || !jsonbCanHold(rowId)) return null;
  const probe = JSON.stringify([{ id: rowId }]);
  const holds = sections.map((s) => sql`(${amendments.draft} -> ${sql.raw(`'${s}'`)}) @> ${probe}::jsonb`);
  const [a] = await db
    .select()
    .from(amendments)
    .where(
      and(
        eq(amendments.amendmentable_type, 'Hibah'),
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
 * As {@link hibahDraftOfRow} for a change: a row of a draft the caller does not see is 404 here, before its body is
 * read (ADR 0101, 0107); null when no open draft holds the row (the hibah route answers).
 */
export async function editedHibahDraftOfRow(db: Db, user: AuthUser, sections: Section[], rowId: string) {
  const a = await hibahDraftOfRow(db, user, sections, rowId);
  if (!a && (await hibahDraftOfRow(db, null, sections, rowId))) throw notFound();
  return a;
}

/**
 * `PATCH amendment/{id}/draft` with sections computed from the LOCKED draft: `change` runs inside the transaction
 * after who-may-edit (403 `amendments.grantor_only`) and status 0 (422 `amendments.not_editable` on `_`), so a
 * change of one row never overwrites a concurrent save; the sections then go through {@link saveDraft} in the same
 * transaction (its checks — `nextHibahDraft` — and its `amendment.draft` audit). `change` may throw a 422/404.
 * @returns the amendment after the change.
 */
export async function changeHibahDraft(
  db: Db,
  actor: Actor,
  id: string,
  change: (a: Amendment) => HibahAmendmentDraftInput,
) {
  return db.transaction(async (tx) => {
    const a = await findVisibleAmendment(tx, actor.user, id, true);
    assertCanEditDraft(actor.user, a);
    if (a.status !== 0) throw fieldError('_', AM.notEditable);
    return saveDraft(tx as unknown as Db, actor, id, change(a) as never);
  });
}

/** A hibah amendment's draft. */
export const draftOf = (a: Amendment) => a.draft as HibahContent;
/** The rows of section `s` of `a`'s draft (an empty list when absent). */
export const rowsOf = (a: Amendment, s: Section) => (draftOf(a)[s] ?? []) as Body[];
/** Row `id` of section `s` of the (locked) draft, or 404 (it left the draft meanwhile). */
export function rowIn(a: Amendment, s: Section, id: string) {
  const row = rowsOf(a, s).find((r) => r.id === id);
  if (!row) throw notFound();
  return row;
}

/** A draft share's id: `<property id>.<receiver id>` (ids are base64url, never holding a dot). */
export const shareId = (propertyId: string, receiverId: string) => `${propertyId}.${receiverId}`;
/** The property and receiver ids of a share id, or null when `id` is not one. */
export function splitShareId(id: string) {
  const i = id.indexOf('.');
  return i > 0 ? { propertyId: id.slice(0, i), receiverId: id.slice(i + 1) } : null;
}
/** The 2021 `propertyable_type` of a draft section. */
export const typeOf = (s: Section) => (s === 'immoveables' ? 'ImmoveableProperty' : 'MoveableProperty');

/** A property's shares as the 2021 client reads them: `{ id, portion, receiver_id, receiver { … } }`. */
export function shareRows(a: Amendment, property: Body, s: Section) {
  const receivers = rowsOf(a, 'receivers');
  return ((property.shares ?? []) as HibahShare[]).map((x) => {
    const r = receivers.find((y) => y.id === x.receiver_id);
    return {
      id: shareId(String(property.id), x.receiver_id),
      portion: x.portion,
      receiver_id: x.receiver_id,
      property_id: property.id,
      propertyable_type: typeOf(s),
      propertyable_id: property.id,
      receiver: r ? { id: r.id, name: r.name, ic_number: r.ic_number ?? null, relationship: r.relationship } : null,
    };
  });
}

/**
 * A share of `receiverId` at `portion` added to draft property `property` of section `s` (`except`: the receiver
 * whose share it replaces), checked as the hibah's own shares (hibah/property.ts, spec §5): the receiver is one of
 * the draft's (422 `hibah.receiver_invalid` on `receiver_id`), once per property (`wills.receiver_duplicate`), a
 * vehicle has one receiver (`amendments.vehicle_one_receiver`), the portions within the whole (`portion`).
 */
export function checkNewShare(
  a: Amendment,
  s: Section,
  property: Body,
  receiverId: string,
  portion: string,
  except?: string,
) {
  if (!rowsOf(a, 'receivers').some((r) => r.id === receiverId)) throw fieldError('receiver_id', H.receiverInvalid);
  const others = ((property.shares ?? []) as HibahShare[]).filter((x) => x.receiver_id !== except);
  if (others.some((x) => x.receiver_id === receiverId)) throw fieldError('receiver_id', W.receiverDuplicate);
  if (s === 'moveables' && property.property_type === 'vehicle' && others.length > 0) {
    throw fieldError('receiver_id', AM.vehicleOneReceiver);
  }
  if (portionsExceedWhole([...others.map((x) => x.portion), portion])) throw fieldError('portion', V.shareTotalOver);
}
