/**
 * Property of a comprehensive will (part e; spec §3 Property; reference §2.6, §3.7): movable and
 * immovable property as owned rows (owned.ts; preference `allow_property`, limit `total_properties`
 * over both kinds together), and who receives what share of each (`property_receivers`).
 *
 * Shares (spec §5): a portion is "25%" or "1/4" (domain `portion()`); the portions of one property
 * may not exceed the whole (domain `portionsExceedWhole`, exact fractions) — 422
 * `validation.share_total_over` on `portion`. The receiver must be a receiver of the same will
 * (422 `wills.receiver_invalid` on `receiver_id`) and appears once per property
 * (`wills.receiver_duplicate`). The will row is locked during a change, so concurrent share saves
 * for one will are serialised and the total rule holds.
 *
 * Value (ADR 0257): a will's property carries its estimated value and the date of the estimate (the bodies require
 * them; domain `moveableSchema`). The one-third rule on bequests to non-heirs counts a share at that value
 * (one-third.ts): a share saved that takes them beyond one third — or gives a property without a value to a
 * non-heir — is refused (422 on `portion` with the figures); so is a value changed that does (422 on `value_sen`).
 *
 * Harta sepencarian (issue 41 item 5; ADR 0286): a property may be declared jointly acquired with the spouse's
 * portion (domain `willMoveablePatchSchema` fields `sepencarian_*`); the spouse picked among the heirs is copied
 * ({@link fillSpouse}). The portion comes out before the bequests and faraid (domain faraid/harta-sepencarian.ts),
 * so the one-third rule runs again on the save: a refusal the declaration causes is 422 on `sepencarian_bp` (on
 * `harta_sepencarian` when it was withdrawn) saying the spouse's portion is deducted first; any other on `value_sen`
 * (ADR 0290). While any property is declared, the will's single amount cannot be changed to a new one
 * ({@link hasDeclaredProperty}, estate-service.ts).
 */
import { portionsExceedWhole, SEPENCARIAN_ERRORS, SPOUSE_RELATIONSHIPS, spouseHeirProblem, V, W } from '@wasiat/domain';
import { and, eq, isNotNull, ne, notInArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  heirs,
  immoveable_properties,
  moveable_properties,
  property_receivers,
  receivers,
  users,
  will_user_details,
  wills,
} from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { assertPropertyWithinOneThird, assertWithinOneThird } from './one-third.ts';
import { findOwned, type OwnedKind, ownedCount } from './owned.ts';
import { type Actor, audit, type Conn, editableWill, markPartDone } from './service.ts';

const deleteShares = async (db: Conn, id: string) => {
  await db.delete(property_receivers).where(eq(property_receivers.propertyable_id, id));
};
/**
 * The one-third rule after a property's value or declaration changed: 422 on `value_sen`, or on the declaration's
 * field when the declaration caused it (one-third.ts `assertPropertyWithinOneThird`; ADR 0290).
 */
const checkValue: OwnedKind['afterSave'] = (db, willId, before, after) =>
  assertPropertyWithinOneThird(db, willId, before, after);
/**
 * A property's harta sepencarian spouse (ADR 0286). Chosen among the will's heirs (`sepencarian_spouse_heir_id`):
 * the heir must be a husband or wife of this will (422 `wills.sepencarian_spouse_heir_invalid` on that field) and,
 * where the testator's gender is recorded (particulars, else account; 1 male, 2 female), the testator's own
 * spouse — a man's wife, a woman's husband (422 `wills.sepencarian_spouse_heir_gender`); their name and MyKad are
 * copied onto the property, so the declaration prints what the heir list said when it was made. Typed instead
 * (`sepencarian_spouse_name` without an heir id): the link to any heir and the MyKad copied with it are cleared,
 * so a row never holds one person's link with another's name.
 */
async function fillSpouse(db: Conn, willId: string, values: Record<string, unknown>) {
  const heirId = values.sepencarian_spouse_heir_id;
  if (typeof heirId !== 'string' || !heirId) {
    if (typeof values.sepencarian_spouse_name === 'string' && values.sepencarian_spouse_name) {
      return {
        ...values,
        sepencarian_spouse_heir_id: null,
        sepencarian_spouse_ic: values.sepencarian_spouse_ic ?? null,
      };
    }
    return values;
  }
  const [h] = await db
    .select({ name: heirs.name, ic_number: heirs.ic_number, relationship: heirs.relationship })
    .from(heirs)
    .where(and(eq(heirs.id, heirId), eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, willId)));
  if (!h) throw fieldError('sepencarian_spouse_heir_id', SEPENCARIAN_ERRORS.spouseHeirInvalid);
  const [t] = await db
    .select({ particulars: will_user_details.gender, account: users.gender })
    .from(wills)
    .innerJoin(users, eq(users.id, wills.user_id))
    .leftJoin(will_user_details, eq(will_user_details.wasiat_id, wills.id))
    .where(eq(wills.id, willId));
  const problem = spouseHeirProblem(h.relationship, t?.particulars ?? t?.account);
  if (problem) throw fieldError('sepencarian_spouse_heir_id', problem);
  return { ...values, sepencarian_spouse_name: h.name, sepencarian_spouse_ic: h.ic_number ?? null };
}

