/** The shapes every payment gateway speaks (gateway.ts chooses one; billplz.ts and sandbox.ts implement it). */
/** What a gateway needs to open a bill. Money in integer sen. */
export interface BillRequest {
  paymentId: string;
  amountSen: number;
  /** Shown to the payer on the gateway page (≤ 200 characters). */
  description: string;
  payer: { name: string; email: string | null; mobile: string | null };
  /** Absolute URL the provider posts its server-to-server callback to. */
  callbackUrl: string;
  /** Absolute URL the provider sends the customer's browser back to. */
  redirectUrl: string;
}

/** A bill opened at the gateway: its id there and the page the customer pays on. */
export interface Bill {
  billId: string;
  /** Absolute URL, or for the sandbox an app path (`/api/payment-gateway/sandbox/{id}`). */
  url: string;
}

export interface PaymentGateway {
  name: 'sandbox' | 'billplz';
  /** Open a bill. @throws Error when the provider refuses or cannot be reached (the payment then fails). */
  createBill(req: BillRequest): Promise<Bill>;
}
