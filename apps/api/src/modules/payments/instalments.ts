/**
 * ATB (Arahan Tetap Bank, bank standing instruction; mode 5) mandates and their instalments (issue 38 item 3;
 * ADR 0264). An ATB payment is a mandate (`payments.mandate`): its schedule comes from its debit amount, frequency
 * and first debit date until the amount due (domain `atbSchedule`; the last debit is the remainder). Each debit
 * that reaches the account is confirmed by an Accountant, Staff or Admin (`payment:confirm`) as an instalment: a
 * row of its own (`parent_id` = the mandate, `instalment_no`), `paid` at once with the next receipt number of its
 * issuer (ADR 0241) and its receipt e-mail — the money the ledger counts (payments/ledger-sql.ts). With the last
 * instalment the mandate turns `paid` (no receipt of its own, never counted) and the payable is paid (`onPaid`:
 * a will's `payment_received_at`), so reports that read the payable agree with the ledger.
 */
import { type InstalmentConfirmInput, instalmentConfirmSchema, P, PAYMENT_OPTIONS } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import { type AuthUser, requireUser } from '../auth/index.ts';
import { mandateInstalments } from './mandate-view.ts';
import type { PayableState } from './payables.ts';
import { instalmentsOf, visiblePayment } from './queries.ts';
import { nextReceiptNo, receiptMailDue, sendReceiptSoon } from './receipts.ts';
import { serializePayment } from './serialize.ts';
import { inTx, lockPayment } from './settlement.ts';

/**
 * The pending mandate of a payable that has received instalments, if any (no other payment may replace it:
 * {@link createPayment} answers 422 `payments.atb_in_progress`).
 */
export async function mandateInProgress(tx: Db, state: PayableState) {
  const [m] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.paymentable_type, state.type),
        eq(payments.paymentable_id, state.id),
        eq(payments.mandate, true),
        eq(payments.status, 'pending'),
      ),
    )
    .limit(1);
  if (!m) return undefined;
  const view = mandateInstalments(m, (await instalmentsOf(tx, [m.id])).get(m.id) ?? []);
  return view.received > 0 ? view : undefined;
}

/** A day 'YYYY-MM-DD' in Kuala Lumpur. */
const klDate = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);
/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the same in Malay and English, for a message parameter). */
const dmy = (day: string) => day.split('-').reverse().join('/');

/**
 * When an instalment received on `day` (Kuala Lumpur) was paid: now when `day` is today, else that day at the
 * present Kuala Lumpur time of day (the statement orders and dates it on the day the money came in).
 */
function paidAtOf(day: string, now: Date): Date {
  if (day === klDate(now)) return now;
  const kl = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(11, 23);
  return new Date(`${day}T${kl}+08:00`);
}

/**
 * `POST /api/payment/{id}/instalment { received_on?, reference? }` — an Accountant/Staff/Admin records that the
 * next debit of an ATB mandate was received: an instalment row `paid` with the schedule's amount, `received_on`
 * (default today in Kuala Lumpur) as its day, the next receipt number of the issuer (ADR 0241), receipt e-mail
 * due, confirmed by/at; with the last instalment the mandate becomes `paid` (no receipt) and the payable is paid
 * (`onPaid` at the instalment's time). Audited (`payment.instalment`, `payment.mandate_complete`) in the same
 * transaction; concurrent confirmations of a mandate are serialised by its lock (and the unique index
 * `payments_instalment_uq`).
 * @returns `{ payment: the instalment, mandate: the mandate with its `instalments` }`.
 * @throws 404 not visible; 422 `payments.not_atb_mandate` unless a pending ATB mandate;
 *   `payments.received_on_range` on `received_on` for a day after today or before the mandate's day or the
 *   previous instalment's.
 */
