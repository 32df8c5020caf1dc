/**
 * Rows owned by a will through a polymorphic pair (`<x>able_type = "Wasiat"`, `<x>able_id`; reference
 * §4.7): heirs, receivers, caretakers, movable and immovable property. One implementation of list /
 * find / create / update / delete for all of them, so each gets the same rules:
 *
 * - reads go through the will's scope (a row of a will the caller may not see is a 404);
 * - changes go through `editableWill` (403 / 422 `wills.not_editable` / `wills.part_locked`), run in
 *   one transaction with an audit event, and mark the kind's part done;
 * - organisation preferences are enforced on the server (spec §6 "Organisation preferences control …
 *   adding property, guardians or beneficiaries"): 422 `wills.*_not_allowed` on `_`, and the
 *   preference's `total_*` limit (422 `wills.limit_reached`).
 */
import type { OfferedRow, WillPart } from '@wasiat/domain';
import { rowOffer } from '@wasiat/domain';
import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { toPage } from '../../platform/http/pagination.ts';
import { willScope } from './policy.ts';
import { findVisibleWill, type WillRow } from './queries.ts';
import { type Actor, audit, type Conn, editableWill, markPartDone, preferenceOf } from './service.ts';

/** A kind of row owned by a will. */
export interface OwnedKind {
  /** The drizzle table; it has `id`, `created_at` and the two owner columns. */
  table: any;
  typeCol: string;
  idCol: string;
  /** Audit entity type; its actions `<entity>.create|update|delete` are catalogued (ADR 0159). */
  entity: 'Heir' | 'Receiver' | 'Caretaker' | 'MoveableProperty' | 'ImmoveableProperty';
  part: WillPart;
  /** The row of the domain's offer table (`OFFER_RULES.wasiat`: its preference flag and count limit) and the
   * message key when the flag is off. */
  allow?: { row: OfferedRow; key: string };
  /** How many rows count against the limit (default: this kind's rows of the will). */
  count?: (db: Conn, willId: string) => Promise<number>;
  /** Run before a row is deleted (e.g. remove its property shares). */
  onDelete?: (db: Conn, id: string) => Promise<void>;
  /** Run after a row is created or updated, in the same transaction, with the row as it was (`before`, null on a
   * create) and as saved (`after`); a throw rolls the change back (e.g. the one-third rule after a property's value
   * changed, ADR 0257, or its harta sepencarian declaration, ADR 0290). */
  afterSave?: (db: Conn, willId: string, before: AnyRow | null, after: AnyRow) => Promise<void>;
  /**
   * Run before a row is created or updated, in the same transaction: the values to store (e.g. a property's
   * harta sepencarian spouse copied from the will's heir, ADR 0286); a throw (422) refuses the change.
   */
  prepare?: (db: Conn, willId: string, values: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/** A list as the paginated envelope `{ data, current_page, per_page, total, last_page }` (one page). */
export const allPage = <T>(rows: T[]) =>
  toPage(rows, rows.length, { per_page: Math.max(rows.length, 15), current_page: 1 });

type AnyRow = Record<string, any> & { id: string };

/** Number of rows of `kind` owned by a will. */
export async function ownedCount(db: Conn, kind: OwnedKind, willId: string) {
  const tb = kind.table;
  const [{ n }] = await db
    .select({ n: count() })
    .from(tb)
    .where(and(eq(tb[kind.typeCol], 'Wasiat'), eq(tb[kind.idCol], willId)));
  return Number(n);
}

/** How many rows count against `kind`'s limit (its own count, else its rows of the will). */
export const kindCount = (db: Conn, kind: OwnedKind, willId: string) =>
  kind.count ? kind.count(db, willId) : ownedCount(db, kind, willId);

/** Check the organisation's preference flag and count limit for adding one more of `kind`. */
async function checkPreference(db: Conn, kind: OwnedKind, will: WillRow) {
  if (!kind.allow) return;
  const pref = await preferenceOf(db, will.organization_id);
  if (!pref) return;
  const { row } = kind.allow;
  if (!rowOffer('wasiat', row, pref, 0).allowed) throw fieldError('_', kind.allow.key);
  const n = await kindCount(db, kind, will.id);
  const offer = rowOffer('wasiat', row, pref, n);
  if (offer.full) throw fieldError('_', `instrument_offer.full.${row}`, { limit: offer.limit ?? 0 });
}

/** The rows of `kind` of a visible will, oldest first. */
export async function listOwned(db: Db, user: AuthUser, kind: OwnedKind, willId: string): Promise<AnyRow[]> {
  const will = await findVisibleWill(db, user, willId);
  const tb = kind.table;
  return db
    .select()
    .from(tb)
    .where(and(eq(tb[kind.typeCol], 'Wasiat'), eq(tb[kind.idCol], will.id)))
    .orderBy(tb.created_at) as unknown as Promise<AnyRow[]>;
}

/** One row of `kind` whose will the caller may see (404 otherwise), with that will. */
export async function findOwned(db: Conn, user: AuthUser, kind: OwnedKind, id: string) {
  const tb = kind.table;
  const [hit] = await db
    .select({ row: tb, will: wills })
    .from(tb)
    .innerJoin(wills, and(eq(wills.id, tb[kind.idCol]), eq(tb[kind.typeCol], 'Wasiat')))
    .where(and(eq(tb.id, id), willScope(user)));
  if (!hit) throw notFound();
  return hit as { row: AnyRow; will: WillRow };
}

/** Add a row of `kind` to will `willId` (owner columns are set here); marks the kind's part done. */
export async function createOwned(db: Db, actor: Actor, kind: OwnedKind, willId: string, values: object) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, kind.part, true);
    await checkPreference(tx, kind, will);
    const prepared = kind.prepare ? await kind.prepare(tx, will.id, values as Record<string, unknown>) : values;
    const [row] = (await tx
      .insert(kind.table)
      .values({ ...prepared, [kind.typeCol]: 'Wasiat', [kind.idCol]: will.id })
      .returning()) as AnyRow[];
    await kind.afterSave?.(tx, will.id, null, row);
    await markPartDone(tx, will.id, kind.part);
    await audit(tx, actor, `${kind.entity}.create`, { type: kind.entity, id: row.id }, null, row);
    return row;
  });
}

