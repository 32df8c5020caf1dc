/**
 * Contract suite, hibah amendment parts E–G (issue 20; reference §2.5, §2.6, §3.2 parts E "Penerima", F "Harta",
 * G "Penjaga", §3.6, §3.7; ADR 0180 "Parts E–G"): while amending a registered hibah, the 2021 client edits the
 * hibah's receivers, property with their receivers' portions and documents, and caretaker through the flat paths,
 * in its order and with its bodies (the grantor in a 2021-contract session, ADR 0135). Ours keeps the changes in
 * the amendment's draft; the flow then goes on as ADR 0180's suite (witnesses, the code, submission, the
 * officer's pass, the draft's acceptance, the witnesses' links, approval — not counted where ours differs) and ends
 * with the hibah at version 2 carrying the changed receivers, shares and caretaker. Refusals: another client and
 * another organisation's partner get 404; the amended hibah without an open amendment is refused as before.
 */
import { execFileSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments } from '../../src/db/schema/index.ts';
import { passAmendmentEkyc } from '../../src/modules/amendments/test-fixtures.ts';
import { JPEG_A, newClient, newMykad, SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { amendmentWitnessLinks, confirmAmendmentWitness, smsCode } from './beside.ts';
import { GRANTOR_PHONE, grantorOfRegisteredHibah, submitHibahAmendment } from './hibah-amendment-steps.ts';
import { originalClient } from './replay.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** A multipart upload as the 2021 client builds it (file name forced to `nama file`, reference §1.7). */
const upload = (fields: Record<string, string>) => () => {
  const f = new FormData();
  const bytes = Buffer.from(JPEG_A.split(',')[1], 'base64');
  f.append('document', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'nama file');
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
};
const address = { address: 'No. 9, Jalan Mawar', postcode: '43650', city: 'Bandar Baru Bangi', state: 'Selangor' };
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
const receiverKeys = ['id', 'name', 'ic_number', 'relationship', 'email', 'mobile_number'];

describe('hibah amendment parts E–G as the 2021 client sends them (the grantor), then to version 2', () => {
  it('maps receivers, property, shares and caretaker onto the draft, refuses others, and ends at version 2', async () => {
    const rp = originalClient(t, 'hibah-amendment-parts');
    let printed = false;
    try {
      const staff = await t.login('staff');
      const h = await grantorOfRegisteredHibah(t, staff);
      const { id, adult, minor, caretaker, land, me } = h;

      // (refusal, not counted) before any amendment, the registered hibah's rows are refused as before
      const early = await t.call('POST', `/api/receiver/${adult.id}`, {
        token: me,
        body: { _method: 'PATCH', mobile_number: '0130000000' },
      });
      expect(early.status, JSON.stringify(early.body)).toBe(422);

      const applied = await rp.call({
        token: me,
        method: 'POST',
        path: 'amendment',
        body: { amendmentable_type: 'Hibah', amendmentable_id: id, notes: null, status: 0 },
        reads: ['amendment.id'],
      });
      const aid = applied.body.amendment?.id as string;

      // ——— Part E (Penerima): the list (the draft's), a new receiver with MyKad images, a change, a removal
      await rp.call({
        token: me,
        method: 'GET',
        path: `hibah/${id}/receiver`,
        reads: receiverKeys.map((k) => `receivers.data[].${k}`),
        check: (b) => (b.receivers?.data?.length === 2 ? undefined : `${b.receivers?.data?.length} receivers`),
      });
      const newReceiver = async (name: string, email: string) =>
        rp.call({
          token: me,
          method: 'POST',
          path: 'receiver',
          body: {
            name,
            relationship: 'Anak',
            ic_number: newMykad(false),
            email,
            mobile_number: '0137766554',
            home_phone_number: '',
            ...address,
            sameAddress: true,
            receivable_type: 'Hibah',
            receivable_id: id,
          },
          reads: ['receiver', 'receiver.id'],
        });
      const rid = (await newReceiver('Safiyya binti Ahmad', 'safiyya.penerima@example.com')).body.receiver
        ?.id as string;
      for (const type of ['mykad-front', 'mykad-back']) {
        await rp.call({ token: me, method: 'POST', path: `receiver/${rid}/document`, form: upload({ type }) });
      }
      await rp.call({
        token: me,
        method: 'GET',
        path: `receiver/${rid}`,
        reads: ['receiver.id', 'receiver.name', 'receiver.mykad_front.public_path', 'receiver.mykad_back.public_path'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `receiver/${rid}/document`,
        reads: ['documents.data[].type', 'documents.data[].public_path', 'documents.data[].mime_type'],
      });
      // the update screen spells the owner `receiverable_*`
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `receiver/${adult.id}`,
        body: {
          name: adult.name,
          relationship: 'Anak',
          mobile_number: '0139988777',
          email: adult.email,
          ...address,
          receiverable_type: 'Hibah',
          receiverable_id: id,
        },
        reads: ['receiver', 'receiver.id'],
        check: (b) => (b.receiver?.id === adult.id && b.receiver.city === address.city ? undefined : 'not changed'),
      });
      const extra = (await newReceiver('Hafiz bin Ahmad', 'hafiz.penerima@example.com')).body.receiver?.id as string;
      await rp.call({ token: me, method: 'DELETE', path: `receiver/${extra}`, reads: ['message'] });
      await rp.call({
        token: me,
        method: 'GET',
        path: `hibah/${id}/receiver`,
        reads: receiverKeys.map((k) => `receivers.data[].${k}`),
        check: (b) => {
          const ids = (b.receivers?.data ?? []).map((x: any) => x.id);
          return ids.length === 3 && ids.includes(rid) && !ids.includes(extra) ? undefined : `receivers ${ids}`;
        },
      });

      // ——— Part F (Harta): a bank account shared by the new receiver and the adult, with a document; the land's
      // shares changed so the new receiver has a quarter
      const mp = await rp.call({
        token: me,
        method: 'POST',
        path: 'moveable-property',
        body: {
          moveable_type: 'Hibah',
          moveable_id: id,
          property_type: 'Bank',
          bank_type: 'BANK ISLAM MALAYSIA BERHAD',
          bank_branch: 'Bangi',
          bank_account_no: '120340056789',
          institution_name: '',
          account_number: '',
          transport_type: '',
        },
        reads: ['moveable_property.id'],
      });
      const pid = mp.body.moveable_property?.id as string;
      await rp.call({
        token: me,
        method: 'GET',
        path: `hibah/${id}/moveable-property`,
        reads: ['id', 'property_type', 'bank_type', 'institution_name'].map((k) => `moveable_properties.data[].${k}`),
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `moveable-property/${pid}`,
        reads: ['moveable_property.property_type', 'moveable_property.bank_type', 'moveable_property.bank_account_no'],
      });
      const first = await rp.call({
        token: me,
        method: 'POST',
        path: 'property-receiver',
        body: { receiver_id: rid, portion: '1/1', propertyable_type: 'MoveableProperty', propertyable_id: pid },
        reads: ['property_receiver', 'property_receiver.id'],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `property-receiver/${first.body.property_receiver?.id}`,
        body: { receiver_id: rid, portion: '1/2' },
        reads: ['property_receiver'],
        check: (b) => (b.property_receiver?.portion === '1/2' ? undefined : 'portion not changed'),
      });
      await rp.call({
        token: me,
        method: 'POST',
        path: 'property-receiver',
        body: { receiver_id: adult.id, portion: '1/2', propertyable_type: 'MoveableProperty', propertyable_id: pid },
        reads: ['property_receiver'],
      });
      // (not counted) a third half is over the whole, with the hibah's own message
      const over = await t.call('POST', '/api/property-receiver', {
        token: me,
        body: { receiver_id: minor.id, portion: '1/2', propertyable_type: 'MoveableProperty', propertyable_id: pid },
      });
      expect(over.status, JSON.stringify(over.body)).toBe(422);
      expect(Object.keys(over.body.errors ?? {})).toContain('portion');
      await rp.call({
        token: me,
        method: 'GET',
        path: `moveable-property/${pid}/receiver`,
        reads: [
          'receivers.data[].id',
          'receivers.data[].portion',
          'receivers.data[].receiver.name',
          'receivers.data[].receiver.ic_number',
          'moveable_property.property_type',
        ],
        check: (b) => (b.receivers?.data?.length === 2 ? undefined : 'two shares expected'),
      });
      await rp.call({
        token: me,
        method: 'POST',
        path: `moveable-property/${pid}/document`,
        form: upload({ description: 'Penyata bank' }),
        reads: ['attachment'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `moveable-property/${pid}/document`,
        reads: ['documents[].id', 'documents[].description', 'documents[].public_path', 'documents[].type'],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `immoveable-property/${land.id}`,
        body: { immoveable_type: 'Hibah', immoveable_id: id, lot_number: 'Lot 4521', city_type: 'Mukim' },
        reads: ['immoveable_property', 'immoveable_property.id'],
        check: (b) => (b.immoveable_property?.lot_number === 'Lot 4521' ? undefined : 'lot not changed'),
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `immoveable-property/${land.id}/receiver`,
        reads: ['receivers.data[].id', 'receivers.data[].portion', 'receivers.data[].receiver.name'],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `property-receiver/${land.id}.${adult.id}`,
        body: { portion: '1/4' },
        reads: ['property_receiver'],
      });
      await rp.call({
        token: me,
        method: 'POST',
        path: 'property-receiver',
        body: { receiver_id: rid, portion: '1/4', propertyable_type: 'ImmoveableProperty', propertyable_id: land.id },
        reads: ['property_receiver'],
      });

      // ——— Part G (Penjaga): the list, the minor's caretaker changed (update screen), MyKad images
      await rp.call({
        token: me,
        method: 'GET',
        path: `hibah/${id}/caretaker`,
        reads: ['caretakers.data[].id', 'caretakers.data[].name'],
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `caretaker/${caretaker.id}`,
        body: {
          name: 'Zulkifli bin Omar',
          ic_number: newMykad(true),
          old_ic_number: '',
          mobile_number: '0172233445',
          home_phone_number: '',
          office_number: '',
          relationship: 'Saudara',
          address_1: address.address,
          postcode: address.postcode,
          city: address.city,
          state: address.state,
          sameAddress: true,
          caretakerable_type: 'Hibah',
          caretakerable_id: id,
        },
        reads: ['caretaker', 'caretaker.id'],
      });
      for (const type of ['mykad-front', 'mykad-back']) {
        await rp.call({
          token: me,
          method: 'POST',
          path: `caretaker/${caretaker.id}/document`,
          form: upload({ type }),
        });
      }
      await rp.call({
        token: me,
        method: 'GET',
        path: `caretaker/${caretaker.id}/document`,
        reads: ['documents.data[].type', 'documents.data[].public_path'],
      });
      const second = await rp.call({
        token: me,
        method: 'POST',
        path: 'caretaker',
        body: {
          name: 'Rahimah binti Omar',
          ic_number: newMykad(false),
          old_ic_number: '',
          mobile_number: '0175566778',
          home_phone_number: '',
          office_number: '',
          relationship: 'Ibu',
          address_1: address.address,
          postcode: address.postcode,
          city: address.city,
          state: address.state,
          sameAddress: true,
          caretakerable_type: 'Hibah',
          caretakerable_id: id,
        },
        reads: ['caretaker', 'caretaker.id'],
      });
      await rp.call({
        token: me,
        method: 'DELETE',
        path: `caretaker/${second.body.caretaker?.id}`,
        reads: ['message'],
      });

      // (refusals, not counted) another client and another organisation's partner: 404 wherever the id arrives
      const other = await newClient(t);
      const partner = await t.login('partner');
      for (const token of [other.token, partner]) {
        for (const [path, body] of [
          [`/api/receiver/${adult.id}`, { _method: 'PATCH', mobile_number: '0130000001' }],
          [`/api/receiver/${rid}`, { _method: 'DELETE' }],
          [`/api/property-receiver/${pid}.${rid}`, { _method: 'PATCH', portion: '1/1' }],
          ['/api/receiver', { name: 'X', ic_number: newMykad(), receivable_type: 'Hibah', receivable_id: id }],
          ['/api/property-receiver', { receiver_id: rid, portion: '1/4', propertyable_id: pid }],
        ] as const) {
          const r = await t.call('POST', path, { token, body });
          expect(r.status, `${path} ${JSON.stringify(r.body)}`).toBe(404);
        }
        const doc = await t.call('GET', `/api/receiver/${rid}/document`, { token });
        expect(doc.status).toBe(404);
      }

      // ——— Part I's witnesses, the code and the submission (as ADR 0180's suite)
      for (const [i, email] of ['saksi.pe1@example.com', 'saksi.pe2@example.com'].entries()) {
        await rp.call({
          token: me,
          method: 'POST',
          path: 'witness',
          body: {
            name: `Saksi Pindaan E-G ${i + 1}`,
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
      await passAmendmentEkyc(t, aid);
      await submitHibahAmendment(t, rp, me, aid);
      const phone = GRANTOR_PHONE;
      // (not counted) once submitted, the draft's rows are not editable: the amendment's own 422
      const late = await t.call('POST', `/api/receiver/${rid}`, {
        token: me,
        body: { _method: 'PATCH', mobile_number: '0130000002' },
      });
      expect(late.status, JSON.stringify(late.body)).toBe(422);
      expect(JSON.stringify(late.body)).toContain('_');

      // ——— staff's pass, the draft's acceptance, the witnesses' links, approval
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 2, amendmentable_type: 'Hibah' },
        reads: ['amendment.id'],
        check: (b) => (b.amendment?.status === 3 ? undefined : `status ${b.amendment?.status}, expected 3`),
      });
      await rp.call({ token: me, method: 'POST', path: 'sms/code', body: { phone_number: phone } });
      const code2 = await smsCode(t, phone);
      await rp.call({ token: me, method: 'POST', path: 'sms/verify', body: { phone_number: phone, code: code2 } });
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
      await expect.poll(() => amendmentWitnessLinks(t, mailsBefore).length, { timeout: 30_000 }).toBe(4);
      for (const link of amendmentWitnessLinks(t, mailsBefore)) await confirmAmendmentWitness(t, link);
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 5, amendmentable_type: 'Hibah' },
        reads: ['amendment.id'],
      });
      const approve = await t.call('POST', `/api/amendment/${aid}`, {
        token: staff,
        body: { _method: 'PATCH', status: 2 },
      });
      expect(approve.status, JSON.stringify(approve.body)).toBe(200);

      const { n, m, misses } = rp.summary();
      printed = true;
      expect(n, misses.join('\n')).toBe(m);

      // ——— the hibah at version 2, read through our API
      const [a] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, aid));
      expect(a).toMatchObject({ status: 2, version_no: 2 });
      const get = async (path: string) => {
        const r = await t.call('GET', `/api/${path}`, { token: staff });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        return r.body;
      };
      expect((await get(`hibah/${id}/versions`)).current_version).toBe(2);
      const recs = (await get(`hibah/${id}/receiver`)).receivers.data;
      expect(recs.map((x: any) => x.id).sort()).toEqual([adult.id, minor.id, rid].sort());
      expect(recs.find((x: any) => x.id === adult.id).mobile_number).toContain('139988777');
      const v2 = (await get(`hibah/${id}/versions/2`)).version.content;
      const bank = v2.moveables.find((p: any) => p.id === pid);
      expect(bank).toMatchObject({ property_type: 'bank', institution_name: 'BANK ISLAM MALAYSIA BERHAD' });
      expect(bank.shares.map((s: any) => [s.receiver_id, s.portion]).sort()).toEqual(
        [
          [rid, '1/2'],
          [adult.id, '1/2'],
        ].sort(),
      );
      const landV2 = v2.immoveables.find((p: any) => p.id === land.id);
      expect(landV2.shares.map((s: any) => [s.receiver_id, s.portion]).sort()).toEqual(
        [
          [adult.id, '1/4'],
          [minor.id, '50%'],
          [rid, '1/4'],
        ].sort(),
      );
      expect(v2.caretakers).toHaveLength(1);
      expect(v2.caretakers[0]).toMatchObject({ id: caretaker.id, name: 'Zulkifli bin Omar', receiver_id: minor.id });
      const cts = (await get(`hibah/${id}/caretaker`)).caretakers.data;
      expect(cts.map((x: any) => [x.id, x.name])).toEqual([[caretaker.id, 'Zulkifli bin Omar']]);

      expect(v2.immoveables.find((p: any) => p.id === land.id)).toMatchObject({ lot_number: 'Lot 4521' });
      // the hibah's certificate (version 2) names the new receiver, the bank and the new caretaker
      const pdf = await t.call('GET', `/api/hibah/${id}/certificate`, { token: me });
      expect(pdf.status).toBe(200);
      const text = pdfText(pdf.raw);
      for (const x of ['Safiyya binti Ahmad', 'BANK ISLAM MALAYSIA BERHAD', 'Zulkifli bin Omar'])
        expect(text).toContain(x);

      // (refusal) the amendment done, the hibah's rows are refused as before any amendment
      const after = await t.call('POST', `/api/receiver/${rid}`, {
        token: me,
        body: { _method: 'PATCH', mobile_number: '0130000003' },
      });
      expect(after.status, JSON.stringify(after.body)).toBe(422);
    } finally {
      if (!printed) rp.summary();
    }
  }, 300_000);
});
