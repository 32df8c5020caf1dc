/**
 * People of a will (reference §2.5; docs/api/wills.md): heirs (part d), receivers and guardians
 * (caretakers) of a comprehensive will (part e) — as owned rows (owned.ts) — and bequests (part e).
 * Witnesses: witnesses.ts.
 */
import { portionsExceedWhole, V, W } from '@wasiat/domain';
import { and, eq, ne } from 'drizzle-orm';
import type { AuthUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { bequests, caretakers, heirs, property_receivers, receivers, wills } from '../db/schema/index.ts';
import { fieldError, notFound } from '../http/errors.ts';
import type { OwnedKind } from './owned.ts';
import { willScope } from './policy.ts';
import { findVisibleWill } from './queries.ts';
import { type Actor, audit, type Conn, editableWill, markPartDone, preferenceOf } from './service.ts';

/** Heirs (part d). */
export const HEIR: OwnedKind = {
  table: heirs,
  typeCol: 'heirable_type',
  idCol: 'heirable_id',
  entity: 'Heir',
  part: 'd',
};
/** Receivers of property (part e; preference `allow_property`, limit `total_receivers`). */
export const RECEIVER: OwnedKind = {
  table: receivers,
  typeCol: 'receivable_type',
  idCol: 'receivable_id',
  entity: 'Receiver',
  part: 'e',
  allow: { flag: 'allow_property', key: W.propertyNotAllowed, limit: 'total_receivers' },
  onDelete: async (db, id) => {
    await db.delete(property_receivers).where(eq(property_receivers.receiver_id, id));
  },
};
/** Guardians of minor children (part e; preference `allow_guardians`, limit `total_caretakers`). */
export const CARETAKER: OwnedKind = {
  table: caretakers,
  typeCol: 'caretakerable_type',
  idCol: 'caretakerable_id',
  entity: 'Caretaker',
  part: 'e',
  allow: { flag: 'allow_guardians', key: W.guardiansNotAllowed, limit: 'total_caretakers' },
};

// ---------------------------------------------------------------- bequests

export interface BequestFields {
  beneficiary_name: string;
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
 * The bequests' portions together may not exceed the whole estate (docs/api/wills.md; the one-third
 * rule comes with issue 9): 422 `validation.share_total_over` on `portion`. The will row is locked by
 * the caller, so concurrent saves are serialised.
 */
async function checkBequestTotal(tx: Conn, willId: string, portion: string, exceptId?: string) {
  const others = await tx
    .select({ portion: bequests.portion })
    .from(bequests)
    .where(and(eq(bequests.wasiat_id, willId), exceptId ? ne(bequests.id, exceptId) : undefined));
  if (portionsExceedWhole([...others.map((o) => o.portion), portion])) {
    throw fieldError('portion', V.shareTotalOver);
  }
}

const bequestValues = (f: BequestFields) => ({
  beneficiary_name: f.beneficiary_name,
  ic_number: f.ic_number ?? null,
  relationship: f.relationship ?? null,
  purpose: f.purpose ?? null,
  portion: f.portion.replace(/\s+/g, ''),
});

/** Add a bequest (part e; preference `allow_beneficiaries`, 422 `wills.beneficiaries_not_allowed`). */
export async function createBequest(db: Db, actor: Actor, willId: string, f: BequestFields) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'e', true);
    const pref = await preferenceOf(tx, will.organization_id);
    if (pref && !pref.allow_beneficiaries) throw fieldError('_', W.beneficiariesNotAllowed);
    await checkBequestTotal(tx, will.id, f.portion);
    const [row] = await tx
      .insert(bequests)
      .values({ wasiat_id: will.id, ...bequestValues(f) })
      .returning();
    await markPartDone(tx, will.id, 'e');
    await audit(tx, actor, 'bequest.create', { type: 'Bequest', id: row.id }, null, row);
    return row;
  });
}

/** Update a bequest; the total rule counts the other bequests. */
export async function updateBequest(db: Db, actor: Actor, id: string, f: BequestFields) {
  return db.transaction(async (tx) => {
    const { row: before, will } = await findBequest(tx, actor.user, id);
    await editableWill(tx, actor.user, will.id, 'e', true);
    await checkBequestTotal(tx, will.id, f.portion, id);
    const [after] = await tx.update(bequests).set(bequestValues(f)).where(eq(bequests.id, id)).returning();
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
