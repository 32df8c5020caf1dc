/**
 * Manual payment modes (spec §9 "cash, direct, ATB, financing, offline"; ADR 0040): confirmation by an
 * Accountant, Staff or Admin (`payment:confirm`) with who and when recorded; the financing bank's
 * decision; the confirmation queue; and the gateway pay link staff send by WhatsApp.
 */
import { formatRinggit, type Language, MANUAL_PAYMENT_OPTIONS, P, PAYMENT_OPTIONS, translate } from '@wasiat/domain';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, payments, users } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError, notFound } from '../../platform/http/errors.ts';
import { pageParams, toPage } from '../../platform/http/pagination.ts';
import { payableKey, payerInfo, payersOfPayments } from './payers.ts';
import { serializeWithInstalments } from './queries.ts';
import { serializePayment } from './serialize.ts';
import { inTx, lockPayment, settlePaid, visiblePayment } from './service.ts';

/**
 * Modes confirmed with `POST /payment/{id}/confirm`: direct, cash, offline (ADR 0285), and an ATB payment recorded before ATB
 * mandates (ADR 0264: not a mandate). Financing has its own decision, an ATB mandate its instalments.
 */
const CONFIRMABLE: readonly number[] = [
  PAYMENT_OPTIONS.direct,
  PAYMENT_OPTIONS.cash,
  PAYMENT_OPTIONS.offline,
  PAYMENT_OPTIONS.atb,
];

/**
 * `POST /api/payment/{id}/confirm` — Staff/Accountant/Admin confirm a pending direct, cash or offline payment:
 * `paid`, `confirmed_by`/`confirmed_at` recorded, the organisation's next receipt number, receipt e-mail
 * queued, the payable's `onPaid`.
 * @throws 404 not visible; 422 `payments.atb_use_instalments` for an ATB mandate (its debits are confirmed one
 *   by one: `POST /payment/{id}/instalment`, instalments.ts; ADR 0264); 422 `payments.not_confirmable` (not
 *   pending, or not one of those modes).
 */
