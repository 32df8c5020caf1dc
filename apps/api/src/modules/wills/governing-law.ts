/**
 * The state whose law governs a will (issue 41 item 8; ADR 0260): `wills.governing_state` and
 * `governing_state_confirmed_at`, the domain's `governingLawOf` (the state recorded, else the default from the
 * testator's permanent, else correspondence, address; the state's recorded enactment; the witness rule's key).
 *
 * - `GET /api/wasiat/{id}/governing-law` (a will the caller sees, 404 otherwise) → `{ governing_law }`.
 * - `PUT /api/wasiat/{id}/governing-law { state }` (one of the 13 states and 3 federal territories, 422
 *   `validation.choose` on `state`): the testator (or the agent registering it) confirms the state in the wizard's
 *   part C, while they may change part c (editableWill: 403/422 otherwise). Recorded with the time and an audit
 *   event → `{ governing_law }`.
 * - {@link recordDefaultGoverningLaw}: at submission, a will without a recorded state records the default from
 *   the address, unconfirmed (the 2021 client's wizard has no such step), so every submitted will names one.
 */
import { type GoverningLaw, governingLawOf, type MalaysianState } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { will_user_details, wills } from '../../db/schema/index.ts';
import type { AuthUser } from '../auth/index.ts';
import { audit } from './actor.ts';
import { editableWill } from './part-lock.ts';
import { findVisibleWill, type WillRow } from './queries.ts';
import type { Actor, Conn } from './service.ts';

/** The testator's address states of a will's particulars (part C), or null before they are given. */
async function domicileOf(db: Conn, willId: string) {
  const [d] = await db
    .select({
      permanent_state: will_user_details.permanent_state,
      correspondence_state: will_user_details.correspondence_state,
    })
    .from(will_user_details)
    .where(eq(will_user_details.wasiat_id, willId));
  return d ?? null;
}

/** The {@link GoverningLaw} of a will row (reads its particulars). */
async function governingLawOfWill(db: Conn, will: WillRow): Promise<GoverningLaw> {
  return governingLawOf(will, await domicileOf(db, will.id));
}

/** `GET /api/wasiat/{id}/governing-law` (see the file comment). */
export async function readGoverningLaw(db: Db, user: AuthUser, willId: string) {
  const will = await findVisibleWill(db, user, willId);
  return { governing_law: await governingLawOfWill(db, will) };
}

/** `PUT /api/wasiat/{id}/governing-law { state }` (see the file comment). */
export async function confirmGoverningLaw(db: Db, actor: Actor, willId: string, state: MalaysianState) {
  return db.transaction(async (tx) => {
    const before = await editableWill(tx, actor.user, willId, 'c', true);
    const [after] = await tx
      .update(wills)
      .set({ governing_state: state, governing_state_confirmed_at: new Date() })
      .where(eq(wills.id, before.id))
      .returning();
    const fields = (w: WillRow) => ({
      governing_state: w.governing_state,
      governing_state_confirmed_at: w.governing_state_confirmed_at,
    });
    await audit(tx, actor, 'will.governing_law', { type: 'Wasiat', id: before.id }, fields(before), fields(after));
    return { governing_law: await governingLawOfWill(tx, after) };
  });
}

/**
 * In the submitting transaction: when the will records no state, record the default from the address
 * (unconfirmed). Nothing when neither is known or a state is recorded.
 */
export async function recordDefaultGoverningLaw(tx: Conn, will: WillRow) {
  if (will.governing_state) return;
  const { suggested_state } = governingLawOf(will, await domicileOf(tx, will.id));
  if (suggested_state) await tx.update(wills).set({ governing_state: suggested_state }).where(eq(wills.id, will.id));
}
