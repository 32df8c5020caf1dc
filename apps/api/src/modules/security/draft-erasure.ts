/**
 * Erasing a client's draft wills and hibahs when their deletion request is approved (issue 11 "ask for
 * deletion of what the law does not require us to keep"; PDPA 2010 s. 10 (retention) as amended 2024;
 * ADR 0075). Used by erasure-approval.ts `approveErasure` inside its transaction.
 *
 * A draft is erased — its rows in every table and its uploaded files — when nothing requires keeping it:
 * - a will in registration (status 0, spec §4) — from status 1 it is in the register (ADR 0083);
 * - a hibah still with the grantor (status -1, 0, 1; spec §4) — from 2 it is with the provider;
 * and, for either, no payment row of any status (a started payment may still settle through a gateway
 * callback, and settled ones are kept 7 years), and no other record pointing at it: a programme
 * certificate naming the will (programmes), a redeemed one-cent code or an asset-ledger entry of the hibah.
 * Anything else is kept and listed in the request's outcome with the reason.
 */
import { HIBAH_STATUS, WILL_STATUS } from '@wasiat/domain';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  attachments,
  bequests,
  caretakers,
  certificates,
  document_ocrs,
  ekyc_attempts,
  ekyc_manual_reviews,
  heirs,
  hibah_asset_transactions,
  hibah_caretakers,
  hibah_coupons,
  hibah_heirs,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
  immoveable_properties,
  moveable_properties,
  otp_codes,
  payments,
  property_receivers,
  receivers,
  signature_events,
  will_user_details,
  wills,
  witnesses,
} from '../../db/schema/index.ts';

type Attachment = typeof attachments.$inferSelect;

/** What the approval does with the user's wills and hibahs. Ids only. */
export interface DraftPlan {
  /** Draft wills and hibahs to erase. */
  wills: string[];
  hibahs: string[];
  /** Wills (status ≥ 1) and hibahs (status ≥ 2) that are in the register or with the provider. */
  registeredWills: string[];
  registeredHibahs: string[];
  /** Drafts kept because a payment, a ledger entry or a redeemed code refers to them. */
  draftsWithPayment: string[];
  /** Draft wills kept because a programme certificate names them. */
  programmeWills: string[];
}

const ids = <T extends { id: string }>(rows: T[]) => rows.map((r) => r.id);

/** Which of `userId`'s wills and hibahs are erased and which are kept, and why (module comment). */
export async function planDraftErasure(db: Db, userId: string): Promise<DraftPlan> {
  const ws = await db.select({ id: wills.id, status: wills.status }).from(wills).where(eq(wills.user_id, userId));
  const hs = await db.select({ id: hibahs.id, status: hibahs.status }).from(hibahs).where(eq(hibahs.user_id, userId));
  const draftWills = ws.filter((w) => w.status <= WILL_STATUS.inRegistration).map((w) => w.id);
  const draftHibahs = hs.filter((h) => h.status <= HIBAH_STATUS.grantorReview).map((h) => h.id);
  const paid = new Set<string>();
  const drafts = [...draftWills, ...draftHibahs];
  if (drafts.length) {
    const pays = await db
      .select({ id: payments.paymentable_id })
      .from(payments)
      .where(and(inArray(payments.paymentable_type, ['Wasiat', 'Hibah']), inArray(payments.paymentable_id, drafts)));
    for (const p of pays) paid.add(p.id);
  }
  if (draftHibahs.length) {
    const ledger = await db
      .select({ id: hibah_asset_transactions.hibah_id })
      .from(hibah_asset_transactions)
      .where(inArray(hibah_asset_transactions.hibah_id, draftHibahs));
    const coupons = await db
      .select({ id: hibah_coupons.hibah_id })
      .from(hibah_coupons)
      .where(inArray(hibah_coupons.hibah_id, draftHibahs));
    for (const r of [...ledger, ...coupons]) if (r.id) paid.add(r.id);
  }
  const programme = new Set<string>();
  if (draftWills.length) {
    const certs = await db
      .select({ id: certificates.will_id })
      .from(certificates)
      .where(inArray(certificates.will_id, draftWills));
    for (const c of certs) if (c.id) programme.add(c.id);
  }
  const free = (id: string) => !paid.has(id) && !programme.has(id);
  return {
    wills: draftWills.filter(free),
    hibahs: draftHibahs.filter(free),
    registeredWills: ws.filter((w) => w.status > WILL_STATUS.inRegistration).map((w) => w.id),
    registeredHibahs: hs.filter((h) => h.status > HIBAH_STATUS.grantorReview).map((h) => h.id),
    draftsWithPayment: drafts.filter((id) => paid.has(id)),
    programmeWills: draftWills.filter((id) => programme.has(id) && !paid.has(id)),
  };
}

/** Attachments owned by any of `owners` ([type, ids]). */
async function ownedFiles(tx: Db, owners: [string, string[]][]): Promise<Attachment[]> {
  const conds = owners
    .filter(([, list]) => list.length)
    .map(([type, list]) => and(eq(attachments.attachable_type, type), inArray(attachments.attachable_id, list)) as SQL);
  if (conds.length === 0) return [];
  return tx
    .select()
    .from(attachments)
    .where(or(...conds));
}

/**
 * Delete the draft wills of `willIds` with everything that belongs to them: particulars, heirs,
 * witnesses, receivers and their shares, caretakers, bequests, property, signature facts, OTP codes,
 * eKYC attempts and manual reviews, MyKad readings, and the files (will, witness and eKYC attachments).
 * In the caller's transaction. @returns the deleted attachment rows (their stored files are deleted by the
 * caller after the commit).
 */
