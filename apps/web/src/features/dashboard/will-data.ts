/** Pure helpers for the dashboard's will data (no I/O; unit-tested). */
import type { HibahPayments, PaymentSummary, WillSummary } from './types.ts';

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
  const raw = w.payments ?? w.payment;
  if (raw === undefined || raw === null) return null;
  if (Array.isArray(raw)) return raw;
  if ('data' in raw && Array.isArray(raw.data)) return raw.data;
  if ('id' in raw) return [raw as PaymentSummary];
  return null;
}

/**
 * One line of the transaction history: a real payment of a will or of a hibah, or a will's payment status
 * when payments are not loaded. Exactly one of `will` and `hibah` is set: what the payment is for.
 */
export interface TransactionRow {
  key: string;
  will: WillSummary | null;
  hibah: HibahPayments | null;
  payment: PaymentSummary | null;
  status: string | null;
  date: string | null;
  amount_sen: number | null;
}

/**
 * Transaction history rows for the client's wills and hibahs (spec §2 "transaction history"; issue 21
 * item 9: hibah payments too), newest first.
 */
export function transactionRows(
  wills: readonly WillSummary[],
  hibahs: readonly HibahPayments[] = [],
): TransactionRow[] {
  const rows: TransactionRow[] = [];
  const paymentRow = (p: PaymentSummary, will: WillSummary | null, hibah: HibahPayments | null): TransactionRow => ({
    key: p.id,
    will,
    hibah,
    payment: p,
    status: p.status ?? null,
    date: p.paid_at ?? p.created_at ?? null,
    amount_sen: p.amount_sen ?? null,
  });
  for (const w of wills) {
    const payments = paymentsOf(w);
    if (payments) {
      for (const p of payments) rows.push(paymentRow(p, w, null));
    } else if (w.payment_status) {
      rows.push({
        key: w.id,
        will: w,
        hibah: null,
        payment: null,
        status: w.payment_status,
        date: w.created_at ?? null,
        amount_sen: w.amount_due_sen ?? w.price_sen ?? null,
      });
    }
  }
  for (const h of hibahs) for (const p of h.payments ?? []) rows.push(paymentRow(p, null, h));
  return rows.sort((a, b) => String(b.date ?? '').localeCompare(String(a.date ?? '')));
}

/** Name of the will's testator when the list carries it. */
export const testatorName = (w: WillSummary) => w.user_detail?.name ?? w.user?.name ?? null;
