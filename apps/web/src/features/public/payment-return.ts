/**
 * What the payment status page names and where its button leads (issue 37 item 3, issue 38; ADR 0242): the
 * payable of the payment — a will, an amendment, a hibah product (the one-cent trust included), a qurban
 * purchase — read from the server's `GET /api/payment-status/{id}` (`paymentable_type` for anyone; for the payer
 * also `paymentable_id` and `payable`, the record it belongs to) and, only where the server said nothing, from
 * the gateway's return query (`wasiat_id`, `paymentable_type`, `paymentable_id`; gateway-flow.ts `returnUrl`).
 */
import { HIBAH_TYPES, labelOf } from '@wasiat/domain';
import { wizardBase } from '@/features/hibah/index.ts';

/** `payment.payable` of the payer's answer (apps/api payments/payables.ts `PayableSummary`). */
interface PayableSummary {
  wasiat_id?: string;
  hibah_id?: string;
  /** Product code of `HIBAH_TYPES`. */
  hibah_type?: number;
  amendment_id?: string;
  reference?: string | null;
}

/** The server's answer about one payment (the amount, receipt and payable only for the payer). */
export interface PublicPayment {
  id: string;
  status: 'pending' | 'paid' | 'failed' | 'waived';
  paymentable_type?: string;
  /** Integer sen; only for the payer. */
  amount_sen?: number;
  receipt_no?: string | null;
  paymentable_id?: string;
  payable?: PayableSummary;
}

/** The kinds of payable the page names; `other` when neither the server nor the query says. */
type PayableKind = 'will' | 'amendment' | 'hibah' | 'qurban' | 'other';

/** What the page shows: outcome, the payable's kind (and hibah product name) and the button's target. */
export interface PaymentReturn {
  ok: boolean;
  paymentId: string | null;
  kind: PayableKind;
  /** The hibah product's name in `lang` (e.g. "Hibah Amanah Hartanah"); null when unknown or not a hibah. */
  product: string | null;
  /** Where the button leads: the payable's own page (the next part after a success, its payment after a failure). */
  back: string;
}

const KINDS: Record<string, PayableKind> = {
  Wasiat: 'will',
  Amendment: 'amendment',
  Hibah: 'hibah',
  QurbanTransaction: 'qurban',
};

const q = (v: string) => encodeURIComponent(v);

/**
 * Read the gateway's return and the server's answer.
 * @param params the page's query (`status`, `payment_id`, `wasiat_id` | `paymentable_type` + `paymentable_id`)
 * @param payment the server's answer once it came (its status and payable win over the query)
 * @param lang language of the product name
 */
export function readPaymentReturn(
  params: URLSearchParams,
  payment?: PublicPayment | null,
  lang: 'ms' | 'en' = 'ms',
): PaymentReturn {
  const status = params.get('status');
  const ok = payment?.status
    ? payment.status === 'paid' || payment.status === 'waived'
    : status === '1' || status === 'success' || status === 'paid';
  const paymentId = params.get('payment_id');
  const type =
    payment?.paymentable_type ?? params.get('paymentable_type') ?? (params.get('wasiat_id') ? 'Wasiat' : null);
  const kind: PayableKind = (type && KINDS[type]) || 'other';
  const s = payment?.payable ?? {};
  const id = payment?.paymentable_id ?? params.get('paymentable_id') ?? params.get('wasiat_id');
  const base = { ok, paymentId, kind, product: null };
  switch (kind) {
    case 'will': {
      const w = s.wasiat_id ?? id;
      if (!w) return { ...base, back: '/wasiat/list' };
      return { ...base, back: ok ? `/wasiat/part-c?wasiat_id=${q(w)}` : `/wasiat/part-payment?wasiat_id=${q(w)}` };
    }
    case 'amendment': {
      // A will's amendment goes on in its wizard (paid again from the application page); a hibah's on its page.
      if (s.wasiat_id) return { ...base, back: ok ? `/wasiat/${q(s.wasiat_id)}/pindaan-a` : '/wasiat/MohonPindaan' };
      if (s.hibah_id && s.amendment_id) {
        return {
          ...base,
          back: ok ? `/trust/pindaan/${q(s.amendment_id)}` : `/trust/part-listpindaan?id=${q(s.hibah_id)}`,
        };
      }
      return { ...base, back: '/pindaan/list' };
    }
    case 'hibah': {
      const product = s.hibah_type != null ? labelOf(HIBAH_TYPES, s.hibah_type, lang) : null;
      // Part H holds the payment, then the grantor's signature and submission: the same page either way.
      if (s.hibah_id && s.hibah_type != null) {
        return { ...base, product, back: `${wizardBase(s.hibah_type)}/part-h?id=${q(s.hibah_id)}` };
      }
      return { ...base, product, back: '/hibah/list-client' };
    }
    case 'qurban':
      return { ...base, back: '/ezqurban/transaction/list' };
    default:
      return { ...base, back: '/dashboard' };
  }
}