export async function eraseDraftWills(tx: Db, willIds: string[]): Promise<Attachment[]> {
  if (willIds.length === 0) return [];
  const W = 'Wasiat';
  const wit = await tx
    .select({ id: witnesses.id })
    .from(witnesses)
    .where(and(eq(witnesses.witnessable_type, W), inArray(witnesses.witnessable_id, willIds)));
  const mov = await tx
    .select({ id: moveable_properties.id })
    .from(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, W), inArray(moveable_properties.moveable_id, willIds)));
  const imm = await tx
    .select({ id: immoveable_properties.id })
    .from(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, W), inArray(immoveable_properties.immoveable_id, willIds)));
  const attempts = await tx
    .select({ id: ekyc_attempts.id })
    .from(ekyc_attempts)
    .where(and(eq(ekyc_attempts.ekycable_type, W), inArray(ekyc_attempts.ekycable_id, willIds)));
  const files = await ownedFiles(tx, [
    [W, willIds],
    ['Witness', ids(wit)],
    ['EkycAttempt', ids(attempts)],
  ]);
  const props = [...ids(mov), ...ids(imm)];
  if (props.length) await tx.delete(property_receivers).where(inArray(property_receivers.propertyable_id, props));
  await tx
    .delete(moveable_properties)
    .where(and(eq(moveable_properties.moveable_type, W), inArray(moveable_properties.moveable_id, willIds)));
  await tx
    .delete(immoveable_properties)
    .where(and(eq(immoveable_properties.immoveable_type, W), inArray(immoveable_properties.immoveable_id, willIds)));
  await tx.delete(receivers).where(and(eq(receivers.receivable_type, W), inArray(receivers.receivable_id, willIds)));
  await tx.delete(heirs).where(and(eq(heirs.heirable_type, W), inArray(heirs.heirable_id, willIds)));
  await tx.delete(witnesses).where(and(eq(witnesses.witnessable_type, W), inArray(witnesses.witnessable_id, willIds)));
  await tx
    .delete(caretakers)
    .where(and(eq(caretakers.caretakerable_type, W), inArray(caretakers.caretakerable_id, willIds)));
  await tx.delete(bequests).where(inArray(bequests.wasiat_id, willIds));
  await tx
    .delete(signature_events)
    .where(and(eq(signature_events.signable_type, W), inArray(signature_events.signable_id, willIds)));
  await tx.delete(otp_codes).where(inArray(otp_codes.wasiat_id, willIds));
  await tx.delete(ekyc_manual_reviews).where(inArray(ekyc_manual_reviews.wasiat_id, willIds));
  await tx.delete(document_ocrs).where(inArray(document_ocrs.wasiat_id, willIds));
  if (attempts.length) await tx.delete(ekyc_attempts).where(inArray(ekyc_attempts.id, ids(attempts)));
  await tx.delete(will_user_details).where(inArray(will_user_details.wasiat_id, willIds));
  if (files.length) await tx.delete(attachments).where(inArray(attachments.id, ids(files)));
  await tx.delete(wills).where(inArray(wills.id, willIds));
  return files;
}

/**
 * Delete the draft hibahs of `hibahIds` with their particulars, receivers (and caretakers), heirs,
 * witnesses, property and shares, signature facts, eKYC attempts and files (hibah, receiver, witness and
 * property attachments). In the caller's transaction. @returns the deleted attachment rows.
 */
export async function eraseDraftHibahs(tx: Db, hibahIds: string[]): Promise<Attachment[]> {
  if (hibahIds.length === 0) return [];
  const rs = await tx
    .select({ id: hibah_receivers.id })
    .from(hibah_receivers)
    .where(inArray(hibah_receivers.hibah_id, hibahIds));
  const ws = await tx
    .select({ id: hibah_witnesses.id })
    .from(hibah_witnesses)
    .where(inArray(hibah_witnesses.hibah_id, hibahIds));
  const ps = await tx
    .select({ id: hibah_properties.id })
    .from(hibah_properties)
    .where(inArray(hibah_properties.hibah_id, hibahIds));
  const attempts = await tx
    .select({ id: ekyc_attempts.id })
    .from(ekyc_attempts)
    .where(and(eq(ekyc_attempts.ekycable_type, 'Hibah'), inArray(ekyc_attempts.ekycable_id, hibahIds)));
  const files = await ownedFiles(tx, [
    ['Hibah', hibahIds],
    ['HibahReceiver', ids(rs)],
    ['HibahWitness', ids(ws)],
    ['HibahProperty', ids(ps)],
    ['EkycAttempt', ids(attempts)],
  ]);
  if (ps.length) {
    await tx.delete(hibah_property_receivers).where(inArray(hibah_property_receivers.property_id, ids(ps)));
  }
  await tx.delete(hibah_caretakers).where(inArray(hibah_caretakers.hibah_id, hibahIds));
  await tx.delete(hibah_receivers).where(inArray(hibah_receivers.hibah_id, hibahIds));
  await tx.delete(hibah_heirs).where(inArray(hibah_heirs.hibah_id, hibahIds));
  await tx.delete(hibah_witnesses).where(inArray(hibah_witnesses.hibah_id, hibahIds));
  await tx.delete(hibah_properties).where(inArray(hibah_properties.hibah_id, hibahIds));
  await tx.delete(hibah_user_details).where(inArray(hibah_user_details.hibah_id, hibahIds));
  await tx
    .delete(signature_events)
    .where(and(eq(signature_events.signable_type, 'Hibah'), inArray(signature_events.signable_id, hibahIds)));
  if (attempts.length) await tx.delete(ekyc_attempts).where(inArray(ekyc_attempts.id, ids(attempts)));
  if (files.length) await tx.delete(attachments).where(inArray(attachments.id, ids(files)));
  await tx.delete(hibahs).where(inArray(hibahs.id, hibahIds));
  return files;
}
