/** Test fixtures of the hibah module: drive a hibah through its parts over the real HTTP API. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.ts';
import { hibahs, otp_codes } from '../../db/schema/index.ts';
import { type Client, newMykad, ok, SIGNATURE_PNG, userDetail } from '../wills/test-fixtures.ts';

let minorSeq = 0;
/** A MyKad of a child born 1 Jun 2015 (a minor until 2033). */
export function minorMykad() {
  minorSeq += 1;
  return `15060114${String(minorSeq).padStart(3, '0')}1`;
}

export const receiverBody = (over: Record<string, unknown> = {}) => ({
  name: 'Fatimah binti Ahmad',
  relationship: 'son',
  ic_number: newMykad(false),
  email: 'penerima@example.com',
  mobile_number: '0131234567',
  address: 'No. 3, Jalan Kenanga',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  ...over,
});

export const caretakerBody = (over: Record<string, unknown> = {}) => ({
  name: 'Zainab binti Ali',
  ic_number: newMykad(false),
  relationship: 'guardian',
  mobile_number: '0141234567',
  email: 'penjaga@example.com',
  address: 'No. 4, Jalan Cempaka',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  ...over,
});

export const witnessBody = (n: number, over: Record<string, unknown> = {}) => ({
  name: `Saksi Hibah ${n}`,
  ic_number: newMykad(),
  email: `saksi${n}.${Date.now()}@example.com`,
  address: 'No. 5, Jalan Melur',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  ...over,
});

export const landBody = {
  category: 'land',
  property_type: 'geran',
  property_no: 'GRN 12345',
  lot_number: 'Lot 678',
  city: 'Kajang',
  district: 'Hulu Langat',
  state: 'Selangor',
  address: 'Lot 678, Mukim Kajang',
};

/**
 * Mark a hibah's eKYC passed (as a passing `POST /api/face-verification { ekycable_type: "Hibah" }` would:
 * `ekyc_verified_at`, method "Face") without running the face model.
 */
export async function passHibahEkyc(t: TestApp, hibahId: string) {
  await t.ctx.db
    .update(hibahs)
    .set({ ekyc_verified_at: new Date(), ekyc_method: 'Face', face_verification_count: 1 })
    .where(eq(hibahs.id, hibahId));
}

/**
 * A verified, unspent one-time code of `purpose` ("hibah-submit" | "hibah-finalise" |
 * "hibah-amendment-submit"; ADRs 0096, 0097) for `userId` and the hibah (as `POST /api/otp/request` +
 * `/api/otp/verify` would leave it), so the next such step may spend it.
 */
export async function verifiedHibahOtp(
  t: TestApp,
  userId: string,
  hibahId: string,
  purpose: 'hibah-submit' | 'hibah-finalise' | 'hibah-amendment-submit',
) {
  const now = new Date();
  await t.ctx.db.insert(otp_codes).values({
    user_id: userId,
    purpose,
    hibah_id: hibahId,
    channel: 'email',
    destination: 'test@example.com',
    code_hash: 'unused',
    expires_at: new Date(now.getTime() + 5 * 60 * 1000),
    created_at: now,
    verified_at: now,
  });
}

/**
 * A property hibah (type 9) of client `c` with particulars, two receivers (the second a minor with a
 * caretaker), one land title shared 50/50, paid (cash confirmed by staff), signed by the grantor and with
 * two witnesses; unless `identity` is false, its eKYC passed and one verified code each for the submission
 * and the draft's acceptance (issue 3; ADR 0096). @returns the ids.
 */
