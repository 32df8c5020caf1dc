/**
 * Read-only payment queries (docs/api/payments.md; reference §1.9, §2.7): the payment status of payables
 * (e.g. `wasiat.payment_status`), one payment, a payable's payments page and the promo-code check
 * (amounts in integer sen). Visibility is the payable kind's (payables.ts, ADR 0016): not visible → 404.
 */

import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { notFound } from '../../platform/http/errors.ts';
import { type Page, pageParams, toPage } from '../../platform/http/pagination.ts';
import { type PayableKind, payableKind } from './payables.ts';
import { previewPromo } from './promo.ts';
import { serializePayment } from './serialize.ts';

type Payment = typeof payments.$inferSelect;

/**
 * Payment status of each payable of one type (its latest payment, never an ATB instalment: an ATB payable's is
 * its mandate's, pending until the last instalment; null when none), e.g. `wasiat.payment_status`.
 */
export async function paymentStatusOf(db: Db, ids: string[], type = 'Wasiat'): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>(ids.map((id) => [id, null]));
  if (!ids.length) return out;
  const rows = await db
    .select({ id: payments.paymentable_id, status: payments.status })
    .from(payments)
    .where(and(eq(payments.paymentable_type, type), inArray(payments.paymentable_id, ids), isNull(payments.parent_id)))
    .orderBy(desc(payments.created_at), desc(payments.id));
  for (const r of rows) if (out.get(r.id) === null) out.set(r.id, r.status);
  return out;
}

/** The instalment rows of the mandates `ids`, by mandate id, in schedule order. */
export async function instalmentsOf(db: Db, ids: readonly string[]): Promise<Map<string, Payment[]>> {
  const out = new Map<string, Payment[]>(ids.map((id) => [id, []]));
  if (!ids.length) return out;
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.parent_id, [...ids]))
    .orderBy(asc(payments.instalment_no));
  for (const r of rows) out.get(r.parent_id as string)?.push(r);
  return out;
}

/**
 * `rows` as the API answers them ({@link serializePayment}), each mandate with its `instalments`
 * (mandate-view.ts `MandateInstalments`); one query for the instalments of the page.
 */
export async function serializeWithInstalments(db: Db, rows: readonly Payment[]) {
  const kids = await instalmentsOf(
    db,
    rows.filter((r) => r.mandate).map((r) => r.id),
  );
  return rows.map((r) => serializePayment(r, kids.get(r.id)));
}

/** A payment whose payable the user may see (by the payable kind's policy). @throws 404 otherwise. */
export async function visiblePayment(db: Db, user: AuthUser, paymentId: string): Promise<Payment> {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (!payment) throw notFound();
  let kind: PayableKind;
  try {
    kind = payableKind(payment.paymentable_type);
  } catch {
    throw notFound();
  }
  await kind.loadVisible(db, user, payment.paymentable_id);
  return payment;
}

/**
 * `GET /api/payment/{id}` → `{ payment }` (whoever may see the payable; an ATB mandate with its `instalments`,
 * ADR 0264). @throws 404 when not visible.
 */
export async function getPayment(db: Db, user: AuthUser, paymentId: string) {
  const [payment] = await serializeWithInstalments(db, [await visiblePayment(db, user, paymentId)]);
  return { payment };
}

/**
 * The payments of one payable, newest first: `{ payments: { data, current_page, per_page, total,
 * last_page } }` (`GET /api/wasiat/{id}/payment` for wills) — an ATB mandate with its `instalments`, and its
 * instalments as rows of their own (ADR 0264). @throws 404 when the payable is not visible.
 */
export async function listPayments(
  db: Db,
  user: AuthUser,
  type: string,
  id: string,
  q: { limit?: number; page?: number },
): Promise<{ payments: Page<ReturnType<typeof serializePayment>> }> {
  const state = await payableKind(type).loadVisible(db, user, id);
  const where = and(eq(payments.paymentable_type, state.type), eq(payments.paymentable_id, state.id));
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where);
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(p.per_page)
    .offset(p.offset);
  return {
    payments: toPage(await serializeWithInstalments(db, rows), Number(n), p),
  };
}

/**
 * `POST /api/promo-code/check { code, wasiat_id }` (or `paymentable_type` + `paymentable_id`) →
 * `{ promo_code: { code, discount_sen, amount_due_sen, expires_at } }` (sen; the discount is capped at the
 * payable's price; `amount_due_sen` null while unpriced). Does not redeem the code.
 * @throws 404 not visible; 422 `payments.promo_invalid` / `payments.promo_one_per_will` on `promo_code`.
 */
export async function checkPromo(db: Db, user: AuthUser, code: string, type: string, id: string) {
  const state = await payableKind(type).loadVisible(db, user, id);
  const promo = await previewPromo(db, state, code);
  const price = state.priceSen;
  const discount = price === null ? promo.discount_sen : Math.min(promo.discount_sen, price);
  return {
    promo_code: {
      code: promo.code,
      discount_sen: discount,
      amount_due_sen: price === null ? null : price - discount,
      expires_at: promo.expires_at,
    },
  };
}
