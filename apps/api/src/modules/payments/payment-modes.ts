/**
 * Payment modes and which a payable's organisation allows (ADR 0040; spec §9 payment modes): 1 gateway,
 * 2 direct, 3 cash, 4 financing, 5 ATB — each behind its `organizations.allow_*` flag — and 6 offline
 * (money paid outside the platform, declared by the payer and confirmed by staff; ADR 0285); all of them behind
 * `preferences.allow_payments`.
 * Used by create-payment.ts and `GET /api/payment/options`.
 */

import { P, PAYMENT_OPTIONS } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { organizations, preferences } from '../../db/schema/index.ts';
import type { AuthUser } from '../../platform/auth/guard.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { payableKind } from './payables.ts';

/** The organisation flag that allows each mode (offline: payments allowed at all; ADR 0040). */
const MODE_FLAG: Record<number, keyof typeof organizations.$inferSelect | null> = {
  [PAYMENT_OPTIONS.gateway]: 'allow_payment_gateway',
  [PAYMENT_OPTIONS.direct]: 'allow_direct_payment',
  [PAYMENT_OPTIONS.cash]: 'allow_cash_payment',
  [PAYMENT_OPTIONS.financing]: 'allow_loan_payment',
  [PAYMENT_OPTIONS.atb]: 'allow_atb_payment',
  [PAYMENT_OPTIONS.offline]: null,
};

/** Refuse a mode the payable's organisation does not allow (422 `payments.payment_not_allowed`). */
export async function assertModeAllowed(tx: Db, organizationId: string | null, option: number) {
  if (!organizationId) return;
  const [org] = await tx.select().from(organizations).where(eq(organizations.id, organizationId));
  const [pref] = await tx.select().from(preferences).where(eq(preferences.organization_id, organizationId));
  const flag = MODE_FLAG[option];
  const allowed = (pref?.allow_payments ?? true) && !!org && (flag === null || org[flag] === true);
  if (!allowed) throw fieldError('payment_options_id', P.paymentNotAllowed);
}

/**
 * `GET /api/payment/options?paymentable_type&paymentable_id` → `{ payment_options: number[] }`: the modes
 * the caller may choose for this payable now — those its organisation allows (`organizations.allow_*`,
 * `preferences.allow_payments`; none when payments are off), offline (6) whenever payments are allowed.
 * The same rule {@link createPayment} enforces. @throws 404 when the payable is not visible.
 */
export async function paymentOptionsFor(db: Db, user: AuthUser, type: string, id: string) {
  const state = await payableKind(type).loadVisible(db, user, id);
  const modes = Object.keys(MODE_FLAG).map(Number);
  const out: number[] = [];
  for (const m of modes) {
    try {
      await assertModeAllowed(db, state.organizationId, m);
      out.push(m);
    } catch {
      /* not allowed */
    }
  }
  return { payment_options: out };
}
