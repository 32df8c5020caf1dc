/**
 * The will as a payable (`paymentable_type: "Wasiat"`; payables.ts, ADR 0016; spec §4 payment of a will).
 *
 * - Visible to whoever may see the will (the wills module's `willScope`, via policy.ts); else 404.
 * - Payable in will statuses 0 (in registration) and 3 (cancelled, update needed) — spec §4.
 * - Price: `wills.price_sen`, fixed at part b (null → 422 `payments.price_missing`).
 * - Recording a payment stores the chosen mode and discount on the will; a manual mode or a waiver marks
 *   wizard part `payment` done. Settling sets `payment_received_at` (the original client's "paid"
 *   indicator, reference §1.9) and marks part `payment` done.
 */
import { P } from '@wasiat/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { will_user_details, wills } from '../../db/schema/index.ts';
import { markPartDone } from '../wills/index.ts';
import type { PayableKind, PayableState } from './payables.ts';
import { loadVisibleWill } from './policy.ts';
import { serializeWillPayment } from './serialize.ts';
import { paymentStatusOf } from './service.ts';

type Will = typeof wills.$inferSelect;

/** Will statuses in which a payment may be made: 0 in registration, 3 cancelled, update needed (spec §4). */
const PAYABLE_WILL_STATUS = [0, 3];

const stateOf = (w: Will): PayableState => ({
  type: 'Wasiat',
  id: w.id,
  organizationId: w.organization_id,
  priceSen: w.price_sen,
  payable: PAYABLE_WILL_STATUS.includes(w.status),
});

export const willPayable: PayableKind = {
  type: 'Wasiat',
  /** Its payer is its owner `user_id` (the payer's history, ADR 0248). */
  payerRecords: (userId) => sql`SELECT ${wills.id} FROM ${wills} WHERE ${wills.user_id} = ${userId}`,
  messages: { notPayable: P.willNotPayable, priceMissing: P.priceMissing, alreadyPaid: P.alreadyPaid },
  async loadVisible(db, user, id) {
    return stateOf(await loadVisibleWill(db, user, id));
  },
  async lock(tx, id) {
    const [w] = await tx.select().from(wills).where(eq(wills.id, id)).for('update');
    return w ? stateOf(w) : undefined;
  },
  async onRecorded(tx, state, info) {
    await tx
      .update(wills)
      .set({ payment_options_id: info.optionId, discount_sen: info.discountSen })
      .where(eq(wills.id, state.id));
    if (info.manual) await markPartDone(tx, state.id, 'payment');
  },
  async onPaid(tx, state, now) {
    await tx.update(wills).set({ payment_received_at: now }).where(eq(wills.id, state.id));
    await markPartDone(tx, state.id, 'payment');
  },
  async payers(db, ids) {
    return db
      .select({
        id: wills.id,
        userId: wills.user_id,
        item: wills.wasiat_no,
        plan: wills.plan,
        name: will_user_details.name,
        ic: will_user_details.ic_number,
      })
      .from(wills)
      .leftJoin(will_user_details, eq(will_user_details.wasiat_id, wills.id))
      .where(inArray(wills.id, [...ids]));
  },
  /** Financing rejected by the bank: status 3 with the reason, `option_delete_id` 4 (reference §4.1). */
  async onRejected(tx, state, reason, now) {
    await tx
      .update(wills)
      .set({ status: 3, rejected_reason: reason, option_delete_id: 4, rejected_at: now })
      .where(eq(wills.id, state.id));
  },
  /** The will itself (ADR 0242): the status page leads back to its wizard. */
  async summary(db: Db, id: string) {
    const [w] = await db.select({ no: wills.wasiat_no }).from(wills).where(eq(wills.id, id));
    return { wasiat_id: id, reference: w?.no ?? null };
  },
  async reply(db: Db, id: string) {
    const [w] = await db.select().from(wills).where(eq(wills.id, id));
    return { wasiat: serializeWillPayment(w, (await paymentStatusOf(db, [id])).get(id) ?? null) };
  },
};
