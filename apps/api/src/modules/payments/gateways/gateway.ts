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
import type { PaymentGateway } from './types.ts';

export type { Bill, BillRequest, PaymentGateway } from './types.ts';

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
