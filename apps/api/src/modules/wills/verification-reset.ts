/**
 * Staff's reset of a will's verification (part f): the 2021 sidebar's "reset PDPA" (reference §3.1 "Staff/approval
 * actions", §2.2 `PATCH wasiat/{id} { acknowledged_pdpa: 0, acknowledged_confirmation: 0 }`, §2.10
 * `DELETE wasiat/{id}/signature`; ADR 0183). Used when what the testator acknowledged or signed must be done
 * again (a signature that is not theirs, a consent given by someone else): the testator then signs and
 * acknowledges again before the will can be submitted (part f is un-marked; transitions.ts needs every part).
 *
 * Rules: only a caller with `will:verify` (provider staff; 403 otherwise, after the will's visibility: 404), and
 * only while the will may be changed (status 0 draft or 3 cancelled for update, spec §4; else 422
 * `wills.not_editable` on `_`): a submitted will is declined first, a registered will is amended instead.
 * Nothing is erased: the signature's attachment and its signature event stay for the record; the will no
 * longer points at it, so its signature status says `missing` (signature-facts.ts). Both are audited.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { wills } from '../../db/schema/index.ts';
import { assertCanVerify } from './policy.ts';
import { type Conn, findVisibleWill, lockWill } from './queries.ts';
import { type Actor, assertSavable, audit, unmarkPartDone } from './service.ts';

/** The will locked for a reset: visible (404), the caller staff (403), changeable (422). */
async function resettable(tx: Conn, actor: Actor, willId: string) {
  const will = await findVisibleWill(tx, actor.user, willId, { forUpdate: true });
  assertCanVerify(actor.user);
  assertSavable(will, 'f');
  return will;
}

/**
 * Clear the testator's PDPA acknowledgement and confirmation and un-mark part f.
 * @returns the will row after the change. @throws 404 / 403 / 422 as the module comment says.
 */
export async function resetAcknowledgements(db: Db, actor: Actor, willId: string) {
  return db.transaction(async (tx) => {
    const will = await resettable(tx, actor, willId);
    await tx
      .update(wills)
      .set({ acknowledged_pdpa: false, acknowledged_confirmation: false })
      .where(eq(wills.id, will.id));
    await unmarkPartDone(tx, will.id, 'f');
    await audit(
      tx,
      actor,
      'will.verification_reset',
      { type: 'Wasiat', id: will.id },
      { acknowledged_pdpa: will.acknowledged_pdpa, acknowledged_confirmation: will.acknowledged_confirmation },
      { acknowledged_pdpa: false, acknowledged_confirmation: false },
    );
    return lockWill(tx, will.id);
  });
}

/**
 * Detach the testator's signature from the will (the attachment and its event are kept) and un-mark part f.
 * @returns the will row after the change. @throws 404 / 403 / 422 as the module comment says.
 */
export async function resetTestatorSignature(db: Db, actor: Actor, willId: string) {
  return db.transaction(async (tx) => {
    const will = await resettable(tx, actor, willId);
    await tx.update(wills).set({ signature_id: null }).where(eq(wills.id, will.id));
    await unmarkPartDone(tx, will.id, 'f');
    await audit(
      tx,
      actor,
      'will.signature_reset',
      { type: 'Wasiat', id: will.id },
      { signature_id: will.signature_id },
      { signature_id: null },
    );
    return lockWill(tx, will.id);
  });
}
