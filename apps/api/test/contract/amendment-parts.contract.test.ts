/**
 * Contract suite, will amendment parts C–E (issue 20; ADR 0179): the 2021 client amends a registered will by
 * editing the will's own rows through the flat paths (reference §3.5 parts C, D, E; §2.5; §2.6; §3.6; §3.7) —
 * receivers with their MyKad images, moveable and immoveable property with their receivers' portions and
 * documents, caretakers with their MyKad images. Ours keeps them as the amendment's draft; the calls are replayed
 * in that client's order with its bodies (the testator in a 2021-contract session), then the amendment goes
 * through submission, the officer's pass, the draft's signature, the witnesses and the approval (as
 * amendment.contract.test.ts; steps our API adds are not counted). The will's version 2 must carry the changes.
 * Refusals: amendment-parts-refusals.contract.test.ts.
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments, wills } from '../../src/db/schema/index.ts';
import { draftWitness, passAmendmentEkyc } from '../../src/modules/amendments/test-fixtures.ts';
import { bytesOf, JPEG_A, newMykad, PNG_A, SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { receiverBody, testatorOfRegisteredWill } from './amendment-steps.ts';
import { amendmentWitnessLinks, confirmAmendmentWitness, smsCode } from './beside.ts';
import { gatewayPath, originalClient } from './replay.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
/** A multipart upload as the 2021 client's `FormData` (reference §1.7). */
const upload = (dataUrl: string, fields: Record<string, string>) => () => {
  const f = new FormData();
  const mime = dataUrl.slice(5, dataUrl.indexOf(';'));
  f.append('document', new Blob([bytesOf(dataUrl)], { type: mime }), mime === 'image/png' ? 'mykad.png' : 'mykad.jpg');
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};

