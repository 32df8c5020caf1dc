/**
 * The online payment gateway behind payment mode 1 (spec §9 "online gateway"; reference §1.9; ADR 0041).
 *
 * A gateway turns a pending payment into a bill the customer pays on the gateway's own page, and later
 * tells the server the outcome (a signed callback and/or a signed redirect). The payments service owns
 * the money rules; a gateway only talks to the provider. Chosen by `PAYMENT_GATEWAY` (env.ts):
 * `sandbox` (built-in test page, sandbox.ts) or `billplz` (FPX through Billplz, billplz.ts).
 */
import type { Env } from '../../../platform/config/env.ts';
import type { UrlSigner } from '../../../platform/http/signed-url.ts';
import { billplzGateway } from './billplz.ts';
import { noGateway, sandboxGateway } from './sandbox.ts';

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

/**
 * The gateway configured by `PAYMENT_GATEWAY` (default the built-in sandbox, its links signed by `signer`; none
 * when the sandbox is switched off).
 */
export function gatewayFor(env: Env, signer: UrlSigner): PaymentGateway {
  if (env.PAYMENT_GATEWAY === 'billplz') {
    return billplzGateway({
      baseUrl: env.BILLPLZ_BASE_URL,
      apiKey: env.BILLPLZ_API_KEY as string,
      collectionId: env.BILLPLZ_COLLECTION_ID as string,
    });
  }
  return env.PAYMENT_SANDBOX === '1' ? sandboxGateway(signer) : noGateway;
}
