/**
 * `POST /api/payment`: recording a payment for a payable (spec §3 promo code, §4 "Payment: made, failed,
 * waived via promo code", §9 payment modes; reference §1.9). Amounts in integer sen (ringgit × 100): due =
 * the payable's price − the promo discount, never taken from the client; nothing due → `waived`; offline
 * (6) declared by the payer with its details and confirmed by staff like cash, or settled at once when staff who
 * may confirm payments record it with its method, day and reference (offline.ts, ADR 0285, ADR 0291); direct (2) needs its transfer slip; ATB (5) is a mandate (ADR 0264) with a debit amount
 * not above what is due and covering it within `ATB_MAX_INSTALMENTS` debits, whose instalments are confirmed one
 * by one (instalments.ts); a gateway (1) payment gets its bill opened after the commit (gateways/). Audited in
 * the same transaction.
 */

import {
  ATB_MAX_INSTALMENTS,
  atbInstalmentCount,
  atbMinimumAmount,
  can,
  formatRinggit,
  isSafeRedirectPath,
  MANUAL_PAYMENT_OPTIONS,
  P,
  PAYMENT_OPTIONS,
  type PaymentCreateInput,
  translate,
} from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { PaymentGateway } from './gateways/gateway.ts';
import { noGateway } from './gateways/sandbox.ts';
import { mandateInProgress } from './instalments.ts';
import { offlineColumns } from './offline.ts';
import { type PayableKind, type PayableState, payableKind } from './payables.ts';
import { payerInfo } from './payers.ts';
import { assertModeAllowed } from './payment-modes.ts';
import { redeemPromo } from './promo.ts';
import { nextReceiptNo, receiptMailDue } from './receipts.ts';
import { serializePayment } from './serialize.ts';
import { inTx, pendingDeclarationOf, settledPaymentOf } from './settlement.ts';

type Payment = typeof payments.$inferSelect;

const MANUAL_OPTIONS = MANUAL_PAYMENT_OPTIONS;

/** Today in Malaysia as YYYY-MM-DD. */
const klToday = (d = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

/**
 * The return address of a gateway payment (reference §1.9): a same-origin path; an absolute URL whose origin is
 * the app's own (`appUrl`) is reduced to its path; an absolute URL whose origin is one of `returnOrigins` (the
 * allowed client origins, `CORS_ORIGINS`: a front end served from another origin, such as the 2021 client; issue
 * 39 item 6, ADR 0256) is kept absolute (origin, path and query; no user info). Default `/payment-status`.
 * @throws 422 `payments.redirect_invalid` on `redirect_url` (any other origin, user info, not http(s)).
 */
export function safeRedirect(url: string | undefined, appUrl: string, returnOrigins: readonly string[] = []): string {
  if (!url) return '/payment-status';
  if (/^https?:\/\//i.test(url)) {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      throw fieldError('redirect_url', P.redirectInvalid);
    }
    if (u.username || u.password) throw fieldError('redirect_url', P.redirectInvalid);
    if (u.origin === new URL(appUrl).origin) return u.pathname + u.search;
    if (returnOrigins.some((o) => sameOrigin(o, u.origin))) return u.origin + u.pathname + u.search;
    throw fieldError('redirect_url', P.redirectInvalid);
  }
  if (!isSafeRedirectPath(url)) throw fieldError('redirect_url', P.redirectInvalid);
  return url;
}