describe('will amendment parts C–E as the 2021 client sends them', () => {
  it('answers every call of parts C, D and E on the draft, and the amended will (version 2) carries them', async () => {
    const rp = originalClient(t, 'amendment-parts');
    let printed = false;
    try {
      const staff = await t.login('staff');
      const { c, id, me } = await testatorOfRegisteredWill(t, staff);

      // Apply and pay (mohon-pindaan).
      const applied = await rp.call({
        token: me,
        method: 'POST',
        path: 'amendment',
        body: { amendmentable_type: 'Wasiat', amendmentable_id: id, notes: null, status: 0 },
        status: [200, 201],
        reads: ['amendment.id'],
      });
      const aid = applied.body.amendment.id as string;
      const pay = await rp.call({
        token: me,
        method: 'POST',
        path: 'payment',
        body: {
          user_id: c.id,
          title: 'Amendment Payment',
          amount: 50,
          type: 'Amendment',
          description: 'Amendment Payment',
          redirect_url: `/wasiat/${id}/pindaanPayVerified`,
          amendment_for_wasiat_id: id,
        },
        reads: ['payment.payment_link'],
      });
      // (not counted) the customer approves on the gateway's page
      const gw = await fetch(`${t.baseUrl}${gatewayPath(pay.body.payment.payment_link)}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'approve' }).toString(),
      });
      expect(gw.status).toBe(303);

      // Part C (pindaan-c): the receivers — two added, MyKad images, one changed, one removed.
      await rp.call({ token: me, method: 'GET', path: `wasiat/${id}/amendment`, reads: ['amendments.data.0.id'] });
      await rp.call({ token: me, method: 'GET', path: `wasiat/${id}/receiver`, reads: ['receivers.data'] });
      const r1 = await rp.call({
        token: me,
        method: 'POST',
        path: 'receiver',
        body: receiverBody(id, 'Aminah binti Yusof', newMykad(false)),
        reads: ['receiver', 'receiver.id'],
      });
      const rid = r1.body.receiver?.id as string;
      const r2 = await rp.call({
        token: me,
        method: 'POST',
        path: 'receiver',
        body: receiverBody(id, 'Penerima Dipadam', newMykad()),
        reads: ['receiver.id'],
      });
      for (const [type, doc] of [
        ['mykad-front', PNG_A],
        ['mykad-back', JPEG_A],
      ]) {
        await rp.call({
          token: me,
          method: 'POST',
          path: `receiver/${rid}/document`,
          form: upload(doc, { type }),
          status: [200, 201],
        });
      }
      await rp.call({
        token: me,
        method: 'GET',
        path: `receiver/${rid}/document`,
        reads: ['documents.data[].type', 'documents.data[].public_path', 'documents.data[].mime_type'],
        check: (b) => (b.documents.data.length === 2 ? undefined : `${b.documents.data.length} images`),
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `receiver/${rid}`,
        body: { ...receiverBody(id, 'Aminah binti Yusoff', r1.body.receiver?.ic_number), city: 'Bangi' },
        reads: ['receiver', 'receiver.id'],
        check: (b) => (b.receiver.id === rid && b.receiver.name === 'Aminah binti Yusoff' ? undefined : 'not changed'),
      });
      await rp.call({ token: me, method: 'DELETE', path: `receiver/${r2.body.receiver?.id}` });
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/receiver`,
        reads: [
          'receivers.data[].id',
          'receivers.data[].name',
          'receivers.data[].ic_number',
          'receivers.data[].relationship',
        ],
        check: (b) =>
          b.receivers.data.map((x: any) => x.id).join() === rid ? undefined : 'the draft receivers are not read back',
      });

      // Part D, moveable (pindaan-d-harta_alih, form-pindaan-harta_alih, receiver-harta-alih, doc-pindaan-harta_alih).
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/moveable-property?limit=10&page=1`,
        reads: ['moveable_properties.data', 'moveable_properties.total'],
      });
      const moveable = (over: Record<string, unknown>) => ({
        moveable_type: 'Wasiat',
        moveable_id: id,
        wasiat_id: id,
        institution_name: '',
        account_number: '',
        policy_number: '',
        company_registration_number: '',
        agreement_number: '',
        bank_type: '',
        bank_branch: '',
        bank_account_no: '',
        transport_type: '',
        transport_manufacturer: '',
        transport_model: '',
        transport_registration_number: '',
        ...over,
      });
      const car = await rp.call({
        token: me,
        method: 'POST',
        path: 'moveable-property',
        body: moveable({
          property_type: 'Kenderaan',
          transport_type: 'Kereta',
          transport_manufacturer: 'Perodua',
          transport_model: 'Myvi',
          transport_registration_number: 'WXY 1234',
        }),
        reads: ['moveable_property.id'],
      });
      const carId = car.body.moveable_property?.id as string;
      const bank = await rp.call({
        token: me,
        method: 'POST',
        path: 'moveable-property',
        body: moveable({
          property_type: 'Bank',
          bank_type: 'Maybank',
          bank_branch: 'Kajang',
          bank_account_no: '512345678901',
        }),
        reads: ['moveable_property.id'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/moveable-property?id=${bank.body.moveable_property?.id}`,
        reads: [
          'moveable_properties.data.0.bank_type',
          'moveable_properties.data.0.bank_account_no',
          'moveable_properties.total',
        ],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `moveable-property/${bank.body.moveable_property?.id}`,
        body: { bank_branch: 'Bangi', bank_account_no: '512345678902' },
        reads: ['moveable_property.id'],
        check: (b) => (b.moveable_property.account_number === '512345678902' ? undefined : 'account not changed'),
      });
      await rp.call({ token: me, method: 'DELETE', path: `moveable-property/${bank.body.moveable_property?.id}` });
      await rp.call({
        token: me,
        method: 'GET',
        path: `moveable-property/${carId}/receiver`,
        reads: ['receivers.data', 'moveable_property.property_type'],
      });
      const share = await rp.call({
        token: me,
        method: 'POST',
        path: 'property-receiver',
        body: { receiver_id: rid, portion: '1/2', propertyable_type: 'MoveableProperty', propertyable_id: carId },
        reads: ['property_receiver'],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `property-receiver/${share.body.property_receiver?.id}`,
        body: { portion: '1/1', receiver_id: rid },
        reads: ['property_receiver'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `moveable-property/${carId}/receiver`,
        reads: [
          'receivers.data[].id',
          'receivers.data[].portion',
          'receivers.data[].receiver.id',
          'receivers.data[].receiver.name',
          'receivers.data[].receiver.ic_number',
          'receivers.data[].receiver.relationship',
        ],
        check: (b) => (b.receivers.data[0]?.portion === '1/1' ? undefined : 'portion not changed'),
      });
      await rp.call({
        token: me,
        method: 'POST',
        path: `moveable-property/${carId}/document`,
        form: upload(PNG_A, { description: 'Geran kenderaan' }),
        status: [200, 201],
        reads: ['attachment'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `moveable-property/${carId}/document`,
        reads: [
          'documents.0.id',
          'documents.0.description',
          'documents.0.public_path',
          'documents.0.original_filename',
        ],
      });

      // Part D, immoveable (pindaan-d-harta_tidakalih, form-pindaan-harta_tidakalih, receiver-harta-tidak-alih).
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/immoveable-property?limit=10&page=1`,
        reads: ['immoveable_properties.data', 'immoveable_properties.total'],
      });
      const land = await rp.call({
        token: me,
        method: 'POST',
        path: 'immoveable-property',
        body: {
          immoveable_type: 'Wasiat',
          immoveable_id: id,
          category: 'Sebidang Tanah',
          property_type: 'Geran',
          property_no: 'GRN 5521',
          lot_number: 'Lot 778',
          city_type: 'Mukim',
          city: 'Semenyih',
          district: 'Hulu Langat',
          state: 'Selangor',
          address: 'Lot 778, Kampung Baru Semenyih',
          property_portion: '1/1',
        },
        reads: ['immoveable_property.id', 'immoveable_property.property_type'],
      });
      const landId = land.body.immoveable_property?.id as string;
      await rp.call({
        token: me,
        method: 'GET',
        path: `immoveable-property/${landId}/receiver`,
        reads: ['receivers.data'],
      });
      await rp.call({
        token: me,
        method: 'POST',
        path: 'property-receiver',
        body: { receiver_id: rid, portion: '50%', propertyable_type: 'ImmoveableProperty', propertyable_id: landId },
        reads: ['property_receiver'],
      });

      // Part E (pindaan-e): a caretaker with MyKad images, then changed.
      await rp.call({ token: me, method: 'GET', path: `wasiat/${id}/caretaker`, reads: ['caretakers.data'] });
      const caretakerBody = {
        name: 'Rahman bin Ali',
        ic_number: newMykad(),
        old_ic_number: '',
        relationship: 'Saudara',
        mobile_number: '0123456780',
        home_phone_number: '',
        address: 'No. 8, Jalan Cempaka',
        address_1: 'No. 8, Jalan Cempaka',
        postcode: '43000',
        city: 'Kajang',
        state: 'Selangor',
        wasiat_id: id,
        sameAddress: false,
        caretakerable_type: 'Wasiat',
        caretakerable_id: id,
        // ours names the children in the caretaker's care (ADR 0157); the 2021 form has no such field (ADR 0179, 2)
        wards: 'Anak-anak pewasiat',
      };
      const ct = await rp.call({
        token: me,
        method: 'POST',
        path: 'caretaker',
        body: caretakerBody,
        reads: ['caretaker.id', 'caretaker'],
      });
      const ctId = ct.body.caretaker?.id as string;
      for (const [type, doc] of [
        ['mykad-front', PNG_A],
        ['mykad-back', JPEG_A],
      ]) {
        await rp.call({
          token: me,
          method: 'POST',
          path: `caretaker/${ctId}/document`,
          form: upload(doc, { type }),
          status: [200, 201],
        });
      }
      await rp.call({
        token: me,
        method: 'GET',
        path: `caretaker/${ctId}/document`,
        reads: ['documents.data[].type', 'documents.data[].public_path', 'documents.data[].mime_type'],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `caretaker/${ctId}`,
        body: { ...caretakerBody, mobile_number: '0123456781' },
        reads: ['caretaker', 'caretaker.id'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/caretaker`,
        reads: ['caretakers.data[].id', 'caretakers.data[].name'],
        check: (b) => (b.caretakers.data.some((x: any) => x.id === ctId) ? undefined : 'caretaker not read back'),
      });

      // Part I's witnesses (named before the submission, ADR 0163), the eKYC (not counted), part H.
      for (const [i, email] of ['saksi.c1@example.com', 'saksi.c2@example.com'].entries()) {
        await rp.call({
          token: me,
          method: 'POST',
          path: 'witness',
          body: {
            ...draftWitness(`Saksi Bahagian ${i + 1}`, email),
            signature_id: null,
            witnessable_type: 'Amendment',
            witnessable_id: aid,
          },
          reads: ['witness.id'],
        });
      }
      await passAmendmentEkyc(t, aid);
      // (not counted) receivers made this basic will comprehensive: the difference of the two plans is due before
      // the submission (ADR 0253), paid through our API — the 2021 client has no step for it (it would show the
      // 422 on `payment` and the person pays it on our part h)
      const due = await t.call('GET', `/api/amendment/${aid}`, { token: me });
      expect(due.body.amendment.due_sen).toBeGreaterThan(0);
      const topUp = await t.call('POST', '/api/payment', {
        token: me,
        body: {
          paymentable_type: 'Amendment',
          paymentable_id: aid,
          payment_options_id: 1,
          redirect_url: `/wasiat/${id}/pindaan-h`,
        },
      });
      expect(topUp.status, JSON.stringify(topUp.body)).toBeLessThan(300);
      const topUpGw = await fetch(`${t.baseUrl}${gatewayPath(topUp.body.payment.payment_link)}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'approve' }).toString(),
      });
      expect(topUpGw.status).toBe(303);
      const phone = '0123456789';
      await rp.call({ token: me, method: 'POST', path: 'sms/code', body: { phone_number: phone } });
      await rp.call({
        token: me,
        method: 'POST',
        path: 'sms/verify',
        body: { phone_number: phone, code: await smsCode(t, phone) },
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
        check: (b) => (b.amendment?.status === 1 ? undefined : `status ${b.amendment?.status}`),
      });
      // submitted: the draft is no longer editable through the flat calls either
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `receiver/${rid}`,
        body: { name: 'Terlambat' },
        status: 422,
        check: (b) => (b.errors?._ ? undefined : 'not amendments.not_editable'),
      });

      // Staff pass (2021 status 2), the testator signs and accepts, the witnesses confirm, the officer approves.
      await rp.call({ token: staff, method: 'PATCH', path: `amendment/${aid}`, body: { status: 2 } });
      await rp.call({
        token: me,
        method: 'POST',
        path: `amendment/${aid}/signature`,
        body: { is_base64: true, document: SIGNATURE_PNG, description: 'amendment' },
      });
      const mailsBefore = t.mails.length;
      await rp.call({ token: me, method: 'PATCH', path: `amendment/${aid}`, body: { status: 4 } });
      await expect.poll(() => amendmentWitnessLinks(t, mailsBefore).length).toBe(4);
      for (const link of amendmentWitnessLinks(t, mailsBefore)) await confirmAmendmentWitness(t, link);
      const approve = await t.call('POST', `/api/amendment/${aid}`, {
        token: staff,
        body: { _method: 'PATCH', status: 2 },
      });
      expect(approve.status, JSON.stringify(approve.body)).toBe(200);
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/amendment`,
        reads: ['amendments.data.0.status', 'amendments.data.0.public_path'],
        check: (b) => (b.amendments.data[0].status === 2 ? undefined : 'not succeeded'),
      });

      const { n, m, misses } = rp.summary();
      printed = true;
      expect(n, misses.join('\n')).toBe(m);

      // The amended will (version 2), read through our own API: the receivers, property and caretaker changed.
      const [a] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, aid));
      expect(a.status).toBe(2);
      const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
      expect(w.current_version).toBe(2);
      const get = async (path: string) => {
        const r = await t.call('GET', `/api/${path}`, { token: staff });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body;
      };
      const recs = (await get(`wasiat/${id}/receiver`)).receivers.data;
      expect(recs.map((x: any) => [x.id, x.name, x.city])).toEqual([[rid, 'Aminah binti Yusoff', 'Bangi']]);
      const ms = (await get(`wasiat/${id}/moveable-property`)).moveable_properties.data;
      expect(ms.map((x: any) => [x.id, x.property_type, x.transport_registration_number])).toEqual([
        [carId, 'vehicle', 'WXY 1234'],
      ]);
      const carShares = (await get(`moveable-property/${carId}/receiver`)).receivers.data;
      expect(carShares.map((x: any) => [x.receiver_id, x.portion])).toEqual([[rid, '1/1']]);
      const is = (await get(`wasiat/${id}/immoveable-property`)).immoveable_properties.data;
      expect(is.map((x: any) => [x.id, x.lot_number, x.city_type])).toEqual([[landId, 'Lot 778', 'mukim']]);
      const landShares = (await get(`immoveable-property/${landId}/receiver`)).receivers.data;
      expect(landShares.map((x: any) => [x.receiver_id, x.portion])).toEqual([[rid, '50%']]);
      const cts = (await get(`wasiat/${id}/caretaker`)).caretakers.data;
      expect(cts.map((x: any) => [x.id, x.name, x.mobile_number])).toEqual([[ctId, 'Rahman bin Ali', '+60123456781']]);
      // the sealed amended will names them
      const pdf = await t.call('GET', `/api/amendment/${aid}/certificate/comprehensive`, { token: me });
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.raw);
      for (const s of ['Aminah binti Yusoff', 'Perodua Myvi', 'GRN 5521', 'Rahman bin Ali']) expect(text).toContain(s);
    } finally {
      if (!printed) rp.summary();
    }
  }, 180_000);
});
