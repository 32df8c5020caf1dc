/**
 * What the 2021 client's flat calls on an amendment's draft have in common, for a will (parts C–E, ADR 0179;
 * draft-rows.ts) and a hibah (parts E–G, ADR 0180 "Parts E–G"; original-hibah-rows.ts): which amendment of an
 * owner or holding a row id a caller sees (scoped by policy.ts, 404 outside it), a draft section's rows, and the
 * shares of a draft property as that client reads them (`<property id>.<receiver id>` ids). The two sides differ
 * only by the amendment's `amendmentable_type` (`Wasiat` | `Hibah`) and the names passed in here.
 */
import { AM, OPEN_AMENDMENT_STATUSES, portionsExceedWhole, V, W } from '@wasiat/domain';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { jsonbCanHold } from '../../../db/jsonb.ts';
import { amendments } from '../../../db/schema/index.ts';
import type { Amendment, Share } from '../../../modules/amendments/index.ts';
import { amendmentScope, assertCanEditDraft } from '../../../modules/amendments/index.ts';
import type { AuthUser } from '../../../modules/auth/index.ts';
import { fieldError, notFound } from '../../../platform/http/errors.ts';
import type { Body } from '../calls.ts';

/** Where an attachment's bytes are read, with the bearer token (ADR 0131; platform/files/uploads.ts). */
export { attachmentPath as publicPath } from '../../../platform/files/uploads.ts';
// A body or draft row, a route hook, the object and blank checks, the `:id` parameter: compat/v2021/calls.ts.
export { type Body, blank, type Hook, idOf, isObject } from '../calls.ts';
/** The draft sections the flat calls edit: a will's parts C–E (content.ts), a hibah's parts E–G (hibah/content.ts). */
export type Section = 'receivers' | 'caretakers' | 'moveables' | 'immoveables';
/** The `amendmentable_type` of a will's (`Wasiat`) or a hibah's (`Hibah`) amendment. */
export type AmendableType = 'Wasiat' | 'Hibah';
/** The keys a body carries (`_method` and undefined left out): a PATCH changes only these. */
export const carried = (b: Body) =>
  Object.fromEntries(Object.entries(b).filter(([k, v]) => k !== '_method' && v !== undefined));
/** Whether `s` is a property section (`moveables`, `immoveables`: rows with shares), not a person's. */
export const isPropertySection = (s: Section) => s === 'moveables' || s === 'immoveables';

/**
 * Whether `user` may edit amendment `a`'s draft (policy.ts `assertCanEditDraft`: a will's owner or staff-side
 * registrar, a hibah's grantor only).
 */
export function mayEdit(user: AuthUser, a: Amendment) {
  try {
    assertCanEditDraft(user, a);
    return true;
  } catch {
    return false;
  }
}

/** The newest amendment (by `created_at`) meeting all of `where` (undefined ones left out), or null. */
async function newestWhere(db: Db, ...where: (SQL | undefined)[]) {
  const [a] = await db
    .select()
    .from(amendments)
    .where(and(...where))
    .orderBy(desc(amendments.created_at))
    .limit(1);
  return a ?? null;
}

/**
 * The newest amendment of `type` of the will or hibah `ownerId` in one of `statuses` (spec §4 amendment statuses
 * 0–5) that `user` sees, or null. The owner's visibility and status are the caller's to check.
 * @see ADR 0163 (a will's part B uses the open one, status 0), ADR 0180.
 */
export async function newestAmendmentOf(
  db: Db,
  user: AuthUser,
  type: AmendableType,
  ownerId: string,
  statuses: readonly number[],
) {
  return newestWhere(
    db,
    eq(amendments.amendmentable_type, type),
    eq(amendments.amendmentable_id, ownerId),
    inArray(amendments.status, [...statuses]),
    amendmentScope(user),
  );
}

/**
 * The newest amendment of `type` in one of `statuses` (default: the open ones, 0 1 3 4) whose draft `sections`
 * hold a row `rowId`, seen by `user` (null: by anyone), or null. (`sections` are the four fixed names, never input.)
 */
