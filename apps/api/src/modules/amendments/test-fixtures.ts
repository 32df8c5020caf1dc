/**
 * Fixtures of the amendments module's tests: a client with a registered will (driven over HTTP through
 * the wills fixtures, confirmed by staff), and helpers for the amendment's steps.
 */
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';
import { amendments, otp_codes, pricings, wills } from '../../db/schema/index.ts';
import { type Client, newClient, newMykad, ok, readyWill } from '../wills/test-fixtures.ts';

/** A new client whose basic will is registered (status 2); the amendment price of its pricing is `priceSen`. */
export async function registeredWill(t: TestApp, staff: string, priceSen = 5000) {
  const c = await newClient(t);
  const id = await readyWill(t, c);
  await ok(t.call('PATCH', `/api/wasiat/${id}`, { token: c.token, body: { status: 1 } }));
  await ok(t.call('PATCH', `/api/wasiat/${id}`, { token: staff, body: { status: 2 } }));
  const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
  if (w.pricing_id) {
    await t.ctx.db.update(pricings).set({ amendment_price_sen: priceSen }).where(eq(pricings.id, w.pricing_id));
  }
  return { c, id };
}

/** A verified, unspent "amendment-submit" code of `userId` for will `willId`. */
export async function verifiedAmendmentOtp(t: TestApp, userId: string, willId: string) {
  const now = new Date();
  await t.ctx.db.insert(otp_codes).values({
    user_id: userId,
    purpose: 'amendment-submit',
    wasiat_id: willId,
    channel: 'email',
    destination: 'test@example.com',
    code_hash: 'unused',
    expires_at: new Date(now.getTime() + 5 * 60 * 1000),
    created_at: now,
    verified_at: now,
  });
}

/**
 * Mark an amendment's eKYC passed (as a passing `POST /api/face-verification { ekycable_type: "Amendment" }`
 * would) without running the face model (issue 3; ADR 0094).
 */
export async function passAmendmentEkyc(t: TestApp, amendmentId: string) {
  await t.ctx.db
    .update(amendments)
    .set({ ekyc_verified_at: new Date(), ekyc_method: 'Face', face_verification_count: 1 })
    .where(eq(amendments.id, amendmentId));
}

/** A draft witness with a fresh MyKad. */
export const draftWitness = (name: string, email: string) => ({
  name,
  ic_number: newMykad(),
  email,
  address: 'No. 3, Jalan Kenanga',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
});

export type { Client };
