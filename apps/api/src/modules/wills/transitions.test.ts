import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, otp_codes, payments } from '../../db/schema/index.ts';
import {
  grantAccess,
  newClient,
  ok,
  orgAndBranch,
  pay,
  readyWill,
  SIGNATURE_PNG,
  verifiedSubmitOtp,
  witness,
} from './test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(async () => {
  await t.close();
});

const patch = (id: string, token: string, body: object) =>
  t.call('POST', `/api/wasiat/${id}`, { token, body: { _method: 'PATCH', ...body } });

describe('submit (0 → 1)', () => {
  it('reports every missing requirement at once, in the request language', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    await ok(patch(w.id, c.token, { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' }));
    const r = await patch(w.id, c.token, { status: 1 });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors).sort()).toEqual([
      'acknowledged_pdpa',
      'otp',
      'parts_done',
      'payment',
      'signature',
      'witnesses',
    ]);
    expect(r.body.errors.witnesses).toEqual(['At least two witnesses, each with a signature, are required.']);
    const ms = await t.call('PATCH', `/api/wasiat/${w.id}`, { token: c.token, lang: 'ms', body: { status: 1 } });
    expect(ms.body.message).toBe('Sila lengkapkan semua bahagian wasiat sebelum dihantar.');
  });

  it('needs a verified OTP for the will, spent by the submission (a failed submission keeps it)', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    // Another failure first: the transaction rolls back, the verified code stays unspent.
    await t.ctx.db.update(payments).set({ status: 'failed' }).where(eq(payments.paymentable_id, id));
    const unpaid = await patch(id, c.token, { status: 1 });
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.errors.otp).toBeUndefined();
    await t.ctx.db.update(payments).set({ status: 'paid' }).where(eq(payments.paymentable_id, id));
    expect((await patch(id, c.token, { status: 1 })).status).toBe(200);
    // A code for another will does not count; without one: 422 on `otp`, translated.
    const c2 = await newClient(t);
    const id2 = await readyWill(t, c2);
    await t.ctx.db.delete(otp_codes).where(eq(otp_codes.user_id, c2.id));
    await verifiedSubmitOtp(t, c2.id, id);
    const none = await t.call('PATCH', `/api/wasiat/${id2}`, { token: c2.token, lang: 'ms', body: { status: 1 } });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.errors)).toEqual(['otp']);
    expect(none.body.errors.otp).toEqual(['Sila sahkan kod OTP yang dihantar kepada anda sebelum menghantar.']);
    await verifiedSubmitOtp(t, c2.id, id2);
    expect((await patch(id2, c2.token, { status: 1 })).status).toBe(200);
  });

  it('needs two signed witnesses: one witness short is refused', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    const list = await ok(t.call('GET', `/api/wasiat/${id}/witness`, { token: c.token }));
    await ok(
      t.call('POST', `/api/witness/${list.witnesses.data[0].id}`, { token: c.token, body: { _method: 'DELETE' } }),
    );
    const w = await ok(t.call('GET', `/api/wasiat/${id}`, { token: c.token }));
    expect(w.wasiat.parts_done).not.toContain('g');
    const r = await patch(id, c.token, { status: 1 });
    expect(r.status).toBe(422);
    expect(r.body.errors.witnesses).toBeTruthy();
    await ok(t.call('POST', '/api/witness', { token: c.token, body: witness(id) }), 201);
    expect((await patch(id, c.token, { status: 1 })).status).toBe(200);
  });

  it('a pending gateway payment is not enough; a pending cash payment is', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c, { paymentStatus: 'pending' });
    await t.ctx.db.update(payments).set({ payment_options_id: 1 }).where(eq(payments.paymentable_id, id));
    const r = await patch(id, c.token, { status: 1 });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ payment: [expect.stringMatching(/Payment must be made/)] });
    await t.ctx.db.update(payments).set({ payment_options_id: 3 }).where(eq(payments.paymentable_id, id));
    const done = await ok(patch(id, c.token, { status: 1 }));
    expect(done.wasiat).toMatchObject({ status: 1, payment_status: 'pending' });
    expect(done.wasiat.submitted_at).toBeTruthy();
  });

  it('only the testator or the registering agent may submit', async () => {
    const c = await newClient(t);
    const agent = await t.login('agent');
    await grantAccess(t, c);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: agent, body: { user_id: c.id } }), 201)).wasiat;
    const partner = await t.login('partner');
    // the partner sees the will (same organisation) but did not register it
    expect((await t.call('GET', `/api/wasiat/${w.id}`, { token: partner })).status).toBe(200);
    expect((await patch(w.id, partner, { status: 1 })).status).toBe(403);
    // the agent may (and gets the business-rule answer)
    expect((await patch(w.id, agent, { status: 1 })).status).toBe(422);
  });
});

