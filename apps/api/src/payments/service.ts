/**
 * Payments for wills, amendments, hibah and other payables (docs/api/payments.md; spec §3 promo code, §4
 * "Payment: made, failed, waived via promo code", §8 "Payment of will failed", §9 payment modes; reference
 * §1.9, §2.7, §4.5). What is paid for is a payable kind registered by its owning module (payables.ts,
 * ADR 0016); this file holds the money rules, the same for every kind.
 *
 * Rules:
 * - The amount is never taken from the client: due = the payable's price (for a will `wills.price_sen`,
 *   fixed at part b) − the promo discount, in integer sen. No price yet → 422 `payments.price_missing`.
 * - Modes (ADR 0040): 1 gateway (gateways/: sandbox or Billplz), 2 direct (bank transfer reference +
 *   uploaded slip), 3 cash, 4 financing (bank application: pending → approved / rejected), 5 ATB (bank
 *   standing instruction: debit amount, frequency, bank, account, start date), 6 offline (recorded by
 *   staff, settled at once). The payable's organisation must allow the mode (`organizations.allow_*`,
 *   `preferences.allow_payments`).
 * - Nothing left to pay → the payment is `waived` (no gateway) with a receipt number.
 * - Gateway: `pending` until the gateway says paid (→ `paid`) or failed (→ `failed`); settled payments
 *   never change again (gateway-flow.ts). Manual modes: `pending` until Staff/Accountant/Admin confirm
 *   (manual.ts); the wizard part `payment` counts as done as soon as a manual payment is recorded.
 * - A payable with a `paid`/`waived` payment cannot be paid again (422 `payments.already_paid`); a new
 *   attempt supersedes (fails) its earlier pending payment, so nothing is ever paid twice.
 * - Receipts are numbered per organisation in the settling transaction (receipts.ts, ADR 0042).
 * - Each state change writes an audit event in the same transaction (DESIGN.md §9.6).
 */

import {
  can,
  isSafeRedirectPath,
  MANUAL_PAYMENT_OPTIONS,
  P,
  PAYMENT_OPTIONS,
  type PaymentCreateInput,
} from '@wasiat/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { AuthUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { attachments, organizations, payments, preferences } from '../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../http/errors.ts';
import { type Page, pageParams, toPage } from '../http/pagination.ts';
import type { PaymentGateway } from './gateways/gateway.ts';
import { noGateway } from './gateways/sandbox.ts';
import { type PayableKind, type PayableState, payableKind } from './payables.ts';
import { previewPromo, redeemPromo } from './promo.ts';
import { nextReceiptNo, receiptMailDue } from './receipts.ts';
import { serializePayment } from './serialize.ts';

type Payment = typeof payments.$inferSelect;
/** Who acts, for audit events: the user id (null for the public sandbox) and the request IP. */
export interface Actor {
  id: string | null;
  ip?: string;
}

const SETTLED = ['paid', 'waived'];
const MANUAL_OPTIONS = MANUAL_PAYMENT_OPTIONS;

export const inTx = <T>(db: Db, fn: (tx: Db) => Promise<T>) => db.transaction((tx) => fn(tx as unknown as Db));

export { nextReceiptNo };

/**
 * Payment status of each payable of one type (its latest payment; null when none), e.g.
 * `wasiat.payment_status`.
 */
export async function paymentStatusOf(db: Db, ids: string[], type = 'Wasiat'): Promise<Map<string, string | null>> {
  const out = new Map<string, string | null>(ids.map((id) => [id, null]));
  if (!ids.length) return out;
  const rows = await db
    .select({ id: payments.paymentable_id, status: payments.status })
    .from(payments)
    .where(and(eq(payments.paymentable_type, type), inArray(payments.paymentable_id, ids)))
    .orderBy(desc(payments.created_at), desc(payments.id));
  for (const r of rows) if (out.get(r.id) === null) out.set(r.id, r.status);
  return out;
}

