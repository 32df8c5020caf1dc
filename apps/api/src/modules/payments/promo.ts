/**
 * Promo codes for payables — wills, amendments, hibah, … (spec §3 "Promo code: discounted amount, expiry, … redeemed by/at", §5 "Promo
 * code must be valid and unused", §9 "A promo code deducts an amount from the will price").
 *
 * A code is usable for a payable when it exists (case-insensitive), has not expired, is for the payable's
 * organisation or global (`organization_id` null), and is unused — or was already redeemed for this
 * very payable (a retry after a failed gateway payment keeps its discount). A payable carries at most one
 * code.
 * Redemption is one conditional UPDATE (`… WHERE redeemed_at IS NULL RETURNING *`) inside the payment
 * transaction, so under concurrent use exactly one redemption wins.
 *
 * Multi-use templates (ADR 0124; the README's `DEMO50`): a code marked `multi_use` is never redeemed
 * itself; each use issues a new single-use code `<CODE>-<8 hex>` (`issued_from` = the template) redeemed
 * at once for that payable, so codes stay single-use and every redemption has its own row and audit.
 *
 * A refused code says why (issue 17 item 3): `payments.promo_unknown`, `promo_expired`, `promo_used`,
 * `promo_other_organisation` (422 on `promo_code`).
 */
import { createHash } from 'node:crypto';
import { P } from '@wasiat/domain';
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { promo_codes } from '../../db/schema/index.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { fieldError } from '../../platform/http/errors.ts';

export type PromoCode = typeof promo_codes.$inferSelect;
/** What a code is used for: a payable's type and id, and its organisation (payables.ts). */
export interface PromoTarget {
  type: string;
  id: string;
  organizationId: string | null;
}

/** What a promo code is redeemed for: `<type>:<id>`, e.g. `Wasiat:<id>` (the `redeemed_for` column). */
export const redeemedFor = (t: Pick<PromoTarget, 'type' | 'id'>) => `${t.type}:${t.id}`;

/** The code already redeemed for this payable, if any. */
export async function promoOf(db: Db, target: Pick<PromoTarget, 'type' | 'id'>): Promise<PromoCode | undefined> {
  const [row] = await db
    .select()
    .from(promo_codes)
    .where(eq(promo_codes.redeemed_for, redeemedFor(target)))
    .limit(1);
  return row;
}

/** The conditions under which `code` may be used for `target` right now (all but "unused"). */
const usableFor = (code: string, target: PromoTarget) =>
  and(
    eq(sql`upper(${promo_codes.code})`, code.toUpperCase()),
    or(isNull(promo_codes.expires_at), gt(promo_codes.expires_at, new Date())),
    or(
      isNull(promo_codes.organization_id),
      target.organizationId ? eq(promo_codes.organization_id, target.organizationId) : sql`false`,
    ),
  );

/** Whether the payable's code `existing` is the code the user typed (directly or as its template). */
const sameCode = (existing: PromoCode, code: string) =>
  existing.code.toUpperCase() === code.toUpperCase() || existing.issued_from?.toUpperCase() === code.toUpperCase();

/**
 * Why `code` cannot be used for `target` (it matched no usable row).
 * @throws 422 on `promo_code`: unknown, expired, other organisation, used (in that order).
 */
async function refuse(db: Db, target: PromoTarget, code: string): Promise<never> {
  const [row] = await db
    .select()
    .from(promo_codes)
    .where(eq(sql`upper(${promo_codes.code})`, code.toUpperCase()))
    .limit(1);
  if (!row) throw fieldError('promo_code', P.promoUnknown);
  if (row.expires_at && row.expires_at <= new Date()) throw fieldError('promo_code', P.promoExpired);
  if (row.organization_id && row.organization_id !== target.organizationId) {
    throw fieldError('promo_code', P.promoOtherOrganisation);
  }
  if (row.redeemed_at) throw fieldError('promo_code', P.promoUsed);
  throw fieldError('promo_code', P.promoInvalid);
}

/** The usable multi-use template `code` for `target`, if any. */
async function templateFor(db: Db, target: PromoTarget, code: string) {
  const [row] = await db
    .select()
    .from(promo_codes)
    .where(and(usableFor(code, target), eq(promo_codes.multi_use, true)))
    .limit(1);
  return row;
}

/**
 * Check `code` for `target` without redeeming it (`POST /api/promo-code/check`).
 * @returns the promo code row.
 * @throws 422 `payments.promo_invalid` on `promo_code`; `payments.promo_one_per_will` when the payable
 *   already carries a different code.
 */
export async function previewPromo(db: Db, target: PromoTarget, code: string): Promise<PromoCode> {
  const existing = await promoOf(db, target);
  if (existing) {
    if (sameCode(existing, code)) return existing;
    throw fieldError('promo_code', P.promoOnePerWill);
  }
  const [row] = await db
    .select()
    .from(promo_codes)
    .where(and(usableFor(code, target), isNull(promo_codes.redeemed_at)))
    .limit(1);
  if (!row) return refuse(db, target, code);
  return row;
}

/**
 * Redeem `code` for `target` inside the payment transaction `tx` (exactly once, even concurrently), and
 * write the `promo.redeem` audit event. A code already redeemed for this payable is returned as is.
 * Without a code, the payable's earlier redeemed code (if any) still applies.
 * @returns the redeemed promo code, or undefined when none applies.
 * @throws 422 `payments.promo_invalid` / `payments.promo_one_per_will` on `promo_code`.
 */
export async function redeemPromo(
  tx: Db,
  target: PromoTarget,
  code: string | undefined,
  actor: { id: string; ip?: string },
): Promise<PromoCode | undefined> {
  const existing = await promoOf(tx, target);
  if (!code) return existing;
  if (existing) {
    if (sameCode(existing, code)) return existing;
    throw fieldError('promo_code', P.promoOnePerWill);
  }
  const template = await templateFor(tx, target, code);
  const [row] = template
    ? await tx
        .insert(promo_codes)
        .values({
          organization_id: template.organization_id,
          code: `${template.code}-${createHash('sha256').update(redeemedFor(target)).digest('hex').slice(0, 8).toUpperCase()}`,
          discount_sen: template.discount_sen,
          expires_at: template.expires_at,
          issued_from: template.code,
          remarks: template.remarks,
          redeemed_at: new Date(),
          redeemed_by: actor.id,
          redeemed_for: redeemedFor(target),
        })
        .returning()
    : await tx
        .update(promo_codes)
        .set({ redeemed_at: new Date(), redeemed_by: actor.id, redeemed_for: redeemedFor(target) })
        .where(and(usableFor(code, target), isNull(promo_codes.redeemed_at)))
        .returning();
  if (!row) return refuse(tx, target, code);
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
