/**
 * People of a will (reference §2.5; docs/api/wills.md): heirs (part d), receivers and guardians
 * (caretakers) of a comprehensive will (part e) — as owned rows (owned.ts) — and bequests (part e).
 * Witnesses: witnesses.ts.
 */
import { portionsExceedWhole, rowOffer, V, W } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bequests, caretakers, heirs, property_receivers, receivers, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError, notFound } from '../../platform/http/errors.ts';
import { institutionOfBequest, NO_INSTITUTION } from '../institutions/index.ts';
import { assertWithinOneThird } from './one-third.ts';
import type { OwnedKind } from './owned.ts';
import { willScope } from './policy.ts';
import { assertDeclaredSpousesKept } from './property-service.ts';
import { findVisibleWill } from './queries.ts';
import { type Actor, audit, type Conn, editableWill, markPartDone, preferenceOf } from './service.ts';

/** Heirs (part d). An heir named as a harta sepencarian spouse stays a husband or wife and is not deleted (ADR 0286). */
export const HEIR: OwnedKind = {
  table: heirs,
  typeCol: 'heirable_type',
  idCol: 'heirable_id',
  entity: 'Heir',
  part: 'd',
  onDelete: (db, id) => assertDeclaredSpousesKept(db, { heirId: id }),
  afterSave: (db, willId) => assertDeclaredSpousesKept(db, { willId }),
};
/** Receivers of property (part e; preference `allow_property`, limit `total_receivers`). */
export const RECEIVER: OwnedKind = {
  table: receivers,
  typeCol: 'receivable_type',
  idCol: 'receivable_id',
  entity: 'Receiver',
  part: 'e',
  allow: { row: 'receiver', key: W.propertyNotAllowed },
  onDelete: async (db, id) => {
    await db.delete(property_receivers).where(eq(property_receivers.receiver_id, id));
  },
  // A receiver's MyKad or relationship decides whether their shares are to an heir or to a non-heir (ADR 0257).
  afterSave: (db, willId) => assertWithinOneThird(db, willId, 'relationship'),
};
/** Guardians of minor children (part e; preference `allow_guardians`, limit `total_caretakers`). */
export const CARETAKER: OwnedKind = {
  table: caretakers,
  typeCol: 'caretakerable_type',
  idCol: 'caretakerable_id',
  entity: 'Caretaker',
  part: 'e',
  allow: { row: 'caretaker', key: W.guardiansNotAllowed },
};

// ---------------------------------------------------------------- bequests

export interface BequestFields {
  beneficiary_name: string;
  /** An institution of the staff's list (issue 41 item 7; ADR 0268); see {@link bequestValues}. */
  institution_id?: string;
  ic_number?: string;
  relationship?: string;
  purpose?: string;
  portion: string;
}

/** The bequests of a visible will. */
export async function listBequests(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  return db.select().from(bequests).where(eq(bequests.wasiat_id, will.id)).orderBy(bequests.created_at);
}

/** One bequest whose will the caller may see (404 otherwise), with that will. */
export async function findBequest(db: Conn, user: AuthUser, id: string) {
  const [hit] = await db
    .select({ row: bequests, will: wills })
    .from(bequests)
    .innerJoin(wills, eq(wills.id, bequests.wasiat_id))
    .where(and(eq(bequests.id, id), willScope(user)));
  if (!hit) throw notFound();
  return hit;
}

/**
 * The first rule of a bequest being saved (the will row is locked by the caller, so concurrent saves are
 * serialised): the bequests' portions together may not exceed the whole estate (422 `validation.share_total_over`
 * on `portion`). The one-third rule is checked on the will as saved, in the same transaction (one-third.ts
 * `assertWithinOneThird`; 422 `wills.one_third_exceeded` on `portion` with the figures; ADR 0257): every bequest
 * to a non-heir, property shares included, at most one third of the net estate (Enakmen Wasiat Orang Islam
 * (Selangor) 1999 s.26(1)). A bequest to an heir is allowed: it takes effect only with the other heirs' consent
 * after the death (s.26(2)), which the will says (heir-bequests.ts; the testator acknowledges it, ADR 0155).
 */
async function checkBequestTotal(tx: Conn, willId: string, f: BequestFields, exceptId?: string) {
  const all = await tx
    .select({ id: bequests.id, portion: bequests.portion })
    .from(bequests)
    .where(eq(bequests.wasiat_id, willId));
  const others = all.filter((o) => o.id !== exceptId);
  if (portionsExceedWhole([...others.map((o) => o.portion), f.portion])) {
    throw fieldError('portion', V.shareTotalOver);
  }
}

/**
 * The columns of a bequest being saved. A bequest to an institution (issue 41 item 7; ADR 0268; institutions
 * module `institutionOfBequest`: an active institution of the list, or the one the bequest already names) takes
 * the institution's name, kind and registration, and has no MyKad or relationship: it is a bequest to a non-heir,
 * counted within one third like every other. 422 `institutions.not_available` on `institution_id` otherwise.
 */
async function bequestValues(tx: Conn, f: BequestFields, before?: typeof bequests.$inferSelect) {
  const person = {
    beneficiary_name: f.beneficiary_name,
    ic_number: f.ic_number ?? null,
    relationship: f.relationship ?? null,
  };
  const inst = await institutionOfBequest(tx, 'institution_id', f, before);
  return {
    ...(inst ?? { ...person, ...NO_INSTITUTION }),
    purpose: f.purpose ?? null,
    portion: f.portion.replace(/\s+/g, ''),
  };
}

/**
 * Add a bequest (part e; preference `allow_beneficiaries`, 422 `wills.beneficiaries_not_allowed`; the
 * rules of {@link checkBequestTotal}, then the one-third rule).
 */
export async function createBequest(db: Db, actor: Actor, willId: string, f: BequestFields) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'e', true);
    const pref = await preferenceOf(tx, will.organization_id);
    if (!rowOffer('wasiat', 'bequest', pref, 0).allowed) throw fieldError('_', W.beneficiariesNotAllowed);
    await checkBequestTotal(tx, will.id, f);
    const [row] = await tx
      .insert(bequests)
      .values({ wasiat_id: will.id, ...(await bequestValues(tx, f)) })
      .returning();
    await assertWithinOneThird(tx, will.id, 'portion');
    await markPartDone(tx, will.id, 'e');
    await audit(tx, actor, 'bequest.create', { type: 'Bequest', id: row.id }, null, row);
    return row;
  });
}

/** Update a bequest; the rules of {@link checkBequestTotal} and the one-third rule count it with its new values. */
export async function updateBequest(db: Db, actor: Actor, id: string, f: BequestFields) {
  return db.transaction(async (tx) => {
    const { row: before, will } = await findBequest(tx, actor.user, id);
    const locked = await editableWill(tx, actor.user, will.id, 'e', true);
    await checkBequestTotal(tx, locked.id, f, id);
    const [after] = await tx
      .update(bequests)
      .set(await bequestValues(tx, f, before))
      .where(eq(bequests.id, id))
      .returning();
    await assertWithinOneThird(tx, locked.id, 'portion');
    await audit(tx, actor, 'bequest.update', { type: 'Bequest', id }, before, after);
    return after;
  });
}

/** Delete a bequest. */
export async function deleteBequest(db: Db, actor: Actor, id: string) {
  await db.transaction(async (tx) => {
    const { row: before, will } = await findBequest(tx, actor.user, id);
    await editableWill(tx, actor.user, will.id, 'e', true);
    await tx.delete(bequests).where(eq(bequests.id, id));
    await audit(tx, actor, 'bequest.delete', { type: 'Bequest', id }, before, null);
  });
}