/** The organisation flag that allows each mode (offline: payments allowed at all; ADR 0040). */
const MODE_FLAG: Record<number, keyof typeof organizations.$inferSelect | null> = {
  [PAYMENT_OPTIONS.gateway]: 'allow_payment_gateway',
  [PAYMENT_OPTIONS.direct]: 'allow_direct_payment',
  [PAYMENT_OPTIONS.cash]: 'allow_cash_payment',
  [PAYMENT_OPTIONS.financing]: 'allow_loan_payment',
  [PAYMENT_OPTIONS.atb]: 'allow_atb_payment',
  [PAYMENT_OPTIONS.offline]: null,
};

/** Refuse a mode the payable's organisation does not allow (422 `payments.payment_not_allowed`). */
async function assertModeAllowed(tx: Db, organizationId: string | null, option: number) {
  if (!organizationId) return;
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  const [pref] = await tx.select().from(preferences).where(eq(preferences.organization_id, organizationId));
  const flag = MODE_FLAG[option];
  const allowed = (pref?.allow_payments ?? true) && !!org && (flag === null || org[flag] === true);
  if (!allowed) throw fieldError('payment_options_id', P.paymentNotAllowed);
}

/**
 * `GET /api/payment/options?paymentable_type&paymentable_id` → `{ payment_options: number[] }`: the modes
 * the caller may choose for this payable now — those its organisation allows (`organizations.allow_*`,
 * `preferences.allow_payments`; none when payments are off), offline (6) only for `payment:confirm`
 * roles. The same rule {@link createPayment} enforces. @throws 404 when the payable is not visible.
 */
export async function paymentOptionsFor(db: Db, user: AuthUser, type: string, id: string) {
  const state = await payableKind(type).loadVisible(db, user, id);
  const modes = Object.keys(MODE_FLAG).map(Number);
  const out: number[] = [];
  for (const m of modes) {
    if (m === PAYMENT_OPTIONS.offline && !can(user.role, 'payment:confirm')) continue;
    try {
      await assertModeAllowed(db, state.organizationId, m);
      out.push(m);
    } catch {
      /* not allowed */
    }
  }
  return { payment_options: out };
}

/** Today in Malaysia as YYYY-MM-DD. */
const klToday = (d = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

/**
 * The return path of a gateway payment (reference §1.9): a same-origin path; an absolute URL is accepted
 * only when its origin is the app's own (`appUrl`) and reduced to its path. Default `/payment-status`.
 * @throws 422 `payments.redirect_invalid` on `redirect_url`.
 */
export function safeRedirect(url: string | undefined, appUrl: string): string {
  if (!url) return '/payment-status';
  if (/^https?:\/\//i.test(url)) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw fieldError('redirect_url', P.redirectInvalid);
    }
    if (u.origin !== new URL(appUrl).origin) throw fieldError('redirect_url', P.redirectInvalid);
    return u.pathname + u.search;
  }
  if (!isSafeRedirectPath(url)) throw fieldError('redirect_url', P.redirectInvalid);
  return url;
}

/** The transfer slip of a direct payment: the given attachment of this payable, else its latest one. */
async function slipOf(tx: Db, state: PayableState, given: string | undefined) {
  const where = and(
    eq(attachments.attachable_type, state.type),
    eq(attachments.attachable_id, state.id),
    eq(attachments.type, 'payment'),
    given ? eq(attachments.id, given) : undefined,
  );
  const [a] = await tx
    .select({ id: attachments.id })
    .from(attachments)
    .where(where)
    .orderBy(desc(attachments.created_at))
    .limit(1);
  if (!a) throw fieldError('slip_attachment_id', P.slipRequired);
  return a.id;
}

/** The settled payment of a payable, if any (`paid` or `waived`). */
async function settledPaymentOf(tx: Db, state: PayableState) {
  const [row] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.paymentable_type, state.type),
        eq(payments.paymentable_id, state.id),
        inArray(payments.status, SETTLED),
      ),
    )
    .limit(1);
  return row;
}

/** The reply of `POST /api/payment`: the payment, the kind's own view (e.g. `wasiat`) and the pay link. */
async function paymentReply(db: Db, kind: PayableKind, p: Payment) {
  const out = serializePayment(p);
  return {
    payment: out,
    ...(kind.reply ? await kind.reply(db, p.paymentable_id) : {}),
    ...(out.payment_link ? { payment_link: out.payment_link } : {}),
  };
}

