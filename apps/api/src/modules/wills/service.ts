/**
 * Rules and transactions of the will wizard (docs/api/wills.md; spec §4, §5; reference §3.1):
 * creating a will (part a), part b (organisation, branch, agent, type, plan → price), part c
 * (testator particulars), part f (verification), the part lock, and the helpers the payments module
 * uses ({@link markPartDone}, {@link computeUnlocked}). Status transitions are in transitions.ts.
 *
 * Every save: the will must be visible (404), the caller may change it (403), its status is 0 or 3
 * (422 `wills.not_editable`), and the part is unlocked (422 `wills.part_locked`, field `_`). A failed
 * save changes nothing (each save is one transaction; other parts' data is never cleared).
 *
 * The actor and audit event, the part lock, part a and part b live in files named by what they hold
 * (actor.ts, part-lock.ts, create-will.ts, part-b.ts); this file holds parts c and f and is the one import path.
 */
import { genderFromMykad, userDetailSchema, W } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { users, will_user_details, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { type Actor, audit } from './actor.ts';
import { editableWill, markPartDone } from './part-lock.ts';
import { findVisibleWill, lockWill } from './queries.ts';

/** The organisation's preference row (null: defaults apply, everything allowed); shared with the hibah. */
export { preferenceOf } from '../instruments/index.ts';
export * from './actor.ts';
export * from './create-will.ts';
export * from './part-b.ts';
export * from './part-lock.ts';
export type { Conn, Tx } from './queries.ts';

/**
 * Part f (`PATCH /wasiat/{id} { acknowledged_pdpa: 1, acknowledged_confirmation: 1 }`): both flags
 * (checked by the schema) and the testator's signature must exist (`POST /wasiat/{id}/signature` first;
 * else 422 `wills.signature_required` on `signature`; spec §5). Audited `will.verification`, or
 * `will.verification_on_behalf` when the one recording it is not the testator (ADR 0278). `link`: made by the
 * testator through the signed link sent to them (testator-link.ts; ADR 0298): the event's `after` adds
 * `{ via: 'link', link_id }`.
 */
export async function saveVerification(db: Db, actor: Actor, willId: string, link?: { id: string }) {
  return db.transaction(async (tx) => {
    const will = await editableWill(tx, actor.user, willId, 'f', true);
    if (!will.signature_id) throw fieldError('signature', W.signatureRequired);
    await tx
      .update(wills)
      .set({ acknowledged_pdpa: true, acknowledged_confirmation: true })
      .where(eq(wills.id, will.id));
    await markPartDone(tx, will.id, 'f');
    await audit(
      tx,
      actor,
      actor.user.id === will.user_id ? 'will.verification' : 'will.verification_on_behalf',
      { type: 'Wasiat', id: will.id },
      { acknowledged_pdpa: will.acknowledged_pdpa, acknowledged_confirmation: will.acknowledged_confirmation },
      { acknowledged_pdpa: true, acknowledged_confirmation: true, ...(link && { via: 'link', link_id: link.id }) },
    );
    return lockWill(tx, will.id);
  });
}

/** The testator particulars of a visible will (`GET /wasiat/{id}/user-detail`), or null. */
export async function getUserDetail(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  const [d] = await db.select().from(will_user_details).where(eq(will_user_details.wasiat_id, will.id));
  return d ?? null;
}

/**
 * Part c (`POST|PATCH /wasiat/{id}/user-detail`): upsert the testator's particulars. The MyKad must be
 * the testator account's own (422 `wills.mykad_mismatch` on `ic_number`) when the account has one.
 * `partial` (a PATCH carrying only some keys; issue 20, ADR 0131) writes only the keys it carries: one
 * that carries nothing but `ic_number`/`designation` (the 2021 client's part A) needs only part a open,
 * any other part c; the part is done when the saved record passes the whole part c rule, and a
 * carried `gender` must agree with the MyKad on record (422 `wills.gender_mykad_mismatch`). A nameless
 * testator account (ADR 0133) is named by the particulars' `name`.
 */
export async function saveUserDetail(
  db: Db,
  actor: Actor,
  willId: string,
  input: Partial<z.output<typeof userDetailSchema>>,
  partial = false,
) {
  return db.transaction(async (tx) => {
    const accountOnly = partial && Object.keys(input).every((k) => k === 'ic_number' || k === 'designation');
    const will = await editableWill(tx, actor.user, willId, accountOnly ? 'a' : 'c', true);
    const [owner] = await tx.select().from(users).where(eq(users.id, will.user_id));
    if (input.ic_number !== undefined && owner?.ic_number && owner.ic_number !== input.ic_number)
      throw fieldError('ic_number', W.mykadMismatch);
    const [before] = await tx.select().from(will_user_details).where(eq(will_user_details.wasiat_id, will.id));
    const ic = input.ic_number ?? before?.ic_number ?? owner?.ic_number;
    if (input.gender !== undefined && ic && /^\d{12}$/.test(ic) && genderFromMykad(ic) !== input.gender)
      throw fieldError('gender', W.genderMykadMismatch);
    const values = partial
      ? { ...input, wasiat_id: will.id }
      : { ...input, home_phone_number: input.home_phone_number ?? null, wasiat_id: will.id };
    const [after] = before
      ? await tx.update(will_user_details).set(values).where(eq(will_user_details.id, before.id)).returning()
      : await tx.insert(will_user_details).values(values).returning();
    if (!partial || userDetailSchema.safeParse(after).success) await markPartDone(tx, will.id, 'c');
    // A nameless account (created by MyKad alone; ADR 0133) takes the name of its particulars.
    if (owner && !owner.name && after.name)
      await tx.update(users).set({ name: after.name }).where(eq(users.id, owner.id));
    await audit(tx, actor, 'will.user_detail', { type: 'Wasiat', id: will.id }, before ?? null, after);
    return after;
  });
}
