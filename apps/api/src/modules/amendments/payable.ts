/**
 * The amendment as a payable (`paymentable_type: "Amendment"`; payments/payables.ts, ADR 0016, ADR 0020).
 *
 * - Visible to whoever may see the amendment (policy.ts `amendmentScope`); else 404.
 * - Payable while drafting (status 0) with something due; the price asked is what is due (price.ts, ADR 0253):
 *   the base, plus a change of the will's type, less what was paid.
 * - Base: `amendments.price_sen`, fixed when applied from the will's (or the hibah's) pricing
 *   `amendment_price_sen` (sen); a hibah amendment without an amendment price is settled when applied
 *   (ADR 0036), so it is never payable.
 * - The gateway returns a will's amendment to `/wasiat/{wasiat_id}/pindaanPayVerified`, a hibah's to the
 *   `redirect_url` the client gave (`/trust/part-listpindaan?id={hibah_id}`).
 * - Settling sets `payment_received_at` (the original client's "paid" indicator, reference §1.9).
 */
import { AM } from '@wasiat/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { amendments } from '../../db/schema/index.ts';
import type { PayableKind, PayableState } from '../payments/index.ts';
import { chargeOf } from './price.ts';
import { findVisibleAmendment, serializeAmendments } from './service.ts';

type Row = typeof amendments.$inferSelect;

/** Payable while drafting with something due; the price asked is what is due (price.ts `chargeOf`, ADR 0253). */
const stateOf = async (db: Db, a: Row): Promise<PayableState> => {
  const { dueSen } = await chargeOf(db, a);
  return {
    type: 'Amendment',
    id: a.id,
    organizationId: a.organization_id,
    priceSen: a.price_sen === null ? null : dueSen,
    // A free amendment is settled when applied; a client that still pays it (the 2021 flow) gets a waived payment.
    payable: a.status === 0 && (dueSen > 0 || a.price_sen === 0),
    // What is due after a settled payment is a change of the will's type: a further payment (ADR 0253).
    topUp: a.status === 0 && dueSen > 0 && !!a.payment_received_at,
  };
};

export const amendmentPayable: PayableKind = {
  type: 'Amendment',
  /** Its payer is its owner `user_id` (the payer's history, ADR 0248). */
  payerRecords: (userId) => sql`SELECT ${amendments.id} FROM ${amendments} WHERE ${amendments.user_id} = ${userId}`,
  messages: { notPayable: AM.notPayable, priceMissing: AM.priceMissing, alreadyPaid: AM.alreadyPaid },
  async loadVisible(db, user, id) {
    return stateOf(db, await findVisibleAmendment(db, user, id));
  },
  async lock(tx, id) {
    const [a] = await tx.select().from(amendments).where(eq(amendments.id, id)).for('update');
    return a ? stateOf(tx, a) : undefined;
  },
  async onPaid(tx, state, now) {
    await tx.update(amendments).set({ payment_received_at: now }).where(eq(amendments.id, state.id));
  },
  /** The applicant pays; the receipt names the amendment's reference number (issue 7 receipts). */
  async payers(db, ids) {
    return db
      .select({ id: amendments.id, userId: amendments.user_id, item: amendments.reference_no })
      .from(amendments)
      .where(inArray(amendments.id, [...ids]));
  },
  async returnWillId(db, id) {
    const [a] = await db.select().from(amendments).where(eq(amendments.id, id));
    return a?.amendmentable_type === 'Wasiat' ? a.amendmentable_id : undefined;
  },
  /** The amendment and the will or hibah it changes (ADR 0242): the status page leads back to it. */
  async summary(db, id) {
    const [a] = await db.select().from(amendments).where(eq(amendments.id, id));
    const owner =
      a?.amendmentable_type === 'Wasiat'
        ? { wasiat_id: a.amendmentable_id }
        : a?.amendmentable_type === 'Hibah'
          ? { hibah_id: a.amendmentable_id }
          : {};
    return { amendment_id: id, ...owner, reference: a?.reference_no ?? null };
  },
  async reply(db, id) {
    const [a] = await db.select().from(amendments).where(eq(amendments.id, id));
    const [one] = await serializeAmendments(db, [a], false);
    return { amendment: one };
  },
};
