/**
 * Issue 34: the witnesses of a hibah are added at the step where its registration is completed. A paid cash
 * hibah walked over the HTTP API — created, paid, submitted, approved, draft accepted, receiver signed — takes
 * its witnesses only then (status 4), they confirm through their links and the grantor completes the
 * registration (status 5). The rule is the domain's `HIBAH_STEP_STATUSES` (ADR 0223), the same for every
 * product: a confirmed witness stays, an unconfirmed one may be replaced, nothing changes once registered.
 */
import { HIBAH_STATUS } from '@wasiat/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { hibah_witnesses, hibahs } from '../../db/schema/index.ts';
import { newClient, ok, SIGNATURE_PNG, userDetail } from '../wills/test-fixtures.ts';
import { passHibahEkyc, receiverBody, verifiedHibahOtp, witnessBody, witnessConfirms } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(() => t.close());

/** Cash hibah trust (Hibah Amanah Tunai; catalogue HIBAH_TYPES). */
const CASH = 7;

describe('a paid cash hibah takes its witnesses at the completion step (issue 34)', () => {
  it('created → paid → approved → receiver signed → witnesses added and confirmed → registered', async () => {
    const c = await newClient(t);
    const token = c.token;
    const h = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: CASH } }), 201)).hibah;
    await ok(t.call('POST', `/api/hibah/${h.id}/user-detail`, { token, body: userDetail(c.ic) }));
    const receiver = (await ok(t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody() }), 201))
      .receiver;
    const cash = (
      await ok(
        t.call('POST', `/api/hibah/${h.id}/moveable-property`, {
          token,
          body: { property_type: 'bank', institution_name: 'Bank Muamalat', account_number: '1234567890' },
        }),
        201,
      )
    ).moveable_property;
    await ok(
      t.call('POST', `/api/hibah/${h.id}/property/${cash.id}/receiver`, {
        token,
        body: { receiver_id: receiver.id, portion: '100%' },
      }),
      201,
    );
    // Paid in cash, confirmed by staff.
    const pay = await ok(
      t.call('POST', '/api/payment', {
        token,
        body: { paymentable_type: 'Hibah', paymentable_id: h.id, payment_options_id: 3 },
      }),
    );
    await ok(t.call('POST', `/api/payment/${pay.payment.id}/confirm`, { token: staff, body: {} }));
    await ok(t.call('POST', `/api/hibah/${h.id}/signature`, { token, body: { signature: SIGNATURE_PNG } }));
    await passHibahEkyc(t, h.id);
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-submit');
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-finalise');
    const submitted = await ok(
      t.call('POST', `/api/hibah/${h.id}`, {
        token,
        body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    expect(submitted.hibah.status).toBe(HIBAH_STATUS.awaitingVerification);
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3, is_cash_payment: 1 } }));
    // The approval starts the 14-day window: the grantor is told so (notices module; issue 34 item 2).
    const grantorMail = `c${c.ic}@example.com`;
    const subjects = () =>
      t.mails.filter((m) => m.to.includes(grantorMail)).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1] ?? '');
    await expect.poll(subjects).toContain('Hibah anda: Diluluskan: sila terima draf dalam masa 14 hari');
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 3, is_draft_accepted: 1 } }));
    await ok(
      t.call('POST', `/api/hibah/${h.id}/receiver/${receiver.id}/signature`, {
        token,
        body: { signature: SIGNATURE_PNG },
      }),
    );
    const awaiting = await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 4 } }));
    expect(awaiting.hibah.status).toBe(HIBAH_STATUS.awaitingWitnesses);
    // Without witnesses the registration cannot be completed yet.
    const early = await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 5 }, lang: 'en' });
    expect(early.status).toBe(422);
    expect(early.body.errors._).toEqual(['At least two witnesses are required.']);

    // The witnesses are added now, after payment, approval and the receiver's signature.
    const mailsBefore = t.mails.length;
    const wrong = (await ok(t.call('POST', `/api/hibah/${h.id}/witness`, { token, body: witnessBody(9) }), 201))
      .witness;
    const w1 = (await ok(t.call('POST', `/api/hibah/${h.id}/witness`, { token, body: witnessBody(1) }), 201)).witness;
    // A witness added at this step is mailed their link at once (as those added before were on entering it).
    const mailedTo = (email: string) => t.mails.slice(mailsBefore).some((m) => m.to.includes(email));
    await expect.poll(() => mailedTo(w1.email)).toBe(true);
    // An unconfirmed witness may be corrected or replaced.
    const fixed = await ok(
      t.call('POST', `/api/hibah/${h.id}/witness/${wrong.id}`, {
        token,
        body: { _method: 'PATCH', ...witnessBody(9, { name: 'Saksi Dibetulkan', ic_number: wrong.ic_number }) },
      }),
    );
    expect(fixed.witness.name).toBe('Saksi Dibetulkan');
    await ok(t.call('POST', `/api/hibah/${h.id}/witness/${wrong.id}`, { token, body: { _method: 'DELETE' } }));
    const w2 = (await ok(t.call('POST', `/api/hibah/${h.id}/witness`, { token, body: witnessBody(2) }), 201)).witness;

    await witnessConfirms(t, token, h.id, w1.id, w1.email);
    // Identified by their MyKad on the record and the code e-mailed to them (issue 41 item 2, ADR 0259).
    const [confirmed] = await t.ctx.db.select().from(hibah_witnesses).where(eq(hibah_witnesses.id, w1.id));
    expect(confirmed.identified_by).toBe('email_code');
    expect(confirmed.identified_at).toBeInstanceOf(Date);
    // A confirmed witness has attested: not edited nor removed.
    const editConfirmed = await t.call('POST', `/api/hibah/${h.id}/witness/${w1.id}`, {
      token,
      body: { _method: 'PATCH', ...witnessBody(1, { ic_number: w1.ic_number }) },
      lang: 'en',
    });
    expect(editConfirmed.status).toBe(422);
    expect(editConfirmed.body.errors._).toEqual(['Already confirmed.']);
    const removeConfirmed = await t.call('POST', `/api/hibah/${h.id}/witness/${w1.id}`, {
      token,
      body: { _method: 'DELETE' },
    });
    expect(removeConfirmed.status).toBe(422);
    const half = await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 5 }, lang: 'en' });
    expect(half.status).toBe(422);
    expect(half.body.errors._).toEqual(['Every witness must confirm first.']);

    await witnessConfirms(t, token, h.id, w2.id, w2.email);
    const done = await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 5 } }));
    expect(done.hibah.status).toBe(HIBAH_STATUS.registered);
    expect(done.hibah.hibah_number).toMatch(/^H\d{4}-\d{6}$/);
    // Registered: told once, under its number.
    await expect.poll(subjects).toContain(`Hibah ${done.hibah.hibah_number}: Berdaftar`);
    expect(subjects().filter((x) => x === `Hibah ${done.hibah.hibah_number}: Berdaftar`)).toHaveLength(1);
    expect(subjects().filter((x) => x.startsWith('Hibah anda: Menunggu pengesahan penyedia'))).toHaveLength(1);
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.status).toBe(HIBAH_STATUS.registered);
    expect(row.registered_at).not.toBeNull();

    // Registered: the witnesses are closed.
    const late = await t.call('POST', `/api/hibah/${h.id}/witness`, { token, body: witnessBody(3), lang: 'en' });
    expect(late.status).toBe(422);
  });
});

describe('every product reads the same rule', () => {
  it('witnesses may change until registration, content only while being filled in', async () => {
    // corporate 1, cash 3, property 9, business 11, estate 14 (one-cent 12 opens from a code: the same child rows)
    for (const type of [1, 3, 9, 11, 14]) {
      const c = await newClient(t);
      const token = c.token;
      const id = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: type } }), 201))
        .hibah.id as string;
      for (const status of [
        HIBAH_STATUS.awaitingVerification,
        HIBAH_STATUS.draft,
        HIBAH_STATUS.awaitingWitnesses,
        HIBAH_STATUS.registered,
      ]) {
        await t.ctx.db.update(hibahs).set({ status }).where(eq(hibahs.id, id));
        const w = await t.call('POST', `/api/hibah/${id}/witness`, { token, body: witnessBody(status) });
        const r = await t.call('POST', `/api/hibah/${id}/receiver`, { token, body: receiverBody() });
        expect([type, status, w.status], JSON.stringify(w.body)).toEqual([
          type,
          status,
          status === HIBAH_STATUS.registered ? 422 : 201,
        ]);
        expect([type, status, r.status]).toEqual([type, status, 422]);
      }
    }
  });
});