export async function confirmPayment(db: Db, user: AuthUser, paymentId: string, ip?: string) {
  const found = await visiblePayment(db, user, paymentId);
  const paid = await inTx(db, async (tx) => {
    const locked = await lockPayment(tx, found.id);
    if (!locked) throw notFound();
    const { p } = locked;
    if (p.mandate) throw new AppError('validation', P.atbUseInstalments);
    if (p.status !== 'pending' || !CONFIRMABLE.includes(p.payment_options_id)) {
      throw new AppError('validation', P.notConfirmable);
    }
    const now = new Date();
    const done = await settlePaid(tx, locked, { confirmed_by: user.id, confirmed_at: now });
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
  return { payment: serializePayment(paid) };
}

/**
 * `POST /api/payment/{id}/financing { status, reason? }` — record the financing bank's decision on a
 * pending financing (4) payment (Staff/Accountant/Admin). `approved` → the payment is `paid` (receipt);
 * `rejected` → the payment is `failed` with the bank's reason and the payable is rejected by its kind
 * (`onRejected`; a will goes to status 3 with `rejected_reason`, spec §4). Who and when are recorded.
 * @throws 404 not visible; 422 `payments.not_financing` unless a financing payment awaiting the bank.
 */
export async function decideFinancing(
  db: Db,
  user: AuthUser,
  paymentId: string,
  body: { status: 'approved' | 'rejected'; reason?: string },
  ip?: string,
) {
  const found = await visiblePayment(db, user, paymentId);
  const after = await inTx(db, async (tx) => {
    const locked = await lockPayment(tx, found.id);
    if (!locked) throw notFound();
    const { p, state, kind } = locked;
    if (
      p.payment_options_id !== PAYMENT_OPTIONS.financing ||
      p.status !== 'pending' ||
      p.financing_status !== 'pending'
    ) {
      throw new AppError('validation', P.notFinancing);
    }
    const now = new Date();
    const decided = { financing_status: body.status, decided_by: user.id, decided_at: now };
    let row: typeof p;
    if (body.status === 'approved') {
      row = await settlePaid(tx, locked, { ...decided, confirmed_by: user.id, confirmed_at: now });
    } else {
      const reason = translate(P.financingRejected, 'ms', { reason: body.reason ?? '' }).trim();
      [row] = await tx
        .update(payments)
        .set({ ...decided, status: 'failed', failure_reason: body.reason ?? null })
        .where(eq(payments.id, p.id))
        .returning();
      await kind.onRejected?.(tx, state, reason, now);
    }
    await recordAudit(tx, {
      actorId: user.id,
      action: body.status === 'approved' ? 'payment.financing_approved' : 'payment.financing_rejected',
      entityType: 'Payment',
      entityId: p.id,
      before: { status: 'pending', financing_status: 'pending' },
      after: {
        status: row.status,
        financing_status: body.status,
        reason: body.reason ?? null,
        receipt_no: row.receipt_no,
      },
      ip,
    });
    return row;
  });
  return { payment: serializePayment(after) };
}

/**
 * `GET /api/payment?status&payment_options_id&manual=1&limit&page` — payments for Staff/Accountant/Admin
 * (`payment:confirm`): the confirmation queue (`status=pending&manual=1`) and the transaction history of
 * every organisation. Newest first; each row adds `payer_name`, `organization_name`, `created_by_name` and
 * `payable_reference` — the number of what is paid for (will number, hibah number, amendment reference,
 * qurban transaction number; null before one is given), so the row says what it is for (issue 21 item 8). An ATB
 * mandate carries its `instalments` (schedule and progress; ADR 0264), so the queue offers its next instalment.
 * @returns `{ payments: { data, current_page, per_page, total, last_page } }`.
 */
export async function listAllPayments(
  db: Db,
  q: { status?: string; payment_options_id?: number; manual?: '0' | '1'; limit?: number; page?: number },
) {
  const where = and(
    q.status ? eq(payments.status, q.status) : undefined,
    q.payment_options_id ? eq(payments.payment_options_id, q.payment_options_id) : undefined,
    q.manual === '1' ? inArray(payments.payment_options_id, [...MANUAL_PAYMENT_OPTIONS]) : undefined,
  );
  const p = pageParams(q);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(payments).where(where);
  const rows = await db
    .select({ p: payments, org: organizations.name, creator: users.name })
    .from(payments)
    .leftJoin(organizations, eq(organizations.id, payments.organization_id))
    .leftJoin(users, eq(users.id, payments.created_by))
    .where(where)
    .orderBy(desc(payments.created_at), desc(payments.id))
    .limit(p.per_page)
    .offset(p.offset);
  const list = rows.map((r) => r.p);
  const shown = await serializeWithInstalments(db, list);
  const payers = await payersOfPayments(db, list);
  const data = rows.map((r, i) => {
    const info = payers.get(payableKey(r.p.paymentable_type, r.p.paymentable_id));
    return {
      ...shown[i],
      payer_name: info?.name ?? null,
      payable_reference: info?.item ?? null,
      organization_name: r.org,
      created_by_name: r.creator,
    };
  });
  return { payments: toPage(data, Number(n), p) };
}

/**
 * `GET /api/payment/{id}/share` — the pay link of a pending gateway payment for staff to send to the
 * customer (reference §2.7 "generate link"): `{ payment_link, whatsapp_url }`, where `whatsapp_url` is
 * `https://wa.me/<mobile digits>?text=<bilingual-free text in the caller's language>` (no number when
 * the payer has none: WhatsApp then asks whom to send it to).
 * @throws 404 not visible; 422 `payments.no_pay_link` unless a pending gateway payment with a link.
 */
export async function shareLink(db: Db, user: AuthUser, paymentId: string, appUrl: string, lang: Language) {
  const p = await visiblePayment(db, user, paymentId);
  const link = serializePayment(p).payment_link;
  if (!link) throw new AppError('validation', P.noPayLink);
  const url = /^https?:\/\//.test(link) ? link : `${appUrl}${link}`;
  const info = await payerInfo(db, p.paymentable_type, p.paymentable_id);
  const text = translate('payments.whatsapp_text', lang, {
    name: info?.name ?? '',
    amount: formatRinggit(p.amount_sen),
    url,
  });
  const digits = (info?.mobile ?? '').replace(/\D/g, '');
  return {
    payment_link: url,
    whatsapp_url: `https://wa.me/${digits}?text=${encodeURIComponent(text)}`,
  };
}
