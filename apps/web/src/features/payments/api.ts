/**
 * Calls of the payments feature (docs/api/payments.md): the modes allowed for a payable, the transfer
 * slip upload, the pay link to share, the confirmation queue and the staff decisions.
 */
import { api } from '@/lib/api.ts';

/** One debit of an ATB mandate's schedule (ADR 0264): due date 'YYYY-MM-DD' (null for "other"), sen. */
interface InstalmentLine {
  no: number;
  due_date: string | null;
  amount_sen: number;
  received: boolean;
  payment_id: string | null;
  receipt_no: string | null;
  paid_at: string | null;
}

/** An ATB mandate's schedule and progress, as the API gives it with the mandate (`payment.instalments`). */
export interface Instalments {
  total: number;
  received: number;
  received_sen: number;
  remaining_sen: number;
  next: { no: number; due_date: string | null; amount_sen: number } | null;
  schedule: InstalmentLine[];
}

/** A payment as `GET /api/payment` lists it (payments.md). Money in sen. */
export interface StaffPayment {
  id: string;
  paymentable_type: string;
  paymentable_id: string;
  payment_options_id: number;
  amount_sen: number;
  status: 'pending' | 'paid' | 'failed' | 'waived';
  reference: string | null;
  bank_name: string | null;
  account_no: string | null;
  atb_amount_sen: number | null;
  atb_frequency: string | null;
  atb_start_date: string | null;
  /** Offline (ADR 0285): transfer | cheque | deposit and the day paid (YYYY-MM-DD). */
  offline_method?: string | null;
  paid_on?: string | null;
  financing_status: 'pending' | 'approved' | 'rejected' | null;
  receipt_no: string | null;
  created_at: string;
  payer_name: string | null;
  /** The number of what is paid for (will, hibah, amendment, qurban transaction); null before one is given. */
  payable_reference: string | null;
  organization_name: string | null;
  created_by_name: string | null;
  /** An ATB mandate (ADR 0264): its debits are confirmed one by one; `instalments` its schedule and progress. */
  mandate?: boolean;
  instalments?: Instalments | null;
  failure_reason?: string | null;
}

/**
 * Why the will's latest payment failed, as staff or the bank gave it (a refused offline, cash or direct payment;
 * ADR 0285): its `failure_reason`, or null when the latest payment has none.
 */
export async function latestFailureReason(wasiatId: string): Promise<string | null> {
  const r = await api.get<{ payments: { data: WillPayment[] } }>(
    `wasiat/${wasiatId}/payment`,
    { limit: 1 },
    { silent: true },
  );
  const last = r.payments.data[0];
  return last?.status === 'failed' ? (last.failure_reason ?? null) : null;
}

/**
 * `GET /api/payment/options` → the mode ids the caller may choose for a payable (`type`: `Wasiat` by default,
 * `Hibah`, `Amendment`, `QurbanTransaction`; id `id`). Fallback on any error: gateway only (`[1]`).
 */
export async function paymentOptions(id: string, type = 'Wasiat'): Promise<number[]> {
  try {
    const r = await api.get<{ payment_options: number[] }>(
      'payment/options',
      { paymentable_type: type, paymentable_id: id },
      { silent: true },
    );
    return r.payment_options;
  } catch {
    return [1];
  }
}

/**
 * Upload the proof of a payment for any payable (`POST /payment/slip`, multipart `{ paymentable_type,
 * paymentable_id, document }`; a direct transfer's slip or an offline payment's proof, ADR 0285): `type` `Wasiat`,
 * `Hibah`, `Amendment` or `QurbanTransaction`. Returns the attachment id, sent as `slip_attachment_id` with
 * `POST /payment`. Throws the API's 422 (`document`: file type or size) or 404.
 */
export async function uploadSlip(type: string, id: string, file: File): Promise<string> {
  const body = new FormData();
  body.append('paymentable_type', type);
  body.append('paymentable_id', id);
  body.append('document', file, file.name);
  const r = await api.post<{ attachment: { id: string } }>('payment/slip', body, { silent: true });
  return r.attachment.id;
}

