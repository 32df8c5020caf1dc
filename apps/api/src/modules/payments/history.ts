/**
 * The payer's transaction history (spec §2 "Transaction history"; issue 38 item 2, ADR 0248): every payment
 * of every payable kind (will, amendment, hibah, one-cent trust, qurban, any kind registered later) paid by
 * or for the caller, read from the `payments` ledger alone (payables.ts `payerPaymentsWhere`).
 */
import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { pageParams, pageQuery, toPage } from '../../platform/http/pagination.ts';
import { replies } from '../../platform/http/reply-schemas.ts';
import { type AuthUser, requireUser } from '../auth/index.ts';
import { ledgerPaid } from './ledger-sql.ts';
import { payerPaymentsWhere } from './payables.ts';
import { payableKey, payersOfPayments } from './payers.ts';
import { serializeWithInstalments } from './queries.ts';
import { paymentHistoryReply } from './schemas.ts';

/**
 * The caller's payments as payer, newest first: `{ payments: { data: [payment + payable_reference], current_page,
 * per_page, total, last_page }, paid_sen }` — every status; `payable_reference` is the number of what was paid
 * for (will, hibah or amendment number, qurban reference; null before one is given); `paid_sen` the sum of the
 * caller's paid payments (integer sen) by the ledger's rule (ledger-sql.ts: an ATB mandate is not money, its
 * instalments are; ADR 0264). An ATB mandate carries its `instalments` (schedule and progress).
 */
async function listMyPayments(db: Db, user: AuthUser, q: { limit?: number; page?: number }) {
  const where = payerPaymentsWhere(user.id);
  const p = pageParams(q);
  const [agg] = await db
    .select({
      n: sql<number>`count(*)::int`,
      paid: sql<string>`coalesce(sum(${payments.amount_sen}) FILTER (WHERE ${ledgerPaid()}), 0)::bigint`,
    })
    .from(payments)
    .where(where);
  const list = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(p.per_page)
    .offset(p.offset);
  const shown = await serializeWithInstalments(db, list);
  const payers = await payersOfPayments(db, list);
  const data = list.map((r, i) => ({
    ...shown[i],
    payable_reference: payers.get(payableKey(r.paymentable_type, r.paymentable_id))?.item ?? null,
  }));
  return { payments: toPage(data, Number(agg.n), p), paid_sen: Number(agg.paid) };
}

/** `GET /api/payment/mine?limit&page` (any signed-in user) → {@link listMyPayments}. */
export function paymentHistoryRoutes(api: FastifyInstance, db: Db) {
  api.get(
    '/payment/mine',
    {
      config: { access: 'authenticated' },
      schema: { querystring: z.object(pageQuery), response: replies({ 200: paymentHistoryReply }) },
    },
    async (req) => listMyPayments(db, requireUser(req), req.query as { limit?: number; page?: number }),
  );
}
