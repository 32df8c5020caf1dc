/**
 * Contract suite, will flow (issue 20): the 2021 client's calls of the will wizard (reference §2.2, §3.1
 * parts A–H, §2.7 payment, §2.8 eKYC, §2.5 heir and witnesses, §2.10 signatures), replayed in the order
 * and with the bodies that client sends, as a partner's agent would from their own front end. Each call
 * must be answered with the status and every reply key the reference says the client reads; the flow
 * must end in a submitted will (status 1). Steps our API adds by design (the gateway's own page, the
 * submission code of spec §5) are done beside the replay and not counted (ADR 0131 lists them).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user_accesses, users, wills } from '../../src/db/schema/index.ts';
import { faceCrop, syntheticMykad } from '../../src/modules/ekyc/test-images.ts';
import { JPEG_A, newMykad, SIGNATURE_PNG, verifiedSubmitOtp } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { gatewayPath, originalClient } from './replay.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('will flow as the 2021 client sends it (agent of a partner organisation)', () => {
  it('answers every call of parts A–H, payment and eKYC as the reference records, and ends submitted', async () => {
    const rp = originalClient(t, 'will');
    const agent = await t.login('agent');
    const [me] = await t.ctx.db.select().from(users).where(eq(users.username, 'agent'));
    const [access] = await t.ctx.db
      .select()
      .from(user_accesses)
      .where(and(eq(user_accesses.user_id, me.id), eq(user_accesses.status, 1)));
    const orgId = access.organization_id;
    const branchId = access.branch_id as string;
    const ic = newMykad(true);

    // Part A: find the client by MyKad, create them by MyKad alone, start the will, title "Encik".
    const found = await rp.call({
      token: agent,
      method: 'GET',
      path: `user?ic_number=${ic}&username=${ic}&return_first=true`,
      status: 200,
      reads: ['users'],
      check: (b) => (b.users === null ? undefined : 'a new MyKad should find nobody'),
    });
    expect(found.status).toBe(200);
    const created = await rp.call({
      token: agent,
      method: 'POST',
      path: 'user',
      body: { ic_number: ic, username: ic },
      status: 201,
      reads: ['user.id'],
    });
    const userId = created.body.user.id as string;
    await rp.call({
      token: agent,
      method: 'GET',
      path: `wasiat?user_id=${userId}`,
      status: 200,
      reads: ['wasiats.data'],
    });
    const w = await rp.call({
      token: agent,
      method: 'POST',
      path: 'wasiat',
      body: { agent_id: me.id, user_id: userId, status: -1 },
      status: 201,
      reads: ['wasiat.id'],
    });
    const id = w.body.wasiat.id as string;
    await rp.call({
      token: agent,
      method: 'PATCH',
      path: `wasiat/${id}/user-detail`,
      body: { ic_number: ic, designation: 'Encik' },
      status: 200,
    });

    // Part B: the price list (ringgit), then organisation, branch, type and the chosen price row.
    const prices = await rp.call({
      token: agent,
      method: 'GET',
      path: `organization/${orgId}/pricing?product=Wasiat&status=1`,
      status: 200,
      reads: ['pricings.data.0.id', 'pricings.data.0.price', 'pricings.data.0.amendment_price'],
      check: (b) =>
        b.pricings.data.every((p: any) => typeof p.price === 'number' && p.price * 100 === p.price_sen)
          ? undefined
          : 'price is not the ringgit of price_sen',
    });
    const pricing = prices.body.pricings.data[0];
    await rp.call({
      token: agent,
      method: 'PATCH',
      path: `wasiat/${id}`,
      body: {
        status: 0,
        organization_id: orgId,
        pricing_id: pricing.id,
        wasiat_type: 1,
        wasiat_id: id,
        agent_id: me.id,
        branch_id: branchId,
      },
      status: 200,
      reads: ['wasiat'],
    });
    const read = await rp.call({
      token: agent,
      method: 'GET',
      path: `wasiat/${id}?load_with=agent,organization,branch,user,userDetail,heir`,
      status: 200,
      reads: ['wasiat.id', 'wasiat.status', 'wasiat.price', 'wasiat.wasiat_type', 'wasiat.payment_received_at'],
      check: (b) =>
        b.wasiat.price === pricing.price ? undefined : `wasiat.price ${b.wasiat.price} ≠ ${pricing.price}`,
    });

    // Part C: payment by gateway.
    await rp.call({
      token: agent,
      method: 'PATCH',
      path: `wasiat/${id}`,
      body: { is_cash_payment: 0 },
      status: 200,
      reads: ['wasiat.payment_received_at'],
    });
    await rp.call({
      token: agent,
      method: 'PATCH',
      path: `wasiat/${id}`,
      body: { payment_options_id: 1 },
      status: 200,
      reads: ['wasiat.payment_received_at'],
    });
    const pay = await rp.call({
      token: agent,
      method: 'POST',
      path: 'payment',
      body: {
        user_id: userId,
        title: 'Register Wasiat Payment',
        amount: read.body.wasiat.price,
        type: 'Wasiat',
        description: 'Register Wasiat Payment',
        redirect_url: `/wasiat/part-payment?wasiat_id=${id}`,
        paymentable_type: 'Wasiat',
        paymentable_id: id,
        payment_options_id: 1,
      },
      status: 200,
      reads: ['payment.payment_link'],
    });
    // (not counted) the customer approves on the gateway's page, as a browser posts its form
    const gw = await fetch(`${t.baseUrl}${gatewayPath(pay.body.payment.payment_link)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ outcome: 'approve' }).toString(),
    });
    expect(gw.status).toBe(303);
    await rp.call({
      token: agent,
      method: 'GET',
      path: `wasiat?user_id=${userId}`,
      status: 200,
      reads: [
        'wasiats.data.0.id',
        'wasiats.data.0.status',
        'wasiats.data.0.price',
        'wasiats.data.0.payment_received_at',
      ],
      check: (b) => (b.wasiats.data[0].payment_received_at ? undefined : 'not paid after the gateway'),
    });
    await rp.call({
      token: agent,
      method: 'GET',
      path: `wasiat/${id}/paid-notification`,
      status: 200,
      reads: ['notification'],
    });

    // Part E: the testator's particulars (labels for title, race, religion) and MyKad images; then Part D
    // eKYC — after them here, as our eKYC matches the selfie with the uploaded MyKad (ADR 0131).
    await rp.call({
      token: agent,
      method: 'PATCH',
      path: `wasiat/${id}/user-detail`,
      body: {
        designation: 'Encik',
        name: 'Ahmad bin Abdullah',
        ic_number: ic,
        other_ic_number: '',
        gender: 1,
        race: 'Melayu',
        religion: 'Islam',
        nationality: 1,
        email: 'ahmad.contract@example.com',
        mobile_number: '0123456789',
        home_phone_number: '',
        correspondence_address: 'No. 1, Jalan Mawar',
        correspondence_postcode: '50450',
        correspondence_city: 'Kuala Lumpur',
        correspondence_state: 'W.P. Kuala Lumpur',
        permanent_address: 'No. 1, Jalan Mawar',
        permanent_postcode: '50450',
        permanent_city: 'Kuala Lumpur',
        permanent_state: 'W.P. Kuala Lumpur',
      },
      status: 200,
    });

    for (const [type, document] of [
      ['mykad-front', `data:image/jpeg;base64,${(await syntheticMykad('d')).toString('base64')}`],
      ['mykad-back', JPEG_A],
    ]) {
      await rp.call({
        token: agent,
        method: 'POST',
        path: `wasiat/${id}/document`,
        body: { is_base64: 'true', type, document },
        status: 201,
      });
    }
    await rp.call({
      token: agent,
      method: 'GET',
      path: `wasiat/${id}/document`,
      status: 200,
      reads: ['attachments.data.0.type', 'attachments.data.0.public_path', 'attachments.data.0.mime_type'],
    });
    // (not counted) the file behind public_path, fetched with the bearer token (ADR 0131)
    const docs = await t.call('GET', `/api/wasiat/${id}/document`, { token: agent });
    const file = await t.call('GET', docs.body.attachments.data[0].public_path, { token: agent });
    expect(file.status).toBe(200);
    expect(file.raw.length).toBeGreaterThan(0);
    await rp.call({
      token: agent,
      method: 'POST',
      path: 'face-verification',
      body: {
        selfie_image: (await faceCrop('d')).toString('base64'),
        mykad_image: (await syntheticMykad('d')).toString('base64'),
        user_id: userId,
        ekycable_type: 'Wasiat',
        ekycable_id: id,
      },
      status: 200,
      reads: ['face_verification.verification_score'],
    });
    // Part F: the heir.
    await rp.call({
      token: agent,
      method: 'POST',
      path: 'heir',
      body: {
        name: 'Siti binti Ahmad',
        relationship: 'Isteri',
        mobile_number: '0198765432',
        home_phone_number: '',
        address: 'No. 1, Jalan Mawar',
        postcode: '50450',
        city: 'Kuala Lumpur',
        state: 'W.P. Kuala Lumpur',
        address_2: '',
        city_2: '',
        state_2: '',
        sameAddress: true,
        wasiat_id: id,
        heirable_type: 'Wasiat',
        heirable_id: id,
      },
      status: 201,
      reads: ['heir.id'],
    });

    // Part G: the testator signs on the agent's pad; PDPA and confirmation.
    await rp.call({
      token: agent,
      method: 'POST',
      path: `wasiat/${id}/signature`,
      body: { is_base64: true, document: SIGNATURE_PNG },
      status: 200,
    });
    await rp.call({
      token: agent,
      method: 'GET',
      path: `wasiat/${id}/signature?stream=false`,
      status: 200,
      reads: ['signature'],
    });
    await rp.call({
      token: agent,
      method: 'PATCH',
      path: `wasiat/${id}`,
      body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      status: 200,
    });

    // Part H: two new witnesses, each signed after it is created; then submit.
    for (const [name, wic] of [
      ['Saksi Satu', newMykad()],
      ['Saksi Dua', newMykad(false)],
    ]) {
      const wit = await rp.call({
        token: agent,
        method: 'POST',
        path: 'witness',
        body: {
          name,
          ic_number: wic,
          email: `${wic}@example.com`,
          address: 'No. 2, Jalan Melur',
          postcode: '43000',
          city: 'Kajang',
          state: 'Selangor',
          signature_id: null,
          witnessable_type: 'Wasiat',
          witnessable_id: id,
          wasiat_id: id,
          newWitness: true,
          currentIndex: -1,
        },
        status: 201,
        reads: ['witness.id'],
      });
      await rp.call({
        token: agent,
        method: 'POST',
        path: `witness/${wit.body.witness?.id}/signature`,
        body: { description: 'witness', is_base64: true, document: SIGNATURE_PNG },
        status: 200,
      });
    }
    await rp.call({
      token: agent,
      method: 'GET',
      path: `wasiat/${id}/witness`,
      status: 200,
      reads: ['witnesses.data.1.id', 'witnesses.data.1.name', 'witnesses.data.1.ic_number', 'witnesses.data.1.address'],
    });
    // (not counted) spec §5: the submission code, requested and verified first (ADR 0131)
    await verifiedSubmitOtp(t, me.id, id);
    await rp.call({
      token: agent,
      method: 'PATCH',
      path: `wasiat/${id}`,
      body: { status: 1 },
      status: 200,
      reads: ['wasiat.status'],
    });

    const { n, m, misses } = rp.summary();
    expect(n, misses.join('\n')).toBe(m);
    const [row] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(row.status).toBe(1);
    const [client] = await t.ctx.db.select().from(users).where(eq(users.id, userId));
    expect(client.name).toBe('Ahmad bin Abdullah');
  }, 120_000);
});
