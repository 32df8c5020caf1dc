/**
 * Steps of the hibah-amendment contract suites (issue 20; ADR 0180; reference §2.4, §3.2 part H in an amendment,
 * part-draft, part-penerima, part I, §4.2): the grantor of a registered hibah in a 2021 session, the submission
 * after the 2021 code, and the common end — the draft's acceptance, the receivers' step, the witnesses (their links
 * beside the replay), the officer's approval and the succeeded amendment in the list. Counted calls go through the
 * suite's replayer; what our API adds by design is done beside it (`beside.ts`).
 */
import { expect } from 'vitest';
import { registeredHibah } from '../../src/modules/amendments/hibah-test-fixtures.ts';
import { SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import type { TestApp } from '../harness.ts';
import { amendmentWitnessLinks, confirmAmendmentWitness, smsCode } from './beside.ts';
import type { originalClient } from './replay.ts';

type Replay = ReturnType<typeof originalClient>;

/** The grantor's mobile number (the fixtures' clients all have it; `sms/code` sends only to the caller's own). */
export const GRANTOR_PHONE = '0123456789';

/** Keys the 2021 staff screen of hibah amendments reads (`pindaanPengesahanList-hibah.vue`, reference §2.4). */
export const HIBAH_QUEUE_KEYS = [
  'id',
  'status',
  'amendmentable_id',
  'amendmentable.user.name',
  'amendmentable.user.ic_number',
].map((k) => `amendments.data[].${k}`);

/** A check that `amendments.data[0]` of `GET amendment?hibah_id` is amendment `aid` at our `status`. */
export const currentAmendment = (aid: string, status: number) => (b: any) =>
  b.amendments?.data?.[0]?.id === aid && b.amendments.data[0].status === status
    ? undefined
    : `data[0] is not the amendment at status ${status}: ${JSON.stringify(b.amendments?.data?.[0]?.status)}`;

/**
 * A new client's registered property hibah (type 9, `registeredHibah`: two receivers, one land title, two
 * witnesses), its grantor logged in through the 2021 client (its login body carries `role`; ADR 0135).
 * @returns the fixture's hibah and client, and the grantor's 2021-session token `me`.
 */
export async function grantorOfRegisteredHibah(t: TestApp, staff: string) {
  const h = await registeredHibah(t, staff);
  const login = await t.call('POST', '/api/login', {
    body: { username: `c${h.c.ic}`, password: 'Rahsia123', role: 'Admin' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { ...h, me: login.body.token as string };
}

/**
 * Part H in an amendment: the 2021 code (`sms/code`, `sms/verify`; ADR 0162) and `PATCH amendment/{aid}
 * { status: 1, amendmentable_type: "Hibah" }` with our PDPA + confirmation (ADR 0180, 4) → our 1. Three calls.
 */
export async function submitHibahAmendment(t: TestApp, rp: Replay, me: string, aid: string) {
  await rp.call({ token: me, method: 'POST', path: 'sms/code', body: { phone_number: GRANTOR_PHONE } });
  const code = await smsCode(t, GRANTOR_PHONE);
  await rp.call({ token: me, method: 'POST', path: 'sms/verify', body: { phone_number: GRANTOR_PHONE, code } });
  await rp.call({
    token: me,
    method: 'PATCH',
    path: `amendment/${aid}`,
    body: { status: 1, amendmentable_type: 'Hibah', acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    reads: ['amendment.id'],
    check: (b) => (b.amendment?.status === 1 ? undefined : `status ${b.amendment?.status}, expected 1`),
  });
}

/**
 * Staff's 2021 hibah-amendment screen: the list (statuses 1 and 4 kept by the client), then "approve"
 * (`{ status: 2 }`, the officer's pass 1 → 3; ADR 0163, ADR 0180). Two calls.
 */
export async function staffPassHibahAmendment(rp: Replay, staff: string, aid: string) {
  await rp.call({
    token: staff,
    method: 'GET',
    path: 'amendment?amendmentable_type=Hibah&load_with=amendmentable.user',
    reads: HIBAH_QUEUE_KEYS,
    check: (b) => (b.amendments?.data?.some((a: any) => a.id === aid && a.status === 1) ? undefined : 'not listed'),
  });
  await rp.call({
    token: staff,
    method: 'PATCH',
    path: `amendment/${aid}`,
    body: { status: 2, amendmentable_type: 'Hibah' },
    reads: ['amendment.id'],
    check: (b) => (b.amendment?.status === 3 ? undefined : `status ${b.amendment?.status}, expected 3`),
  });
}

/**
 * The end of a hibah amendment as ADR 0180's suite replays it, from our 3 (draft to review): "Terima Draf" (the
 * code, the signature for the draft's acceptance, `{ status: 3 }` → our 4), part-penerima (the hibah's receivers,
 * all signed; the 2021 `{ status: 4 }` answered unchanged), part I (the witnesses; each confirms through the link
 * mailed to them, beside the replay — `links` of them are expected), the 2021 `{ status: 5 }` answered unchanged,
 * staff's list, the officer's approval beside the replay (4 → 2), and the succeeded amendment in the grantor's list
 * with its `public_path`. Twelve calls.
 */
export async function acceptAndApproveHibahAmendment(
  t: TestApp,
  rp: Replay,
  p: { me: string; staff: string; id: string; aid: string; links: number },
) {
  const { me, staff, id, aid } = p;
  await rp.call({
    token: me,
    method: 'GET',
    path: `amendment?hibah_id=${id}`,
    reads: ['amendments.data.0.id', 'amendments.data.0.status'],
    check: currentAmendment(aid, 3),
  });
  await rp.call({ token: me, method: 'POST', path: 'sms/code', body: { phone_number: GRANTOR_PHONE } });
  const code = await smsCode(t, GRANTOR_PHONE);
  await rp.call({ token: me, method: 'POST', path: 'sms/verify', body: { phone_number: GRANTOR_PHONE, code } });
  await rp.call({
    token: me,
    method: 'POST',
    path: `hibah/${id}/signature`,
    body: { description: 'Signature for draft acceptance', is_base64: true, document: SIGNATURE_PNG },
  });
  const mailsBefore = t.mails.length;
  await rp.call({
    token: me,
    method: 'PATCH',
    path: `amendment/${aid}`,
    body: { status: 3, amendmentable_type: 'Hibah' },
    reads: ['amendment.id'],
    check: (b) => (b.amendment?.status === 4 ? undefined : `status ${b.amendment?.status}, expected 4`),
  });
  await rp.call({
    token: me,
    method: 'GET',
    path: `hibah/${id}/receiver`,
    reads: ['id', 'name', 'ic_number', 'relationship', 'email', 'mobile_number'].map((k) => `receivers.data[].${k}`),
  });
  await rp.call({
    token: me,
    method: 'GET',
    path: `hibah/${id}/receiver/validate-signature`,
    reads: ['count', 'receivers'],
    check: (b) => (b.count === 0 ? undefined : `${b.count} receivers unsigned`),
  });
  const unchangedAt4 = (b: any) =>
    b.amendment?.status === 4 ? undefined : `status ${b.amendment?.status}, expected 4 unchanged`;
  await rp.call({
    token: me,
    method: 'PATCH',
    path: `amendment/${aid}`,
    body: { status: 4, amendmentable_type: 'Hibah' },
    reads: ['amendment.id'],
    check: unchangedAt4,
  });
  await rp.call({
    token: me,
    method: 'GET',
    path: `amendment/${aid}/witness`,
    reads: ['witnesses.data[].id', 'witnesses.data[].name'],
  });
  await expect.poll(() => amendmentWitnessLinks(t, mailsBefore).length, { timeout: 30_000 }).toBe(p.links);
  for (const link of amendmentWitnessLinks(t, mailsBefore)) await confirmAmendmentWitness(t, link);
  await rp.call({
    token: me,
    method: 'PATCH',
    path: `amendment/${aid}`,
    body: { status: 5, amendmentable_type: 'Hibah' },
    reads: ['amendment.id'],
    check: unchangedAt4,
  });
  await rp.call({
    token: staff,
    method: 'GET',
    path: 'amendment?amendmentable_type=Hibah&load_with=amendmentable.user',
    reads: HIBAH_QUEUE_KEYS,
    check: (b) => (b.amendments?.data?.some((a: any) => a.id === aid && a.status === 4) ? undefined : 'not listed'),
  });
  // (not counted) the officer approves once every witness confirmed (ours: 4 → 2, spec §4)
  const approve = await t.call('POST', `/api/amendment/${aid}`, {
    token: staff,
    body: { _method: 'PATCH', status: 2 },
  });
  expect(approve.status, JSON.stringify(approve.body)).toBe(200);
  await rp.call({
    token: me,
    method: 'GET',
    path: `amendment?hibah_id=${id}`,
    reads: ['amendments.data.0.id', 'amendments.data.0.status', 'amendments.data.0.public_path'],
    check: (b) => currentAmendment(aid, 2)(b) ?? (b.amendments.data[0].public_path ? undefined : 'no public_path'),
  });
}