/**
 * Heirs named as the spouse of a harta sepencarian declaration stay husbands or wives (ADR 0286): after an heir of
 * will `willId` is saved, a declaration whose linked heir is no longer a husband or wife refuses the change (422
 * `wills.sepencarian_spouse_heir_in_use` on `relationship`); deleting an heir (`heirId`) named by a declaration is
 * refused on `id`. The declaration would otherwise name as spouse someone who is not. Used by the heirs
 * (people-service.ts `HEIR`).
 */
export async function assertDeclaredSpousesKept(db: Conn, scope: { willId: string } | { heirId: string }) {
  for (const [table, typeCol, idCol] of [
    [immoveable_properties, immoveable_properties.immoveable_type, immoveable_properties.immoveable_id],
    [moveable_properties, moveable_properties.moveable_type, moveable_properties.moveable_id],
  ] as const) {
    const [p] =
      'heirId' in scope
        ? await db
            .select({ id: table.id })
            .from(table)
            .where(eq(table.sepencarian_spouse_heir_id, scope.heirId))
            .limit(1)
        : await db
            .select({ id: table.id })
            .from(table)
            .innerJoin(heirs, eq(heirs.id, table.sepencarian_spouse_heir_id))
            .where(
              and(
                eq(typeCol, 'Wasiat'),
                eq(idCol, scope.willId),
                notInArray(heirs.relationship, [...SPOUSE_RELATIONSHIPS]),
              ),
            )
            .limit(1);
    if (p) throw fieldError('heirId' in scope ? 'id' : 'relationship', SEPENCARIAN_ERRORS.spouseHeirInUse);
  }
}
/**
 * Whether a property of will `willId` is declared harta sepencarian (a portion stored; ADR 0286). While one is, the
 * declared portions replace the will's single amount (estate-service.ts refuses a new one; ADR 0290).
 */
export async function hasDeclaredProperty(db: Conn, willId: string): Promise<boolean> {
  for (const [table, typeCol, idCol] of [
    [immoveable_properties, immoveable_properties.immoveable_type, immoveable_properties.immoveable_id],
    [moveable_properties, moveable_properties.moveable_type, moveable_properties.moveable_id],
  ] as const) {
    const [p] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(typeCol, 'Wasiat'), eq(idCol, willId), isNotNull(table.sepencarian_bp)))
      .limit(1);
    if (p) return true;
  }
  return false;
}
const propertyCount = async (db: Conn, willId: string) =>
  (await ownedCount(db, MOVEABLE, willId)) + (await ownedCount(db, IMMOVEABLE, willId));

/** Movable property (vehicle, shares, insurance, savings, company, bank account). */
export const MOVEABLE: OwnedKind = {
  table: moveable_properties,
  typeCol: 'moveable_type',
  idCol: 'moveable_id',
  entity: 'MoveableProperty',
  part: 'e',
  allow: { row: 'property', key: W.propertyNotAllowed },
  count: (db, willId) => propertyCount(db, willId),
  onDelete: deleteShares,
  afterSave: checkValue,
  prepare: fillSpouse,
};
/** Immovable property (land, building, strata) with its title. */
export const IMMOVEABLE: OwnedKind = {
  table: immoveable_properties,
  typeCol: 'immoveable_type',
  idCol: 'immoveable_id',
  entity: 'ImmoveableProperty',
  part: 'e',
  allow: { row: 'property', key: W.propertyNotAllowed },
  count: (db, willId) => propertyCount(db, willId),
  onDelete: deleteShares,
  afterSave: checkValue,
  prepare: fillSpouse,
};

/** The property kind of a `propertyable_type`. */
export const kindOf = (type: string) => (type === 'ImmoveableProperty' ? IMMOVEABLE : MOVEABLE);

