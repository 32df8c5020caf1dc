/**
 * Offline (6) payments and refusing a manual payment (spec §3/§9 "offline"; ADR 0285). An offline payment is
 * money paid outside the platform — a bank transfer, a cheque or a counter deposit — declared by the payer (or
 * the agent, partner or staff acting for them, as for the other manual modes) with how, the transfer or cheque
 * number, the day and the amount in sen, and optionally its proof (the payable's uploaded slip). It waits in the
 * confirmation queue (`POST /payment/{id}/confirm` settles it: receipt, ledger, the payable moves on); a refusal
 * (`POST /payment/{id}/refuse`) fails it with the reason and the payer may pay again.
 */
import { formatRinggit, P, PAYMENT_OPTIONS, type PaymentCreateInput } from '@wasiat/domain';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { attachments, payments } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { AppError, fieldError, notFound } from '../../platform/http/errors.ts';
import type { PayableState } from './payables.ts';
import { visiblePayment } from './queries.ts';
import { serializePayment } from './serialize.ts';
import { inTx, lockPayment } from './settlement.ts';

/** Today in Malaysia as YYYY-MM-DD. */
const klToday = (d = new Date()) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Asia/Kuala_Lumpur',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

/**
 * The columns of an offline (6) payment from `POST /payment`: `offline_method`, `paid_on`, `bank_name` (optional),
 * and the proof — the given slip of this payable, else its latest uploaded slip, else none. Everyone must say how the
 * money was paid, its transfer or cheque number and the day (`offline_method`, `reference`, `paid_on`): a payer (or an
 * agent or partner acting for them) declares it, and staff who may confirm payments (`confirmer`) record money they
 * received, which settles at once and so must be as traceable as a confirmed declaration (ADR 0291). A payer must
 * also give the amount paid (`offline_amount_sen`); staff may leave it out (it is then the amount due, which the
 * server computes), and when given it must be the amount due.
 * @throws 422 naming each missing field, all at once (`offline_method` `payments.offline_method_invalid`, `reference`
 *   `payments.reference_required`, `paid_on` `payments.paid_on_invalid`, `offline_amount_sen`
 *   `payments.offline_amount_mismatch` — the last for a payer only); `paid_on` after today in Malaysia;
 *   `offline_amount_sen` not the amount due `dueSen` (sen); `payments.slip_required` on `slip_attachment_id` (a
 *   given slip that is not this payable's).
 */
export async function offlineColumns(
  tx: Db,
  state: PayableState,
  input: PaymentCreateInput,
  dueSen: number,
  confirmer: boolean,
) {
  const amount = { amount: formatRinggit(dueSen) };
  const missing: Record<string, string[]> = {};
  if (!input.offline_method) missing.offline_method = [P.offlineMethodInvalid];
  if (!input.reference) missing.reference = [P.referenceRequired];
  if (!input.paid_on) missing.paid_on = [P.paidOnInvalid];
  if (!confirmer && input.offline_amount_sen === undefined) missing.offline_amount_sen = [P.offlineAmountMismatch];
  const first = Object.values(missing)[0];
  if (first) throw new AppError('validation', first[0], missing, amount);
  if (input.paid_on && input.paid_on > klToday()) throw fieldError('paid_on', P.paidOnInvalid);
  if (input.offline_amount_sen !== undefined && input.offline_amount_sen !== dueSen) {
    throw fieldError('offline_amount_sen', P.offlineAmountMismatch, amount);
  }
  const [slip] = await tx
    .select({ id: attachments.id })
    .from(attachments)
    .where(
      and(
        eq(attachments.attachable_type, state.type),
        eq(attachments.attachable_id, state.id),
        eq(attachments.type, 'payment'),
        input.slip_attachment_id ? eq(attachments.id, input.slip_attachment_id) : undefined,
      ),
    )
    .orderBy(desc(attachments.created_at))
    .limit(1);
  if (input.slip_attachment_id && !slip) throw fieldError('slip_attachment_id', P.slipRequired);
  return {
    offline_method: input.offline_method ?? null,
    paid_on: input.paid_on ?? null,
    bank_name: input.bank_name ?? null,
    slip_attachment_id: slip?.id ?? null,
  };
}

/** Modes a person may refuse (the money did not arrive): those confirmed by `POST /payment/{id}/confirm`. */
const REFUSABLE: readonly number[] = [PAYMENT_OPTIONS.direct, PAYMENT_OPTIONS.cash, PAYMENT_OPTIONS.offline];

/**
 * `POST /api/payment/{id}/refuse { reason }` — Staff/Accountant/Admin (`payment:confirm`) refuse a pending direct,
 * cash or offline payment whose money did not arrive: `failed` with `failure_reason`, `decided_by`/`decided_at`
 * recorded, audited `payment.refuse`. The payable stays unpaid, so its payer may pay again (ADR 0285).
 * @returns `{ payment }`. @throws 404 not visible; 422 `payments.not_refusable` (not pending, a mandate, or
 *   another mode).
 */
export async function refusePayment(db: Db, user: AuthUser, paymentId: string, reason: string, ip?: string) {
  const found = await visiblePayment(db, user, paymentId);
  const row = await inTx(db, async (tx) => {
    const locked = await lockPayment(tx, found.id);
    if (!locked) throw notFound();
    const { p } = locked;
    if (p.status !== 'pending' || p.mandate || !REFUSABLE.includes(p.payment_options_id)) {
      throw new AppError('validation', P.notRefusable);
    }
    const now = new Date();
    const [failed] = await tx
      .update(payments)
      .set({ status: 'failed', failure_reason: reason, decided_by: user.id, decided_at: now })
      .where(eq(payments.id, p.id))
      .returning();
    await recordAudit(tx, {
      actorId: user.id,
      action: 'payment.refuse',
      entityType: 'Payment',
      entityId: p.id,
      before: { status: 'pending' },
      after: { status: 'failed', reason },
      ip,
    });
    return failed;
  });
  return { payment: serializePayment(row) };
}
