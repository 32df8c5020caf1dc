/**
 * Payments for wills (docs/api/payments.md; spec §3 promo code, §4 "Payment: made, failed, waived via
 * promo code", §8 "Payment of will failed", §9 payment modes; reference §1.9, §4.5).
 *
 * Rules:
 * - The amount is never taken from the client: due = `wills.price_sen` (fixed at part b) − the promo
 *   discount, in integer sen. No price yet → 422 `payments.price_missing` (part b first).
 * - Modes of this slice: 1 gateway (built-in sandbox), 2 direct (bank transfer reference), 3 cash. The
 *   will's organisation must allow the mode (`organizations.allow_*_payment`, `preferences.allow_payments`).
 * - Nothing left to pay → the payment is `waived` (no gateway) with a receipt number.
 * - Gateway: `pending` until the sandbox approves (→ `paid`) or fails (→ `failed`); settled payments
 *   never change again. Direct/cash: `pending` until Staff/Accountant/Admin confirm (→ `paid`); the
 *   wizard part `payment` counts as done as soon as a manual payment is recorded.
 * - A will with a `paid`/`waived` payment cannot be paid again (422 `payments.already_paid`); a new
 *   attempt supersedes (fails) the will's earlier pending payment, so a will is never paid twice.
 * - Each state change writes an audit event in the same transaction (DESIGN.md §9.6).
 */

