/**
 * Test fixtures of the wills module (used by the *.test.ts beside it): real PNG/JPEG bytes, a fresh
 * client account, and helpers that drive a will through the wizard over HTTP. Payments are written
 * as rows (the payments module owns the HTTP side) and marked with {@link markPartDone}.
 */
import { genderFromMykad } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import type { TestApp } from '../../../test/harness.ts';
import { branches, organizations, otp_codes, payments, wills } from '../../db/schema/index.ts';
import { DEMO_USERS } from '../../db/seed/seed.ts';
import { markPartDone } from './service.ts';

/** A real 1×1 PNG (red) and another 1×1 PNG (grey): different bytes, both valid images. */
export const PNG_A =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
export const PNG_B =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
/**
 * A drawn signature (1×1 opaque near-black PNG). PNG_B is fully transparent, so a signature pad would
 * count it blank (422 `validation.signature_required`).
 */
export const SIGNATURE_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADElEQVQImWPg4uICAABAAB8LnNWkAAAAAElFTkSuQmCC';
/** A real minimal baseline JPEG (1×1). */
export const JPEG_A =
  'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=';
/** Bytes of a data URL. */
export const bytesOf = (dataUrl: string) => Buffer.from(dataUrl.split(',')[1], 'base64');

let seq = 0;
/** The demo users' MyKad numbers, which the seed registers in every test database. */
const SEEDED = new Set<string>(DEMO_USERS.map((u) => u.ic));
/**
 * A unique, valid MyKad (born 1 Jan 1980); `odd` → male. The test files of a worker share this module
 * (vitest `isolate: false`), so the count runs past one file: past 999 the place-of-birth code moves on (14, 15,
 * 16) instead of growing the number, and a number the demo seed holds (the admin's 800101-14-5011) is skipped.
 */
export function newMykad(odd = true) {
  let ic: string;
  do {
    seq += 1;
    ic = `800101${14 + Math.floor(seq / 1000)}${String(seq % 1000).padStart(3, '0')}${odd ? '1' : '2'}`;
  } while (SEEDED.has(ic));
  return ic;
}

export interface Client {
  id: string;
  token: string;
  ic: string;
}

/** Sign up a new client (POST /api/users) and return their id, token and MyKad. */
export async function newClient(t: TestApp, odd = true): Promise<Client> {
  const ic = newMykad(odd);
  const r = await t.call('POST', '/api/users', {
    body: {
      user: {
        name: `Klien ${ic}`,
        username: `c${ic}`,
        email: `c${ic}@example.com`,
        ic_number: ic,
        mobile_number: '0123456789',
        password: 'Rahsia123',
        password_confirmation: 'Rahsia123',
        pdpa: true,
      },
    },
  });
  if (r.status !== 201) throw new Error(`sign-up failed ${r.status} ${JSON.stringify(r.body)}`);
  return { id: r.body.user.id, token: r.body.token, ic };
}

/** The organisation (by code) and its headquarters branch. */
export async function orgAndBranch(t: TestApp, code = 'PROVIDER') {
  const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, code));
  const [branch] = await t.ctx.db.select().from(branches).where(eq(branches.organization_id, org.id));
  return { organization_id: org.id, branch_id: branch.id };
}

/** The part c body for a testator with MyKad `ic`. */
export const userDetail = (ic: string, over: Record<string, unknown> = {}) => ({
  designation: 'mr',
  name: 'Ahmad bin Abdullah',
  ic_number: ic,
  gender: genderFromMykad(ic),
  race: 1,
  religion: 1,
  nationality: 1,
  marital_status: 'married',
  email: 'ahmad@example.com',
  mobile_number: '012-3456789',
  correspondence_address: 'No. 1, Jalan Mawar',
  correspondence_postcode: '50450',
  correspondence_city: 'Kuala Lumpur',
  correspondence_state: 'W.P. Kuala Lumpur',
  permanent_address: 'No. 1, Jalan Mawar',
  permanent_postcode: '50450',
  permanent_city: 'Kuala Lumpur',
  permanent_state: 'W.P. Kuala Lumpur',
  ...over,
});

/** An heir body for will `id`. */
export const heir = (id: string, over: Record<string, unknown> = {}) => ({
  heirable_type: 'Wasiat',
  heirable_id: id,
  name: 'Siti binti Ahmad',
  relationship: 'wife',
  mobile_number: '0198765432',
  address: 'No. 1, Jalan Mawar',
  postcode: '50450',
  city: 'Kuala Lumpur',
  state: 'W.P. Kuala Lumpur',
  ...over,
});