async function confirmInstalment(db: Db, user: AuthUser, paymentId: string, body: InstalmentConfirmInput, ip?: string) {
  const found = await visiblePayment(db, user, paymentId);
  const out = await inTx(db, async (tx) => {
    const locked = await lockPayment(tx, found.id);
    if (!locked) throw notFound();
    const { p, state, kind } = locked;
    if (!p.mandate || p.status !== 'pending') throw new AppError('validation', P.notAtbMandate);
    const children = (await instalmentsOf(tx, [p.id])).get(p.id) ?? [];
    const view = mandateInstalments(p, children);
    if (!view.next) throw new AppError('validation', P.notAtbMandate);
    const now = new Date();
    const today = klDate(now);
    const last = children.filter((c) => c.paid_at).at(-1);
    const earliest = [klDate(p.created_at), last?.paid_at ? klDate(last.paid_at) : ''].sort().at(-1) as string;
    const day = body.received_on ?? today;
    if (day > today || day < earliest) {
      throw fieldError('received_on', P.receivedOnRange, { earliest: dmy(earliest) });
    }
    const paidAt = paidAtOf(day, now);
    const org = p.organization_id ?? state.organizationId;
    const [child] = await tx
      .insert(payments)
      .values({
        paymentable_type: p.paymentable_type,
        paymentable_id: p.paymentable_id,
        organization_id: org,
        payment_options_id: PAYMENT_OPTIONS.atb,
        amount_sen: view.next.amount_sen,
        discount_sen: 0,
        status: 'paid',
        reference: body.reference ?? null,
        created_by: user.id,
        confirmed_by: user.id,
        confirmed_at: now,
        paid_at: paidAt,
        ...(await nextReceiptNo(tx, org, now)),
        ...receiptMailDue(now),
        bank_name: p.bank_name,
        account_no: p.account_no,
        parent_id: p.id,
        instalment_no: view.next.no,
      })
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'payment.instalment',
      entityType: 'Payment',
      entityId: child.id,
      before: null,
      after: {
        status: 'paid',
        amount_sen: child.amount_sen,
        instalment_no: child.instalment_no,
        of: view.total,
        mandate: p.id,
        received_on: day,
        receipt_no: child.receipt_no,
      },
      ip,
    });
    let mandate = p;
    if (view.next.no === view.total) {
      [mandate] = await tx
        .update(payments)
        .set({ status: 'paid', paid_at: paidAt, confirmed_by: user.id, confirmed_at: now })
        .where(and(eq(payments.id, p.id), eq(payments.status, 'pending')))
        .returning();
      await kind.onPaid(tx, state, paidAt);
      await recordAudit(tx, {
        actorId: user.id,
        action: 'payment.mandate_complete',
        entityType: 'Payment',
        entityId: p.id,
        before: { status: 'pending' },
        after: { status: 'paid', instalments: view.total, amount_sen: p.amount_sen },
        ip,
      });
    }
    return { child, mandate, children: [...children, child] };
  });
  return { payment: serializePayment(out.child), mandate: serializePayment(out.mandate, out.children) };
}

const idParams = z.object({ id: z.string().min(1).max(64) });

/** The route of this file, registered by routes.ts. */
export function instalmentRoutes(api: FastifyInstance, ctx: Ctx) {
  const { db } = ctx;
  /**
   * `POST /api/payment/{id}/instalment { received_on?: "YYYY-MM-DD", reference? }` → `{ payment, mandate }`
   * (Staff/Accountant/Admin, `payment:confirm`; ADR 0264): the next debit of an ATB mandate was received — an
   * instalment `paid` with its own receipt (e-mailed), the mandate with its `instalments`; the last one settles
   * the mandate and the payable. 403 without `payment:confirm`; 404 when not visible; 422
   * `payments.not_atb_mandate`, `payments.received_on_invalid` / `payments.received_on_range` on `received_on`.
   */
  api.post(
    '/payment/:id/instalment',
    { config: { access: 'payment:confirm' }, schema: { params: idParams, body: instalmentConfirmSchema } },
    async (req) => {
      const body = req.body as z.output<typeof instalmentConfirmSchema>;
      const out = await confirmInstalment(db, requireUser(req), (req.params as { id: string }).id, body, req.ip);
      sendReceiptSoon(ctx, out.payment);
      return out;
    },
  );
}
