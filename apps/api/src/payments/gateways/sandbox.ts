/**
 * The built-in sandbox gateway (ADR 0008, ADR 0041): the "bill" is the payment itself and its page is
 * `/api/payment-gateway/sandbox/{payment_id}` (sandbox-page.ts), where a tester approves or fails it.
 * No money moves; `PAYMENT_SANDBOX=0` switches its pages off in production.
 */
import { sandboxPath } from '../serialize.ts';
import type { PaymentGateway } from './gateway.ts';

export const sandboxGateway: PaymentGateway = {
  name: 'sandbox',
  async createBill(req) {
    return { billId: req.paymentId, url: sandboxPath(req.paymentId) };
  },
};
