/**
 * Contract suite, hibah amendment flow (issue 20): the 2021 client's calls of the trust wizard while amending a
 * registered hibah (reference §2.4 rows with `hibah_id` / `amendmentable_type: "Hibah"`, §4.2, §4.3, §3.2
 * part-listpindaan, part D, part H in an amendment, part-draft, part-penerima, part-i, the sidebar), replayed with
 * the bodies that client sends — the grantor in a 2021-contract session (ADR 0135), then provider staff. Each call
 * must be answered with the status and every reply key the reference says the client reads; the flow ends in a
 * succeeded amendment (our status 2, spec §4) with the hibah at its next version carrying the amended particulars.
 * The 2021 status numbers are read as ADR 0180 maps them; what our API adds by design (the amendment's eKYC, the
 * witnesses' confirmation through their signed links, the officer's approval after it) is done beside the replay
 * and not counted.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments, hibah_user_details, hibahs } from '../../src/db/schema/index.ts';
import { passAmendmentEkyc } from '../../src/modules/amendments/test-fixtures.ts';
import { newMykad } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { smsCode } from './beside.ts';
import {
  acceptAndApproveHibahAmendment,
  currentAmendment,
  grantorOfRegisteredHibah,
  staffPassHibahAmendment,
} from './hibah-amendment-steps.ts';
import { originalClient } from './replay.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const address = { address: 'No. 21, Jalan Seroja', postcode: '43000', city: 'Kajang', state: 'Selangor' };

describe('hibah amendment flow as the 2021 client sends it (the grantor, then provider staff)', () => {
  it('answers every call of the amendment list, parts D, H, I, the draft and the receivers, and ends at version 2', async () => {
    const rp = originalClient(t, 'hibah-amendment');
    let printed = false;
    try {
      const staff = await t.login('staff');
      // (setup) a registered property hibah (type 9) of a new client, driven over our own API
      const h = await grantorOfRegisteredHibah(t, staff);
      const { c, id, me } = h;

      // ——— the client's own list and the trust store (sidebar), then part-listpindaan
      await rp.call({
        token: me,
        method: 'GET',
        path: `hibah?user_id=${c.id}`,
        reads: [
          'hibahs.data[].id',
          'hibahs.data[].hibah_number',
          'hibahs.data[].hibah_type',
          'hibahs.data[].status',
          'hibahs.data[].is_draft_accepted',
          'hibahs.data[].organization.name',
        ],
        check: (b) => (b.hibahs?.data?.some((x: any) => x.id === id && x.status === 5) ? undefined : 'not registered'),
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `hibah/${id}?load_with=userDetail`,
        reads: ['hibah.id', 'hibah.status', 'hibah.hibah_type', 'hibah.user.mobile_number', 'hibah.user_detail.name'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment?hibah_id=${id}`,
        reads: ['amendments.data'],
        check: (b) => (b.amendments?.data?.length === 0 ? undefined : 'a new registration has no amendment'),
      });
      const applied = await rp.call({
        token: me,
        method: 'POST',
        path: 'amendment',
        body: { amendmentable_type: 'Hibah', amendmentable_id: id, notes: null, status: 0 },
        reads: ['amendment.id'],
      });
      const aid = applied.body.amendment?.id as string;
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment?hibah_id=${id}`,
        reads: ['amendments.data.0.id', 'amendments.data.0.status'],
        check: currentAmendment(aid, 0),
      });

      // ——— Part D in an amendment: the giver's particulars and the hibah's own fields go to the amendment's draft
      const ud = (await t.call('GET', `/api/hibah/${id}/user-detail`, { token: me })).body.user_detail;
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `hibah/${id}/user-detail`,
        body: {
          designation: 'Encik',
          name: ud.name,
          ic_number: c.ic,
          mykad_number: c.ic,
          other_ic_number: '',
          gender: 1,
          religion: 'Islam',
          race: 'Malay',
          marital_status: 'Berkahwin',
          nationality: 1,
          email: ud.email,
          mobile_number: '0123456789',
          home_phone_number: '',
          ...address,
          correspondence_address: address.address,
          correspondence_postcode: address.postcode,
          correspondence_city: address.city,
          correspondence_state: address.state,
          permanent_address: address.address,
          permanent_postcode: address.postcode,
          permanent_city: address.city,
          permanent_state: address.state,
        },
        reads: ['user_detail'],
        check: (b) => (b.user_detail?.correspondence_address === address.address ? undefined : 'address not taken'),
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `hibah/${id}`,
        body: {
          employer_name: 'Koperasi Kajang Berhad',
          employer_address: 'Jalan Semenyih, Kajang',
          job_title: 'Pegawai Kewangan',
          yearly_income: '96000',
          income_source: 'Gaji',
          hibah_property_source: 'Pendapatan Pekerjaan',
          is_revocable: 0,
          trust_purpose_type: 'Institusi',
          trust_purpose: 'Pendidikan cucu-cucu',
        },
        reads: ['hibah.id'],
      });

      // ——— Part I's witnesses, named in the draft before the submission (ADR 0163, 3; ADR 0180)
      for (const [i, email] of ['saksi.ph1@example.com', 'saksi.ph2@example.com'].entries()) {
        await rp.call({
          token: me,
          method: 'POST',
          path: 'witness',
          body: {
            name: `Saksi Pindaan Hibah ${i + 1}`,
            ic_number: newMykad(i === 0),
            email,
            ...address,
            signature_id: null,
            witnessable_type: 'Amendment',
            witnessable_id: aid,
            newWitness: true,
            currentIndex: -1,
          },
          reads: ['witness.id'],
        });
      }
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment/${aid}/witness`,
        reads: ['witnesses.data'],
      });
      // (not counted) the amendment's own eKYC (ADR 0097), which the 2021 trust wizard never asks for in an amendment
      await passAmendmentEkyc(t, aid);

      // ——— Part H in an amendment: the code by SMS, then the submission. The UNROUTED part-h-normal variant's
      // defect (the hibah's id in the amendment's path) is answered as an unknown amendment: 404 (ADR 0180).
      const phone = '0123456789';
      await rp.call({ token: me, method: 'POST', path: 'sms/code', body: { phone_number: phone } });
      const code = await smsCode(t, phone);
      await rp.call({ token: me, method: 'POST', path: 'sms/verify', body: { phone_number: phone, code } });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${id}`,
        body: { status: 1, amendmentable_type: 'Hibah' },
        status: 404,
        reads: ['message'],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 1, amendmentable_type: 'Hibah', acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
        reads: ['amendment.id'],
        check: (b) => (b.amendment?.status === 1 ? undefined : `status ${b.amendment?.status}, expected 1`),
      });

      // ——— provider staff: the hibah amendments (the 2021 screen keeps statuses 1 and 4), then "approve"
      await staffPassHibahAmendment(rp, staff, aid);
      // ——— "Terima Draf" (2021 status 3 "draft accepted" = our 3 → 4), part-penerima, part-i (the draft began with
      // the hibah's two witnesses and part I added two: four links, confirmed beside the replay), the approval
      await acceptAndApproveHibahAmendment(t, rp, { me, staff, id, aid, links: 4 });

      const { n, m, misses } = rp.summary();
      printed = true;
      expect(n, misses.join('\n')).toBe(m);
      const [a] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, aid));
      expect(a).toMatchObject({ status: 2, version_no: 2 });
      const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, id));
      expect(row).toMatchObject({ status: 5, current_version: 2, employer_name: 'Koperasi Kajang Berhad' });
      const [d] = await t.ctx.db.select().from(hibah_user_details).where(eq(hibah_user_details.hibah_id, id));
      expect(d.correspondence_address).toBe(address.address);
    } finally {
      if (!printed) rp.summary();
    }
  }, 240_000);
});
