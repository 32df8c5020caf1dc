/**
 * The one-cent trust (reference §3.3; issue 5 "registration with a token amount and redemption of a
 * redeem code, once"; ADR 0035).
 *
 * - Staff (`hibah:coupon:manage`) generate codes of a token amount (sen, default 1 sen = "one cent").
 * - `POST /one-cent/hibah-coupon/{code}/redeem` (a POST: the 2021 client's GET with a side effect is not
 *   reproduced) by a signed-in client: the code is taken with one conditional UPDATE
 *   (`… WHERE redeemed_at IS NULL RETURNING`), so of two concurrent redemptions exactly one wins; the
 *   other gets 422 `hibah.code_redeemed`. Redeeming creates the client's one-cent hibah (type 12, status 0,
 *   price = the token amount, `payment_received_at` now: the token is the payment) or, when the client
 *   has an open one, adds one more wallet account to it (`one_cent_maximum_moveable_property` + 1).
 */
import { randomBytes } from 'node:crypto';
import { H, HIBAH_STATUS, ONE_CENT_HIBAH_TYPE } from '@wasiat/domain';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { hibah_coupons, hibahs, organizations } from '../../db/schema/index.ts';
import { fieldError } from '../../platform/http/errors.ts';
import { type Actor, audit } from './service.ts';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** A 10-character code from the crypto RNG, without look-alike characters. */
export function newCouponCode() {
  const b = randomBytes(10);
  return Array.from(b, (x) => ALPHABET[x % ALPHABET.length]).join('');
}

/**
 * Generate `count` (1–500) codes of `amount_sen` (default 1 sen) for `organization_id` (default the
 * provider; an unknown one → 422 `hibah.organization_invalid` on `organization_id`), expiring at
 * `expires_at` (optional). Codes are unique: a clash with an existing code is drawn again. One audit event
 * for the batch. @returns the rows.
 */
export async function generateCoupons(
  db: Db,
  actor: Actor,
  body: { count: number; amount_sen?: number; organization_id?: string; expires_at?: Date },
) {
  return db.transaction(async (tx) => {
    let org = body.organization_id ?? null;
    if (org) {
      const [o] = await tx.select({ id: organizations.id }).from(organizations).where(eq(organizations.id, org));
      if (!o) throw fieldError('organization_id', H.organizationInvalid);
    } else {
      const [p] = await tx
        .select({ id: organizations.id })
        .from(organizations)
        .where(eq(organizations.code, 'PROVIDER'));
      org = p?.id ?? null;
    }
    const codes = new Set<string>();
    while (codes.size < body.count) {
      const fresh = new Set<string>();
      while (fresh.size < body.count - codes.size) {
        const c = newCouponCode();
        if (!codes.has(c)) fresh.add(c);
      }
      const clash = await tx
        .select({ code: hibah_coupons.code })
        .from(hibah_coupons)
        .where(inArray(hibah_coupons.code, [...fresh]));
      for (const c of clash) fresh.delete(c.code);
      for (const c of fresh) codes.add(c);
    }
    const rows = await tx
      .insert(hibah_coupons)
      .values(
        [...codes].map((code) => ({
          code,
          organization_id: org,
          amount_sen: body.amount_sen ?? 1,
          expires_at: body.expires_at ?? null,
          created_by: actor.user.id,
        })),
      )
      .returning();
    await audit(tx, actor, 'hibah.coupon.generate', 'coupons', null, {
      count: rows.length,
      amount_sen: body.amount_sen ?? 1,
    });
    return rows;
  });
}

/** Redeem a code once (rules in the module comment). @returns the one-cent hibah. */
export async function redeemCoupon(db: Db, actor: Actor, code: string, now = new Date()) {
  const me = actor.user;
  const clean = code.trim().toUpperCase();
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .update(hibah_coupons)
      .set({ redeemed_by: me.id, redeemed_at: now })
      .where(
        and(
          eq(hibah_coupons.code, clean),
          isNull(hibah_coupons.redeemed_at),
          sql`(${hibah_coupons.expires_at} is null or ${hibah_coupons.expires_at} > ${now})`,
        ),
      )
      .returning();
    if (!taken) {
      const [c] = await tx.select().from(hibah_coupons).where(eq(hibah_coupons.code, clean));
      if (!c) throw fieldError('code', H.codeInvalid);
      if (c.redeemed_at) throw fieldError('code', H.codeRedeemed);
      throw fieldError('code', H.codeExpired);
    }
    const [open] = await tx
      .select()
      .from(hibahs)
      .where(
        and(
          eq(hibahs.user_id, me.id),
          eq(hibahs.hibah_type, ONE_CENT_HIBAH_TYPE),
          inArray(hibahs.status, [HIBAH_STATUS.new, HIBAH_STATUS.grantorReview]),
          isNull(hibahs.deleted_at),
        ),
      )
      .for('update')
      .limit(1);
    let h: typeof hibahs.$inferSelect;
    if (open) {
      [h] = await tx
        .update(hibahs)
        .set({
          one_cent_maximum_moveable_property: open.one_cent_maximum_moveable_property + 1,
          price_sen: (open.price_sen ?? 0) + taken.amount_sen,
        })
        .where(eq(hibahs.id, open.id))
        .returning();
    } else {
      [h] = await tx
        .insert(hibahs)
        .values({
          hibah_type: ONE_CENT_HIBAH_TYPE,
          user_id: me.id,
          created_by: me.id,
          organization_id: taken.organization_id,
          status: HIBAH_STATUS.new,
          price_sen: taken.amount_sen,
          payment_received_at: now,
          one_cent_maximum_moveable_property: 1,
        })
        .returning();
    }
    await tx.update(hibah_coupons).set({ hibah_id: h.id }).where(eq(hibah_coupons.id, taken.id));
    await audit(tx, actor, 'hibah.coupon.redeem', h.id, null, { coupon_id: taken.id, amount_sen: taken.amount_sen });
    return h;
  });
}
