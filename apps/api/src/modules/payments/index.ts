/**
 * The payments module's public surface (DESIGN.md §2; ADR 0217): other modules and the composition root import
 * only from here. It holds what they use today; a name is added when another module needs it.
 */
export { createPayment } from './create-payment.ts';
export { ledgerPaid } from './ledger-sql.ts';
export { confirmPayment } from './manual.ts';
export { type PayableKind, type PayableState, registerPayable } from './payables.ts';
export { payableKey, payersOfPayments } from './payers.ts';
// the latest payment's status of payables of one kind (ezQurban's list; ADR 0291)
export { paymentStatusOf } from './queries.ts';
// the release of a deceased's receipts to the will's executor (deaths module; issue 40 item 3, ADR 0267)
export type { ReceiptPdfData } from './receipt-pdf.ts';
export { receiptPdf, settledPaymentFor } from './receipts.ts';
export { serializePayment } from './serialize.ts';
export { failPendingPayments, listPayments } from './service.ts';