/** How the HTTP layer runs {@link createPayment}: the configured gateway and the app's public URL. */
export interface PaymentEnv {
  gateway?: PaymentGateway;
  /** Public base URL, e.g. http://localhost:3000 (gateway callbacks and same-origin redirects). */
  appUrl?: string;
}

/**
 * `POST /api/payment` — pay for a payable (`paymentable_type` + `paymentable_id`) the caller may see.
 * @returns `{ payment, payment_link?, …kind reply }` — for a will `{ payment, wasiat, payment_link? }`
 *   (`payment_link` for a pending gateway payment: the gateway's pay page).
 * @throws 404 not visible; 422 `payments.payable_unknown` (on `paymentable_type`), not payable in its
 *   status (for a will `payments.will_not_payable`), price missing, already paid,
 *   `payments.payment_not_allowed` / `payments.offline_staff_only` (on `payment_options_id`),
 *   `payments.promo_invalid` / `payments.promo_one_per_will` (on `promo_code`), `payments.slip_required`,
 *   `payments.atb_amount_invalid`, `payments.start_date_invalid`, `payments.redirect_invalid`,
 *   `payments.gateway_unavailable` (the gateway refused the bill; the payment is then `failed`).
 */
export async function createPayment(
  db: Db,
  user: AuthUser,
  input: PaymentCreateInput,
  ip?: string,
  env: PaymentEnv = {},
) {
  const kind = payableKind(input.paymentable_type);
  await kind.loadVisible(db, user, input.paymentable_id);
  const msg = { ...DEFAULT_MESSAGES, ...kind.messages };
  const gateway = env.gateway ?? noGateway;
  const appUrl = env.appUrl ?? 'http://localhost';
  const option = input.payment_options_id;
  const redirect = option === PAYMENT_OPTIONS.gateway ? safeRedirect(input.redirect_url, appUrl) : null;
  if (option === PAYMENT_OPTIONS.offline && !can(user.role, 'payment:confirm')) {
    throw fieldError('payment_options_id', P.offlineStaffOnly);
  }
  if (option === PAYMENT_OPTIONS.atb && input.atb_start_date && input.atb_start_date < klToday()) {
    throw fieldError('atb_start_date', P.startDateInvalid);
  }
  const p = await inTx(db, async (tx) => {
    // Lock the payable: one payment decision per payable at a time.
    const state = await kind.lock(tx, input.paymentable_id);
    if (!state) throw notFound();
    if (!state.payable) throw new AppError('validation', msg.notPayable);
    if (state.priceSen === null) throw new AppError('validation', msg.priceMissing);
    if (await settledPaymentOf(tx, state)) throw new AppError('validation', msg.alreadyPaid);

    const promo = await redeemPromo(tx, state, input.promo_code, { id: user.id, ip });
    const discount = Math.min(promo?.discount_sen ?? 0, state.priceSen);
    const due = state.priceSen - discount;
    const waived = due === 0;
    if (!waived) await assertModeAllowed(tx, state.organizationId, option);
    const slip =
      !waived && option === PAYMENT_OPTIONS.direct ? await slipOf(tx, state, input.slip_attachment_id) : null;
    if (!waived && option === PAYMENT_OPTIONS.atb && (input.atb_amount_sen ?? 0) > due) {
      throw fieldError('atb_amount_sen', P.atbAmountInvalid);
    }

    const superseded = await tx
      .update(payments)
      .set({ status: 'failed' })
      .where(
        and(
          eq(payments.paymentable_type, state.type),
          eq(payments.paymentable_id, state.id),
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
    // Offline (6) is recorded by staff after the money was received: settled at once (ADR 0040).
    const settledNow = waived || option === PAYMENT_OPTIONS.offline;
    const isAtb = option === PAYMENT_OPTIONS.atb;
    const [row] = await tx
      .insert(payments)
      .values({
        paymentable_type: state.type,
        paymentable_id: state.id,
        organization_id: state.organizationId,
        payment_options_id: option,
        amount_sen: due,
        discount_sen: discount,
        status: waived ? 'waived' : settledNow ? 'paid' : 'pending',
        reference: input.reference ?? null,
        promo_code_id: promo?.id ?? null,
        created_by: user.id,
        paid_at: settledNow ? now : null,
        receipt_no: settledNow ? await nextReceiptNo(tx, state.organizationId, now) : null,
        ...(settledNow ? receiptMailDue(now) : {}),
        ...(!waived && option === PAYMENT_OPTIONS.offline ? { confirmed_by: user.id, confirmed_at: now } : {}),
        gateway: !waived && option === PAYMENT_OPTIONS.gateway ? gateway.name : null,
        redirect_url: redirect,
        slip_attachment_id: slip,
        bank_name: isAtb || option === PAYMENT_OPTIONS.financing ? (input.bank_name ?? null) : null,
        account_no: isAtb ? (input.account_no ?? null) : null,
        atb_amount_sen: isAtb ? (input.atb_amount_sen ?? null) : null,
        atb_frequency: isAtb ? (input.atb_frequency ?? null) : null,
        atb_other_frequency: isAtb && input.atb_frequency === 'other' ? (input.atb_other_frequency ?? null) : null,
        atb_start_date: isAtb ? (input.atb_start_date ?? null) : null,
        financing_status: !waived && option === PAYMENT_OPTIONS.financing ? 'pending' : null,
      })
      .returning();
    const manual = MANUAL_OPTIONS.includes(option);
    await kind.onRecorded?.(tx, state, {
      paymentId: row.id,
      optionId: option,
      discountSen: discount,
      waived,
      manual,
      now,
    });
    if (settledNow) await kind.onPaid(tx, state, now);
    await recordAudit(tx, {
      actorId: user.id,
      action: waived ? 'payment.waive' : settledNow ? 'payment.offline' : 'payment.create',
      entityType: 'Payment',
      entityId: row.id,
      before: null,
      after: {
        status: row.status,
        amount_sen: row.amount_sen,
        discount_sen: discount,
        option: row.payment_options_id,
        for: `${state.type}:${state.id}`,
        receipt_no: row.receipt_no,
      },
      ip,
    });
    return row;
  });
  const opened = p.status === 'pending' && p.gateway ? await openBill(db, kind, p, gateway, appUrl, user, ip) : p;
  return paymentReply(db, kind, opened);
}

/**
 * Open the gateway bill of a pending gateway payment (after its transaction committed, so no lock is
 * held during the outbound call) and store the bill id and pay page on the payment. When the gateway
 * refuses, the payment is `failed` (audited) and 422 `payments.gateway_unavailable` is thrown.
 */
async function openBill(
  db: Db,
  kind: PayableKind,
  p: Payment,
  gateway: PaymentGateway,
  appUrl: string,
  user: AuthUser,
  ip?: string,
): Promise<Payment> {
  const payer = (await kind.receiptInfo?.(db, p.paymentable_id)) ?? {
    name: user.name,
    email: user.email,
    mobile: null,
  };
  try {
    const bill = await gateway.createBill({
      paymentId: p.id,
      amountSen: p.amount_sen,
      description: `${p.paymentable_type} ${payer.name}`.trim(),
      payer: { name: payer.name || user.name, email: payer.email ?? null, mobile: payer.mobile ?? null },
      callbackUrl: `${appUrl}/api/payment-gateway/${gateway.name}/callback`,
      redirectUrl: `${appUrl}/api/payment-gateway/${gateway.name}/redirect/${p.id}`,
    });
    const [row] = await db
      .update(payments)
      .set({ gateway_bill_id: bill.billId, gateway_url: bill.url })
      .where(eq(payments.id, p.id))
      .returning();
    return row;
  } catch (err) {
    await inTx(db, async (tx) => {
      const [failed] = await tx
        .update(payments)
        .set({ status: 'failed', failure_reason: String(err instanceof Error ? err.message : err).slice(0, 500) })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
        .returning();
      if (failed) {
        await recordAudit(tx, {
          actorId: user.id,
          action: 'payment.gateway_unavailable',
          entityType: 'Payment',
          entityId: p.id,
          before: { status: 'pending' },
          after: { status: 'failed', gateway: gateway.name },
          ip,
        });
      }
    });
    throw fieldError('payment_options_id', P.gatewayUnavailable);
  }
}

/** Messages for a payable kind that does not name its own (payables.ts `messages`). */
const DEFAULT_MESSAGES = {
  notPayable: P.notPayable as string,
  priceMissing: P.priceNotSet as string,
  alreadyPaid: P.alreadyPaidGeneric as string,
};

/**
 * Lock a payment for a state change, taking the locks in the same order as {@link createPayment}
 * (the payable first, then the payment) so concurrent changes never deadlock.
 * @returns the payment and the payable's state (undefined when the payment does not exist).
 */
export async function lockPayment(tx: Db, paymentId: string) {
  const [ref] = await tx
    .select({ type: payments.paymentable_type, id: payments.paymentable_id })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!ref) return undefined;
  const kind = payableKind(ref.type);
  const state = await kind.lock(tx, ref.id);
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
  if (!p || !state) return undefined;
  return { p, state, kind };
}
export type LockedPayment = NonNullable<Awaited<ReturnType<typeof lockPayment>>>;

/**
 * Mark a payment (pending, or a gateway payment failed by its redirect) paid with the next receipt
 * number of its organisation, queue its receipt e-mail, and tell the payable's kind (`onPaid`).
 */
export async function settlePaid(tx: Db, locked: LockedPayment, extra: Partial<Payment>) {
  const now = new Date();
  const [paid] = await tx
    .update(payments)
    .set({
      status: 'paid',
      paid_at: now,
      receipt_no: await nextReceiptNo(tx, locked.p.organization_id ?? locked.state.organizationId, now),
      organization_id: locked.p.organization_id ?? locked.state.organizationId,
      ...receiptMailDue(now),
      ...extra,
    })
    .where(and(eq(payments.id, locked.p.id), inArray(payments.status, ['pending', 'failed'])))
    .returning();
  await locked.kind.onPaid(tx, locked.state, now);
  return paid;
}

/** Whether the payable of a locked payment already has a settled payment. */
export const payableSettled = async (tx: Db, state: PayableState) => !!(await settledPaymentOf(tx, state));

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

/** `GET /api/payment/{id}` → `{ payment }` (whoever may see the payable). @throws 404 when not visible. */
export async function getPayment(db: Db, user: AuthUser, paymentId: string) {
  return { payment: serializePayment(await visiblePayment(db, user, paymentId)) };
}

/**
 * The payments of one payable, newest first: `{ payments: { data, current_page, per_page, total,
 * last_page } }` (`GET /api/wasiat/{id}/payment` for wills). @throws 404 when the payable is not visible.
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
    payments: toPage(
      rows.map((r) => serializePayment(r)),
      Number(n),
      p,
    ),
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

/**
 * Fail the pending payments of a payable whose owning module withdraws it (e.g. a cancelled qurban
 * purchase, issue 10), inside `tx`. The caller must hold the payable's lock (its kind's `lock`), the same
 * first lock as {@link settleSandbox} and {@link confirmPayment} take, so a payment can never settle after
 * this: it is `failed` by then and settlement leaves a non-pending payment unchanged. Audited per payment.
 * @returns the ids of the payments failed.
 */
export async function failPendingPayments(tx: Db, type: string, id: string, actor: Actor): Promise<string[]> {
  const failed = await tx
    .update(payments)
    .set({ status: 'failed' })
    .where(and(eq(payments.paymentable_type, type), eq(payments.paymentable_id, id), eq(payments.status, 'pending')))
    .returning({ id: payments.id });
  for (const f of failed) {
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'payment.withdraw',
      entityType: 'Payment',
      entityId: f.id,
      before: { status: 'pending' },
      after: { status: 'failed', for: `${type}:${id}` },
      ip: actor.ip,
    });
  }
  return failed.map((f) => f.id);
}
