/**
 * Promo codes for wills (spec §3 "Promo code: discounted amount, expiry, … redeemed by/at", §5 "Promo
 * code must be valid and unused", §9 "A promo code deducts an amount from the will price").
 *
 * A code is usable for a will when it exists (case-insensitive), has not expired, is for the will's
 * organisation or global (`organization_id` null), and is unused — or was already redeemed for this
 * very will (a retry after a failed gateway payment keeps its discount). A will carries at most one code.
 * Redemption is one conditional UPDATE (`… WHERE redeemed_at IS NULL RETURNING *`) inside the payment
 * transaction, so under concurrent use exactly one redemption wins.
 */
import { P } from '@wasiat/domain';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit.ts';
import type { Db } from '../db/client.ts';
import { promo_codes, type wills } from '../db/schema/index.ts';
import { fieldError } from '../http/errors.ts';

type Will = typeof wills.$inferSelect;
export type PromoCode = typeof promo_codes.$inferSelect;

/** What a promo code is redeemed for: `Wasiat:<id>` (the `redeemed_for` column). */
export const redeemedForWill = (wasiatId: string) => `Wasiat:${wasiatId}`;

/** The code already redeemed for this will, if any. */
export async function promoOfWill(db: Db, wasiatId: string): Promise<PromoCode | undefined> {
  const [row] = await db
    .select()
    .from(promo_codes)
    .where(eq(promo_codes.redeemed_for, redeemedForWill(wasiatId)))
    .limit(1);
  return row;
}

/** The conditions under which `code` may be used for `will` right now (all but "unused"). */
const usableFor = (code: string, will: Will) =>
  and(
    eq(sql`upper(${promo_codes.code})`, code.toUpperCase()),
    or(isNull(promo_codes.expires_at), gt(promo_codes.expires_at, new Date())),
    or(
      isNull(promo_codes.organization_id),
      will.organization_id ? eq(promo_codes.organization_id, will.organization_id) : sql`false`,
    ),
  );

const invalid = () => fieldError('promo_code', P.promoInvalid);

/**
 * Check `code` for `will` without redeeming it (`POST /api/promo-code/check`).
 * @returns the promo code row.
 * @throws 422 `payments.promo_invalid` on `promo_code`; `payments.promo_one_per_will` when the will
 *   already carries a different code.
 */
export async function previewPromo(db: Db, will: Will, code: string): Promise<PromoCode> {
  const existing = await promoOfWill(db, will.id);
  if (existing) {
    if (existing.code.toUpperCase() === code.toUpperCase()) return existing;
    throw fieldError('promo_code', P.promoOnePerWill);
  }
  const [row] = await db
    .select()
    .from(promo_codes)
    .where(and(usableFor(code, will), isNull(promo_codes.redeemed_at)))
    .limit(1);
  if (!row) throw invalid();
  return row;
}

/**
 * Redeem `code` for `will` inside the payment transaction `tx` (exactly once, even concurrently), and
 * write the `promo.redeem` audit event. A code already redeemed for this will is returned as is.
 * Without a code, the will's earlier redeemed code (if any) still applies.
 * @returns the redeemed promo code, or undefined when none applies.
 * @throws 422 `payments.promo_invalid` / `payments.promo_one_per_will` on `promo_code`.
 */
export async function redeemPromo(
  tx: Db,
  will: Will,
  code: string | undefined,
  actor: { id: string; ip?: string },
): Promise<PromoCode | undefined> {
  const existing = await promoOfWill(tx, will.id);
  if (!code) return existing;
  if (existing) {
    if (existing.code.toUpperCase() === code.toUpperCase()) return existing;
    throw fieldError('promo_code', P.promoOnePerWill);
  }
  const [row] = await tx
    .update(promo_codes)
    .set({ redeemed_at: new Date(), redeemed_by: actor.id, redeemed_for: redeemedForWill(will.id) })
    .where(and(usableFor(code, will), isNull(promo_codes.redeemed_at)))
    .returning();
  if (!row) throw invalid();
  await recordAudit(tx, {
    actorId: actor.id,
    action: 'promo.redeem',
    entityType: 'PromoCode',
    entityId: row.id,
    before: { redeemed_at: null },
    after: { redeemed_at: row.redeemed_at, redeemed_by: row.redeemed_by, redeemed_for: row.redeemed_for },
    ip: actor.ip,
  });
  return row;
}
