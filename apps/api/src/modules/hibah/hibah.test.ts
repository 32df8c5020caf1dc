/**
 * Integration tests of the hibah calls of the spec (issue 5 table), their exact reply shapes, the
 * grantor-only rule, preferences, shares and the whole journey to registered with signed party links.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, hibahs, organizations, preferences } from '../../db/schema/index.ts';
import { grantAccess, newClient, ok, SIGNATURE_PNG, userDetail } from '../wills/test-fixtures.ts';
import { caretakerAccepts, caretakerBody, landBody, readyHibah, receiverBody } from './test-fixtures.ts';

let t: TestApp;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['staff', 'agent', 'partner', 'accountant']) tokens[u] = await t.login(u);
});
afterAll(() => t.close());

describe('the hibah calls of the spec', () => {
  it('POST /hibah → 201 { hibah }; GET /hibah?user_id&hibah_type_id=14 → { hibahs: { data } }; GET /hibah/{id}?load_with=userDetail → { hibah }', async () => {
    const c = await newClient(t);
    const r = await t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 14 } });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(['hibah']);
    expect(r.body.hibah).toMatchObject({ hibah_type: 14, user_id: c.id, status: 0, price_sen: 60000, price: 600 });
    const id = r.body.hibah.id;
    // Again: the open one comes back (200).
    const again = await t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 14 } });
    expect(again.status).toBe(200);
    expect(again.body.hibah.id).toBe(id);

    const list = await t.call('GET', `/api/hibah?user_id=${c.id}&hibah_type_id=14`, { token: c.token });
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(['hibahs']);
    expect(list.body.hibahs).toMatchObject({ current_page: 1, total: 1, last_page: 1 });
    expect(list.body.hibahs.data.map((h: any) => h.id)).toEqual([id]);
    const none = await t.call('GET', `/api/hibah?user_id=${c.id}&hibah_type_id=9`, { token: c.token });
    expect(none.body.hibahs.data).toEqual([]);

    const ud = await t.call('POST', `/api/hibah/${id}/user-detail`, { token: c.token, body: userDetail(c.ic) });
    expect(ud.status).toBe(200);
    expect(Object.keys(ud.body)).toEqual(['user_detail']);
    expect(ud.body.user_detail).toMatchObject({ hibah_id: id, ic_number: c.ic, name: 'Ahmad bin Abdullah' });

    const one = await t.call('GET', `/api/hibah/${id}?load_with=userDetail`, { token: c.token });
    expect(Object.keys(one.body)).toEqual(['hibah']);
    expect(one.body.hibah.user_detail).toMatchObject({ ic_number: c.ic });
    const plain = await t.call('GET', `/api/hibah/${id}`, { token: c.token });
    expect(plain.body.hibah.user_detail).toBeUndefined();
  });

  it('POST /hibah/{id} updates fields → { hibah }; POST /hibah/{id}/caretaker → 201 { caretaker }; validate-signature', async () => {
    const c = await newClient(t);
    const h = (
      await ok(
        t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 14, status: -1 } }),
        201,
      )
    ).hibah;
    expect(h.status).toBe(-1);
    const u = await t.call('POST', `/api/hibah/${h.id}`, {
      token: c.token,
      body: {
        period: '10',
        other_period_instructions: 'Sehingga anak berumur 25 tahun',
        income_source: 'salary',
        is_revocable: 1,
      },
    });
    expect(u.status).toBe(200);
    expect(u.body.hibah).toMatchObject({ period: '10', income_source: 'salary', is_revocable: 1, status: 0 });
    const spoof = await t.call('POST', `/api/hibah/${h.id}`, {
      token: c.token,
      body: { _method: 'PATCH', distribution_lifetime_instruction: 'Bulanan kepada anak' },
    });
    expect(spoof.body.hibah.distribution_lifetime_instruction).toBe('Bulanan kepada anak');
    const bad = await t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: { income_source: 'lottery' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.income_source).toBeTruthy();

    const ct = await t.call('POST', `/api/hibah/${h.id}/caretaker`, {
      token: c.token,
      body: caretakerBody({ has_allowance: 1, allowance_amount_sen: 50000, allowance_frequency: 'monthly' }),
    });
    expect(ct.status).toBe(201);
    expect(Object.keys(ct.body)).toEqual(['caretaker']);
    expect(ct.body.caretaker).toMatchObject({
      hibah_id: h.id,
      allowance_amount_sen: 50000,
      allowance_frequency: 'monthly',
    });
    const ctBad = await t.call('POST', `/api/hibah/${h.id}/caretaker`, {
      token: c.token,
      body: caretakerBody({ has_allowance: 1 }),
      lang: 'en',
    });
    expect(ctBad.status).toBe(422);
    expect(ctBad.body.errors.allowance_amount_sen).toBeTruthy();

    const none = await t.call('GET', `/api/hibah/${h.id}/receiver/validate-signature`, { token: c.token });
    expect(none.body).toEqual({ valid: false, count: 0, receivers: [] });
    await ok(
      t.call('POST', `/api/hibah/${h.id}/receiver`, { token: c.token, body: receiverBody({ name: 'Ali bin Abu' }) }),
      201,
    );
    const one = await t.call('GET', `/api/hibah/${h.id}/receiver/validate-signature`, { token: c.token });
    expect(one.body).toMatchObject({ valid: false, count: 1, receivers: [{ name: 'Ali bin Abu' }] });
  });
});

describe('who may see and change a hibah', () => {
  it('only the grantor updates or finalises (403 for staff and the agent), another client gets 404', async () => {
    const c = await newClient(t);
    const h = (await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 3 } }), 201))
      .hibah;
    const staff = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tokens.staff,
      body: { trust_purpose: 'x' },
      lang: 'en',
    });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('Only the grantor may update or finalise this hibah.');
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token: tokens.staff, body: { status: 2 } })).status).toBe(403);
    expect((await t.call('GET', `/api/hibah/${h.id}`, { token: tokens.staff })).status).toBe(200);
    const other = await newClient(t);
    expect((await t.call('GET', `/api/hibah/${h.id}`, { token: other.token })).status).toBe(404);
    expect(
      (await t.call('POST', `/api/hibah/${h.id}`, { token: other.token, body: { trust_purpose: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/hibah?user_id=${c.id}`, { token: other.token })).body.hibahs.data).toEqual([]);
    expect(
      (await t.call('POST', '/api/hibah', { token: other.token, body: { user_id: c.id, hibah_type: 3 } })).status,
    ).toBe(404);
  });

  it('an agent registers for a client at their own organisation; the agent may add parties but not update the hibah', async () => {
    const c = await newClient(t);
    await grantAccess(t, c);
    const [demo] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'DEMO'));
    const denied = await t.call('POST', '/api/hibah', {
      token: tokens.agent,
      body: { user_id: c.id, hibah_type: 9 },
      lang: 'en',
    });
    expect(denied.status).toBe(422);
    expect(denied.body.errors.organization_id).toEqual(['This organisation does not offer hibah or trust products.']);
    await t.ctx.db.update(preferences).set({ allow_hibah: true }).where(eq(preferences.organization_id, demo.id));
    const r = await t.call('POST', '/api/hibah', { token: tokens.agent, body: { user_id: c.id, hibah_type: 9 } });
    expect(r.status).toBe(201);
    expect(r.body.hibah.organization_id).toBe(demo.id);
    const corp = await t.call('POST', '/api/hibah', { token: tokens.agent, body: { user_id: c.id, hibah_type: 1 } });
    expect(corp.status).toBe(422);
    expect(corp.body.errors.hibah_type).toBeTruthy();
    const id = r.body.hibah.id;
    expect(
      (await t.call('POST', `/api/hibah/${id}/receiver`, { token: tokens.agent, body: receiverBody() })).status,
    ).toBe(201);
    expect(
      (await t.call('POST', `/api/hibah/${id}`, { token: tokens.agent, body: { trust_purpose: 'x' } })).status,
    ).toBe(403);
    expect((await t.call('GET', `/api/hibah/${id}`, { token: tokens.partner })).status).toBe(200);

    // Totals of the preference: one receiver only.
    await t.ctx.db.update(preferences).set({ total_receivers: 1 }).where(eq(preferences.organization_id, demo.id));
    const over = await t.call('POST', `/api/hibah/${id}/receiver`, {
      token: c.token,
      body: receiverBody(),
      lang: 'en',
    });
    expect(over.status).toBe(422);
    expect(over.body.errors._).toEqual(["Receivers: the organisation's limit of 1 has been reached."]);
    const offer = await ok(t.call('GET', `/api/hibah/${id}/offer`, { token: c.token, lang: 'ms' }));
    expect(offer.offer.receiver).toEqual({ allowed: true, limit: 1, count: 1, full: true });
    expect(offer.offer.caretaker.full).toBe(false);
    await t.ctx.db
      .update(preferences)
      .set({ allow_hibah: false, total_receivers: null })
      .where(eq(preferences.organization_id, demo.id));
  });
});

describe('shares and the completeness rules', () => {
  it('portions of one property may not exceed the whole; a minor receiver needs a caretaker before submitting', async () => {
    const c = await newClient(t);
    const token = c.token;
    const h = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: 9 } }), 201)).hibah;
    const a = (await ok(t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody() }), 201)).receiver;
    const b = (
      await ok(
        t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody({ ic_number: '150601149991' }) }),
        201,
      )
    ).receiver;
    expect(b.is_minor).toBe(true);
    const p = (await ok(t.call('POST', `/api/hibah/${h.id}/immoveable-property`, { token, body: landBody }), 201))
      .immoveable_property;
    await ok(
      t.call('POST', `/api/hibah/${h.id}/property/${p.id}/receiver`, {
        token,
        body: { receiver_id: a.id, portion: '2/3' },
      }),
      201,
    );
    const over = await t.call('POST', `/api/hibah/${h.id}/property/${p.id}/receiver`, {
      token,
      body: { receiver_id: b.id, portion: '50%' },
    });
    expect(over.status).toBe(422);
    expect(over.body.errors.portion).toBeTruthy();
    const bad = await t.call('POST', `/api/hibah/${h.id}/property/${p.id}/receiver`, {
      token,
      body: { receiver_id: b.id, portion: '150%' },
    });
    expect(bad.status).toBe(422);
    await ok(
      t.call('POST', `/api/hibah/${h.id}/property/${p.id}/receiver`, {
        token,
        body: { receiver_id: b.id, portion: '1/3' },
      }),
      201,
    );
    const shares = await t.call('GET', `/api/hibah/${h.id}/property/${p.id}/receiver`, { token });
    expect(shares.body.receivers.data.map((s: any) => s.portion)).toEqual(['2/3', '1/3']);

    await ok(t.call('POST', `/api/hibah/${h.id}/user-detail`, { token, body: userDetail(c.ic) }));
    const noCaretaker = await t.call('POST', `/api/hibah/${h.id}`, {
      token,
      body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      lang: 'en',
    });
    expect(noCaretaker.status).toBe(422);
    expect(noCaretaker.body.errors._).toEqual(['Every receiver under 18 needs a caretaker.']);
    const adultCaretaker = await t.call('POST', `/api/hibah/${h.id}/caretaker`, {
      token,
      body: caretakerBody({ receiver_id: a.id }),
    });
    expect(adultCaretaker.status).toBe(422);
    await ok(
      t.call('POST', `/api/hibah/${h.id}/caretaker`, { token, body: caretakerBody({ receiver_id: b.id }) }),
      201,
    );
    const unpaid = await t.call('POST', `/api/hibah/${h.id}`, {
      token,
      body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      lang: 'en',
    });
    expect(unpaid.body.errors._).toEqual(['The payment has not been received yet.']);
  });
});

describe('from registration to registered', () => {
  it('grantor submits, staff approve, draft accepted, receivers sign, witnesses confirm by link + OTP, certificate', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, tokens.staff);
    const token = c.token;
    const submit = await t.call('POST', `/api/hibah/${h.id}`, {
      token,
      body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    });
    expect(submit.status).toBe(200);
    expect(submit.body.hibah.status).toBe(2);
    // Staff may verify but not finalise.
    const queue = await t.call('GET', '/api/hibah?status=2&load_with=user', { token: tokens.staff });
    expect(queue.body.hibahs.data.some((x: any) => x.id === h.id && x.user.name)).toBe(true);
    const pending = await t.call('GET', '/api/hibah/pending-approval?status=2', { token: tokens.staff });
    expect(pending.body.organizations[0].total_pending).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/hibah/pending-approval', { token })).status).toBe(403);
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 3 } })).status).toBe(422);
    const approve = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tokens.staff,
      body: { status: 3, is_cash_payment: 1 },
    });
    expect(approve.status).toBe(200);
    expect(approve.body.hibah).toMatchObject({ status: 3, is_draft_accepted: 0 });
    const expires =
      new Date(approve.body.hibah.draft_expires_at).getTime() - new Date(approve.body.hibah.draft_sent_at).getTime();
    expect(expires).toBe(14 * 24 * 3600 * 1000);

    // Receivers cannot sign before the draft is accepted.
    expect(
      (
        await t.call('POST', `/api/hibah/${h.id}/receiver/${h.adult.id}/signature`, {
          token,
          body: { signature: SIGNATURE_PNG },
        })
      ).status,
    ).toBe(422);
    const mailsBefore = t.mails.length;
    const accept = await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 3, is_draft_accepted: 1 } });
    expect(accept.body.hibah.is_draft_accepted).toBe(1);
    const receiverMail = () => t.mails.slice(mailsBefore).some((m) => m.to.includes('penerima@example.com'));
    for (let i = 0; i < 100 && !receiverMail(); i++) await new Promise((res) => setTimeout(res, 20));
    expect(receiverMail()).toBe(true);
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 4 } })).status).toBe(422);

    // One receiver signs through the signed link, the other on the grantor's device.
    const link = await t.call('POST', '/api/route/sign', {
      token,
      body: { route_name: 'hibah.receiver', hibah_id: h.id, receiver_id: h.adult.id },
    });
    expect(link.body.url).toMatch(
      new RegExp(`^/api/public/hibah/${h.id}/receiver/${h.adult.id}\\?expires=\\d+&signature=`),
    );
    expect(
      (
        await t.call('POST', '/api/route/sign', {
          token: tokens.staff,
          body: { route_name: 'hibah.receiver', hibah_id: h.id, receiver_id: h.adult.id },
        })
      ).body.url,
    ).toBe('');
    const page = await t.call('GET', link.body.url);
    expect(page.body.party).toMatchObject({ role: 'receiver', name: 'Fatimah binti Ahmad', done_at: null });
    const tampered = await t.call(
      'GET',
      link.body.url.replace(/signature=(.)/, (_: string, ch: string) => `signature=${ch === 'A' ? 'B' : 'A'}`),
    );
    expect(tampered.status).toBe(403);
    const [path, query] = link.body.url.split('?');
    // Signing through the link needs the code e-mailed to the receiver (issue 3; ADR 0096).
    const noCode = await t.call('POST', `${path}/sign?${query}`, { body: { signature: SIGNATURE_PNG } });
    expect(noCode.status).toBe(422);
    expect(noCode.body.errors.code).toBeTruthy();
    const before = t.mails.length;
    const sent = await t.call('POST', `${path}/otp?${query}`, { body: {} });
    expect(sent.status).toBe(200);
    expect(sent.body.otp).toMatchObject({ channel: 'email', destination: 'p***@example.com' });
    const receiverCode = async () => {
      for (let i = 0; i < 100; i++) {
        const m = t.mails.slice(before).find((x) => x.to.includes('penerima@example.com'));
        const code = /(?:code is|ialah) (\d{6})/.exec(m?.raw ?? '')?.[1];
        if (code) return code;
        await new Promise((res) => setTimeout(res, 20));
      }
      return '';
    };
    const rcode = await receiverCode();
    expect(rcode).toMatch(/^\d{6}$/);
    const wrongCode = await t.call('POST', `${path}/sign?${query}`, {
      body: { code: rcode === '000000' ? '111111' : '000000', signature: SIGNATURE_PNG },
      lang: 'en',
    });
    expect(wrongCode.status).toBe(422);
    expect(wrongCode.body.errors.code).toEqual(['The code is incorrect.']);
    const signed = await t.call('POST', `${path}/sign?${query}`, { body: { code: rcode, signature: SIGNATURE_PNG } });
    expect(signed.status).toBe(200);
    // The code is spent and a signed receiver gets no new one.
    expect(
      (await t.call('POST', `${path}/sign?${query}`, { body: { code: rcode, signature: SIGNATURE_PNG } })).status,
    ).toBe(422);
    expect((await t.call('POST', `${path}/otp?${query}`, { body: {} })).status).toBe(422);
    expect(signed.body.receiver.signed_at).toBeTruthy();
    const half = await t.call('GET', `/api/hibah/${h.id}/receiver/validate-signature`, { token });
    expect(half.body).toEqual({ valid: false, count: 1, receivers: [{ id: h.minor.id, name: 'Adam bin Ahmad' }] });
    // The minor is not signed for on the grantor's device: the caretaker accepts by link and code (ADR 0167).
    const onDevice = await t.call('POST', `/api/hibah/${h.id}/receiver/${h.minor.id}/signature`, {
      token,
      body: { signature: SIGNATURE_PNG },
    });
    expect(onDevice.status).toBe(422);
    expect(Object.keys(onDevice.body.errors)).toEqual(['_']);
    await caretakerAccepts(t, token, h.id, h.minor.id, h.caretaker.email);
    const all = await t.call('GET', `/api/hibah/${h.id}/receiver/validate-signature`, { token });
    expect(all.body).toEqual({ valid: true, count: 0, receivers: [] });

    const toWitness = await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 4 } });
    expect(toWitness.body.hibah.status).toBe(4);
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 5 } })).status).toBe(422);

    for (const w of h.witnesses) {
      const wl = (
        await t.call('POST', '/api/route/sign', {
          token,
          body: { route_name: 'hibah.witness', hibah_id: h.id, witness_id: w.id },
        })
      ).body.url;
      const [wp, wq] = wl.split('?');
      expect((await t.call('GET', wl)).body.party).toMatchObject({ role: 'witness', name: w.name, done_at: null });
      const n = t.mails.length;
      expect((await t.call('POST', `${wp}/otp?${wq}`, { body: {} })).status).toBe(200);
      const mailTo = () => t.mails.slice(n).find((m) => m.to.includes(w.email));
      for (let i = 0; i < 100 && !mailTo(); i++) await new Promise((res) => setTimeout(res, 20));
      const mail = mailTo();
      const code = /(?:code is|ialah) (\d{6})/.exec(mail?.raw ?? '')?.[1] as string;
      expect(code).toMatch(/^\d{6}$/);
      const wrong = await t.call('POST', `${wp}/confirm?${wq}`, {
        body: { code: code === '000000' ? '111111' : '000000', signature: SIGNATURE_PNG },
      });
      expect(wrong.status).toBe(422);
      const conf = await t.call('POST', `${wp}/confirm?${wq}`, { body: { code, signature: SIGNATURE_PNG } });
      expect(conf.status).toBe(200);
      expect(conf.body.witness.confirmed_at).toBeTruthy();
      expect((await t.call('POST', `${wp}/confirm?${wq}`, { body: { code, signature: SIGNATURE_PNG } })).status).toBe(
        422,
      );
    }
    const done = await t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 5 } });
    expect(done.status).toBe(200);
    expect(done.body.hibah.status).toBe(5);
    expect(done.body.hibah.hibah_number).toMatch(/^H\d{4}-\d{6}$/);

    const pdf = await t.call('GET', `/api/hibah/${h.id}/certificate`, { token });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const certLink = await t.call('POST', '/api/route/sign', {
      token,
      body: { route_name: 'hibah.certificate', hibah_id: h.id },
    });
    expect((await t.call('GET', certLink.body.url)).status).toBe(200);
    const pub = await t.call('GET', `/api/public/hibah/${h.id}`);
    expect(pub.body.hibah).toMatchObject({ id: h.id, status: 5, hibah_number: done.body.hibah.hibah_number });
    // no MyKad digits on the public page (issue 36 item 6): they tell the date of birth
    expect(pub.body.hibah.grantor.ic_number).toBeNull();
    expect(JSON.stringify(pub.body)).not.toContain(c.ic.slice(0, 6));

    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, h.id));
    const actions = events.map((e) => e.action);
    for (const a of ['hibah.create', 'hibah.status', 'hibah.receiver.sign', 'hibah.witness.confirm', 'hibah.sign']) {
      expect(actions).toContain(a);
    }
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.registered_at).not.toBeNull();
  });

  it('staff decline with a reason sends the hibah back to the grantor', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, tokens.staff);
    await ok(
      t.call('POST', `/api/hibah/${h.id}`, {
        token: c.token,
        body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token: tokens.staff, body: { status: 1 } })).status).toBe(422);
    const r = await t.call('POST', `/api/hibah/${h.id}`, {
      token: tokens.staff,
      body: { status: 1, rejected_reason: 'Salinan geran tidak jelas' },
    });
    expect(r.body.hibah).toMatchObject({ status: 1, rejected_reason: 'Salinan geran tidak jelas' });
  });
});

describe('parties and property details', () => {
  it('heirs of the estate trust, witness rules, update and delete of a receiver, property attachments, one total over both property kinds', async () => {
    const c = await newClient(t);
    const token = c.token;
    const h = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: 14 } }), 201)).hibah;
    const heir = await t.call('POST', `/api/hibah/${h.id}/heir`, {
      token,
      body: { ...receiverBody({ name: 'Siti binti Kamal', relationship: 'wife' }), mobile_number: '0191234567' },
    });
    expect(heir.status).toBe(201);
    expect((await t.call('GET', `/api/hibah/${h.id}/heir`, { token })).body.heirs.data).toHaveLength(1);

    const r = (await ok(t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody() }), 201)).receiver;
    const upd = await t.call('POST', `/api/hibah/${h.id}/receiver/${r.id}`, {
      token,
      body: { _method: 'PATCH', ...receiverBody({ name: 'Fatimah Zahra binti Ahmad', ic_number: r.ic_number }) },
    });
    expect(upd.status).toBe(200);
    expect(upd.body.receiver.name).toBe('Fatimah Zahra binti Ahmad');

    const asReceiver = await t.call('POST', `/api/hibah/${h.id}/witness`, {
      token,
      body: { name: 'Saksi Sama', ic_number: r.ic_number, email: 'x@example.com', address: 'No. 1', postcode: '43000' },
      lang: 'en',
    });
    expect(asReceiver.status).toBe(422);
    expect(asReceiver.body.errors.ic_number).toEqual(['A receiver cannot be a witness.']);
    const asGrantor = await t.call('POST', `/api/hibah/${h.id}/witness`, {
      token,
      body: { name: 'Saksi Sendiri', ic_number: c.ic, email: 'y@example.com', address: 'No. 1', postcode: '43000' },
    });
    expect(asGrantor.status).toBe(422);

    const m = (
      await ok(
        t.call('POST', `/api/hibah/${h.id}/moveable-property`, {
          token,
          body: { property_type: 'bank', institution_name: 'Bank Muamalat', account_number: '1234567890' },
        }),
        201,
      )
    ).moveable_property;
    expect(m.kind).toBe('moveable');
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF').toString('base64');
    const doc = await t.call('POST', `/api/hibah/${h.id}/property/${m.id}/document`, {
      token,
      body: { document: pdf, description: 'Penyata bank' },
    });
    expect(doc.status).toBe(201);
    const docs = await t.call('GET', `/api/hibah/${h.id}/property/${m.id}/document`, { token });
    expect(docs.body).toMatchObject([{ description: 'Penyata bank', mime_type: 'application/pdf' }]);
    const other = await newClient(t);
    expect((await t.call('GET', `/api/hibah/${h.id}/property/${m.id}/document`, { token: other.token })).status).toBe(
      404,
    );

    // Adding property, caretakers or receivers can be switched off per organisation (spec §2).
    const [po] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'PROVIDER'));
    await t.ctx.db
      .update(preferences)
      .set({ allow_property: false, allow_guardians: false, allow_beneficiaries: false })
      .where(eq(preferences.organization_id, po.id));
    const noLand = await t.call('POST', `/api/hibah/${h.id}/immoveable-property`, {
      token,
      body: landBody,
      lang: 'en',
    });
    const noCaretaker = await t.call('POST', `/api/hibah/${h.id}/caretaker`, {
      token,
      body: caretakerBody(),
      lang: 'en',
    });
    const noReceiver = await t.call('POST', `/api/hibah/${h.id}/receiver`, { token, body: receiverBody(), lang: 'ms' });
    await t.ctx.db
      .update(preferences)
      .set({ allow_property: true, allow_guardians: true, allow_beneficiaries: true })
      .where(eq(preferences.organization_id, po.id));
    expect([noLand.status, noCaretaker.status, noReceiver.status]).toEqual([422, 422, 422]);
    expect(noLand.body.errors._).toEqual(['The organisation does not allow adding property to a hibah.']);
    expect(noCaretaker.body.errors._).toEqual(['The organisation does not allow adding caretakers.']);
    expect(noReceiver.body.errors._).toEqual(['Organisasi tidak membenarkan penambahan penerima.']);

    // Fixed property type and stock name of the organisation's preference (spec §2; ADR 0023).
    const [org] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'PROVIDER'));
    await t.ctx.db
      .update(preferences)
      .set({ fixed_property_name: 'Saham', fixed_stock_name: 'ASB Amanah Saham' })
      .where(eq(preferences.organization_id, org.id));
    const notShares = await t.call('POST', `/api/hibah/${h.id}/moveable-property`, {
      token,
      lang: 'en',
      body: { property_type: 'bank', institution_name: 'Bank Islam', account_number: '5550001111' },
    });
    const shares = await t.call('POST', `/api/hibah/${h.id}/moveable-property`, {
      token,
      body: { property_type: 'shares', institution_name: 'Something Else', account_number: 'SH-77' },
    });
    const land = await t.call('POST', `/api/hibah/${h.id}/immoveable-property`, { token, body: landBody });
    await t.ctx.db
      .update(preferences)
      .set({ fixed_property_name: null, fixed_stock_name: null })
      .where(eq(preferences.organization_id, org.id));
    expect(notShares.status).toBe(422);
    expect(notShares.body.errors.property_type).toEqual([
      "This organisation's hibah takes only this kind of property: Saham / Shares.",
    ]);
    expect(shares.status).toBe(201);
    expect(shares.body.moveable_property).toMatchObject({
      property_type: 'shares',
      institution_name: 'ASB Amanah Saham',
    });
    expect(land.status).toBe(201); // immovable property is not affected
    for (const id of [shares.body.moveable_property.id, land.body.immoveable_property.id]) {
      const gone = await t.call(
        'POST',
        `/api/hibah/${h.id}/${id === land.body.immoveable_property.id ? 'immoveable' : 'moveable'}-property/${id}`,
        {
          token,
          body: { _method: 'DELETE' },
        },
      );
      expect(gone.status).toBe(200);
    }

    // total_properties counts movable and immovable property together.
    const [provider] = await t.ctx.db.select().from(organizations).where(eq(organizations.code, 'PROVIDER'));
    await t.ctx.db.update(preferences).set({ total_properties: 1 }).where(eq(preferences.organization_id, provider.id));
    const over = await t.call('POST', `/api/hibah/${h.id}/immoveable-property`, { token, body: landBody });
    await t.ctx.db
      .update(preferences)
      .set({ total_properties: null })
      .where(eq(preferences.organization_id, provider.id));
    expect(over.status).toBe(422);
    expect(
      (await t.call('GET', `/api/hibah/${h.id}/immoveable-property`, { token })).body.immoveable_properties.data,
    ).toEqual([]);
    expect(
      (await t.call('GET', `/api/hibah/${h.id}/moveable-property`, { token })).body.moveable_properties.data,
    ).toHaveLength(1);

    const del = await t.call('POST', `/api/hibah/${h.id}/receiver/${r.id}`, { token, body: { _method: 'DELETE' } });
    expect(del.status).toBe(200);
    expect((await t.call('GET', `/api/hibah/${h.id}/receiver`, { token })).body.receivers.data).toEqual([]);
  });

  it('a partner sees the hibahs of their own organisation only', async () => {
    const c = await newClient(t);
    const h = (await ok(t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 3 } }), 201))
      .hibah;
    expect((await t.call('GET', `/api/hibah/${h.id}`, { token: tokens.partner })).status).toBe(404);
    const list = await t.call('GET', `/api/hibah?user_id=${c.id}`, { token: tokens.partner });
    expect(list.body.hibahs.data).toEqual([]);
  });
});