export async function amendmentHoldingRow(
  db: Db,
  type: AmendableType,
  user: AuthUser | null,
  sections: Section[],
  rowId: string,
  statuses: readonly number[] = OPEN_AMENDMENT_STATUSES,
) {
  // an id no stored draft can hold is in none (db/jsonb.ts)
  if (!rowId || !jsonbCanHold(rowId)) return null;
  const probe = JSON.stringify([{ id: rowId }]);
  const holds = sections.map((s) => sql`(${amendments.draft} -> ${sql.raw(`'${s}'`)}) @> ${probe}::jsonb`);
  return newestWhere(
    db,
    eq(amendments.amendmentable_type, type),
    inArray(amendments.status, [...statuses]),
    user ? amendmentScope(user) : undefined,
    sql`(${sql.join(holds, sql` or `)})`,
  );
}

/**
 * As {@link amendmentHoldingRow} (open statuses) for a change: a row of a draft the caller does not see is 404 here,
 * before its body is read (ADR 0101, 0107); null when no open draft holds the row (the owner's route answers).
 */
export async function editedAmendmentHoldingRow(
  db: Db,
  type: AmendableType,
  user: AuthUser,
  sections: Section[],
  rowId: string,
) {
  const a = await amendmentHoldingRow(db, type, user, sections, rowId);
  if (!a && (await amendmentHoldingRow(db, type, null, sections, rowId))) throw notFound();
  return a;
}

/** The rows of section `s` of `a`'s draft (an empty list when absent). */
export const rowsOf = (a: Amendment, s: Section) => ((a.draft as Partial<Record<Section, Body[]>>)[s] ?? []) as Body[];

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

/**
 * A draft property's shares as the 2021 client reads them: `{ id, portion, receiver_id, [property_id,]
 * propertyable_type: type, propertyable_id, receiver { id, name, ic_number, relationship } | null }` — the id
 * `<property id>.<receiver id>`, `portion` a fraction string as stored (`"1/2"`), `receiver` the draft's receiver
 * row. `withPropertyId`: the hibah contract also answers `property_id` (ADR 0180); the will's does not (ADR 0179).
 */
export function draftShareRows(a: Amendment, property: Body, type: string, withPropertyId: boolean) {
  const receivers = rowsOf(a, 'receivers');
  return ((property.shares ?? []) as Share[]).map((x) => {
    const r = receivers.find((y) => y.id === x.receiver_id);
    return {
      id: shareId(String(property.id), x.receiver_id),
      portion: x.portion,
      receiver_id: x.receiver_id,
      ...(withPropertyId ? { property_id: property.id } : {}),
      propertyable_type: type,
      propertyable_id: property.id,
      receiver: r ? { id: r.id, name: r.name, ic_number: r.ic_number ?? null, relationship: r.relationship } : null,
    };
  });
}

/** The check of a new share of a draft property, as {@link newShareCheck} makes it. */
export type ShareCheck = (
  a: Amendment,
  s: Section,
  property: Body,
  receiverId: string,
  portion: string,
  except?: string,
) => void;

/**
 * The check of a share of `receiverId` at `portion` (a fraction string) added to draft property `property` of
 * section `s` (`except`: the receiver whose share it replaces), as the owner's own shares are checked (wills,
 * hibah/property.ts, spec §5): the receiver is one of the draft's (422 `receiverInvalid` on `receiver_id`: the will's
 * `wills.…` or the hibah's `hibah.…` key), once per property (`wills.receiver_duplicate`), a vehicle has one
 * receiver (`amendments.vehicle_one_receiver`), the portions within the whole (`validation.…` on `portion`).
 */
export function newShareCheck(receiverInvalid: string): ShareCheck {
  return (a, s, property, receiverId, portion, except) => {
    if (!rowsOf(a, 'receivers').some((r) => r.id === receiverId)) throw fieldError('receiver_id', receiverInvalid);
    const others = ((property.shares ?? []) as Share[]).filter((x) => x.receiver_id !== except);
    if (others.some((x) => x.receiver_id === receiverId)) throw fieldError('receiver_id', W.receiverDuplicate);
    if (s === 'moveables' && property.property_type === 'vehicle' && others.length > 0) {
      throw fieldError('receiver_id', AM.vehicleOneReceiver);
    }
    if (portionsExceedWhole([...others.map((x) => x.portion), portion])) throw fieldError('portion', V.shareTotalOver);
  };
}