/** A witness body for will `id` with a fresh MyKad. */
export const witness = (id: string, over: Record<string, unknown> = {}) => ({
  witnessable_type: 'Wasiat',
  witnessable_id: id,
  name: 'Saksi Satu',
  ic_number: newMykad(),
  email: 'saksi@example.com',
  address: 'No. 2, Jalan Melur',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
  signature: PNG_A,
  ...over,
});

/** Record a payment row for a will (as the payments module would) and mark part "payment" done. */
export async function pay(
  t: TestApp,
  willId: string,
  status: 'pending' | 'paid' | 'failed' | 'waived',
  payment_options_id = 3,
) {
  await t.ctx.db
    .insert(payments)
    .values({ paymentable_type: 'Wasiat', paymentable_id: willId, payment_options_id, amount_sen: 30000, status });
  if (status !== 'failed') await markPartDone(t.ctx.db, willId, 'payment');
}

/**
 * Mark a will's eKYC passed (as a passing `POST /api/face-verification` would: `ekyc_verified_at`,
 * method "Face", part "ekyc" done) without running the face model.
 */
export async function passEkyc(t: TestApp, willId: string) {
  await t.ctx.db.update(wills).set({ ekyc_verified_at: new Date(), ekyc_method: 'Face' }).where(eq(wills.id, willId));
  await markPartDone(t.ctx.db, willId, 'ekyc');
}

/**
 * A verified, unspent one-time code of purpose "will-submit" for `userId` and the will (as
 * `POST /api/otp/request` + `/api/otp/verify` would leave it), so the next submission may spend it.
 */
export async function verifiedSubmitOtp(t: TestApp, userId: string, willId: string) {
  const now = new Date();
  await t.ctx.db.insert(otp_codes).values({
    user_id: userId,
    purpose: 'will-submit',
    wasiat_id: willId,
    channel: 'email',
    destination: 'test@example.com',
    code_hash: 'unused',
    expires_at: new Date(now.getTime() + 5 * 60 * 1000),
    created_at: now,
    verified_at: now,
  });
}

/** Assert-free request helper: throws with the body when the status is not the expected one. */
export async function ok(p: Promise<{ status: number; body: any }>, status = 200) {
  const r = await p;
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${JSON.stringify(r.body)}`);
  return r.body;
}

/**
 * Drive a client's will through parts a … g (basic plan; payment `paymentStatus`; eKYC passed), ready to
 * submit: the client also holds a verified "will-submit" OTP for it (one submission; call
 * {@link verifiedSubmitOtp} again before another). `org`: the organisation's code (default the provider).
 * @returns the will id.
 */
export async function readyWill(
  t: TestApp,
  c: Client,
  opts: { paymentStatus?: 'paid' | 'pending'; org?: string } = {},
) {
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  const ob = await orgAndBranch(t, opts.org);
  await ok(
    t.call('POST', `/api/wasiat/${w.id}`, { token, body: { _method: 'PATCH', ...ob, wasiat_type: 1, plan: 'basic' } }),
  );
  await pay(t, w.id, opts.paymentStatus ?? 'paid');
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: { _method: 'PATCH', ...userDetail(c.ic) } }),
  );
  for (const [type, doc] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(
      t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { is_base64: true, type, document: doc } }),
      201,
    );
  }
  await passEkyc(t, w.id);
  await ok(t.call('POST', '/api/heir', { token, body: heir(w.id) }), 201);
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/signature`, { token, body: { is_base64: true, document: SIGNATURE_PNG } }),
  );
  await ok(
    t.call('POST', `/api/wasiat/${w.id}`, {
      token,
      body: { _method: 'PATCH', acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    }),
  );
  await ok(t.call('POST', '/api/witness', { token, body: witness(w.id) }), 201);
  await ok(
    t.call('POST', '/api/witness', { token, body: witness(w.id, { name: 'Saksi Dua', signature: SIGNATURE_PNG }) }),
    201,
  );
  await verifiedSubmitOtp(t, c.id, w.id);
  return w.id as string;
}

/**
 * Give the organisation of `username` (an Agent or Partner of the demo set) an active grant for the client,
 * the real way (ADR 0101): the agent/partner asks with channel "dashboard" and the client approves it.
 * @returns the grant's id.
 */
export async function grantAccess(t: TestApp, c: Pick<Client, 'id' | 'token'>, username = 'agent') {
  const asker = await t.login(username);
  const req = await ok(
    t.call('POST', '/api/client-grant', { token: asker, body: { user_id: c.id, channel: 'dashboard' } }),
    201,
  );
  await ok(t.call('POST', `/api/client-grant/${req.grant.id}/approve`, { token: c.token }));
  return req.grant.id as string;
}
