/**
 * Contract suite, the will's remaining 2021 staff and testator calls (issue 20; reference §1.12, §2.2, §2.8,
 * §3.1 Part D/G and the staff sidebar, §4.1, §4.4; ADR 0182): staff's decline (`{ status: 0 }`, with
 * `?ekyc_verified_at=` for an eKYC reason) and its reason (`{ rejected_reason, wasiat_id, option_delete_id }`),
 * the testator correcting and resubmitting, the type change, `DELETE wasiat/{id}` of a draft, the manual eKYC
 * (`type: "selfie"` upload, `{ set_ekyc_verified_at: 1, ekyc_method: "Manual" }`) approved by staff, and the
 * testator's public link (`route-token`). Replayed in the order the 2021 sidebar and wizard send them — the
 * testator and the agent in 2021-contract sessions (ADR 0135), then staff — each call checked for its status and
 * the reply keys the client reads; every flow's end state is checked. Steps the 2021 client has no call for
 * (the other wizard parts, the submission's one-time code, the failed face attempts before the manual route)
 * are set up beside the replay and not counted (ADR 0131, 0163). Then the refusals: a client cannot decline or
 * verify its own eKYC; another organisation's partner gets 404.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit_events, ekyc_links, ekyc_manual_reviews, wills } from '../../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/seed.ts';
import { maxAttemptsFor } from '../../src/modules/instruments/index.ts';
import {
  type Client,
  grantAccess,
  JPEG_A,
  newClient,
  ok,
  orgAndBranch,
  PNG_A,
  readyWill,
  SIGNATURE_PNG,
  userDetail,
  verifiedSubmitOtp,
} from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import { originalClient } from './replay.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** (not counted) a 2021-contract session (the 2021 login always sends `role`; ADR 0135). */
async function login2021(username: string, password: string) {
  const r = await t.call('POST', '/api/login', { body: { username, password, role: 'Admin' } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
}
const session = async (c: Client) => login2021(`c${c.ic}`, 'Rahsia123');

/** (not counted) a client's draft will with part b done, in the provider's organisation. */
async function draftWill(c: Client) {
  const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
  const ob = await orgAndBranch(t);
  await ok(t.call('PATCH', `/api/wasiat/${w.id}`, { token: c.token, body: { ...ob, wasiat_type: 1, plan: 'basic' } }));
  return w.id as string;
}

/** (not counted) the will's face attempts used up, as failed attempts leave it (the manual route opens). */
async function attemptsUsedUp(id: string) {
  const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
  const max = await maxAttemptsFor({ env: t.ctx.env, db: t.ctx.db }, w.organization_id);
  await t.ctx.db.update(wills).set({ face_verification_count: max }).where(eq(wills.id, id));
}

const willRow = async (id: string) => (await t.ctx.db.select().from(wills).where(eq(wills.id, id)))[0];
const statusIs = (n: number) => (b: any) => (b.wasiat?.status === n ? undefined : `status ${b.wasiat?.status}`);

describe('the will’s decline, type change, delete, manual eKYC and public link, as the 2021 client sends them', () => {
  it('answers each call as the reference records; each flow ends in its state', async () => {
    const rp = originalClient(t, 'will-decline');
    let printed = false;
    try {
      const staff = await t.login('staff');
      const reads = ['wasiat.id', 'wasiat.status', 'wasiat.rejected_reason', 'wasiat.option_delete_id'];

      // ——— 1. Declined for its eKYC; the testator verifies manually, staff approve the photo; resubmitted
      const c1 = await newClient(t);
      const w1 = await readyWill(t, c1);
      const me1 = await session(c1);
      await rp.call({ token: me1, method: 'PATCH', path: `wasiat/${w1}`, body: { status: 1 }, check: statusIs(1) });
      // the sidebar's decline for an eKYC reason, then its reason: the will goes back to the testator
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${w1}?ekyc_verified_at=`,
        body: { status: 0 },
        check: statusIs(1), // nothing moves until the reason arrives (ADR 0182)
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${w1}`,
        body: { rejected_reason: 'Swafoto tidak jelas', wasiat_id: w1, option_delete_id: 1 },
        reads,
        check: (b) =>
          b.wasiat.status === 3 && b.wasiat.option_delete_id === 1 && b.wasiat.ekyc_verified_at === null
            ? undefined
            : `status ${b.wasiat.status}, option ${b.wasiat.option_delete_id}, eKYC ${b.wasiat.ekyc_verified_at}`,
      });
      // the testator sees why (the 2021 dashboard reads the reason and the option)
      await rp.call({
        token: me1,
        method: 'GET',
        path: `wasiat/${w1}`,
        reads: [...reads, 'wasiat.ekyc_verified_at', 'wasiat.face_verification_count'],
        check: (b) => (b.wasiat.rejected_reason === 'Swafoto tidak jelas' ? undefined : 'reason not shown'),
      });
      // (not counted) declined for its eKYC, it cannot be resubmitted before the eKYC is done again
      await verifiedSubmitOtp(t, c1.id, w1);
      const early = await t.call('PATCH', `/api/wasiat/${w1}`, { token: c1.token, body: { status: 1 } });
      expect(early.status).toBe(422);
      expect(early.body.errors.parts_done).toBeTruthy();
      await attemptsUsedUp(w1);
      // manual eKYC (wizard Part D after repeated failure): the selfie and the MyKad front, then the flag
      for (const [type, document] of [
        ['selfie', JPEG_A],
        ['mykad-front', PNG_A],
      ]) {
        await rp.call({
          token: me1,
          method: 'POST',
          path: `wasiat/${w1}/document`,
          body: { is_base64: 'true', type, document },
        });
      }
      await rp.call({
        token: me1,
        method: 'PATCH',
        path: `wasiat/${w1}`,
        body: { set_ekyc_verified_at: 1, ekyc_method: 'Manual' },
        check: (b) => (b.wasiat.ekyc_verified_at === null ? undefined : 'verified by the client’s own flag'),
      });
      // staff see the photo in the review queue (ours) and beside the MyKad (the 2021 view-IC screen), and
      // approve it with the same 2021 body
      const queue = await ok(t.call('GET', '/api/ekyc/manual?status=pending', { token: staff }));
      expect(queue.data.some((r: any) => r.wasiat_id === w1)).toBe(true);
      await rp.call({
        token: staff,
        method: 'GET',
        path: `wasiat/${w1}?load_with=agent,organization,branch,user,userDetail,heir`,
        reads: ['wasiat.selfie.public_path', 'wasiat.mykad_front.public_path', 'wasiat.mykad_back.public_path'],
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${w1}`,
        body: { set_ekyc_verified_at: 1, ekyc_method: 'Manual' },
        reads: ['wasiat.ekyc_verified_at'],
        check: (b) =>
          b.wasiat.ekyc_verified_at && b.wasiat.ekyc_method === 'Manual' ? undefined : 'not verified manually',
      });
      await verifiedSubmitOtp(t, c1.id, w1);
      await rp.call({ token: me1, method: 'PATCH', path: `wasiat/${w1}`, body: { status: 1 }, check: statusIs(1) });
      await rp.call({ token: staff, method: 'PATCH', path: `wasiat/${w1}`, body: { status: 2 }, check: statusIs(2) });

      // ——— 2. Declined for its information; staff change the type; the testator corrects, signs again, resubmits
      const c2 = await newClient(t, false);
      const w2 = await readyWill(t, c2);
      const me2 = await session(c2);
      await rp.call({ token: me2, method: 'PATCH', path: `wasiat/${w2}`, body: { status: 1 }, check: statusIs(1) });
      await rp.call({ token: staff, method: 'PATCH', path: `wasiat/${w2}`, body: { status: 0 }, check: statusIs(1) });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${w2}`,
        body: { rejected_reason: 'Alamat surat-menyurat tidak lengkap', wasiat_id: w2, option_delete_id: 2 },
        reads,
        check: statusIs(3),
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${w2}`,
        body: { wasiat_type: 2 },
        reads: ['wasiat.wasiat_type'],
        check: (b) => (b.wasiat.wasiat_type === 2 ? undefined : `type ${b.wasiat.wasiat_type}`),
      });
      // staff reset the PDPA (reference §3.1 "reset PDPA": the acknowledgements, then the signature; ADR 0183)
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${w2}`,
        body: { acknowledged_pdpa: 0, acknowledged_confirmation: 0 },
        reads: ['wasiat.id', 'wasiat.acknowledged_pdpa', 'wasiat.acknowledged_confirmation'],
        check: (b) =>
          b.wasiat.acknowledged_pdpa || b.wasiat.acknowledged_confirmation ? 'still acknowledged' : undefined,
      });
      await rp.call({ token: staff, method: 'DELETE', path: `wasiat/${w2}/signature` });
      const reset = await t.call('GET', `/api/wasiat/${w2}/signature-status`, { token: staff });
      expect(reset.body.signatures.testator.state).toBe('missing');
      expect((await willRow(w2)).parts_done).not.toContain('f');
      const resets = await t.ctx.db
        .select()
        .from(audit_events)
        .where(
          and(
            eq(audit_events.entity_id, w2),
            inArray(audit_events.action, ['will.verification_reset', 'will.signature_reset']),
          ),
        );
      expect(resets.map((e) => e.action).sort()).toEqual(['will.signature_reset', 'will.verification_reset']);
      await rp.call({
        token: me2,
        method: 'PATCH',
        path: `wasiat/${w2}/user-detail`,
        body: userDetail(c2.ic, { designation: 'Puan', correspondence_address: 'No. 10, Jalan Mawar, Taman Melati' }),
      });
      // the will changed after it was signed: the testator and each witness sign again (Parts G and H)
      await rp.call({
        token: me2,
        method: 'POST',
        path: `wasiat/${w2}/signature`,
        body: { is_base64: true, document: SIGNATURE_PNG },
      });
      await rp.call({
        token: me2,
        method: 'PATCH',
        path: `wasiat/${w2}`,
        body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      });
      const ws = await rp.call({
        token: me2,
        method: 'GET',
        path: `wasiat/${w2}/witness`,
        reads: ['witnesses.data[].id', 'witnesses.data[].name'],
      });
      for (const w of ws.body.witnesses?.data ?? []) {
        await rp.call({
          token: me2,
          method: 'POST',
          path: `witness/${w.id}/signature`,
          body: { is_base64: true, document: SIGNATURE_PNG },
        });
      }
      await verifiedSubmitOtp(t, c2.id, w2);
      await rp.call({ token: me2, method: 'PATCH', path: `wasiat/${w2}`, body: { status: 1 }, check: statusIs(1) });
      await rp.call({ token: staff, method: 'PATCH', path: `wasiat/${w2}`, body: { status: 2 }, check: statusIs(2) });

      // ——— 3. A draft deleted as dummy data: gone for everyone, and in no list
      const c3 = await newClient(t);
      const w3 = await draftWill(c3);
      const me3 = await session(c3);
      await rp.call({ token: staff, method: 'DELETE', path: `wasiat/${w3}` });
      await rp.call({ token: me3, method: 'GET', path: `wasiat/${w3}`, status: 404 });
      await rp.call({
        token: me3,
        method: 'GET',
        path: `wasiat?user_id=${c3.id}`,
        reads: ['wasiats.data', 'wasiats.total'],
        check: (b) => (b.wasiats.data.some((w: any) => w.id === w3) ? 'the deleted will is listed' : undefined),
      });
      await rp.call({ token: staff, method: 'GET', path: `wasiat/${w3}`, status: 404 });

      // ——— 4. The agent's independent link for the testator (Part G), opened on the public side
      const c4 = await newClient(t);
      await grantAccess(t, c4, 'agent');
      const agent = await login2021('agent', DEMO_PASSWORD);
      const w4 = (await ok(t.call('POST', '/api/wasiat', { token: agent, body: { user_id: c4.id } }), 201)).wasiat.id;
      const link = await rp.call({
        token: agent,
        method: 'POST',
        path: 'route-token',
        body: { user_id: c4.id, model_id: w4, model_type: 'Wasiat' },
        reads: ['route_token.token', 'route_token.id'],
      });
      const opened = await rp.call({
        type: 'api-public',
        method: 'GET',
        path: `route-token/${link.body.route_token?.id}?token=${link.body.route_token?.token}`,
        reads: ['bearer_token'],
      });

      const { n, m, misses } = rp.summary();
      printed = true;
      expect(n, misses.join('\n')).toBe(m);

      // end states
      const e1 = await willRow(w1);
      expect(e1).toMatchObject({ status: 2, ekyc_method: 'Manual', rejected_reason: null });
      expect(e1.ekyc_verified_at).toBeTruthy();
      const [review] = await t.ctx.db.select().from(ekyc_manual_reviews).where(eq(ekyc_manual_reviews.wasiat_id, w1));
      expect(review.status).toBe('approved');
      const cancelled = await t.ctx.db
        .select()
        .from(audit_events)
        .where(and(eq(audit_events.entity_id, w1), eq(audit_events.action, 'will.cancel')));
      expect(cancelled).toHaveLength(1);
      expect(JSON.stringify(cancelled[0].after)).toContain('Swafoto tidak jelas');
      expect(await willRow(w2)).toMatchObject({ status: 2, wasiat_type: 2 });
      const e3 = await willRow(w3);
      expect(e3.deleted_at).toBeTruthy();
      expect(e3.option_delete_id).toBe(3);
      const deleted = await t.ctx.db
        .select()
        .from(audit_events)
        .where(and(eq(audit_events.entity_id, w3), eq(audit_events.action, 'will.delete')));
      expect(deleted).toHaveLength(1);
      // the deleted draft no longer holds the client back: they may start a will again
      await ok(t.call('POST', '/api/wasiat', { token: c3.token, body: { user_id: c3.id } }), 201);
      // the link is recorded as the agent's, and its public token opens the will's public eKYC (ours)
      const [l] = await t.ctx.db.select().from(ekyc_links).where(eq(ekyc_links.wasiat_id, w4));
      expect(l.id).toBe(link.body.route_token.id);
      const pub = await t.call('GET', '/api/ekyc/public/status', {
        headers: { Authorization: `Bearer ${opened.body.bearer_token}`, Type: 'api-public' },
      });
      expect(pub.status, JSON.stringify(pub.body)).toBe(200);
      expect(pub.body.ekyc.wasiat_id).toBe(w4);
      expect(link.body.route_token.url).toMatch(/^\/ekyc\?wasiat_id=/);
    } finally {
      if (!printed) rp.summary();
    }
  }, 240_000);

  it('refuses a client’s decline and own eKYC verification, and answers 404 to another organisation', async () => {
    const staff = await t.login('staff');
    const partner = await login2021('partner', DEMO_PASSWORD); // the demo organisation's; the wills are the provider's
    const c5 = await newClient(t);
    const w5 = await readyWill(t, c5);
    await ok(t.call('PATCH', `/api/wasiat/${w5}`, { token: c5.token, body: { status: 1 } }));
    const c6 = await newClient(t, false);
    const w6 = await draftWill(c6);
    const send = (token: string, method: string, id: string, body?: Record<string, unknown>) =>
      t.call('POST', `/api/wasiat/${id}`, { token, body: { ...(body ?? {}), _method: method } });

    // the testator may not decline their own will, nor give the reason, nor delete it
    expect((await send(c5.token, 'PATCH', w5, { status: 0 })).status).toBe(403);
    const reason = { rejected_reason: 'Sendiri', wasiat_id: w5, option_delete_id: 2 };
    expect((await send(c5.token, 'PATCH', w5, reason)).status).toBe(403);
    expect((await send(c5.token, 'DELETE', w5)).status).toBe(403);
    expect((await willRow(w5)).status).toBe(1);
    // nor verify their own eKYC: no photo awaits review → 422; the will stays unverified
    const own = await send(c6.token, 'PATCH', w6, { set_ekyc_verified_at: 1, ekyc_method: 'Manual' });
    expect(own.status).toBe(422);
    expect(own.body.errors.selfie).toBeTruthy();
    expect((await willRow(w6)).ekyc_verified_at).toBeNull();

    // another organisation's partner: 404 wherever the will's id arrives
    for (const [method, id, body] of [
      ['PATCH', w5, { status: 0 }],
      ['PATCH', w5, reason],
      ['DELETE', w5, {}],
      ['PATCH', w6, { set_ekyc_verified_at: 1, ekyc_method: 'Manual' }],
      ['PATCH', w6, { wasiat_type: 2 }],
    ] as const) {
      const r = await send(partner, method, id, body);
      expect(r.status, `${method} ${JSON.stringify(body)}`).toBe(404);
    }
    const token = await t.call('POST', '/api/route-token', {
      token: partner,
      body: { user_id: c6.id, model_id: w6, model_type: 'Wasiat' },
    });
    expect(token.status).toBe(404);
    // a forged link opens nothing
    const [l] = await t.ctx.db.select().from(ekyc_links).limit(1);
    const forged = await t.call('GET', `/api/route-token/${l?.id ?? 'none'}?token=4102444800.AAAA`);
    expect(forged.status).toBe(403);

    // the PDPA reset: the testator's "no" is the route's 422, their signature is not theirs to detach (403), another
    // organisation's partner finds no will (404) and may not reset a signature at all (403, the role), and staff
    // reset only a will that may be changed (422 while submitted)
    const no = { acknowledged_pdpa: 0, acknowledged_confirmation: 0 };
    expect((await send(c6.token, 'PATCH', w6, no)).status).toBe(422);
    expect((await send(c6.token, 'DELETE', `${w6}/signature`)).status).toBe(403);
    expect((await send(partner, 'PATCH', w6, no)).status).toBe(404);
    expect((await send(partner, 'DELETE', `${w6}/signature`)).status).toBe(403);
    const submitted = await send(staff, 'DELETE', `${w5}/signature`);
    expect(submitted.status).toBe(422);
    expect(submitted.body.errors._).toBeTruthy();
    expect((await send(staff, 'PATCH', w5, no)).status).toBe(422);
    expect((await willRow(w5)).acknowledged_pdpa).toBe(true);

    // staff: a submitted will is deleted only with its reason; a registered one never
    const noReason = await send(staff, 'DELETE', w5);
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.rejected_reason).toBeTruthy();
    await ok(send(staff, 'DELETE', w5, { rejected_reason: 'Data palsu' }));
    expect(await willRow(w5)).toMatchObject({ status: 3, option_delete_id: 3, rejected_reason: 'Data palsu' });
    expect((await t.call('GET', `/api/wasiat/${w5}`, { token: staff })).status).toBe(404);
    const c7 = await newClient(t);
    const w7 = await readyWill(t, c7);
    await ok(t.call('PATCH', `/api/wasiat/${w7}`, { token: c7.token, body: { status: 1 } }));
    await ok(t.call('PATCH', `/api/wasiat/${w7}`, { token: staff, body: { status: 2 } }));
    const registered = await send(staff, 'DELETE', w7);
    expect(registered.status).toBe(422);
    expect((await willRow(w7)).deleted_at).toBeNull();
  }, 240_000);
});