/** Whether the configured origin `configured` (e.g. `https://app.example.my`) is `origin`. */
function sameOrigin(configured: string, origin: string): boolean {
  try {
    return new URL(configured).origin === origin;
  } catch {
    return false;
  }
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

/** The reply of `POST /api/payment`: the payment, the kind's own view (e.g. `wasiat`) and the pay link. */
async function paymentReply(db: Db, kind: PayableKind, p: Payment) {
  // A new ATB mandate has received nothing yet: its schedule is shown at once (ADR 0264).
  const out = serializePayment(p, p.mandate ? [] : undefined);
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
  /** Other origins a gateway payment may return to (`CORS_ORIGINS`; {@link safeRedirect}). */
  returnOrigins?: readonly string[];
}

/**
 * `POST /api/payment` — pay for a payable (`paymentable_type` + `paymentable_id`) the caller may see.
 * @returns `{ payment, payment_link?, …kind reply }` — for a will `{ payment, wasiat, payment_link? }`
 *   (`payment_link` for a pending gateway payment: the gateway's pay page).
 * @throws 404 not visible; 422 `payments.payable_unknown` (on `paymentable_type`), not payable in its
 *   status (for a will `payments.will_not_payable`), price missing, already paid,
 *   `payments.payment_not_allowed` (on `payment_options_id`), offline: each missing detail named at once
 *   (`offline_method`, `reference`, `paid_on`, and for a payer `offline_amount_sen`; ADR 0291), `payments.paid_on_invalid`,
 *   `payments.offline_amount_mismatch` (on `offline_amount_sen`, not the amount due),
 *   `payments.promo_invalid` / `payments.promo_one_per_will` (on `promo_code`), `payments.slip_required`,
 *   `payments.atb_amount_invalid`, `payments.atb_too_many_instalments` (on `atb_amount_sen`),
 *   `payments.atb_in_progress` (on `payment_options_id`: an ATB mandate of the payable has received instalments,
 *   ADR 0264), `payments.offline_pending` (on `payment_options_id`: an offline declaration of the payable awaits
 *   staff's decision and the mode is not offline; ADR 0300), `payments.start_date_invalid`, `payments.redirect_invalid`,
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
  const redirect =
    option === PAYMENT_OPTIONS.gateway ? safeRedirect(input.redirect_url, appUrl, env.returnOrigins) : null;
  if (option === PAYMENT_OPTIONS.atb && input.atb_start_date && input.atb_start_date < klToday()) {
    throw fieldError('atb_start_date', P.startDateInvalid);
  }
  const p = await inTx(db, async (tx) => {
    // Lock the payable: one payment decision per payable at a time.
    const state = await kind.lock(tx, input.paymentable_id);
    if (!state) throw notFound();
    if (!state.payable) throw new AppError('validation', msg.notPayable);
    if (state.priceSen === null) throw new AppError('validation', msg.priceMissing);
    const running = await mandateInProgress(tx, state);
    if (running) {
      throw fieldError('payment_options_id', P.atbInProgress, { received: running.received, total: running.total });
    }
    if (!state.topUp && (await settledPaymentOf(tx, state))) throw new AppError('validation', msg.alreadyPaid);
    // Money declared as paid outside the platform waits for staff: another way of paying would charge twice (ADR 0300).
    const declared = option === PAYMENT_OPTIONS.offline ? undefined : await pendingDeclarationOf(tx, state);
    if (declared) throw fieldError('payment_options_id', P.offlinePending);

    const promo = await redeemPromo(tx, state, input.promo_code, { id: user.id, ip });
    const discount = Math.min(promo?.discount_sen ?? 0, state.priceSen);
    const due = state.priceSen - discount;
    const waived = due === 0;
    if (!waived) await assertModeAllowed(tx, state.organizationId, option);
    const slip =
      !waived && option === PAYMENT_OPTIONS.direct ? await slipOf(tx, state, input.slip_attachment_id) : null;
    const confirmer = can(user.role, 'payment:confirm');
    const offline =
      !waived && option === PAYMENT_OPTIONS.offline ? await offlineColumns(tx, state, input, due, confirmer) : null;
    if (!waived && option === PAYMENT_OPTIONS.atb && (input.atb_amount_sen ?? 0) > due) {
      throw fieldError('atb_amount_sen', P.atbAmountInvalid);
    }
    if (
      !waived &&
      option === PAYMENT_OPTIONS.atb &&
      atbInstalmentCount(due, input.atb_amount_sen ?? null) > ATB_MAX_INSTALMENTS
    ) {
      throw fieldError('atb_amount_sen', P.atbTooManyInstalments, {
        minimum: formatRinggit(atbMinimumAmount(due)),
        max: ATB_MAX_INSTALMENTS,
      });
    }

    // A newer payment replaces a pending one; its reason says so in both languages (failure_reason is shown as
    // written: a staff member's reason, a gateway's error).
    const superseded = await tx
      .update(payments)
      .set({
        status: 'failed',
        failure_reason: `${translate('payments.superseded', 'ms')} / ${translate('payments.superseded', 'en')}`,
      })
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
        after: { status: 'failed', reason: 'superseded' },
        ip,
      });
    }

    const now = new Date();
    // Offline (6) declared by the payer or whoever acts for them waits for staff like cash; recorded (with its method,
    // day and reference) by someone who may confirm payments, it is their confirmation and settles at once (ADR 0285,
    // ADR 0291, after ADR 0040).
    const confirmedNow = !!offline && confirmer;
    const settledNow = waived || confirmedNow;
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
        ...(settledNow ? await nextReceiptNo(tx, state.organizationId, now) : {}),
        ...(settledNow ? receiptMailDue(now) : {}),
        gateway: !waived && option === PAYMENT_OPTIONS.gateway ? gateway.name : null,
        redirect_url: redirect,
        slip_attachment_id: slip,
        bank_name: isAtb || option === PAYMENT_OPTIONS.financing ? (input.bank_name ?? null) : null,
        account_no: isAtb ? (input.account_no ?? null) : null,
        atb_amount_sen: isAtb ? (input.atb_amount_sen ?? null) : null,
        atb_frequency: isAtb ? (input.atb_frequency ?? null) : null,
        atb_other_frequency: isAtb && input.atb_frequency === 'other' ? (input.atb_other_frequency ?? null) : null,
        atb_start_date: isAtb ? (input.atb_start_date ?? null) : null,
        ...(offline ?? {}),
        ...(confirmedNow ? { confirmed_by: user.id, confirmed_at: now } : {}),
        financing_status: !waived && option === PAYMENT_OPTIONS.financing ? 'pending' : null,
        // An ATB payment is a mandate: its debits are confirmed as instalments (ADR 0264).
        mandate: !waived && isAtb,
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
      action: waived ? 'payment.waive' : offline ? 'payment.offline' : 'payment.create',
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
  const payer = (await payerInfo(db, kind.type, p.paymentable_id)) ?? {
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
