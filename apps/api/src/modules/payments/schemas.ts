/**
 * Reply schemas of the payments module (ADR 0301): what the SPA's dashboard reads of `GET /payment/mine`
 * (history.ts; docs/api/payments.md). Loose objects: the reply carries more keys, and nothing is stripped
 * (platform/http/reply-schemas.ts). Amounts in integer sen, dates ISO 8601 UTC text.
 */
import { z } from 'zod';
import { replyPage } from '../../platform/http/reply-schemas.ts';

/** A payment of the payer's history: any payable kind, with the number of what it is for (ADR 0248, 0264). */
const historyPaymentReply = z.looseObject({
  id: z.string(),
  paymentable_type: z.string(),
  paymentable_id: z.string(),
  amount_sen: z.number().nullish(),
  status: z.string().nullish(),
  payment_options_id: z.number().nullish(),
  receipt_no: z.string().nullish(),
  paid_at: z.string().nullish(),
  created_at: z.string().nullish(),
  /** The number of what was paid for; null before one is given. */
  payable_reference: z.string().nullish(),
  /** An ATB mandate (ADR 0264): not money itself; its instalments (`instalment_no`) are. */
  mandate: z.boolean().optional(),
  instalment_no: z.number().nullish(),
  instalments: z.looseObject({ received: z.number(), total: z.number() }).nullish(),
});

/** `GET /payment/mine` → `{ payments: page, paid_sen }` (`paid_sen`: the caller's paid payments by the ledger's rule). */
export const paymentHistoryReply = z.looseObject({
  payments: replyPage(historyPaymentReply),
  paid_sen: z.number(),
});