/** Update a row of `kind` with the form's fields (absent optional fields become null; the owner stays). */
export async function updateOwned(db: Db, actor: Actor, kind: OwnedKind, id: string, values: object) {
  return db.transaction(async (tx) => {
    const { row: before, will } = await findOwned(tx, actor.user, kind, id);
    await editableWill(tx, actor.user, will.id, kind.part, true);
    const prepared = kind.prepare ? await kind.prepare(tx, will.id, values as Record<string, unknown>) : values;
    const clean = Object.fromEntries(
      Object.entries(prepared)
        .filter(([k]) => k !== kind.typeCol && k !== kind.idCol)
        .map(([k, v]) => [k, v ?? null]),
    );
    const [after] = (await tx.update(kind.table).set(clean).where(eq(kind.table.id, id)).returning()) as AnyRow[];
    await kind.afterSave?.(tx, will.id, before, after);
    await markPartDone(tx, will.id, kind.part);
    await audit(tx, actor, `${kind.entity}.update`, { type: kind.entity, id }, before, after);
    return after;
  });
}

/** Delete a row of `kind` (after its `onDelete` clean-up). */
export async function deleteOwned(db: Db, actor: Actor, kind: OwnedKind, id: string) {
  await db.transaction(async (tx) => {
    const { row: before, will } = await findOwned(tx, actor.user, kind, id);
    await editableWill(tx, actor.user, will.id, kind.part, true);
    await kind.onDelete?.(tx, id);
    await tx.delete(kind.table).where(eq(kind.table.id, id));
    await audit(tx, actor, `${kind.entity}.delete`, { type: kind.entity, id }, before, null);
  });
}
