/**
 * The records of one user that the personal-data export lists and the erasure weighs (PDPA 2010 as
 * amended 2024; issue 11 "download all their data"; ADR 0083): their wills with the rows of the
 * polymorphic child tables (`*_type = 'Wasiat'`), their hibahs/trusts and amendments with their parties,
 * properties, payments and signature events, and the stored files (`attachments`) of all of them.
 * Secrets of one-time codes (`otp_hash`) are left out. Read-only; used by personal-data-export.ts and
 * erasure-approval.ts.
 */

import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  amendment_witnesses,
  amendments,
  attachments,
  bequests,
  caretakers,
  heirs,
  hibah_asset_transactions,
  hibah_caretakers,
  hibah_heirs,
  hibah_properties,
  hibah_property_receivers,
  hibah_receivers,
  hibah_user_details,
  hibah_witnesses,
  hibahs,
  immoveable_properties,
  moveable_properties,
  payments,
  receivers,
  signature_events,
  wills,
  witnesses,
} from '../../db/schema/index.ts';

export async function userWills(db: Db, userId: string) {
  return db.select().from(wills).where(eq(wills.user_id, userId));
}

/** Rows of a polymorphic child table for these wills. */
export async function childrenOf(db: Db, ids: string[]) {
  if (ids.length === 0) return {};
  const w = 'Wasiat';
  return {
    heirs: await db
      .select()
      .from(heirs)
      .where(and(eq(heirs.heirable_type, w), inArray(heirs.heirable_id, ids))),
    witnesses: await db
      .select()
      .from(witnesses)
      .where(and(eq(witnesses.witnessable_type, w), inArray(witnesses.witnessable_id, ids))),
    receivers: await db
      .select()
      .from(receivers)
      .where(and(eq(receivers.receivable_type, w), inArray(receivers.receivable_id, ids))),
    caretakers: await db
      .select()
      .from(caretakers)
      .where(and(eq(caretakers.caretakerable_type, w), inArray(caretakers.caretakerable_id, ids))),
    bequests: await db.select().from(bequests).where(inArray(bequests.wasiat_id, ids)),
    moveable_properties: await db
      .select()
      .from(moveable_properties)
      .where(and(eq(moveable_properties.moveable_type, w), inArray(moveable_properties.moveable_id, ids))),
    immoveable_properties: await db
      .select()
      .from(immoveable_properties)
      .where(and(eq(immoveable_properties.immoveable_type, w), inArray(immoveable_properties.immoveable_id, ids))),
    payments: await db
      .select()
      .from(payments)
      .where(and(eq(payments.paymentable_type, w), inArray(payments.paymentable_id, ids))),
    signature_events: await db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, w), inArray(signature_events.signable_id, ids))),
  };
}

/** Secrets of one-time codes are not personal data of the user: left out of the export. */
function withoutSecrets<T extends object>(rows: T[]): Omit<T, 'otp_hash'>[] {
  return rows.map((r) => {
    const { otp_hash: _secret, ...rest } = r as T & { otp_hash?: unknown };
    return rest;
  });
}

/**
 * The user's hibahs and trusts (as grantor) with their particulars, receivers, caretakers, heirs,
 * witnesses, properties and shares, asset transactions, payments and signature events; and the user's
 * amendments (of wills and hibahs) with their witnesses (issue 11 "download all their data").
 */
export async function hibahsAndAmendmentsOf(db: Db, userId: string) {
  const hs = await db.select().from(hibahs).where(eq(hibahs.user_id, userId));
  const ids = hs.map((h) => h.id);
  const ams = await db.select().from(amendments).where(eq(amendments.user_id, userId));
  const amIds = ams.map((a) => a.id);
  const properties = ids.length
    ? await db.select().from(hibah_properties).where(inArray(hibah_properties.hibah_id, ids))
    : [];
  const propertyIds = properties.map((p) => p.id);
  return {
    hibahs: hs,
    hibah_user_details: ids.length
      ? await db.select().from(hibah_user_details).where(inArray(hibah_user_details.hibah_id, ids))
      : [],
    hibah_receivers: ids.length
      ? withoutSecrets(await db.select().from(hibah_receivers).where(inArray(hibah_receivers.hibah_id, ids)))
      : [],
    hibah_caretakers: ids.length
      ? await db.select().from(hibah_caretakers).where(inArray(hibah_caretakers.hibah_id, ids))
      : [],
    hibah_heirs: ids.length ? await db.select().from(hibah_heirs).where(inArray(hibah_heirs.hibah_id, ids)) : [],
    hibah_witnesses: ids.length
      ? withoutSecrets(await db.select().from(hibah_witnesses).where(inArray(hibah_witnesses.hibah_id, ids)))
      : [],
    hibah_properties: properties,
    hibah_property_receivers: propertyIds.length
      ? await db
          .select()
          .from(hibah_property_receivers)
          .where(inArray(hibah_property_receivers.property_id, propertyIds))
      : [],
    hibah_asset_transactions: ids.length
      ? await db.select().from(hibah_asset_transactions).where(inArray(hibah_asset_transactions.hibah_id, ids))
      : [],
    hibah_payments: ids.length
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.paymentable_type, 'Hibah'), inArray(payments.paymentable_id, ids)))
      : [],
    hibah_signature_events: ids.length
      ? await db
          .select()
          .from(signature_events)
          .where(and(eq(signature_events.signable_type, 'Hibah'), inArray(signature_events.signable_id, ids)))
      : [],
    amendments: ams,
    amendment_witnesses: amIds.length
      ? withoutSecrets(
          await db.select().from(amendment_witnesses).where(inArray(amendment_witnesses.amendment_id, amIds)),
        )
      : [],
    amendment_payments: amIds.length
      ? await db
          .select()
          .from(payments)
          .where(and(eq(payments.paymentable_type, 'Amendment'), inArray(payments.paymentable_id, amIds)))
      : [],
  };
}

/** The stored files of a user: their own, their wills', hibahs', amendments' and eKYC attempts'. */
export async function userAttachments(
  db: Db,
  userId: string,
  willIds: string[],
  attemptIds: string[],
  more: { hibahIds: string[]; amendmentIds: string[] } = { hibahIds: [], amendmentIds: [] },
) {
  const owners: SQL[] = [and(eq(attachments.attachable_type, 'User'), eq(attachments.attachable_id, userId)) as SQL];
  if (more.hibahIds.length)
    owners.push(
      and(eq(attachments.attachable_type, 'Hibah'), inArray(attachments.attachable_id, more.hibahIds)) as SQL,
    );
  if (more.amendmentIds.length)
    owners.push(
      and(eq(attachments.attachable_type, 'Amendment'), inArray(attachments.attachable_id, more.amendmentIds)) as SQL,
    );
  if (willIds.length)
    owners.push(and(eq(attachments.attachable_type, 'Wasiat'), inArray(attachments.attachable_id, willIds)) as SQL);
  if (attemptIds.length)
    owners.push(
      and(eq(attachments.attachable_type, 'EkycAttempt'), inArray(attachments.attachable_id, attemptIds)) as SQL,
    );
  return db
    .select()
    .from(attachments)
    .where(or(...owners));
}
