/** The shapes the dashboard reads from `GET /api/wasiat` (docs/api/wills.md, docs/api/payments.md). */

/** A payment as `load_with=payment` returns it (amounts in sen). */
export interface PaymentSummary {
  id: string;
  amount_sen?: number | null;
  status?: string | null;
  payment_options_id?: number | null;
  receipt_no?: string | null;
  paid_at?: string | null;
  created_at?: string | null;
}

/** A will (wasiat) in a list; only the fields the dashboard uses. */
export interface WillSummary {
  id: string;
  status: number | null;
  plan?: string | null;
  wasiat_no?: string | null;
  created_at?: string | null;
  registered_at?: string | null;
  payment_status?: string | null;
  rejected_reason?: string | null;
  price_sen?: number | null;
  amount_due_sen?: number | null;
  user?: { name?: string | null } | null;
  user_detail?: { name?: string | null } | null;
  payments?: PaymentSummary[] | { data?: PaymentSummary[] } | null;
  payment?: PaymentSummary | PaymentSummary[] | { data?: PaymentSummary[] } | null;
}

/** `GET /api/wasiat` reply: `{ wasiats: { data, total, … } }`. */
export interface WillList {
  wasiats: { data: WillSummary[]; total?: number };
}

/**
 * A payment of the payer's history, `GET /api/payment/mine` (docs/api/payments.md; ADR 0248): any payable kind —
 * `paymentable_type` 'Wasiat' | 'Amendment' | 'Hibah' | 'QurbanTransaction' | … — with the number of what it
 * is for (`payable_reference`, null before one is given). Amounts in sen.
 */
export interface HistoryPayment extends PaymentSummary {
  paymentable_type: string;
  paymentable_id: string;
  payable_reference?: string | null;
  /** An ATB mandate (ADR 0264): not money itself; its instalments (`instalment_no`) are. */
  mandate?: boolean;
  instalment_no?: number | null;
  instalments?: { received: number; total: number } | null;
}

/** `GET /api/payment/mine` reply: `{ payments: { data, total, … }, paid_sen }`. */
export interface PaymentHistory {
  payments: { data: HistoryPayment[]; total?: number };
  paid_sen?: number;
}