/** The shares of a visible property: `[{ id, portion, receiver_id, …, receiver }]`, oldest first. */
export async function listShares(db: Db, user: AuthUser, kind: OwnedKind, propertyId: string) {
  const { row } = await findOwned(db, user, kind, propertyId);
  const rows = await db
    .select({ pr: property_receivers, receiver: receivers })
    .from(property_receivers)
    .innerJoin(receivers, eq(receivers.id, property_receivers.receiver_id))
    .where(and(eq(property_receivers.propertyable_type, kind.entity), eq(property_receivers.propertyable_id, row.id)))
    .orderBy(property_receivers.created_at);
  return rows.map((r) => ({ ...r.pr, receiver: r.receiver }));
}

/** One share whose property's will the caller may see (404 otherwise), with the property and will. */
export async function findShare(db: Conn, user: AuthUser, id: string) {
  const [pr] = await db.select().from(property_receivers).where(eq(property_receivers.id, id));
  if (!pr) throw notFound();
  const { row: property, will } = await findOwned(db, user, kindOf(pr.propertyable_type), pr.propertyable_id);
  return { pr, property, will };
}

/** Receiver, duplicate and total rules for a share of `propertyId` (see the module comment). */
async function checkShare(
  tx: Conn,
  willId: string,
  propertyId: string,
  receiverId: string,
  portion: string,
  exceptId?: string,
) {
  const [rec] = await tx
    .select({ id: receivers.id })
    .from(receivers)
    .where(
      and(eq(receivers.id, receiverId), eq(receivers.receivable_type, 'Wasiat'), eq(receivers.receivable_id, willId)),
    );
  if (!rec) throw fieldError('receiver_id', W.receiverInvalid);
  const others = await tx
    .select()
    .from(property_receivers)
    .where(
      and(
        eq(property_receivers.propertyable_id, propertyId),
        exceptId ? ne(property_receivers.id, exceptId) : undefined,
      ),
    );
  if (others.some((o) => o.receiver_id === receiverId)) throw fieldError('receiver_id', W.receiverDuplicate);
  if (portionsExceedWhole([...others.map((o) => o.portion), portion])) throw fieldError('portion', V.shareTotalOver);
}

export interface ShareInput {
  receiver_id: string;
  portion: string;
  propertyable_type: 'MoveableProperty' | 'ImmoveableProperty';
  propertyable_id: string;
}

/** Give a receiver a share of a property (`POST /property-receiver`): the new row. */
export async function createShare(db: Db, actor: Actor, input: ShareInput) {
  return db.transaction(async (tx) => {
    const { row: property, will } = await findOwned(
      tx,
      actor.user,
      kindOf(input.propertyable_type),
      input.propertyable_id,
    );
    await editableWill(tx, actor.user, will.id, 'e', true);
    const portion = input.portion.replace(/\s+/g, '');
    await checkShare(tx, will.id, property.id, input.receiver_id, portion);
    const [row] = await tx
      .insert(property_receivers)
      .values({
        receiver_id: input.receiver_id,
        portion,
        propertyable_type: input.propertyable_type,
        propertyable_id: property.id,
      })
      .returning();
    await assertWithinOneThird(tx, will.id, 'portion', true);
    await markPartDone(tx, will.id, 'e');
    await audit(tx, actor, 'PropertyReceiver.create', { type: 'PropertyReceiver', id: row.id }, null, row);
    return row;
  });
}

/** Change a share's portion (and optionally its receiver). */
export async function updateShare(db: Db, actor: Actor, id: string, input: { portion: string; receiver_id?: string }) {
  return db.transaction(async (tx) => {
    const { pr, property, will } = await findShare(tx, actor.user, id);
    await editableWill(tx, actor.user, will.id, 'e', true);
    const portion = input.portion.replace(/\s+/g, '');
    const receiverId = input.receiver_id ?? pr.receiver_id;
    await checkShare(tx, will.id, property.id, receiverId, portion, id);
    const [after] = await tx
      .update(property_receivers)
      .set({ portion, receiver_id: receiverId })
      .where(eq(property_receivers.id, id))
      .returning();
    await assertWithinOneThird(tx, will.id, 'portion', true);
    await audit(tx, actor, 'PropertyReceiver.update', { type: 'PropertyReceiver', id }, pr, after);
    return after;
  });
}

/** Remove a share. */
export async function deleteShare(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const { pr, will } = await findShare(tx, actor.user, id);
    await editableWill(tx, actor.user, will.id, 'e', true);
    await tx.delete(property_receivers).where(eq(property_receivers.id, id));
    await audit(tx, actor, 'PropertyReceiver.delete', { type: 'PropertyReceiver', id }, pr, null);
  });
}
