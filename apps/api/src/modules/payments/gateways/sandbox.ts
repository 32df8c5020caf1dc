/**
 * The built-in sandbox gateway (ADR 0008, ADR 0041, ADR 0107): the "bill" is the payment itself and its page is
 * `/api/payment-gateway/sandbox/{payment_id}` (sandbox-page.ts), where a tester approves or fails it. No money
 * moves. The page and its form post need the payer's signed link (expires + signature, {@link SANDBOX_LINK_TTL_S}),
 * which is the bill URL handed to whoever created the payment. Served only where env.ts allows the sandbox.
 */
import type { UrlSigner } from '../../../platform/http/signed-url.ts';
import { sandboxPath } from '../serialize.ts';
import type { PaymentGateway } from './types.ts';

/** Lifetime of a sandbox pay link: 24 hours (seconds), like a gateway bill shared over WhatsApp. */
export const SANDBOX_LINK_TTL_S = 24 * 60 * 60;

/** The sandbox gateway signing its pay links with `signer`. */
export function sandboxGateway(signer: UrlSigner): PaymentGateway {
  return {
    name: 'sandbox',
    async createBill(req) {
      return { billId: req.paymentId, url: signer.sign(sandboxPath(req.paymentId), SANDBOX_LINK_TTL_S) };
    },
  };
}

/**
 * The gateway when PAYMENT_GATEWAY=sandbox but the sandbox is switched off (a server without an online gateway):
 * every bill is refused, so a gateway payment fails with `payments.gateway_unavailable`.
 */
export const noGateway: PaymentGateway = {
  name: 'sandbox',
  async createBill() {
    throw new Error('no online payment gateway is configured (PAYMENT_SANDBOX=0, PAYMENT_GATEWAY=sandbox)');
  },
};