/**
 * A payable's latest payment as `GET /api/payment/latest` gives it (the fields the payer's screen reads): money in sen,
 * `paid_on` 'YYYY-MM-DD', `offline_method` transfer | cheque | deposit, `slip_attachment_id` the proof.
 */
export interface LatestPayment {
  id: string;
  status: 'pending' | 'paid' | 'failed' | 'waived';
  payment_options_id: number;
  amount_sen: number;
  failure_reason?: string | null;
  reference?: string | null;
  bank_name?: string | null;
  offline_method?: string | null;
  paid_on?: string | null;
  slip_attachment_id?: string | null;
}

/**
 * `GET /api/payment/latest?paymentable_type&paymentable_id` → the payable's latest payment (any payable kind), or
 * null when it has none or the call fails (the screen then offers to pay, as before).
 */
export async function latestPayment(type: string, id: string): Promise<LatestPayment | null> {
  try {
    const r = await api.get<{ payment: LatestPayment | null }>(
      'payment/latest',
      { paymentable_type: type, paymentable_id: id },
      { silent: true },
    );
    return r.payment ?? null;
  } catch {
    return null;
  }
}

/** `GET /api/payment/{id}/share` → the pay link and its WhatsApp link. */
export const shareLink = (paymentId: string) =>
  api.get<{ payment_link: string; whatsapp_url: string }>(`payment/${paymentId}/share`);

/** `GET /api/payment?status=pending&manual=1` — the confirmation queue. */
export const pendingManual = (page = 1) =>
  api.get<{ payments: { data: StaffPayment[]; total: number; current_page: number; last_page: number } }>('payment', {
    status: 'pending',
    manual: 1,
    limit: 50,
    page,
  });

/** `POST /api/payment/{id}/confirm`. */
export const confirmPayment = (id: string) =>
  api.post<{ payment: { receipt_no: string } }>(`payment/${id}/confirm`, {});

/** `POST /api/payment/{id}/financing`. */
export const decideFinancing = (id: string, status: 'approved' | 'rejected', reason?: string) =>
  api.post<{ payment: { receipt_no: string | null } }>(`payment/${id}/financing`, { status, reason });

/**
 * `POST /api/payment/{id}/refuse { reason }` — refuse a pending direct, cash or offline payment whose money did not
 * arrive (ADR 0285) → the failed payment; the payer may pay again.
 */
export const refusePayment = (id: string, reason: string) =>
  api.post<{ payment: { status: string } }>(`payment/${id}/refuse`, { reason });

/**
 * `POST /api/payment/{id}/instalment { received_on, reference? }` — the next debit of an ATB mandate was received
 * (ADR 0264) → the instalment (with its receipt number) and the mandate with its progress.
 */
export const confirmInstalment = (id: string, receivedOn: string, reference?: string) =>
  api.post<{
    payment: { receipt_no: string | null; instalment_no: number | null };
    mandate: { status: string; instalments: Instalments | null };
  }>(`payment/${id}/instalment`, { received_on: receivedOn, reference: reference || undefined });

/** A payment of a will as `GET /api/wasiat/{id}/payment` lists it (the fields the payer's page reads). */
export interface WillPayment {
  id: string;
  status: 'pending' | 'paid' | 'failed' | 'waived';
  payment_options_id: number;
  mandate?: boolean;
  instalments?: Instalments | null;
  failure_reason?: string | null;
}

/** The will's current ATB mandate (pending or paid), with its schedule; null when it has none. */
export async function willMandate(wasiatId: string): Promise<WillPayment | null> {
  const r = await api.get<{ payments: { data: WillPayment[] } }>(
    `wasiat/${wasiatId}/payment`,
    { limit: 100 },
    { silent: true },
  );
  return r.payments.data.find((p) => p.mandate && p.status !== 'failed' && p.instalments) ?? null;
}
