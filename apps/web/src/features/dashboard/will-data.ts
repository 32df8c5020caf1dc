/** Pure helpers for the dashboard's will data (no I/O; unit-tested). */
import type { HistoryPayment, PaymentSummary, WillSummary } from './types.ts';

/** The client's latest will: the newest `created_at` (spec §2 "Will status"); null when none. */
export function latestWill(wills: readonly WillSummary[]): WillSummary | null {
  let best: WillSummary | null = null;
  for (const w of wills) {
    if (!best || String(w.created_at ?? '') > String(best.created_at ?? '')) best = w;
  }
  return best;
}

/** The payments loaded with a will (`load_with=payment`), whatever envelope the server used; null if not loaded. */
export function paymentsOf(w: WillSummary): PaymentSummary[] | null {
  // `payment` as the reply schema says (wills/schemas.ts); `payments` and the envelopes as other servers sent them
  const raw: unknown = w.payments ?? w.payment;
  if (raw === undefined || raw === null || typeof raw !== 'object') return null;
  if (Array.isArray(raw)) return raw as PaymentSummary[];
  if ('data' in raw && Array.isArray(raw.data)) return raw.data as PaymentSummary[];
  if ('id' in raw) return [raw as PaymentSummary];
  return null;
}

/** One line of the transaction history: a payment of any payable kind (ADR 0248). */
export interface TransactionRow {
  key: string;
  payment: HistoryPayment;
  status: string | null;
  date: string | null;
  amount_sen: number | null;
}

/**
 * Transaction history rows of the payer's payments (`GET /api/payment/mine`; spec §2 "transaction history";
 * issue 38 item 2: every payable kind), newest first (paid, else created).
 */
export function transactionRows(payments: readonly HistoryPayment[]): TransactionRow[] {
  return payments
    .map((p) => ({
      key: p.id,
      payment: p,
      status: p.status ?? null,
      date: p.paid_at ?? p.created_at ?? null,
      amount_sen: p.amount_sen ?? null,
    }))
    .sort((a, b) => String(b.date ?? '').localeCompare(String(a.date ?? '')));
}

/** Name of the will's testator when the list carries it. */
export const testatorName = (w: WillSummary) => w.user_detail?.name ?? w.user?.name ?? null;
