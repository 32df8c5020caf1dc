/**
 * The steps every 2021 trust tree shares (reference §3.2 parts D and I, part H's giver, "Terima Draf",
 * signpenerima; ADRs 0162, 0181), used by the product suites: the grantor's 2021-contract session, the giver's and
 * the hibah's forms as those trees send them, the witnesses, and the common end — counted calls go through the
 * suite's replayer; the steps our API adds (payment, the submission code, witnesses' links) are done beside it.
 */
import { expect } from 'vitest';
import { verifiedHibahOtp } from '../../src/modules/hibah/test-fixtures.ts';
import { newClient, newMykad, ok, SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import type { TestApp } from '../harness.ts';
import { confirmHibahWitness, smsCode } from './beside.ts';
import type { originalClient } from './replay.ts';

export const address = { address: 'No. 12, Jalan Mawar', postcode: '43000', city: 'Kajang', state: 'Selangor' };
type Replay = ReturnType<typeof originalClient>;

/** A client signed up our way, then logged in through the 2021 client (its login body carries `role`). */
export async function grantorSession(t: TestApp) {
  const c = await newClient(t);
  const login = await t.call('POST', '/api/login', {
    body: { username: `c${c.ic}`, password: 'Rahsia123', role: 'Admin' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { ...c, token: login.body.token as string };
}

/** The giver's particulars as the trust forms send them (`correspondence_*` / `permanent_*` keys). */
export const giverForm = (ic: string, email: string, name: string) => ({
  designation: 'Encik',
  name,
  ic_number: ic,
  other_ic_number: '',
  date_of_birth: `19${ic.slice(0, 2)}-${ic.slice(2, 4)}-${ic.slice(4, 6)}`,
  gender: 1,
  religion: 'Islam',
  race: 'Malay',
  marital_status: 'Berkahwin',
  nationality: 1,
  email,
  mobile_number: '0123456789',
  home_phone_number: '',
  correspondence_address: address.address,
  correspondence_postcode: address.postcode,
  correspondence_city: address.city,
  correspondence_state: address.state,
  sameAddress: true,
  permanent_address: address.address,
  permanent_postcode: address.postcode,
  permanent_city: address.city,
  permanent_state: address.state,
});

/** Part D's hibah fields (reference §3.2 table; the amanah-pusaka part B sends the same). */
export const hibahForm = {
  employer_name: 'Syarikat Maju Sdn Bhd',
  employer_address: 'Jalan Reko, Kajang',
  job_title: 'Pengurus',
  yearly_income: '85000',
  income_source: 'Gaji',
  hibah_property_source: 'Pendapatan Pekerjaan',
  is_revocable: 0,
  trust_purpose_type: 'Institusi',
  trust_purpose: 'Pendidikan anak-anak',
};

/**
 * The end of every trust tree (reference §3.2 part H's giver, "Terima Draf", signpenerima, part I): the grantor
 * signs and submits, staff approve, the grantor accepts the draft with a code and signature, the receivers sign on
 * the grantor's device, the witnesses confirm through their links (not counted), completion. (Not counted: the
 * submission's code, spec §5.)
 */
export async function signAcceptAndComplete(
  t: TestApp,
  rp: Replay,
  g: { id: string; token: string },
  staff: string,
  id: string,
  receivers: string[],
  witnesses: string[],
) {
  const me = g.token;
  await rp.call({
    token: me,
    method: 'POST',
    path: `hibah/${id}/signature`,
    body: { description: 'hibah', is_base64: true, document: SIGNATURE_PNG },
  });
  await verifiedHibahOtp(t, g.id, id, 'hibah-submit');
  await rp.call({
    token: me,
    method: 'PATCH',
    path: `hibah/${id}`,
    body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1, is_cash_payment: 0, status: 2 },
    reads: ['hibah.id', 'hibah.status'],
    check: (b) => (b.hibah?.status === 2 ? undefined : `status ${b.hibah?.status}, expected 2`),
  });
  await rp.call({
    token: staff,
    method: 'PATCH',
    path: `hibah/${id}`,
    body: { status: 3, is_cash_payment: 1 },
    reads: ['hibah.id'],
  });
  const phone = '0123456789';
  await rp.call({ token: me, method: 'POST', path: 'sms/code', body: { phone_number: phone } });
  const code = await smsCode(t, phone);
  await rp.call({ token: me, method: 'POST', path: 'sms/verify', body: { phone_number: phone, code } });
  await rp.call({
    token: me,
    method: 'POST',
    path: `hibah/${id}/signature`,
    body: { description: 'Signature for draft acceptance', is_base64: true, document: SIGNATURE_PNG },
  });
  await rp.call({
    token: me,
    method: 'PATCH',
    path: `hibah/${id}`,
    body: { status: 3, is_draft_accepted: 1 },
    reads: ['hibah.id'],
  });
  for (const rid of receivers) {
    await rp.call({
      token: me,
      method: 'POST',
      path: `receiver/${rid}/signature`,
      body: { is_base64: true, document: SIGNATURE_PNG },
    });
  }
  await rp.call({
    token: me,
    method: 'GET',
    path: `hibah/${id}/receiver/validate-signature`,
    reads: ['count', 'receivers'],
    check: (b) => (b.count === 0 ? undefined : `${b.count} receivers unsigned`),
  });
  await rp.call({ token: me, method: 'PATCH', path: `hibah/${id}`, body: { status: 4 }, reads: ['hibah.id'] });
  for (const wid of witnesses) await confirmHibahWitness(t, me, id, wid);
  await rp.call({
    token: me,
    method: 'GET',
    path: `hibah/${id}/witness`,
    reads: ['witnesses.data[].id', 'witnesses.data[].name'],
  });
  await rp.call({ token: me, method: 'PATCH', path: `hibah/${id}`, body: { status: 5 }, reads: ['hibah.id'] });
}

/** Two witnesses of hibah `id` on the flat path (reference §3.2 part I). @returns their ids. */
export async function addWitnesses(rp: Replay, token: string, id: string, tag: string) {
  const ids: string[] = [];
  for (const [i, odd] of [true, false].entries()) {
    const w = await rp.call({
      token,
      method: 'POST',
      path: 'witness',
      body: {
        name: `Saksi ${tag} ${i + 1}`,
        ic_number: newMykad(odd),
        email: `saksi${i + 1}.${tag}@example.com`,
        ...address,
        signature_id: null,
        witnessable_type: 'Hibah',
        witnessable_id: id,
        newWitness: true,
        currentIndex: -1,
      },
      reads: ['witness.id'],
    });
    ids.push(w.body.witness?.id);
  }
  return ids;
}

/** (not counted) The hibah paid by transfer and confirmed by staff, as any payable (ADR 0162, 3). */
export async function paid(t: TestApp, token: string, staff: string, id: string) {
  const pay = await ok(
    t.call('POST', '/api/payment', {
      token,
      body: { paymentable_type: 'Hibah', paymentable_id: id, payment_options_id: 3 },
    }),
  );
  await ok(t.call('POST', `/api/payment/${pay.payment.id}/confirm`, { token: staff, body: {} }));
}