export async function readyHibah(t: TestApp, c: Client, staffToken: string, type = 9, identity = true) {
  const token = c.token;
  const h = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: type } }), 201)).hibah;
  await ok(t.call('POST', `/api/hibah/${h.id}/user-detail`, { token, body: userDetail(c.ic) }));
  const adult = (await ok(t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody() }), 201))
    .receiver;
  const minor = (
    await ok(
      t.call('POST', `/api/hibah/${h.id}/receiver`, {
        token,
        body: receiverBody({ name: 'Adam bin Ahmad', ic_number: minorMykad(), email: 'adam@example.com' }),
      }),
      201,
    )
  ).receiver;
  expect(minor.is_minor).toBe(true);
  const caretaker = (
    await ok(
      t.call('POST', `/api/hibah/${h.id}/caretaker`, { token, body: caretakerBody({ receiver_id: minor.id }) }),
      201,
    )
  ).caretaker;
  const land = (await ok(t.call('POST', `/api/hibah/${h.id}/immoveable-property`, { token, body: landBody }), 201))
    .immoveable_property;
  for (const r of [adult, minor]) {
    await ok(
      t.call('POST', `/api/hibah/${h.id}/property/${land.id}/receiver`, {
        token,
        body: { receiver_id: r.id, portion: '50%' },
      }),
      201,
    );
  }
  const pay = await ok(
    t.call('POST', '/api/payment', {
      token,
      body: { paymentable_type: 'Hibah', paymentable_id: h.id, payment_options_id: 3 },
    }),
  );
  await ok(t.call('POST', `/api/payment/${pay.payment.id}/confirm`, { token: staffToken, body: {} }));
  await ok(t.call('POST', `/api/hibah/${h.id}/signature`, { token, body: { signature: SIGNATURE_PNG } }));
  const w1 = (await ok(t.call('POST', `/api/hibah/${h.id}/witness`, { token, body: witnessBody(1) }), 201)).witness;
  const w2 = (await ok(t.call('POST', `/api/hibah/${h.id}/witness`, { token, body: witnessBody(2) }), 201)).witness;
  if (identity) {
    await passHibahEkyc(t, h.id);
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-submit');
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-finalise');
  }
  return { id: h.id as string, adult, minor, caretaker, land, witnesses: [w1, w2] };
}

/**
 * A minor receiver's acceptance (qabul) by the caretaker (issue 21 item 4; ADR 0167): the grantor's signed link
 * to the receiver, a code sent to `caretakerEmail` (read from the mail), the caretaker's signature with it —
 * the grantor's device may not sign for a minor.
 */
export async function caretakerAccepts(
  t: TestApp,
  token: string,
  hibahId: string,
  minorId: string,
  caretakerEmail: string,
) {
  const url = (
    await ok(
      t.call('POST', '/api/route/sign', {
        token,
        body: { route_name: 'hibah.receiver', hibah_id: hibahId, receiver_id: minorId },
      }),
    )
  ).url as string;
  const [path, query] = url.split('?');
  // The page opens the link first (its "viewed" time; ADR 0074).
  await ok(t.call('GET', url));
  const before = t.mails.length;
  await ok(t.call('POST', `${path}/otp?${query}`, { body: {} }));
  let code = '';
  for (let i = 0; i < 500 && !code; i++) {
    const m = t.mails.slice(before).find((x) => x.to.includes(caretakerEmail) && /(?:code is|ialah) \d{6}/.test(x.raw));
    code = /(?:code is|ialah) (\d{6})/.exec(m?.raw ?? '')?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 20));
  }
  expect(code).toMatch(/^\d{6}$/);
  await ok(t.call('POST', `${path}/sign?${query}`, { body: { code, signature: SIGNATURE_PNG } }));
}

/**
 * A witness confirms through their signed link (`hibah.witness`; status 4): the grantor's link, a code mailed to
 * `email` (read from the mail), then the code with the witness's signature.
 */
export async function witnessConfirms(t: TestApp, token: string, hibahId: string, witnessId: string, email: string) {
  const url = (
    await ok(
      t.call('POST', '/api/route/sign', {
        token,
        body: { route_name: 'hibah.witness', hibah_id: hibahId, witness_id: witnessId },
      }),
    )
  ).url as string;
  const [path, query] = url.split('?');
  await ok(t.call('GET', url));
  const before = t.mails.length;
  await ok(t.call('POST', `${path}/otp?${query}`, { body: {} }));
  let code = '';
  for (let i = 0; i < 500 && !code; i++) {
    const m = t.mails.slice(before).find((x) => x.to.includes(email) && /(?:code is|ialah) \d{6}/.test(x.raw));
    code = /(?:code is|ialah) (\d{6})/.exec(m?.raw ?? '')?.[1] ?? '';
    if (!code) await new Promise((r) => setTimeout(r, 20));
  }
  expect(code).toMatch(/^\d{6}$/);
  await ok(t.call('POST', `${path}/confirm?${query}`, { body: { code, signature: SIGNATURE_PNG } }));
}