describe('staff verification (1 → 2, 1 → 3) and resubmit (3 → 1)', () => {
  it('a client cannot verify (403); confirm needs a settled payment and assigns the number', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c, { paymentStatus: 'pending' });
    await ok(patch(id, c.token, { status: 1 }));
    expect((await patch(id, c.token, { status: 2 })).status).toBe(403);
    expect((await patch(id, c.token, { status: 3, rejected_reason: 'x', option_delete_id: 2 })).status).toBe(403);
    const unpaid = await patch(id, staff, { status: 2 });
    expect(unpaid.status).toBe(422);
    expect(unpaid.body.errors.payment).toEqual(['The payment has not been received yet.']);
    await pay(t, id, 'paid');
    const done = await ok(patch(id, staff, { status: 2 }));
    const year = new Date(Date.now() + 8 * 3600e3).getUTCFullYear();
    expect(done.wasiat.wasiat_no).toMatch(new RegExp(`^W${year}-\\d{6}$`));
    expect(done.wasiat).toMatchObject({ status: 2, payment_status: 'paid' });
    expect(done.wasiat.registered_at).toBeTruthy();
    // a second confirmed will gets the next number
    const c2 = await newClient(t);
    const id2 = await readyWill(t, c2);
    await ok(patch(id2, c2.token, { status: 1 }));
    const officer = await t.login('officer');
    const done2 = await ok(patch(id2, officer, { status: 2 }));
    const n1 = Number(done.wasiat.wasiat_no.slice(-6));
    expect(Number(done2.wasiat.wasiat_no.slice(-6))).toBe(n1 + 1);
    // registered: no further change
    expect((await patch(id, staff, { status: 3, rejected_reason: 'x', option_delete_id: 2 })).status).toBe(422);
    expect((await patch(id, c.token, { status: 1 })).status).toBe(422);
    const [ev] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, id), eq(audit_events.action, 'will.confirm')));
    expect(ev.ip).toBeTruthy();
    expect((ev.before as { status: number }).status).toBe(1);
    expect((ev.after as { status: number }).status).toBe(2);
  });

  it('cancel for update needs a reason; the client fixes a part and resubmits', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    await ok(patch(id, c.token, { status: 1 }));
    const noReason = await patch(id, staff, { status: 3 });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.rejected_reason).toEqual(['Please give the reason for cancelling.']);
    const cancelled = await ok(
      patch(id, staff, { status: 3, rejected_reason: 'Alamat tidak lengkap', option_delete_id: 2 }),
    );
    expect(cancelled.wasiat).toMatchObject({ status: 3, rejected_reason: 'Alamat tidak lengkap', option_delete_id: 2 });
    // the client edits (status 3 is editable) and resubmits
    const heirs = await ok(t.call('GET', `/api/wasiat/${id}/heir`, { token: c.token }));
    await ok(
      t.call('POST', `/api/heir/${heirs.heirs.data[0].id}`, {
        token: c.token,
        body: { _method: 'PATCH', ...heirs.heirs.data[0], address: 'No. 9, Jalan Baru', email: '' },
      }),
    );
    // the first code was spent by the first submission: resubmitting needs a new one
    const refused = await patch(id, c.token, { status: 1 });
    expect(refused.body.errors.otp).toBeTruthy();
    // The content changed after everybody signed: the testator and both witnesses sign again before the
    // will can be resubmitted, and the screens can say whose signature is missing (issue 17 item 4).
    expect(refused.body.errors.signature).toEqual([
      'The will changed after the testator signed: the testator must sign again.',
    ]);
    expect(refused.body.errors.witnesses).toEqual([
      'The will changed after the witnesses signed: each witness must sign again.',
    ]);
    const status = (await ok(t.call('GET', `/api/wasiat/${id}/signature-status`, { token: c.token }))).signatures;
    expect(status.testator.state).toBe('earlier_version');
    expect(status.witnesses.map((w: { state: string }) => w.state)).toEqual(['earlier_version', 'earlier_version']);
    await ok(
      t.call('POST', `/api/wasiat/${id}/signature`, {
        token: c.token,
        body: { is_base64: true, document: SIGNATURE_PNG },
      }),
    );
    const ws = (await ok(t.call('GET', `/api/wasiat/${id}/witness`, { token: c.token }))).witnesses.data;
    await ok(
      t.call('POST', `/api/witness/${ws[0].id}`, {
        token: c.token,
        body: { _method: 'PATCH', ...witness(id, { ic_number: ws[0].ic_number, name: ws[0].name }) },
      }),
    );
    await verifiedSubmitOtp(t, c.id, id);
    const oneWitnessLeft = await patch(id, c.token, { status: 1 });
    expect(oneWitnessLeft.status).toBe(422);
    expect(Object.keys(oneWitnessLeft.body.errors)).toEqual(['witnesses']);
    const after = (await ok(t.call('GET', `/api/wasiat/${id}/signature-status`, { token: c.token }))).signatures;
    expect(after.testator.state).toBe('current');
    expect(after.witnesses.map((w: { state: string }) => w.state)).toEqual(['current', 'earlier_version']);
    await ok(
      t.call('POST', `/api/witness/${ws[1].id}`, {
        token: c.token,
        body: { _method: 'PATCH', ...witness(id, { ic_number: ws[1].ic_number, name: ws[1].name }) },
      }),
    );
    const again = await ok(patch(id, c.token, { status: 1 }));
    expect(again.wasiat).toMatchObject({ status: 1, rejected_reason: null });
    // Every signature the sealed will prints is now of the version confirmed.
    const confirmed = (await ok(t.call('GET', `/api/wasiat/${id}/signature-status`, { token: staff }))).signatures;
    expect([confirmed.testator, ...confirmed.witnesses].every((x: { state: string }) => x.state === 'current')).toBe(
      true,
    );
    const actions = (await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, id))).map(
      (e) => e.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['will.submit', 'will.cancel', 'will.resubmit']));
  });

  it('cancel needs one of the three reasons of spec §2 (422 on option_delete_id); the 2021 free-text reason is still taken', async () => {
    const c = await newClient(t);
    const id = await readyWill(t, c);
    await ok(patch(id, c.token, { status: 1 }));
    const none = await patch(id, staff, { status: 3, rejected_reason: 'Alamat tidak lengkap' });
    expect(none.status).toBe(422);
    expect(none.body.errors.option_delete_id).toEqual(['Please choose the reason for cancelling.']);
    const noneMs = await t.call('POST', `/api/wasiat/${id}`, {
      token: staff,
      lang: 'ms',
      body: { _method: 'PATCH', status: 3, rejected_reason: 'Alamat tidak lengkap' },
    });
    expect(noneMs.body.errors.option_delete_id).toEqual(['Sila pilih sebab pembatalan.']);
    for (const other of [4, 0, 'lain']) {
      const r = await patch(id, staff, { status: 3, rejected_reason: 'Alamat tidak lengkap', option_delete_id: other });
      expect(r.status, String(other)).toBe(422);
      expect(Object.keys(r.body.errors)).toEqual(['option_delete_id']);
    }
    // The 2021 client's reason call as free text only: taken as "information not valid" (ADR 0250).
    const legacy = await ok(patch(id, staff, { rejected_reason: 'Alamat tidak lengkap', wasiat_id: id }));
    expect(legacy.wasiat).toMatchObject({ status: 3, rejected_reason: 'Alamat tidak lengkap', option_delete_id: 2 });
  });

  it('refuses transitions that skip a state, and soft-deletes dummy data (option 3 → 404)', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const skip = await patch(w.id, staff, { status: 2 });
    expect(skip.status).toBe(422);
    expect(skip.body.errors.status).toEqual(['This status change is not allowed.']);
    expect((await patch(w.id, c.token, { status: 0 })).status).toBe(422);
    const c2 = await newClient(t);
    const id = await readyWill(t, c2);
    await ok(patch(id, c2.token, { status: 1 }));
    await ok(patch(id, staff, { status: 3, rejected_reason: 'Data palsu', option_delete_id: 3 }));
    expect((await t.call('GET', `/api/wasiat/${id}`, { token: staff })).status).toBe(404);
    expect((await t.call('GET', `/api/wasiat/${id}`, { token: c2.token })).status).toBe(404);
  });
});
