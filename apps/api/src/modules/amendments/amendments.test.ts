/**
 * Integration tests of the amendments module over HTTP on a real database and a real SMTP server:
 * apply, pay through the sandbox, edit the draft, every transition (who may, what it records, illegal →
 * 422 with nothing changed), witness confirmation by signed link + OTP + signature, the new version and
 * the PDF of each version, and the hibah-id listing of spec §7.
 */
import { execFileSync } from 'node:child_process';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendment_witnesses,
  amendments,
  audit_events,
  heirs,
  immoveable_properties,
  payments,
  signature_events,
  users,
  wills,
} from '../../db/schema/index.ts';
import { heir, newClient, ok, PNG_B, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { draftWitness, passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
let officer: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  officer = await t.login('officer');
});
afterAll(async () => {
  await t.close();
});

const decode = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
const pdfText = (bytes: Buffer) => execFileSync('pdftotext', ['-layout', '-', '-'], { input: bytes }).toString('utf8');
const patch = (id: string, token: string, body: object, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', `/api/amendment/${id}`, { token, lang, body: { _method: 'PATCH', ...body } });
const row = async (id: string) => (await t.ctx.db.select().from(amendments).where(eq(amendments.id, id)))[0];
const actions = async (id: string) =>
  (await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, id))).map((e) => e.action);

/** Move a witness's last code request a minute into the past (one code per 30 s; witnesses.ts). */
const backdateOtp = (witnessId: string) =>
  t.ctx.db
    .update(amendment_witnesses)
    .set({ otp_expires_at: new Date(Date.now() - 60_000) })
    .where(eq(amendment_witnesses.id, witnessId));

/** Pay what an amendment owes through the sandbox gateway (approved). */
async function payThroughSandbox(token: string, id: string) {
  const pay = await ok(
    t.call('POST', '/api/payment', {
      token,
      body: { paymentable_type: 'Amendment', paymentable_id: id, payment_options_id: 1 },
    }),
  );
  const r = await fetch(`${t.baseUrl}${pay.payment_link}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approve',
  });
  expect(r.status).toBe(303);
}

/** Apply for an amendment and pay it through the sandbox gateway. */
async function appliedAndPaid(token: string, willId: string) {
  const a = (
    await ok(
      t.call('POST', '/api/amendment', {
        token,
        body: { amendmentable_type: 'Wasiat', amendmentable_id: willId, notes: null, status: 0 },
      }),
      201,
    )
  ).amendment;
  const pay = await ok(
    t.call('POST', '/api/payment', {
      token,
      body: { paymentable_type: 'Amendment', paymentable_id: a.id, payment_options_id: 1 },
    }),
  );
  const r = await fetch(`${t.baseUrl}${pay.payment_link}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'outcome=approve',
  });
  expect(r.status).toBe(303);
  expect(r.headers.get('location')).toMatch(new RegExp(`^/wasiat/${willId}/pindaanPayVerified\\?status=1&`));
  return a;
}

/**
 * Drive an amendment to "awaiting witness confirmation" (4) with two witnesses; returns their links. `resignTyped`:
 * the testator signs the draft again, typing (ADR 0123), before accepting it.
 */
