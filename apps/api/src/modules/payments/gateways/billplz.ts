/**
 * Billplz (FPX online banking in Malaysia; the product's own gateway, reference §1.9, §2.15, §4.5;
 * ADR 0041) — bills API v3.
 *
 * - Open a bill: `POST {base}/api/v3/bills` with HTTP Basic auth (the API key as user name, no password)
 *   and a form body `collection_id, email, mobile, name, amount (sen), callback_url, redirect_url,
 *   description, reference_1_label, reference_1`; the reply JSON carries `id` and `url` (the pay page).
 * - Outcome: Billplz POSTs a callback (form: `id, collection_id, paid, state, amount, paid_amount,
 *   due_at, email, mobile, name, url, paid_at, x_signature`) and redirects the browser with
 *   `billplz[id], billplz[paid], billplz[paid_at], billplz[x_signature]`.
 * - X-Signature: every key–value pair except `x_signature` as `key + value` (for the redirect the key
 *   without brackets: `billplzid`), sorted ascending case-insensitively, joined with `|`, HMAC-SHA256
 *   with the account's X Signature key, lower-case hex. Compared in constant time.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Bill, BillRequest, PaymentGateway } from './types.ts';

export interface BillplzConfig {
  /** e.g. https://www.billplz.com or https://www.billplz-sandbox.com (tests: a local server). */
  baseUrl: string;
  apiKey: string;
  collectionId: string;
  /** Outbound call time limit, ms (default 15 s). */
  timeoutMs?: number;
}

/** The Billplz source string of a set of fields (see the file comment). */
export function billplzSourceString(fields: Record<string, string>): string {
  return Object.entries(fields)
    .filter(([k]) => k !== 'x_signature' && k !== 'billplz[x_signature]')
    .map(([k, v]) => `${k.replace(/[[\]]/g, '')}${v}`)
    .sort((a, b) => {
      const x = a.toLowerCase();
      const y = b.toLowerCase();
      return x < y ? -1 : x > y ? 1 : 0;
    })
    .join('|');
}

/** The X-Signature of `fields` with `key` (lower-case hex HMAC-SHA256). */
export const billplzSignature = (fields: Record<string, string>, key: string) =>
  createHmac('sha256', key).update(billplzSourceString(fields)).digest('hex');

/**
 * Whether `fields` carry a valid X-Signature (`x_signature` in a callback, `billplz[x_signature]` in a
 * redirect) for `key`. False for a missing, malformed or forged signature.
 */
export function verifyBillplzSignature(fields: Record<string, string>, key: string): boolean {
  const given = fields.x_signature ?? fields['billplz[x_signature]'];
  if (typeof given !== 'string' || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(billplzSignature(fields, key), 'hex');
  return timingSafeEqual(expected, Buffer.from(given.toLowerCase(), 'hex'));
}

/** A verified Billplz outcome (callback or redirect), normalised. */
export interface BillplzOutcome {
  billId: string;
  paid: boolean;
  /** Amount paid in sen, when the message says (callback `paid_amount`; not in redirects). */
  paidAmountSen: number | null;
}

/** Read a verified callback body. */
export function readBillplzCallback(f: Record<string, string>): BillplzOutcome {
  const amount = f.paid_amount ?? f.amount;
  return {
    billId: f.id,
    paid: f.paid === 'true',
    paidAmountSen: amount !== undefined && /^\d+$/.test(amount) ? Number(amount) : null,
  };
}

/** Read a verified redirect query. */
export function readBillplzRedirect(f: Record<string, string>): BillplzOutcome {
  return { billId: f['billplz[id]'], paid: f['billplz[paid]'] === 'true', paidAmountSen: null };
}

/** The Billplz gateway for a configuration. */
export function billplzGateway(cfg: BillplzConfig): PaymentGateway {
  return {
    name: 'billplz',
    async createBill(req: BillRequest): Promise<Bill> {
      const form = new URLSearchParams({
        collection_id: cfg.collectionId,
        // Billplz needs an e-mail or a mobile number; the payer's, else a placeholder is never invented.
        ...(req.payer.email ? { email: req.payer.email } : {}),
        ...(req.payer.mobile ? { mobile: req.payer.mobile } : {}),
        name: req.payer.name.slice(0, 255) || '-',
        amount: String(req.amountSen),
        callback_url: req.callbackUrl,
        redirect_url: req.redirectUrl,
        description: req.description.slice(0, 200),
        reference_1_label: 'Payment',
        reference_1: req.paymentId,
      });
      const res = await fetch(new URL('/api/v3/bills', cfg.baseUrl), {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${cfg.apiKey}:`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(cfg.timeoutMs ?? 15_000),
      });
      const body = (await res.json().catch(() => null)) as { id?: string; url?: string; error?: unknown } | null;
      if (!res.ok || !body?.id || !body.url) {
        throw new Error(`Billplz refused the bill (HTTP ${res.status}): ${JSON.stringify(body?.error ?? body)}`);
      }
      if (!/^https?:\/\//.test(body.url)) throw new Error('Billplz returned an invalid bill URL');
      return { billId: body.id, url: body.url };
    },
  };
}
