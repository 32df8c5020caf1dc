/**
 * The draft rows behind the 2021 client's flat calls of amendment parts C–E (ADR 0179; original-parts.ts,
 * original-shares.ts): which open amendment a will or a row id leads to (scoped by policy.ts, 404 outside it),
 * a draft section's rows, and the shares of a draft property as that client reads them (`<property id>.<receiver
 * id>` ids, see original-parts.ts).
 */
import { AM, OPEN_AMENDMENT_STATUSES, portionsExceedWhole, V, W, WILL_STATUS } from '@wasiat/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { jsonbCanHold } from '../db/jsonb.ts';
import { amendments } from '../db/schema/index.ts';
import { fieldError, notFound } from '../http/errors.ts';
import { findVisibleWill } from '../wills/queries.ts';
import type { Share, WillContent } from './content.ts';
import { amendmentScope, assertCanEditDraft } from './policy.ts';
import type { Amendment } from './service.ts';

/** A JSON body or draft row. */
export type Body = Record<string, unknown>;
/** A route-level hook: answers (and ends the request) or returns nothing to let the route go on. */
export type Hook = (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
/** The draft sections parts C–E edit (content.ts). */
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

/** Whether `user` may edit amendment `a`'s draft (policy.ts `assertCanEditDraft`). */
export function mayEdit(user: AuthUser, a: Amendment) {
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
export async function draftOfWill(db: Db, user: AuthUser, willId: string, statuses: readonly number[] = [0]) {
  const w = await findVisibleWill(db, user, willId);
  if (w.status !== WILL_STATUS.registered) return null;
  return amendmentOfWill(db, user, w.id, statuses);
}

/**
 * The will amendment `user` sees, in one of `statuses`, whose draft `section` holds a row `rowId`, or null.
 * (`section` is one of the four fixed names, never input.)
 */
export async function draftOfRow(
  db: Db,
  user: AuthUser | null,
  sections: Section[],
  rowId: string,
  statuses = OPEN_AMENDMENT_STATUSES,
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
export async function editedDraftOfRow(db: Db, user: AuthUser, sections: Section[], rowId: string) {
  const a = await draftOfRow(db, user, sections, rowId);
  if (!a && (await draftOfRow(db, null, sections, rowId))) throw notFound();
  return a;
}

/** A will amendment's draft. */
export const draftOf = (a: Amendment) => a.draft as WillContent;
/** The rows of section `s` of `a`'s draft (an empty list when absent). */
export const rowsOf = (a: Amendment, s: Section) => (draftOf(a)[s] ?? []) as Body[];

/** Row `id` of section `s` of the locked draft, or 404 (it left the draft meanwhile). */
export function rowIn(a: Amendment, s: Section, id: string) {
  const row = rowsOf(a, s).find((r) => r.id === id);
  if (!row) throw notFound();
  return row;
}

/** A draft share's id: `<property id>.<receiver id>` (ids are base64url, never holding a dot). */
export const shareId = (propertyId: string, receiverId: string) => `${propertyId}.${receiverId}`;
/** The property and receiver ids of a share id, or null when `id` is not one. */
export const splitShareId = (id: string) => {
  const i = id.indexOf('.');
  return i > 0 ? { propertyId: id.slice(0, i), receiverId: id.slice(i + 1) } : null;
};

/** A property's shares as the 2021 client reads them: `{ id, portion, receiver_id, receiver { … } }`. */
export function shareRows(a: Amendment, property: Body, type: string) {
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
export function checkNewShare(
  a: Amendment,
  s: Section,
  property: Body,
  receiverId: string,
  portion: string,
  except?: string,
) {
  if (!rowsOf(a, 'receivers').some((r) => r.id === receiverId)) throw fieldError('receiver_id', W.receiverInvalid);
  const others = ((property.shares ?? []) as Share[]).filter((x) => x.receiver_id !== except);
  if (others.some((x) => x.receiver_id === receiverId)) throw fieldError('receiver_id', W.receiverDuplicate);
  if (s === 'moveables' && property.property_type === 'vehicle' && others.length > 0) {
    throw fieldError('receiver_id', AM.vehicleOneReceiver);
  }
  if (portionsExceedWhole([...others.map((x) => x.portion), portion])) throw fieldError('portion', V.shareTotalOver);
}
/** The 2021 `propertyable_type` of a draft section. */
export const typeOf = (s: Section) => (s === 'immoveables' ? 'ImmoveableProperty' : 'MoveableProperty');