async function toWitnessStage(
  c: { id: string; token: string },
  willId: string,
  aId: string,
  emails: string[],
  resignTyped = false,
) {
  await ok(
    t.call('PATCH', `/api/amendment/${aId}/draft`, {
      token: c.token,
      body: { witnesses: emails.map((e, i) => draftWitness(`Saksi Pindaan ${i + 1}`, e)) },
    }),
  );
  await passAmendmentEkyc(t, aId);
  await verifiedAmendmentOtp(t, c.id, willId);
  await ok(patch(aId, c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
  await ok(patch(aId, officer, { status: 3 }));
  await ok(
    t.call('POST', `/api/amendment/${aId}/signature`, {
      token: c.token,
      body: { is_base64: true, document: SIGNATURE_PNG },
    }),
  );
  if (resignTyped) {
    await ok(
      t.call('POST', `/api/amendment/${aId}/signature`, {
        token: c.token,
        body: { is_base64: true, document: SIGNATURE_PNG, signature_method: 'typed' },
      }),
    );
  }
  const before = t.mails.length;
  await ok(patch(aId, c.token, { status: 4 }));
  await expect.poll(() => t.mails.length).toBeGreaterThanOrEqual(before + emails.length);
  return emails.map((e) => {
    const mail = t.mails.filter((m) => m.to.includes(e)).at(-1);
    const m = decode(mail?.raw ?? '').match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/);
    if (!m) throw new Error(`no link for ${e}`);
    const u = new URL(m[0]);
    return { id: u.pathname.split('/').at(-1) as string, query: u.search };
  });
}

/** Witness confirmation through the link: OTP by e-mail, verify, sign (`method`: the `signature_method` sent). */
async function confirmAsWitness(
  link: { id: string; query: string },
  email: string,
  tryBlank = false,
  method?: 'drawn' | 'typed',
) {
  const before = t.mails.length;
  await ok(t.call('POST', `/api/amendment-witness/${link.id}/otp${link.query}`, { body: {} }));
  await expect.poll(() => t.mails.length).toBe(before + 1);
  const mail = t.mails.at(-1);
  expect(mail?.to).toEqual([email]);
  const code = decode(mail?.raw ?? '').match(/ialah (\d{6})/)?.[1] as string; // the body (no code in a subject, ADR 0226)
  await ok(t.call('POST', `/api/amendment-witness/${link.id}/otp/verify${link.query}`, { body: { code } }));
  if (tryBlank) {
    const blank = await t.call('POST', `/api/amendment-witness/${link.id}/confirm${link.query}`, {
      body: { signature: PNG_B },
    });
    expect(blank.status).toBe(422);
  }
  return ok(
    t.call('POST', `/api/amendment-witness/${link.id}/confirm${link.query}`, {
      body: { signature: SIGNATURE_PNG, ...(method ? { signature_method: method } : {}) },
    }),
  );
}

describe('apply', () => {
  it('only for a registered will, by its testator, one open amendment at a time; lists newest first', async () => {
    const { c, id } = await registeredWill(t, staff);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    expect(a).toMatchObject({
      status: 0,
      count: 1,
      price_sen: 5000,
      paid: 0,
      amendmentable_type: 'Wasiat',
      amendmentable_id: id,
    });
    expect(a.reference_no).toMatch(/^P\d{4}-\d{6}$/);
    expect(a.draft.heirs).toHaveLength(1);
    expect(a.draft.witnesses).toHaveLength(2);
    const again = await t.call('POST', '/api/amendment', {
      token: c.token,
      body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.amendmentable_id).toEqual(['This will already has an amendment in progress.']);
    // another client: the will does not exist for them
    const other = await newClient(t);
    expect(
      (
        await t.call('POST', '/api/amendment', {
          token: other.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        })
      ).status,
    ).toBe(404);
    expect((await t.call('GET', `/api/amendment/${a.id}`, { token: other.token })).status).toBe(404);
    expect(
      (await t.call('GET', `/api/amendment?wasiat_id=${id}`, { token: other.token })).body.amendments.data,
    ).toEqual([]);
    const list = await ok(t.call('GET', `/api/amendment?wasiat_id=${id}`, { token: c.token }));
    expect(list.amendments.data.map((x: { id: string }) => x.id)).toEqual([a.id]);
    const byWill = await ok(t.call('GET', `/api/wasiat/${id}/amendment`, { token: staff }));
    expect(byWill.amendments.data[0].id).toBe(a.id);
    expect(await actions(a.id)).toContain('amendment.apply');
  });

  it('refuses a will that is not registered (422) and answers the hibah listing of spec §7', async () => {
    const c = await newClient(t);
    const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
    const r = await t.call('POST', '/api/amendment', {
      token: c.token,
      lang: 'ms',
      body: { amendmentable_type: 'Wasiat', amendmentable_id: w.id },
    });
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Pindaan hanya boleh dimohon bagi wasiat yang telah didaftarkan.');
    const h = await ok(t.call('GET', '/api/amendment?hibah_id=unknown-hibah', { token: c.token }));
    expect(h).toEqual({ amendments: expect.objectContaining({ data: [], total: 0 }) });
  });
});

describe('payment', () => {
  it('a paid amendment gets a sealed receipt e-mailed to the applicant, naming its reference number', async () => {
    const { c, id } = await registeredWill(t, staff);
    const a = await appliedAndPaid(c.token, id);
    const [u] = await t.ctx.db.select().from(users).where(eq(users.id, c.id));
    let p: typeof payments.$inferSelect | undefined;
    for (let i = 0; i < 100; i += 1) {
      [p] = await t.ctx.db.select().from(payments).where(eq(payments.paymentable_id, a.id));
      if (p?.receipt_mail_status === 'sent') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(p).toMatchObject({ status: 'paid', receipt_mail_status: 'sent' });
    const mail = t.mails.find((m) => m.to.includes(u.email as string) && m.raw.includes(p?.receipt_no as string));
    expect(mail?.raw).toContain('application/pdf');
    // It sends the payer where an amendment's receipt is offered (the dashboard's history), never to a will's page
    // under the amendment's id (issue 38).
    const body = decode(mail?.raw ?? '');
    expect(body).toContain('/dashboard');
    expect(body).not.toContain(`/wasiat/${a.id}/receipt`);
    const pdf = await t.call('GET', `/api/payment/${p?.id}/receipt`, { token: c.token });
    expect(pdf.status).toBe(200);
    const text = pdfText(pdf.raw);
    expect(text).toContain(a.reference_no);
    expect(text).toContain(p?.receipt_no as string);
  });
});

describe('draft, transitions and witnesses', () => {
  it('runs the whole flow; each illegal move is 422 and changes nothing; the wrong person is 403', async () => {
    const { c, id } = await registeredWill(t, staff);
    const a = await appliedAndPaid(c.token, id);
    expect((await row(a.id)).payment_received_at).not.toBeNull();

    // Draft: change the heir, add a receiver and a property with shares (server checks of shares).
    const d = (await ok(t.call('GET', `/api/amendment/${a.id}`, { token: c.token }))).amendment.draft;
    const newHeir = { ...heir(id, { name: 'Fatimah binti Ahmad' }) } as Record<string, unknown>;
    delete newHeir.heirable_type;
    delete newHeir.heirable_id;
    const rec = { name: 'Ali bin Ahmad', relationship: 'son' };
    const saved = (
      await ok(
        t.call('PATCH', `/api/amendment/${a.id}/draft`, {
          token: c.token,
          body: { heirs: [newHeir], receivers: [rec] },
        }),
      )
    ).amendment;
    expect(saved.draft.heirs.map((h: { name: string }) => h.name)).toEqual(['Fatimah binti Ahmad']);
    const rid = saved.draft.receivers[0].id;
    const savings = {
      property_type: 'savings',
      institution_name: 'Bank Islam',
      account_number: '12345',
      value_sen: 1000000,
      value_estimated_on: '2026-01-15',
    };
    const bad = await t.call('PATCH', `/api/amendment/${a.id}/draft`, {
      token: c.token,
      body: { moveables: [{ ...savings, shares: [{ receiver_id: 'nope', portion: '50%' }] }] },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['moveables.0.shares']);
    const over = await t.call('PATCH', `/api/amendment/${a.id}/draft`, {
      token: c.token,
      body: {
        moveables: [
          {
            ...savings,
            shares: [
              { receiver_id: rid, portion: '60%' },
              { receiver_id: rid, portion: '1/2' },
            ],
          },
        ],
      },
    });
    expect(over.status).toBe(422);
    await ok(
      t.call('PATCH', `/api/amendment/${a.id}/draft`, {
        token: c.token,
        body: { moveables: [{ ...savings, shares: [{ receiver_id: rid, portion: '50%' }] }] },
      }),
    );
    expect(d.heirs[0].name).toBe('Siti binti Ahmad');

    // Illegal: 0 → 2 and 0 → 4 (422, nothing changes); officer cannot submit for the client (403).
    for (const status of [2, 3, 4]) {
      const r = await patch(a.id, c.token, { status });
      expect([403, 422]).toContain(r.status);
      if (r.status === 422)
        expect(r.body.errors.status).toEqual(["This change of the amendment's status is not allowed."]);
    }
    expect((await row(a.id)).status).toBe(0);
    expect((await patch(a.id, officer, { status: 1 })).status).toBe(403);

    // Submit: every requirement reported at once.
    const missing = await patch(a.id, c.token, { status: 1 });
    expect(missing.status).toBe(422);
    // The receiver and property make the basic will comprehensive: the price difference is due too (ADR 0253).
    expect(Object.keys(missing.body.errors).sort()).toEqual(['acknowledged_pdpa', 'ekyc', 'otp', 'payment']);
    expect(missing.body.errors.payment).toEqual([
      "The change of the will's type (basic to comprehensive) has not been paid for.",
    ]);
    await payThroughSandbox(c.token, a.id);
    const links = await (async () => {
      const r = await toWitnessStage(c, id, a.id, ['w1@example.com', 'w2@example.com']);
      return r;
    })();
    const r4 = await row(a.id);
    expect(r4.status).toBe(4);
    expect(r4.handled_by).not.toBeNull();
    const days = (r4.expires_at!.getTime() - r4.accepted_at!.getTime()) / 86400000;
    expect(days).toBe(14);
    // Draft no longer editable.
    expect(
      (await t.call('PATCH', `/api/amendment/${a.id}/draft`, { token: c.token, body: { heirs: [] } })).status,
    ).toBe(422);

    // Approve before the witnesses confirmed: 422, nothing changes.
    const early = await patch(a.id, officer, { status: 2 });
    expect(early.status).toBe(422);
    expect(early.body.errors.witnesses).toBeDefined();
    expect((await row(a.id)).status).toBe(4);

    // A tampered or expired link is refused.
    const tampered = links[0].query.replace(/signature=[^&]+/, 'signature=AAAA');
    expect((await t.call('GET', `/api/amendment-witness/${links[0].id}${tampered}`)).status).toBe(403);
    expect((await t.call('GET', `/api/amendment-witness/${links[1].id}${links[0].query}`)).status).toBe(403);
    const viewedAt = async (id: string) =>
      (await t.ctx.db.select().from(amendment_witnesses).where(eq(amendment_witnesses.id, id)))[0].link_viewed_at;
    expect(await viewedAt(links[0].id)).toBeNull();
    // The attestation view (issue 36 item 4, ADR 0228): the document's version and hash and the witness's own
    // row — not the draft's heirs.
    const view = await ok(t.call('GET', `/api/amendment-witness/${links[0].id}${links[0].query}`));
    expect(view.document).toMatchObject({ kind: 'will_amendment', reference: a.reference_no, version: 2 });
    expect(view.party).toMatchObject({ role: 'witness', name: 'Saksi Pindaan 1', done_at: null });
    expect(JSON.stringify(view)).not.toContain('Fatimah binti Ahmad');
    // The first opening is recorded (certificate of completion "viewed"); a second one keeps it.
    const firstView = await viewedAt(links[0].id);
    expect(firstView).toBeInstanceOf(Date);
    await ok(t.call('GET', `/api/amendment-witness/${links[0].id}${links[0].query}`));
    expect(await viewedAt(links[0].id)).toEqual(firstView);
    expect(await viewedAt(links[1].id)).toBeNull();
    // Signing before a verified OTP: 422; a wrong code: 422 (translated).
    const noOtp = await t.call('POST', `/api/amendment-witness/${links[0].id}/confirm${links[0].query}`, {
      body: { signature: SIGNATURE_PNG },
    });
    expect(noOtp.status).toBe(422);
    await ok(t.call('POST', `/api/amendment-witness/${links[0].id}/otp${links[0].query}`, { body: {} }));
    const wrong = await t.call('POST', `/api/amendment-witness/${links[0].id}/otp/verify${links[0].query}`, {
      body: { code: '000000' },
      lang: 'en',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.message).toBe('Your OTP code is incorrect. Please try again.');
    // (the code just requested may be reused after 30 s only; move its clock back)
    await backdateOtp(links[0].id);
    await confirmAsWitness(links[0], 'w1@example.com');
    const twice = await t.call('POST', `/api/amendment-witness/${links[0].id}/confirm${links[0].query}`, {
      body: { signature: SIGNATURE_PNG },
    });
    expect(twice.status).toBe(422);
    // Witness 2: a blank signature pad is refused, then a drawn one is recorded.
    await confirmAsWitness(links[1], 'w2@example.com', true);
    const witnesses = (await ok(t.call('GET', `/api/amendment/${a.id}/witness`, { token: c.token }))).witnesses.data;
    expect(witnesses.every((w: { confirmed_at: string | null }) => w.confirmed_at)).toBe(true);

    // The client cannot approve (403); the officer approves: a new version of the will.
    expect((await patch(a.id, c.token, { status: 2 })).status).toBe(403);
    const done = (await ok(patch(a.id, officer, { status: 2 }))).amendment;
    expect(done).toMatchObject({ status: 2, version_no: 2 });
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(w.current_version).toBe(2);
    const live = await t.ctx.db
      .select()
      .from(heirs)
      .where(and(eq(heirs.heirable_type, 'Wasiat'), eq(heirs.heirable_id, id)));
    expect(live.map((h) => h.name)).toEqual(['Fatimah binti Ahmad']);
    const will = (await ok(t.call('GET', `/api/wasiat/${id}?load_with=property,witness`, { token: c.token }))).wasiat;
    expect(will.current_version).toBe(2);
    expect(will.witnesses.map((x: { name: string }) => x.name)).toEqual(['Saksi Pindaan 1', 'Saksi Pindaan 2']);
    // Each confirmed by the code e-mailed to them: the new version records how they were identified (ADR 0259).
    expect(will.witnesses.map((x: { identified_by: string }) => x.identified_by)).toEqual(['email_code', 'email_code']);
    expect(await actions(a.id)).toEqual(
      expect.arrayContaining([
        'amendment.apply',
        'amendment.draft',
        'amendment.submit',
        'amendment.pass',
        'amendment.sign',
        'amendment.accept_draft',
        'amendment.approve',
      ]),
    );
    expect(await actions(id)).toContain('will.new_version');

    // Versions: staff read both; the client only the current one.
    const vs = await ok(t.call('GET', `/api/wasiat/${id}/versions`, { token: staff }));
    expect(vs.versions.map((v: { version_no: number }) => v.version_no)).toEqual([1, 2]);
    expect(vs.versions[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    const v1 = await ok(t.call('GET', `/api/wasiat/${id}/versions/1`, { token: staff }));
    expect(v1.version.content.heirs[0].name).toBe('Siti binti Ahmad');
    expect((await t.call('GET', `/api/wasiat/${id}/versions/1`, { token: c.token })).status).toBe(404);
    expect((await ok(t.call('GET', `/api/wasiat/${id}/versions`, { token: c.token }))).versions).toHaveLength(1);

    // Every PDF is of the version it names.
    const pdf1 = await t.call('GET', `/api/wasiat/${id}/certificate/final?version=1`, { token: staff });
    expect(pdf1.status).toBe(200);
    const text1 = pdfText(pdf1.raw);
    expect(text1).toContain('Siti binti Ahmad');
    expect(text1).not.toContain('Fatimah binti Ahmad');
    expect(text1).toMatch(/Versi \/ Version: 1/);
    expect(text1).toContain('Wasiat Asas');
    const pdf2 = pdfText((await t.call('GET', `/api/wasiat/${id}/certificate/final?version=2`, { token: staff })).raw);
    expect(pdf2).toContain('Fatimah binti Ahmad');
    expect(pdf2).toMatch(/Versi \/ Version: 2/);
    // The amended will's type line reads its type (ADR 0253).
    expect(pdf2).toContain('Wasiat Komprehensif');
    expect(pdf2).not.toContain('Wasiat Asas');
    const current = pdfText((await t.call('GET', `/api/wasiat/${id}/certificate/final`, { token: c.token })).raw);
    expect(current).toContain('Fatimah binti Ahmad');
    expect(current).toMatch(/Versi \/ Version: 2/);
    expect((await t.call('GET', `/api/wasiat/${id}/certificate/final?version=1`, { token: c.token })).status).toBe(404);
    expect((await t.call('GET', `/api/wasiat/${id}/certificate/final?version=9`, { token: staff })).status).toBe(404);

    // After success nothing moves any more.
    for (const status of [0, 1, 3, 4, 5]) expect((await patch(a.id, officer, { status })).status).toBe(422);
    expect((await row(a.id)).status).toBe(2);
    // A new amendment may be applied for now; it starts from version 2.
    const next = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    expect(next.count).toBe(2);
    expect(next.draft.heirs[0].name).toBe('Fatimah binti Ahmad');
  });

  it('returns (officer, reason required), rejects the draft (client) and cancels (owner or officer)', async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    // Price 0: settled when applied, nothing to pay (ADR 0253).
    expect(a.paid).toBe(1);
    await ok(
      t.call('PATCH', `/api/amendment/${a.id}/draft`, {
        token: c.token,
        body: { witnesses: [draftWitness('A Saksi', 'a@example.com'), draftWitness('B Saksi', 'b@example.com')] },
      }),
    );
    await passAmendmentEkyc(t, a.id);
    await verifiedAmendmentOtp(t, c.id, id);
    await ok(patch(a.id, c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
    const noReason = await patch(a.id, officer, { status: 0 });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toEqual(['Please give a reason.']);
    expect((await row(a.id)).status).toBe(1);
    await ok(patch(a.id, officer, { status: 0, reason: 'Sila lampirkan geran.' }));
    expect(await row(a.id)).toMatchObject({ status: 0, reason: 'Sila lampirkan geran.' });
    await verifiedAmendmentOtp(t, c.id, id);
    await ok(patch(a.id, c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
    await ok(patch(a.id, staff, { status: 3 }));
    // accepting without a signature: 422
    const unsigned = await patch(a.id, c.token, { status: 4 });
    expect(unsigned.status).toBe(422);
    expect(unsigned.body.errors.signature).toBeDefined();
    await ok(patch(a.id, c.token, { status: 0 }));
    expect(await row(a.id)).toMatchObject({ status: 0, expires_at: null });
    // Staff may not cancel from 4 only if... owner cancels from 0.
    await ok(patch(a.id, c.token, { status: 5, reason: 'Tidak jadi' }));
    expect(await row(a.id)).toMatchObject({ status: 5, reason: 'Tidak jadi' });
    expect(await actions(a.id)).toEqual(
      expect.arrayContaining(['amendment.return', 'amendment.reject_draft', 'amendment.cancel']),
    );
    expect((await patch(a.id, officer, { status: 0 })).status).toBe(422);
  });

  it('at the witness stage: the owner may not cancel (403), an officer may; links re-signed on request; other types refused', async () => {
    const { c, id } = await registeredWill(t, staff, 0);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id },
        }),
        201,
      )
    ).amendment;
    expect(a.paid).toBe(1);
    const links = await toWitnessStage(c, id, a.id, ['x1@example.com', 'x2@example.com']);
    // POST /route/sign gives the testator (who may see the amendment) a fresh link; another client gets ''.
    const signed = await ok(
      t.call('POST', '/api/route/sign', {
        token: c.token,
        body: { route_name: 'amendment.witness', witness_id: links[0].id },
      }),
    );
    expect(signed.url).toMatch(new RegExp(`^/pindaan/saksi/${links[0].id}\\?expires=\\d+&signature=`));
    const other = await newClient(t);
    expect(
      (
        await ok(
          t.call('POST', '/api/route/sign', {
            token: other.token,
            body: { route_name: 'amendment.witness', witness_id: links[0].id },
          }),
        )
      ).url,
    ).toBe('');
    const fresh = new URL(signed.url, 'http://x');
    expect((await t.call('GET', `/api/amendment-witness/${links[0].id}${fresh.search}`)).status).toBe(200);
    // Owner cannot cancel at 4; officer can, with the reason; the witness link then cannot confirm.
    expect((await patch(a.id, c.token, { status: 5 })).status).toBe(403);
    expect((await row(a.id)).status).toBe(4);
    await ok(patch(a.id, officer, { status: 5, reason: 'Permintaan pewasiat' }));
    expect(await row(a.id)).toMatchObject({ status: 5, reason: 'Permintaan pewasiat', expires_at: null });
    const late = await t.call('POST', `/api/amendment-witness/${links[1].id}/otp${links[1].query}`, { body: {} });
    expect(late.status).toBe(422);
    // An accountant (no amendment rights) may read but not act (403 by the route's access list).
    const accountant = await t.login('accountant');
    expect((await t.call('GET', `/api/amendment/${a.id}`, { token: accountant })).status).toBe(200);
    expect((await patch(a.id, accountant, { status: 0 })).status).toBe(403);
    // Only wills and hibahs are amended (hibah amendments: hibah-amendments.test.ts); a hibah not visible → 404.
    const h = await t.call('POST', '/api/amendment', {
      token: c.token,
      body: { amendmentable_type: 'Trust', amendmentable_id: 'x' },
    });
    expect(h.status).toBe(422);
    expect(Object.keys(h.body.errors)).toEqual(['amendmentable_type']);
    const hx = await t.call('POST', '/api/amendment', {
      token: c.token,
      body: { amendmentable_type: 'Hibah', amendmentable_id: 'x' },
    });
    expect(hx.status).toBe(404);
  });
});

describe('signature methods (ADR 0123; issue 34)', () => {
  it('records the draft signed again by typing, and a typing witness, as typed; the amended will prints them', async () => {
    const { c, id } = await registeredWill(t, staff);
    const a = await appliedAndPaid(c.token, id);
    const links = await toWitnessStage(c, id, a.id, ['taip1@example.com', 'taip2@example.com'], true);
    await confirmAsWitness(links[0], 'taip1@example.com', false, 'typed');
    await confirmAsWitness(links[1], 'taip2@example.com');
    const events = await t.ctx.db
      .select()
      .from(signature_events)
      .where(and(eq(signature_events.signable_type, 'Amendment'), eq(signature_events.signable_id, a.id)));
    const testator = events.filter((e) => e.role === 'testator').sort((x, y) => +x.signed_at - +y.signed_at);
    expect(testator.map((e) => e.method)).toEqual(['drawn', 'typed']);
    expect(testator[1].attachment_id).toBe((await row(a.id)).signature_id);
    const byWitness = new Map(events.filter((e) => e.role === 'witness').map((e) => [e.witness_id, e.method]));
    expect(links.map((l) => byWitness.get(l.id))).toEqual(['typed', 'drawn']);

    // Approved: the amended will's certificate of completion prints each printed signature's method as recorded.
    await ok(patch(a.id, officer, { status: 2 }));
    const pdf = await t.call('GET', `/api/amendment/${a.id}/certificate/comprehensive`, { token: c.token });
    expect(pdf.status).toBe(200);
    const text = execFileSync('pdftotext', ['-', '-'], { input: pdf.raw }).toString('utf8').replace(/\s+/g, ' ');
    const completion = text.slice(text.indexOf('Sijil Penyempurnaan / Certificate of Completion'));
    const times = (needle: string) => completion.split(needle).length - 1;
    expect(times('Ditaip (nama dalam tulisan skrip) / Typed (name in a script font)')).toBe(2);
    expect(times('Dilukis pada pad / Drawn on the pad')).toBe(1);
  }, 120_000);
});

describe('harta sepencarian declared through an amendment (ADR 0286)', () => {
  it("carries the wife's portion of a land into the will, deducts it before the one-third rule, and keeps it when another field is amended", async () => {
    const RM = (r: number) => r * 100;
    const { c, id } = await registeredWill(t, staff);
    // A comprehensive will already (no change of type to pay for): property may be given.
    await t.ctx.db.update(wills).set({ plan: 'comprehensive' }).where(eq(wills.id, id));
    const draftSave = (aId: string, body: object, lang: 'ms' | 'en' = 'en') =>
      t.call('PATCH', `/api/amendment/${aId}/draft`, { token: c.token, lang, body });
    const inForce = async (aId: string, n: number) => {
      const emails = [`sep${n}a@example.com`, `sep${n}b@example.com`];
      const links = await toWitnessStage(c, id, aId, emails);
      await confirmAsWitness(links[0], emails[0]);
      await confirmAsWitness(links[1], emails[1]);
      await ok(patch(aId, officer, { status: 2 }));
    };

    const a = await appliedAndPaid(c.token, id);
    const d = (await ok(t.call('GET', `/api/amendment/${a.id}`, { token: c.token }))).amendment.draft;
    const wife = d.heirs.find((h: { relationship: string }) => h.relationship === 'wife');
    expect(wife.name).toBe('Siti binti Ahmad');
    const mosque = (await ok(draftSave(a.id, { receivers: [{ name: 'Masjid Al-Falah', relationship: 'other' }] })))
      .amendment.draft.receivers[0];
    // The whole car (RM 150,000) to the mosque; the land (RM 600,000) declared jointly acquired with the wife.
    const car = {
      property_type: 'vehicle',
      transport_type: 'Kereta',
      transport_manufacturer: 'Proton',
      transport_model: 'X70',
      transport_registration_number: 'BKK 286',
      value_sen: RM(150_000),
      value_estimated_on: '2026-02-01',
      shares: [{ receiver_id: mosque.id, portion: '100%' }],
    };
    const land = (declaration: Record<string, unknown>) => ({
      category: 'land',
      property_type: 'geran',
      property_no: 'GRN 286',
      lot_number: 'Lot 286',
      city: 'Kajang',
      district: 'Hulu Langat',
      state: 'Selangor',
      address: 'Lot 286, Kajang',
      value_sen: RM(600_000),
      value_estimated_on: '2026-02-01',
      shares: [],
      ...declaration,
    });
    const declared = (bp: number, spouse: Record<string, unknown> = { sepencarian_spouse_heir_id: wife.id }) => ({
      harta_sepencarian: true,
      ...spouse,
      sepencarian_bp: bp,
      sepencarian_basis: 'agreed',
      sepencarian_basis_note: 'Dibeli bersama pada 2010',
    });

    // A spouse who is no heir of the draft (and no name typed): refused on the row's field.
    const stranger = await draftSave(a.id, {
      moveables: [car],
      immoveables: [land(declared(5000, { sepencarian_spouse_heir_id: 'nope' }))],
    });
    expect(stranger.status).toBe(422);
    expect(Object.keys(stranger.body.errors)).toEqual(['immoveables.0.sepencarian_spouse_heir_id']);
    // Undeclared, RM 150,000 is within one third of RM 750,000. With the wife's 60% (RM 360,000) out of the estate
    // the net is RM 390,000 and the car is over its third (RM 130,000): refused with the figures, on the portion
    // that caused it, saying the spouse's portion is deducted first (ADR 0290).
    const over = await draftSave(a.id, { moveables: [car], immoveables: [land(declared(6000))] });
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.errors)).toEqual(['immoveables.0.sepencarian_bp']);
    expect(over.body.errors['immoveables.0.sepencarian_bp'][0]).toMatch(
      /^The spouse's portion of harta sepencarian \(RM 360,000.00 in all\) is deducted from the estate first.*RM 150,000.00, more than one third of the net estate \(RM 130,000.00 of RM 390,000.00/,
    );
    // Her half (RM 300,000): the net is RM 450,000, the car exactly its third. The heir's name is copied.
    const saved = (await ok(draftSave(a.id, { moveables: [car], immoveables: [land(declared(5000))] }))).amendment;
    expect(saved.draft.immoveables[0]).toMatchObject({
      sepencarian_spouse_heir_id: wife.id,
      sepencarian_spouse_name: 'Siti binti Ahmad',
      sepencarian_bp: 5000,
    });
    expect(saved.draft.immoveables[0]).not.toHaveProperty('harta_sepencarian');

    await inForce(a.id, 1);
    const [live] = await t.ctx.db
      .select()
      .from(immoveable_properties)
      .where(eq(immoveable_properties.immoveable_id, id));
    expect(live).toMatchObject({
      property_no: 'GRN 286',
      sepencarian_spouse_heir_id: wife.id,
      sepencarian_spouse_name: 'Siti binti Ahmad',
      sepencarian_bp: 5000,
      sepencarian_basis: 'agreed',
      sepencarian_basis_note: 'Dibeli bersama pada 2010',
    });
    const w1 = (await ok(t.call('GET', `/api/wasiat/${id}`, { token: c.token }))).wasiat;
    expect(w1.estate).toMatchObject({
      harta_sepencarian_sen: RM(300_000),
      harta_sepencarian_source: 'properties',
      net_sen: RM(450_000),
    });
    expect(w1.estate.one_third).toMatchObject({ net_sen: RM(450_000), property_sen: RM(150_000), over: false });

    // A second amendment changes the land's address and value only, sending the row back as the draft holds it
    // (the amendment screen's form: the row with the fields changed, empty values dropped).
    const b = await appliedAndPaid(c.token, id);
    const d2 = (await ok(t.call('GET', `/api/amendment/${b.id}`, { token: c.token }))).amendment.draft;
    expect(d2.immoveables[0]).toMatchObject({ sepencarian_bp: 5000, sepencarian_spouse_heir_id: wife.id });
    const edited = Object.fromEntries(
      Object.entries({ ...d2.immoveables[0], address: 'Lot 286, Jalan Reko, Kajang', value_sen: RM(700_000) }).filter(
        ([, v]) => v !== null && v !== '',
      ),
    );
    const kept = (await ok(draftSave(b.id, { immoveables: [edited] }))).amendment.draft.immoveables[0];
    expect(kept).toMatchObject({ address: 'Lot 286, Jalan Reko, Kajang', sepencarian_bp: 5000 });
    await inForce(b.id, 2);
    const [after] = await t.ctx.db
      .select()
      .from(immoveable_properties)
      .where(eq(immoveable_properties.immoveable_id, id));
    expect(after).toMatchObject({
      address: 'Lot 286, Jalan Reko, Kajang',
      value_sen: RM(700_000),
      sepencarian_spouse_heir_id: wife.id,
      sepencarian_spouse_name: 'Siti binti Ahmad',
      sepencarian_bp: 5000,
      sepencarian_basis: 'agreed',
      sepencarian_basis_note: 'Dibeli bersama pada 2010',
    });
    // Her half of RM 700,000 is deducted: the net is RM 500,000.
    const w2 = (await ok(t.call('GET', `/api/wasiat/${id}`, { token: c.token }))).wasiat;
    expect(w2.estate).toMatchObject({ harta_sepencarian_sen: RM(350_000), net_sen: RM(500_000) });
  }, 240_000);
});
