/**
 * Contract suite, will amendment flow (issue 20): the 2021 client's calls of the amendment wizard (reference
 * §2.4, §3.5 apply and parts A–I, §2.7 amendment payment, §2.10 the draft's signature, §2.11 the code), replayed
 * in the order and with the bodies that client sends — the testator in a 2021-contract session, then provider
 * staff. Each call must be answered with the status and every reply key the reference says the client reads;
 * the flow must end in a succeeded amendment (our status 2, spec §4) with the will at its next version. Steps
 * our API adds by design (the gateway's own page, the amendment's eKYC, the witnesses' confirmation through
 * their signed links, the officer's approval after it) are done beside the replay and not counted (ADR 0163).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments, users, wills } from '../../src/db/schema/index.ts';
import { draftWitness, passAmendmentEkyc, registeredWill } from '../../src/modules/amendments/test-fixtures.ts';
import { SIGNATURE_PNG } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { amendmentWitnessLinks, confirmAmendmentWitness, smsCode } from './beside.ts';
import { gatewayPath, originalClient } from './replay.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('will amendment flow as the 2021 client sends it (the testator, then provider staff)', () => {
  it('answers every call of apply, payment, parts A–I and the draft as the reference records, and ends succeeded', async () => {
    const rp = originalClient(t, 'amendment');
    let printed = false;
    try {
      const staff = await t.login('staff');
      const { c, id } = await registeredWill(t, staff);
      const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
      // the testator logs in through the 2021 client (its login body carries `role`; ADR 0135)
      const login = await t.call('POST', '/api/login', {
        body: { username: u.username, password: 'Rahsia123', role: 'Admin' },
      });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      const me = login.body.token as string;

      // Apply (mohon-pindaan): the will, its amendments (none yet), a new amendment, its payment.
      const list = await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat?user_id=${c.id}`,
        reads: ['wasiats.data.0.id', 'wasiats.data.0.status', 'wasiats.data.0.price', 'wasiats.data.0.organization_id'],
      });
      expect(list.body.wasiats?.data?.[0]?.id).toBe(id);
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/amendment`,
        reads: ['amendments.data', 'wasiat.user_id'],
      });
      const applied = await rp.call({
        token: me,
        method: 'POST',
        path: 'amendment',
        body: { amendmentable_type: 'Wasiat', amendmentable_id: id, notes: null, status: 0 },
        status: [200, 201],
        reads: ['amendment.id'],
      });
      const aid = applied.body.amendment.id as string;
      const prices = await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}?load_with=agent,organization,branch,user,userDetail,heir`,
        reads: ['wasiat.id', 'wasiat.price', 'wasiat.mykad_front.id', 'wasiat.mykad_back.id', 'wasiat.user_detail'],
      });
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
      // (not counted) the customer approves on the gateway's page, as a browser posts its form
      if (pay.body.payment?.payment_link) {
        const gw = await fetch(`${t.baseUrl}${gatewayPath(pay.body.payment.payment_link)}`, {
          method: 'POST',
          redirect: 'manual',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ outcome: 'approve' }).toString(),
        });
        expect(gw.status).toBe(303);
        expect(gw.headers.get('location')).toMatch(new RegExp(`^/wasiat/${id}/pindaanPayVerified\\?status=1`));
      }
      const amendmentKeys = [
        'id',
        'status',
        'count',
        'created_at',
        'notes',
        'is_staff_created',
        'public_path',
        'incharged_by_id',
      ];
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/amendment`,
        reads: [...amendmentKeys.map((k) => `amendments.data.0.${k}`), 'wasiat.user_id'],
        check: (b) => (b.amendments.data[0].id === aid ? undefined : 'data[0] is not the new amendment'),
      });

      // Part A: the will's facts.
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat?id=${id}&load_with=branch`,
        reads: [
          'wasiats.data.0.wasiat_type',
          'wasiats.data.0.wasiat_no',
          'wasiats.data.0.created_at',
          'wasiats.data.0.updated_at',
          'wasiats.data.0.branch.branch_name',
          'wasiats.data.0.account_type',
          'wasiats.data.0.organization_id',
        ],
        check: (b) => (b.wasiats.data.length === 1 && b.wasiats.data[0].id === id ? undefined : 'not only this will'),
      });

      // Part B: the testator's particulars (a new address), the will's MyKad images copied into the amendment.
      const ud = prices.body.wasiat?.user_detail ?? {};
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `wasiat/${id}/user-detail`,
        body: {
          designation: 'Encik',
          name: ud.name,
          ic_number: c.ic,
          other_ic_number: '',
          gender: 1,
          race: 'Melayu',
          religion: 'Islam',
          nationality: 1,
          email: ud.email ?? `c${c.ic}@example.com`,
          mobile_number: '0123456789',
          home_phone_number: '',
          correspondence_address: 'No. 9, Jalan Baru',
          correspondence_postcode: '43000',
          correspondence_city: 'Kajang',
          correspondence_state: 'Selangor',
        },
      });
      for (const [side, key] of [
        ['mykad_front', 'mykad_front'],
        ['mykad_back', 'mykad_back'],
      ]) {
        await rp.call({
          token: me,
          method: 'POST',
          path: `amendment/${aid}/document?action=replace`,
          body: { duplicate_from_id: prices.body.wasiat?.[key]?.id, type: side },
          status: [200, 201],
          reads: ['attachment.type'],
        });
      }
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment/${aid}/document`,
        reads: [
          'attachments.data[].id',
          'attachments.data[].type',
          'attachments.data[].public_path',
          'attachments.data[].mime_type',
        ],
      });

      // Part F: the message; Part G: a supporting document.
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { notes: '<p>Tukar alamat surat-menyurat.</p>' },
        reads: ['amendment'],
      });
      await rp.call({
        token: me,
        method: 'POST',
        path: `amendment/${aid}/document`,
        form: () => {
          const f = new FormData();
          f.append(
            'document',
            new Blob([Buffer.from(SIGNATURE_PNG.split(',')[1], 'base64')], { type: 'image/png' }),
            'nama file',
          );
          f.append('type', 'Extra');
          f.append('description', 'Bil utiliti');
          return f;
        },
        status: [200, 201],
        reads: ['attachment.type'],
      });
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment/${aid}/document?except_type=mykad-front,mykad-back`,
        reads: [
          'attachments.data[].id',
          'attachments.data[].type',
          'attachments.data[].description',
          'attachments.data[].public_path',
          'attachments.data[].mime_type',
          'attachments.data[].original_filename',
        ],
        check: (b) =>
          b.attachments.data.length === 1 && b.attachments.data[0].type === 'Extra'
            ? undefined
            : 'except_type not applied',
      });

      // Part I's witnesses, named before the submission in our flow (ADR 0163): `POST witness` of the amendment.
      for (const [i, email] of ['saksi.p1@example.com', 'saksi.p2@example.com'].entries()) {
        const w = draftWitness(`Saksi Pindaan ${i + 1}`, email);
        await rp.call({
          token: me,
          method: 'POST',
          path: 'witness',
          body: {
            ...w,
            signature_id: null,
            witnessable_type: 'Amendment',
            witnessable_id: aid,
            newWitness: true,
            currentIndex: -1,
          },
          status: [200, 201],
          reads: ['witness.id'],
        });
      }
      // (not counted) the amendment's eKYC (ADR 0094), which the 2021 amendment wizard never asks for
      await passAmendmentEkyc(t, aid);

      // Part H: the code by SMS, then the submission.
      const phone = '0123456789';
      await rp.call({ token: me, method: 'POST', path: 'sms/code', body: { phone_number: phone } });
      const code = await smsCode(t, phone);
      await rp.call({ token: me, method: 'POST', path: 'sms/verify', body: { phone_number: phone, code } });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
        reads: ['amendment'],
        check: (b) => (b.amendment?.status === 1 ? undefined : `status ${b.amendment?.status}`),
      });

      // Staff: the queue of submitted amendments, then "approve" (2021 status 2 = our pass, 1 → 3).
      const queueKeys = [
        'id',
        'count',
        'created_at',
        'status',
        'amendmentable_id',
        'amendmentable.user.name',
        'amendmentable.user.ic_number',
      ];
      await rp.call({
        token: staff,
        method: 'GET',
        path: 'amendment?status=1&amendmentable_type=Wasiat&load_with=amendmentable.user&limit=10&page=1',
        reads: [...queueKeys.map((k) => `amendments.data[].${k}`), 'amendments.total'],
        check: (b) => (b.amendments.data.some((a: any) => a.id === aid) ? undefined : 'not in the queue'),
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 2 },
        reads: ['amendment.id'],
        check: (b) => (b.amendment?.status === 3 ? undefined : `status ${b.amendment?.status}, expected 3`),
      });

      // The draft: the testator reads it, signs it and accepts it (2021 status 4 = ours).
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/amendment`,
        reads: amendmentKeys.map((k) => `amendments.data.0.${k}`),
      });
      await rp.call({
        token: me,
        method: 'POST',
        path: `amendment/${aid}/signature`,
        body: { is_base64: true, document: SIGNATURE_PNG, description: 'amendment' },
      });
      const mailsBefore = t.mails.length;
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 4 },
        reads: ['amendment'],
      });

      // Part I: the witnesses; they confirm through the links mailed to them (not counted; ADR 0020).
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment/${aid}/witness`,
        reads: ['witnesses.data[].id', 'witnesses.data[].name'],
      });
      // (the draft began with the will's two witnesses; the two added by part I are beside them: four links)
      await expect.poll(() => amendmentWitnessLinks(t, mailsBefore).length).toBe(4);
      for (const link of amendmentWitnessLinks(t, mailsBefore)) await confirmAmendmentWitness(t, link);
      // the 2021 part I's "verified" (its status 5): completion is the officer's, so the amendment is answered unchanged
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 5 },
        reads: ['amendment.id'],
        check: (b) => (b.amendment?.status === 4 ? undefined : `status ${b.amendment?.status}, expected 4 unchanged`),
      });
      await rp.call({
        token: staff,
        method: 'GET',
        path: 'amendment?status=4&amendmentable_type=Wasiat&load_with=amendmentable.user&limit=10&page=1',
        reads: [...queueKeys.map((k) => `amendments.data[].${k}`), 'amendments.total'],
      });
      // (not counted) the officer approves after every witness confirmed (ours: 4 → 2, spec §4)
      const approve = await t.call('POST', `/api/amendment/${aid}`, {
        token: staff,
        body: { _method: 'PATCH', status: 2 },
      });
      expect(approve.status, JSON.stringify(approve.body)).toBe(200);
      await rp.call({
        token: me,
        method: 'GET',
        path: `wasiat/${id}/amendment`,
        reads: amendmentKeys.map((k) => `amendments.data.0.${k}`),
        check: (b) =>
          b.amendments.data[0].status === 2 && b.amendments.data[0].public_path ? undefined : 'not succeeded',
      });

      const { n, m, misses } = rp.summary();
      printed = true;
      expect(n, misses.join('\n')).toBe(m);
      const [a] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, aid));
      expect(a.status).toBe(2);
      // part B's partial particulars went to the draft, which became the will's version 2
      expect((a.draft as any).user_detail).toMatchObject({ correspondence_address: 'No. 9, Jalan Baru' });
      expect(((a.draft as any).witnesses ?? []).map((x: any) => x.email)).toContain('saksi.p2@example.com');
      const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
      expect(w.current_version).toBe(2);
    } finally {
      if (!printed) rp.summary();
    }
  }, 120_000);
});
