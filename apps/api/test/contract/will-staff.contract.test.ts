/**
 * Contract suite, the will calls beside the wizard's gateway path (issue 20): payment by transfer and by cash
 * (reference §2.2 "payment", §2.7, §4.1), the payment receipt among the will's documents, and provider staff's
 * verification (the approval queue, the organisation's submitted wills, approval). Replayed with the 2021
 * client's bodies — the testator in a 2021-contract session (ADR 0135), then staff — each call checked for its
 * status and every reply key the reference says the client reads; the flows end paid and registered. Steps the
 * 2021 client has no call for (the other wizard parts, done with our own calls, and the submission) are set up
 * beside the replay and not counted (ADR 0131, 0163).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, payments, users, wills } from '../../src/db/schema/index.ts';
import {
  type Client,
  heir,
  newClient,
  ok,
  orgAndBranch,
  PNG_A,
  passEkyc,
  SIGNATURE_PNG,
  userDetail,
  verifiedSubmitOtp,
  witness,
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

/** (not counted) a will through part b with our own calls; returns its id and the testator's 2021 session. */
async function willAtPayment(c: Client) {
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  const ob = await orgAndBranch(t, 'DEMO');
  await ok(t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: { ...ob, wasiat_type: 1, plan: 'basic' } }));
  const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
  const login = await t.call('POST', '/api/login', {
    body: { username: u.username, password: 'Rahsia123', role: 'Admin' },
  });
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { id: w.id as string, me: login.body.token as string, orgId: ob.organization_id };
}

/** (not counted) the remaining parts with our own calls, then the testator submits. */
async function finishAndSubmit(c: Client, id: string) {
  const token = c.token;
  await ok(t.call('PATCH', `/api/wasiat/${id}/user-detail`, { token, body: userDetail(c.ic) }));
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', SIGNATURE_PNG],
  ]) {
    await ok(t.call('POST', `/api/wasiat/${id}/document`, { token, body: { is_base64: true, type, document } }), 201);
  }
  await passEkyc(t, id);
  await ok(t.call('POST', '/api/heir', { token, body: heir(id) }), 201);
  await ok(
    t.call('POST', `/api/wasiat/${id}/signature`, { token, body: { is_base64: true, document: SIGNATURE_PNG } }),
  );
  await ok(
    t.call('PATCH', `/api/wasiat/${id}`, { token, body: { acknowledged_pdpa: 1, acknowledged_confirmation: 1 } }),
  );
  await ok(t.call('POST', '/api/witness', { token, body: witness(id) }), 201);
  await ok(
    t.call('POST', '/api/witness', { token, body: witness(id, { name: 'Saksi Dua', signature: SIGNATURE_PNG }) }),
    201,
  );
  await verifiedSubmitOtp(t, c.id, id);
  await ok(t.call('PATCH', `/api/wasiat/${id}`, { token, body: { status: 1 } }));
}

const receipt = () => {
  const f = new FormData();
  f.append('document', new Blob([Buffer.from(PNG_A.split(',')[1], 'base64')], { type: 'image/png' }), 'nama file');
  f.append('type', 'payment');
  return f;
};

describe('will payment by transfer and by cash, and staff verification, as the 2021 client sends them', () => {
  it('answers each call as the reference records; the wills end paid, and one registered', async () => {
    const rp = originalClient(t, 'will-staff');
    let printed = false;
    try {
      const staff = await t.login('staff');

      // ——— Transfer (payment option 2): the choice, the receipt, staff approve the receipt
      const c1 = await newClient(t);
      const a = await willAtPayment(c1);
      for (const body of [{ is_cash_payment: 0 }, { payment_options_id: 2 }]) {
        await rp.call({
          token: a.me,
          method: 'PATCH',
          path: `wasiat/${a.id}`,
          body,
          reads: ['wasiat.payment_received_at'],
        });
      }
      await rp.call({
        token: a.me,
        method: 'POST',
        path: `wasiat/${a.id}/document?action=replace`,
        form: receipt,
        status: [200, 201],
      });
      await rp.call({
        token: a.me,
        method: 'GET',
        path: `wasiat/${a.id}/document`,
        reads: ['attachments.data[].type', 'attachments.data[].public_path', 'attachments.data[].mime_type'],
        check: (b) => (b.attachments.data.some((x: any) => x.type === 'payment') ? undefined : 'no payment receipt'),
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${a.id}`,
        body: { is_cash_payment: 1, is_payment_verified: 1, payment_options_id: 2 },
        reads: ['wasiat.payment_received_at'],
        check: (b) => (b.wasiat.payment_received_at ? undefined : 'not paid after staff approved the receipt'),
      });
      const [paidTransfer] = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, a.id));
      expect(paidTransfer).toMatchObject({ status: 'paid', payment_options_id: 2 });
      expect(paidTransfer.confirmed_by).toBeTruthy();

      // ——— Cash (payment option 3): the wizard's choice records a pending cash payment; staff confirm it
      const c2 = await newClient(t, false);
      const b = await willAtPayment(c2);
      await rp.call({
        token: b.me,
        method: 'PATCH',
        path: `wasiat/${b.id}`,
        body: { is_cash_payment: 1 },
        reads: ['wasiat.payment_received_at'],
      });
      await rp.call({
        token: b.me,
        method: 'PATCH',
        path: `wasiat/${b.id}`,
        body: { is_cash_payment: 1, is_payment_verified: 1, payment_options_id: 3 },
        reads: ['wasiat.payment_received_at'],
        check: (x) => (x.wasiat.payment_received_at === null ? undefined : 'cash paid by the payer’s own flag'),
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${b.id}`,
        body: { is_cash_payment: 1, is_payment_verified: 1, payment_options_id: 3 },
        reads: ['wasiat.payment_received_at'],
        check: (x) => (x.wasiat.payment_received_at ? undefined : 'not paid after staff confirmed the cash'),
      });

      // ——— Staff verification of the submitted will
      await finishAndSubmit(c2, b.id);
      const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.id, b.orgId));
      await rp.call({
        token: staff,
        method: 'GET',
        path: 'wasiat/pending-approval?type=Swasta',
        reads: ['organizations'],
        check: (x) =>
          Array.isArray(x.organizations) &&
          x.organizations.some((o: any) => o.id === org.id && o.total_pending >= 1 && 'short_name' in o && 'code' in o)
            ? undefined
            : 'the organisation is not in the queue',
      });
      await rp.call({
        token: staff,
        method: 'GET',
        path: `wasiat?organization_id=${org.id}&status=1&load_with=user,agent,organization&limit=10&page=1`,
        reads: ['wasiats.data[].id', 'wasiats.data[].status', 'wasiats.total'],
        check: (x) => (x.wasiats.data.some((w: any) => w.id === b.id) ? undefined : 'the will is not listed'),
      });
      await rp.call({
        token: staff,
        method: 'GET',
        path: `wasiat/${b.id}?load_with=agent,organization,branch,user,userDetail,heir`,
        reads: ['wasiat.mykad_front.public_path', 'wasiat.mykad_back.public_path', 'wasiat.user_detail', 'wasiat.heir'],
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `wasiat/${b.id}`,
        body: { status: 2 },
        reads: ['wasiat.status'],
        check: (x) => (x.wasiat.status === 2 ? undefined : `status ${x.wasiat.status}`),
      });

      const { n, m, misses } = rp.summary();
      printed = true;
      expect(n, misses.join('\n')).toBe(m);
      const [row] = await t.ctx.db.select().from(wills).where(eq(wills.id, b.id));
      expect(row.status).toBe(2);
    } finally {
      if (!printed) rp.summary();
    }
  }, 120_000);
});
