/**
 * The shapes the dashboard reads: `GET /api/wasiat` generated from the API's reply schemas (wills/schemas.ts →
 * `npm run api:types`; ADR 0301), and `GET /api/payment/mine` (payments/schemas.ts).
 */
import type { GetReply } from '@/lib/api-types.ts';

/** `GET /api/wasiat` reply: `{ wasiats: { data, total, … } }`, generated. */
export type WillList = GetReply<'/api/wasiat'>;

/** A will (wasiat) in a list, generated. */
export type WillSummary = WillList['wasiats']['data'][number];

/** A payment as `load_with=payment` returns it (amounts in sen), generated. */
export type PaymentSummary = NonNullable<WillSummary['payment']>;

/** `GET /api/payment/mine` reply: `{ payments: { data, total, … }, paid_sen }` (ADR 0248), generated. */
export type PaymentHistory = GetReply<'/api/payment/mine'>;

/**
 * A payment of the payer's history: any payable kind — `paymentable_type` 'Wasiat' | 'Amendment' | 'Hibah' |
 * 'QurbanTransaction' | … — with the number of what it is for (`payable_reference`); an ATB mandate carries its
 * instalments (ADR 0264). Amounts in sen. Generated.
 */
export type HistoryPayment = PaymentHistory['payments']['data'][number];
