/**
 * The hibah as a payable (`paymentable_type: "Hibah"`; payments/payables.ts, ADR 0016; spec §1
 * "payments for … hibah products").
 *
 * - Visible to whoever may see the hibah (policy.ts `hibahScope`); else 404.
 * - Payable while it is being filled in (status -1, 0, 1) and not yet paid.
 * - Price: `hibahs.price_sen`, fixed from the organisation's `Hibah` pricing of the product (service.ts).
 * - Recording stores the mode and discount; settling sets `payment_received_at`.
 */
import { hibahStepEditable } from '@wasiat/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { hibahs } from '../../db/schema/index.ts';
import type { PayableKind, PayableState } from '../payments/index.ts';
import { serializeHibah } from './serializers.ts';
import { findVisibleHibah } from './service.ts';

const stateOf = (h: typeof hibahs.$inferSelect): PayableState => ({
  type: 'Hibah',
  id: h.id,
  organizationId: h.organization_id,
  priceSen: h.price_sen,
  payable: hibahStepEditable('content', h.status) && !h.payment_received_at,
});

export const hibahPayable: PayableKind = {
  type: 'Hibah',
  /** Its payer is its owner `user_id` (the payer's history, ADR 0248). */
  payerRecords: (userId) => sql`SELECT ${hibahs.id} FROM ${hibahs} WHERE ${hibahs.user_id} = ${userId}`,
  async loadVisible(db, user, id) {
    return stateOf(await findVisibleHibah(db, user, id));
  },
  async lock(tx, id) {
    const [h] = await tx.select().from(hibahs).where(eq(hibahs.id, id)).for('update');
    return h ? stateOf(h) : undefined;
  },
  async onRecorded(tx, state, info) {
    await tx
      .update(hibahs)
      .set({ payment_options_id: info.optionId, discount_sen: info.discountSen })
      .where(eq(hibahs.id, state.id));
  },
  async onPaid(tx, state, now) {
    await tx.update(hibahs).set({ payment_received_at: now }).where(eq(hibahs.id, state.id));
  },
  /** The grantor pays; the receipt names the hibah number once registered (issue 7 receipts). */
  async payers(db, ids) {
    return db
      .select({ id: hibahs.id, userId: hibahs.user_id, item: hibahs.hibah_number })
      .from(hibahs)
      .where(inArray(hibahs.id, [...ids]));
  },
  /** The hibah and its product (ADR 0242): the status page names the product and leads back to its part H. */
  async summary(db, id) {
    const [h] = await db.select().from(hibahs).where(eq(hibahs.id, id));
    return { hibah_id: id, hibah_type: h?.hibah_type, reference: h?.hibah_number ?? null };
  },
  async reply(db, id) {
    const [h] = await db.select().from(hibahs).where(eq(hibahs.id, id));
    return { hibah: await serializeHibah(db, h) };
  },
};