import { randomBytes } from 'node:crypto';
import { P, PAYMENT_OPTIONS, type PaymentCreateInput } from '@wasiat/domain';
import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { AuthUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { organizations, payments, preferences, wills } from '../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import { type Page, pageParams, toPage } from '../http/pagination.ts';
import { markPartDone } from '../wills/service.ts';
import { loadVisibleWill } from './policy.ts';
import { previewPromo, redeemPromo } from './promo.ts';
import { serializePayment, serializeWillPayment } from './serialize.ts';

type Payment = typeof payments.$inferSelect;
type Will = typeof wills.$inferSelect;
/** Who acts, for audit events: the user id (null for the public sandbox) and the request IP. */
export interface Actor {
  id: string | null;
  ip?: string;
}

/** Will statuses in which a payment may be made: 0 in registration, 3 cancelled, update needed (spec §4). */
const PAYABLE_WILL_STATUS = [0, 3];
const SETTLED = ['paid', 'waived'];
const MANUAL_OPTIONS: number[] = [PAYMENT_OPTIONS.direct, PAYMENT_OPTIONS.cash];

const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

/** The year in Malaysia (Asia/Kuala_Lumpur), for receipt numbers. */
const malaysiaYear = (d = new Date()) =>
  Number(new Intl.DateTimeFormat('en', { timeZone: 'Asia/Kuala_Lumpur', year: 'numeric' }).format(d));

/**
 * The next receipt number `R<year>-<6 digits>` (docs/api/payments.md), serialised by a transaction-level
 * advisory lock so concurrent settlements never collide (the unique index is the last guard).
 */
export async function nextReceiptNo(tx: Db, now = new Date()): Promise<string> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(72270001)`);
  const prefix = `R${malaysiaYear(now)}-`;
  const [row] = await tx
    .select({ last: sql<string | null>`max(${payments.receipt_no})` })
    .from(payments)
    .where(like(payments.receipt_no, `${prefix}%`));
  const last = row?.last ? Number(row.last.slice(prefix.length)) : 0;
  return `${prefix}${String(last + 1).padStart(6, '0')}`;
}

/** Payment status of each will (its latest payment; null when none): `wasiat.payment_status`. */
export async function paymentStatusOf(db: Db, wasiatIds: string[]): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>(wasiatIds.map((id) => [id, null]));
  if (!wasiatIds.length) return out;
  const rows = await db
    .select({ id: payments.paymentable_id, status: payments.status })
    .from(payments)
    .where(and(eq(payments.paymentable_type, 'Wasiat'), inArray(payments.paymentable_id, wasiatIds)))
    .orderBy(desc(payments.created_at), desc(payments.id));
  for (const r of rows) if (out.get(r.id) === null) out.set(r.id, r.status);
  return out;
}

async function willReply(db: Db, wasiatId: string) {
  const [w] = await db.select().from(wills).where(eq(wills.id, wasiatId));
  return serializeWillPayment(w, (await paymentStatusOf(db, [wasiatId])).get(wasiatId) ?? null);
}

/** Refuse a mode the will's organisation does not allow (422 `payments.payment_not_allowed`). */
async function assertModeAllowed(tx: Db, will: Will, option: number) {
  if (!will.organization_id) return;
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, will.organization_id));
  const [pref] = await tx.select().from(preferences).where(eq(preferences.organization_id, will.organization_id));
  const allowed =
    (pref?.allow_payments ?? true) &&
    !!org &&
    ((option === PAYMENT_OPTIONS.gateway && org.allow_payment_gateway) ||
      (option === PAYMENT_OPTIONS.direct && org.allow_direct_payment) ||
      (option === PAYMENT_OPTIONS.cash && org.allow_cash_payment));
  if (!allowed) throw fieldError('payment_options_id', P.paymentNotAllowed);
}

/**
 * `POST /api/payment` — pay for a will the caller may see.
 * @returns `{ payment, wasiat, payment_link? }` (`payment_link` for a pending gateway payment).
 * @throws 404 will not visible; 422 `payments.will_not_payable` (status not 0/3), `payments.price_missing`,
 *   `payments.already_paid`, `payments.payment_not_allowed` (on `payment_options_id`),
 *   `payments.promo_invalid` / `payments.promo_one_per_will` (on `promo_code`).
 */
export async function createPayment(db: Db, user: AuthUser, input: PaymentCreateInput, ip?: string) {
  await loadVisibleWill(db, user, input.paymentable_id);
  const payment = await inTx(db, async (tx) => {
    // Lock the will: one payment decision per will at a time.
    const [will] = await tx.select().from(wills).where(eq(wills.id, input.paymentable_id)).for('update');
    if (!will) throw notFound();
    if (!PAYABLE_WILL_STATUS.includes(will.status)) throw new AppError('validation', P.willNotPayable);
    if (will.price_sen === null) throw new AppError('validation', P.priceMissing);
    const settled = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(
        and(
          eq(payments.paymentable_type, 'Wasiat'),
          eq(payments.paymentable_id, will.id),
          inArray(payments.status, SETTLED),
        ),
      )
      .limit(1);
    if (settled.length) throw new AppError('validation', P.alreadyPaid);

    const promo = await redeemPromo(tx, will, input.promo_code, { id: user.id, ip });
    const discount = Math.min(promo?.discount_sen ?? 0, will.price_sen);
    const due = will.price_sen - discount;
    if (due > 0) await assertModeAllowed(tx, will, input.payment_options_id);

    const superseded = await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(
        and(
          eq(payments.paymentable_type, 'Wasiat'),
          eq(payments.paymentable_id, will.id),
          eq(payments.status, 'pending'),
        ),
      )
      .returning({ id: payments.id });
    for (const s of superseded) {
      await recordAudit(tx, {
        actorId: user.id,
        action: 'payment.supersede',
        entityType: 'Payment',
        entityId: s.id,
        before: { status: 'pending' },
        after: { status: 'failed' },
        ip,
      });
    }

    const now = new Date();
    const waived = due === 0;
    const [p] = await tx
      .insert(payments)
      .values({
        paymentable_type: 'Wasiat',
        paymentable_id: will.id,
        payment_options_id: input.payment_options_id,
        amount_sen: due,
        status: waived ? 'waived' : 'pending',
        reference: input.reference ?? null,
        promo_code_id: promo?.id ?? null,
        created_by: user.id,
        paid_at: waived ? now : null,
        receipt_no: waived ? await nextReceiptNo(tx, now) : null,
      })
      .returning();
    await tx
      .update(wills)
      .set({
        payment_options_id: input.payment_options_id,
        discount_sen: discount,
        ...(waived ? { payment_received_at: now } : {}),
      })
      .where(eq(wills.id, will.id));
    if (waived || MANUAL_OPTIONS.includes(input.payment_options_id)) await markPartDone(tx, will.id, 'payment');
    await recordAudit(tx, {
      actorId: user.id,
      action: waived ? 'payment.waive' : 'payment.create',
      entityType: 'Payment',
      entityId: p.id,
      before: null,
      after: { status: p.status, amount_sen: p.amount_sen, discount_sen: discount, option: p.payment_options_id },
      ip,
    });
    return { p, discount };
  });
  const out = serializePayment(payment.p, payment.discount);
  return {
    payment: out,
    wasiat: await willReply(db, input.paymentable_id),
    ...(out.payment_link ? { payment_link: out.payment_link } : {}),
  };
}

/**
 * Lock a payment for a state change, taking the locks in the same order as {@link createPayment}
 * (the will first, then the payment) so concurrent changes never deadlock.
 */
async function lockPayment(tx: Db, paymentId: string): Promise<Payment | undefined> {
  const [ref] = await tx.select({ willId: payments.paymentable_id }).from(payments).where(eq(payments.id, paymentId));
  if (!ref) return undefined;
  await tx.select({ id: wills.id }).from(wills).where(eq(wills.id, ref.willId)).for('update');
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  return p;
}

/** Mark a pending payment paid with a receipt number and the will's `payment_received_at`. */
async function settlePaid(tx: Db, p: Payment, extra: Partial<Payment>) {
  const now = new Date();
  const [paid] = await tx
    .update(payments)
    .set({ status: 'paid', paid_at: now, receipt_no: await nextReceiptNo(tx, now), ...extra })
    .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
    .returning();
  await tx.update(wills).set({ payment_received_at: now }).where(eq(wills.id, p.paymentable_id));
  await markPartDone(tx, p.paymentable_id, 'payment');
  return paid;
}

/** A gateway payment for the public sandbox page, or undefined (unknown id or not a gateway payment). */
export async function findGatewayPayment(db: Db, paymentId: string) {
  const [p] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  return p && p.payment_options_id === PAYMENT_OPTIONS.gateway ? p : undefined;
}

/**
 * Outcome of the built-in sandbox gateway (`POST /api/payment-gateway/sandbox/{id}`): approve → `paid`
 * (receipt number, `wasiat.payment_received_at`, part `payment` done); fail → `failed`. A payment that is
 * no longer pending is returned unchanged (a settled payment cannot be flipped).
 * @returns the payment after the outcome, or undefined when there is no such gateway payment.
 */
export async function settleSandbox(db: Db, paymentId: string, outcome: 'approve' | 'fail', ip?: string) {
  return inTx(db, async (tx) => {
    const p = await lockPayment(tx, paymentId);
    if (!p || p.payment_options_id !== PAYMENT_OPTIONS.gateway) return undefined;
    if (p.status !== 'pending') return p;
    const gateway_reference = `SBX-${randomBytes(6).toString('hex').toUpperCase()}`;
    const after =
      outcome === 'approve'
        ? await settlePaid(tx, p, { gateway_reference })
        : (
            await tx
              .update(payments)
              .set({ status: 'failed', gateway_reference })
              .where(eq(payments.id, p.id))
              .returning()
          )[0];
    await recordAudit(tx, {
      actorId: null,
      action: outcome === 'approve' ? 'payment.gateway_paid' : 'payment.gateway_failed',
      entityType: 'Payment',
      entityId: p.id,
      before: { status: p.status },
      after: { status: after.status, receipt_no: after.receipt_no, gateway_reference },
      ip,
    });
    return after;
  });
}

/**
 * `POST /api/payment/{id}/confirm` — Staff/Accountant/Admin confirm a pending direct or cash payment:
 * `paid`, `confirmed_by`/`confirmed_at` recorded, receipt number, `wasiat.payment_received_at` set.
 * @throws 404 not visible; 422 `payments.not_confirmable` (not pending, or a gateway payment).
 */
export async function confirmPayment(db: Db, user: AuthUser, paymentId: string, ip?: string) {
  const found = await visiblePayment(db, user, paymentId);
  const paid = await inTx(db, async (tx) => {
    const p = (await lockPayment(tx, found.payment.id)) as Payment;
    if (p.status !== 'pending' || !MANUAL_OPTIONS.includes(p.payment_options_id)) {
      throw new AppError('validation', P.notConfirmable);
    }
    const now = new Date();
    const done = await settlePaid(tx, p, { confirmed_by: user.id, confirmed_at: now });
    await recordAudit(tx, {
      actorId: user.id,
      action: 'payment.confirm',
      entityType: 'Payment',
      entityId: p.id,
      before: { status: 'pending' },
      after: { status: 'paid', receipt_no: done.receipt_no, confirmed_by: user.id, confirmed_at: now },
      ip,
    });
    return done;
  });
  return { payment: serializePayment(paid, paid.promo_code_id ? found.will.discount_sen : 0) };
}

/** A payment of a will the user may see, with that will. @throws 404 otherwise. */
async function visiblePayment(db: Db, user: AuthUser, paymentId: string) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId)).limit(1);
  if (payment?.paymentable_type !== 'Wasiat') throw notFound();
  const will = await loadVisibleWill(db, user, payment.paymentable_id);
  return { payment, will };
}

/** `GET /api/payment/{id}` → `{ payment }` (owner, agent or staff). @throws 404 when not visible. */
export async function getPayment(db: Db, user: AuthUser, paymentId: string) {
  const { payment, will } = await visiblePayment(db, user, paymentId);
  return { payment: serializePayment(payment, payment.promo_code_id ? will.discount_sen : 0) };
}

/**
 * `GET /api/wasiat/{id}/payment` → `{ payments: { data, current_page, per_page, total, last_page } }`,
 * newest first. @throws 404 when the will is not visible.
 */
export async function listWillPayments(
  db: Db,
  user: AuthUser,
  wasiatId: string,
  q: { limit?: number; page?: number },
): Promise<{ payments: Page<ReturnType<typeof serializePayment>> }> {
  const will = await loadVisibleWill(db, user, wasiatId);
  const where = and(eq(payments.paymentable_type, 'Wasiat'), eq(payments.paymentable_id, will.id));
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where);
  const rows = await db
    .select()
    .from(payments)
    .where(where)
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(p.per_page)
    .offset(p.offset);
  const data = rows.map((r) => serializePayment(r, r.promo_code_id ? will.discount_sen : 0));
  return { payments: toPage(data, Number(n), p) };
}

/**
 * `POST /api/promo-code/check { code, wasiat_id }` → `{ promo_code: { code, discount_sen, amount_due_sen } }`
 * (sen; the discount is capped at the will's price). Does not redeem the code.
 * @throws 404 will not visible; 422 `payments.promo_invalid` / `payments.promo_one_per_will` on `promo_code`.
 */
export async function checkPromo(db: Db, user: AuthUser, code: string, wasiatId: string) {
  const will = await loadVisibleWill(db, user, wasiatId);
  const promo = await previewPromo(db, will, code);
  const price = will.price_sen ?? 0;
  const discount = will.price_sen === null ? promo.discount_sen : Math.min(promo.discount_sen, price);
  return {
    promo_code: {
      code: promo.code,
      discount_sen: discount,
      amount_due_sen: will.price_sen === null ? null : price - discount,
      expires_at: promo.expires_at,
    },
  };
}
