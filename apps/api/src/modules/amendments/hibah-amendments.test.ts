/**
 * Integration tests of hibah amendments (issue 5; spec §4 amendment statuses and 14-day window, §6 only
 * the grantor updates; ADR 0020, 0036, 0037) over HTTP on a real database and a real SMTP server: apply
 * on a registered hibah (exact reply shapes), the grantor-only rule (403 for staff and others, 404 out of
 * scope), the draft's checks, price and payment, every move 0 → 1 → 3 → 4 → 2 with a real OTP and the
 * witnesses' signed links, the hibah's new version (earlier one readable to staff only), and the window.
 */
import { maskMykad } from '@wasiat/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendments,
  attachments,
  audit_events,
  hibah_property_receivers,
  hibah_receivers,
  hibah_witnesses,
  hibahs,
  otp_codes,
  pricings,
} from '../../db/schema/index.ts';
import { runJob } from '../../platform/jobs/scheduler.ts';
import { verifiedHibahOtp } from '../hibah/test-fixtures.ts';
import { JPEG_A, newClient, newMykad, ok, PNG_A, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { amendmentDocumentVersion } from './completion.ts';
import { grantorIdentity, mailTo, registeredHibah, verifiedSubmitCode } from './hibah-test-fixtures.ts';
import { AMENDMENT_WINDOW_JOB } from './jobs.ts';
import { passAmendmentEkyc } from './test-fixtures.ts';

let t: TestApp;
const tok: Record<string, string> = {};
beforeAll(async () => {
  t = await makeTestApp();
  for (const u of ['staff', 'officer', 'agent', 'partner']) tok[u] = await t.login(u);
});
afterAll(async () => {
  await t.close();
});

const DAY = 86_400_000;
const apply = (token: string, hibahId: string, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/amendment', {
    token,
    lang,
    body: { amendmentable_type: 'Hibah', amendmentable_id: hibahId, notes: null, status: 0 },
  });
const patch = (id: string, token: string, body: object, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', `/api/amendment/${id}`, { token, lang, body: { _method: 'PATCH', ...body } });
const draft = (id: string, token: string, body: object, lang: 'ms' | 'en' = 'en') =>
  t.call('PATCH', `/api/amendment/${id}/draft`, { token, lang, body });
const row = async (id: string) => (await t.ctx.db.select().from(amendments).where(eq(amendments.id, id)))[0];
const hibah = async (id: string) => (await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, id)))[0];
const witness = (n: number, email: string) => ({
  name: `Saksi Pindaan Hibah ${n}`,
  ic_number: newMykad(),
  email,
  address: 'No. 9, Jalan Dahlia',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
});
const newReceiver = {
  name: 'Siti Aminah binti Ahmad',
  relationship: 'son',
  ic_number: newMykad(false),
  email: 'siti@example.com',
  address: 'No. 3, Jalan Kenanga',
  postcode: '43000',
  city: 'Kajang',
  state: 'Selangor',
};

/** Drive a hibah amendment to "awaiting witness confirmation" (4); returns the witnesses' links. */
async function toWitnessStage(
  c: { id: string; token: string; ic: string },
  hibahId: string,
  aId: string,
  emails: string[],
) {
  await ok(draft(aId, c.token, { witnesses: emails.map((e, i) => witness(i + 1, e)) }));
  await grantorIdentity(t, c, hibahId, aId);
  await ok(patch(aId, c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
  await ok(patch(aId, tok.officer, { status: 3 }));
  await ok(
    t.call('POST', `/api/amendment/${aId}/signature`, {
      token: c.token,
      body: { is_base64: true, description: 'amendment', document: SIGNATURE_PNG },
    }),
  );
  const before = t.mails.length;
  await ok(patch(aId, c.token, { status: 4 }));
  const links = [];
  for (const e of emails) {
    const mail = await mailTo(t, e, before);
    expect(mail).toContain('pindaan');
    expect(mail).toContain('hibahnya');
    const m = mail.match(/https?:\/\/[^\s]+\/pindaan\/saksi\/[^\s]+/);
    if (!m) throw new Error(`no link for ${e}`);
    const u = new URL(m[0]);
    links.push({ id: u.pathname.split('/').at(-1) as string, query: u.search, email: e });
  }
  return links;
}

/** A witness confirms through their link: the code e-mailed to them, then a signature. */
async function confirmAsWitness(link: { id: string; query: string; email: string }) {
  const before = t.mails.length;
  await ok(t.call('POST', `/api/amendment-witness/${link.id}/otp${link.query}`, { body: {} }));
  const code = (await mailTo(t, link.email, before)).match(/ialah (\d{6})/)?.[1] as string; // the body (ADR 0226)
  await ok(t.call('POST', `/api/amendment-witness/${link.id}/otp/verify${link.query}`, { body: { code } }));
  return ok(
    t.call('POST', `/api/amendment-witness/${link.id}/confirm${link.query}`, { body: { signature: SIGNATURE_PNG } }),
  );
}

describe('apply for a hibah amendment', () => {
  it('only on a registered hibah, by its grantor, one open at a time; exact reply shapes; lists', async () => {
    // A hibah still being filled in: 422 on amendmentable_id.
    const early = await newClient(t);
    const h0 = (
      await ok(t.call('POST', '/api/hibah', { token: early.token, body: { user_id: early.id, hibah_type: 9 } }), 201)
    ).hibah;
    const no = await apply(early.token, h0.id, 'ms');
    expect(no.status).toBe(422);
    expect(no.body).toEqual({
      message: 'Pindaan hanya boleh dimohon bagi hibah yang telah didaftarkan.',
      errors: { amendmentable_id: ['Pindaan hanya boleh dimohon bagi hibah yang telah didaftarkan.'] },
    });

    const h = await registeredHibah(t, tok.staff);
    // Not visible: another client and a partner of another organisation → 404; an unknown type → 422.
    expect((await apply(early.token, h.id)).status).toBe(404);
    expect((await apply(tok.partner, h.id)).status).toBe(404);
    const other = await t.call('POST', '/api/amendment', {
      token: h.c.token,
      body: { amendmentable_type: 'Trust', amendmentable_id: h.id },
    });
    expect(other.status).toBe(422);
    expect(Object.keys(other.body.errors)).toEqual(['amendmentable_type']);

    const r = await apply(h.c.token, h.id);
    expect(r.status).toBe(201);
    expect(Object.keys(r.body)).toEqual(['amendment']);
    const a = r.body.amendment;
    expect(a).toMatchObject({
      amendmentable_type: 'Hibah',
      amendmentable_id: h.id,
      user_id: h.c.id,
      status: 0,
      count: 1,
      is_staff_created: 0,
      price_sen: 0,
      paid: 1,
      handled_by: null,
      incharged_by_id: null,
      witnesses: [],
      amendmentable: {
        id: h.id,
        hibah_number: h.hibah_number,
        hibah_type: 9,
        current_version: 1,
        status: 5,
        user: { name: expect.any(String), ic_number: h.c.ic },
      },
    });
    expect(a.reference_no).toMatch(/^P\d{4}-\d{6}$/);
    expect(Object.keys(a.draft).sort()).toEqual(
      ['caretakers', 'fields', 'heirs', 'immoveables', 'moveables', 'receivers', 'user_detail', 'witnesses'].sort(),
    );
    expect(a.draft.receivers.map((x: any) => x.name)).toEqual(['Fatimah binti Ahmad', 'Adam bin Ahmad']);
    expect(a.draft.immoveables).toHaveLength(1);
    expect(a.draft.immoveables[0]).toMatchObject({ id: h.land.id, property_no: 'GRN 12345' });
    expect(a.draft.immoveables[0].shares).toEqual([
      { receiver_id: h.adult.id, portion: '50%' },
      { receiver_id: h.minor.id, portion: '50%' },
    ]);
    expect(a.draft.caretakers[0]).toMatchObject({ receiver_id: h.minor.id });
    expect(a.draft.witnesses.map((w: any) => w.name)).toEqual(h.witnesses.map((w: any) => w.name));

    // One open amendment per hibah.
    const again = await apply(h.c.token, h.id);
    expect(again.status).toBe(422);
    expect(again.body.errors.amendmentable_id).toEqual(['This hibah already has an amendment in progress.']);

    // GET /amendment?hibah_id= → { amendments: { data, … } }, newest first; scoped to who sees the hibah.
    const list = await t.call('GET', `/api/amendment?hibah_id=${h.id}`, { token: h.c.token });
    expect(list.status).toBe(200);
    expect(Object.keys(list.body)).toEqual(['amendments']);
    expect(Object.keys(list.body.amendments).sort()).toEqual(
      ['current_page', 'data', 'last_page', 'per_page', 'total'].sort(),
    );
    expect(list.body.amendments.data.map((x: any) => [x.id, x.status])).toEqual([[a.id, 0]]);
    expect(list.body.amendments.data[0].draft).toBeUndefined();
    expect(
      (await ok(t.call('GET', `/api/amendment?hibah_id=${h.id}`, { token: early.token }))).amendments.data,
    ).toEqual([]);
    const staffList = await ok(
      t.call('GET', '/api/amendment?amendmentable_type=Hibah&load_with=amendmentable.user', { token: tok.staff }),
    );
    const mine = staffList.amendments.data.find((x: any) => x.id === a.id);
    expect(mine.amendmentable.user).toEqual({ name: expect.any(String), ic_number: h.c.ic });
    expect(staffList.amendments.data.every((x: any) => x.amendmentable_type === 'Hibah')).toBe(true);
    const queue = await ok(
      t.call('GET', '/api/amendment?amendmentable_type=Hibah&status=1,4&load_with=amendmentable.user', {
        token: tok.officer,
      }),
    );
    expect(queue.amendments.data.some((x: any) => x.id === a.id)).toBe(false);
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, a.id));
    expect(events.map((e) => e.action)).toContain('amendment.apply');
  });
});

describe('grantor only (spec §6)', () => {
  it('staff may open one on the grantor’s behalf but only the grantor changes, signs and submits the draft', async () => {
    const h = await registeredHibah(t, tok.staff);
    // An agent who does not see the hibah: 404; staff open it for the grantor.
    expect((await apply(tok.agent, h.id)).status).toBe(404);
    const a = (await ok(apply(tok.staff, h.id), 201)).amendment;
    expect(a).toMatchObject({ is_staff_created: 1, user_id: h.c.id, status: 0 });

    const body = { receivers: [{ ...newReceiver }] };
    for (const who of ['staff', 'officer']) {
      const r = await draft(a.id, tok[who], body, 'ms');
      expect(r.status).toBe(403);
      expect(r.body.message).toBe('Hanya penghibah boleh mengubah pindaan hibah ini.');
    }
    const outsider = await newClient(t);
    expect((await draft(a.id, outsider.token, body)).status).toBe(404);
    expect((await patch(a.id, tok.staff, { notes: 'Tukar penerima' })).status).toBe(403);
    expect(
      (
        await t.call('POST', `/api/amendment/${a.id}/document`, {
          token: tok.staff,
          body: { is_base64: true, document: SIGNATURE_PNG, description: 'x' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await patch(a.id, tok.staff, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 })).status,
    ).toBe(403);
    // Nothing changed.
    expect(((await row(a.id)).draft as any).receivers).toHaveLength(2);

    // The grantor may; the message (part f) too.
    await ok(patch(a.id, h.c.token, { notes: 'Tambah penerima' }));
    const saved = await ok(draft(a.id, h.c.token, { receivers: [...(a.draft.receivers as object[]), newReceiver] }));
    expect(saved.amendment.draft.receivers).toHaveLength(3);
    expect(saved.amendment.notes).toBe('Tambah penerima');

    // The officer cancels it; the grantor may apply again.
    await ok(patch(a.id, tok.officer, { status: 5, reason: 'Dibuka tersilap' }));
    expect((await apply(h.c.token, h.id)).status).toBe(201);
  });
});

describe('the draft', () => {
  it('is checked like the hibah: shares, minors’ caretakers, witnesses, receivers’ minor flag', async () => {
    const h = await registeredHibah(t, tok.staff);
    const a = (await ok(apply(h.c.token, h.id), 201)).amendment;
    const d = a.draft;
    const land = d.immoveables[0];
    const over = await draft(a.id, h.c.token, {
      immoveables: [
        {
          ...land,
          shares: [
            { receiver_id: h.adult.id, portion: '60%' },
            { receiver_id: h.minor.id, portion: '1/2' },
          ],
        },
      ],
    });
    expect(over.status).toBe(422);
    expect(Object.keys(over.body.errors)).toEqual(['immoveables.0.shares']);
    const unknown = await draft(a.id, h.c.token, {
      immoveables: [{ ...land, shares: [{ receiver_id: 'nobody', portion: '10%' }] }],
    });
    expect(unknown.body.errors['immoveables.0.shares']).toEqual(['A share names a receiver that is not in the draft.']);
    const notMinor = await draft(a.id, h.c.token, { caretakers: [{ ...d.caretakers[0], receiver_id: h.adult.id }] });
    expect(notMinor.status).toBe(422);
    expect(Object.keys(notMinor.body.errors)).toEqual(['caretakers.0.receiver_id']);
    const grantorWitness = await draft(a.id, h.c.token, {
      witnesses: [{ ...witness(1, 'w1@example.com'), ic_number: h.c.ic }],
    });
    expect(Object.keys(grantorWitness.body.errors)).toEqual(['witnesses.0.ic_number']);
    const badPortion = await draft(a.id, h.c.token, {
      immoveables: [{ ...land, shares: [{ receiver_id: h.adult.id, portion: '150%' }] }],
    });
    expect(badPortion.status).toBe(422);
    // A receiver's minor flag comes from the MyKad, not from the client.
    const r = await ok(
      draft(a.id, h.c.token, {
        receivers: [...d.receivers, { ...newReceiver, ic_number: '150601149991', name: 'Anak Kecil', is_minor: false }],
      }),
    );
    expect(r.amendment.draft.receivers.at(-1)).toMatchObject({ name: 'Anak Kecil', is_minor: true });
    // Leaving a receiver out drops their shares and their caretaker's link (as deleting them on the hibah does).
    const without = await ok(
      draft(a.id, h.c.token, { receivers: r.amendment.draft.receivers.filter((x: any) => x.id !== h.minor.id) }),
    );
    expect(without.amendment.draft.immoveables[0].shares).toEqual([{ receiver_id: h.adult.id, portion: '50%' }]);
    expect(without.amendment.draft.caretakers[0].receiver_id).toBeNull();
    // The live hibah is untouched by draft edits.
    expect(await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.hibah_id, h.id))).toHaveLength(2);
  });
});

describe('a trust with an asset ledger', () => {
  it('keeps a property that has ledger rows: removing it from the draft is refused (422)', async () => {
    const h = await registeredHibah(t, tok.staff, 7);
    await ok(
      t.call('POST', `/api/hibah/${h.id}/product-transaction`, {
        token: h.c.token,
        body: { type: 'credit', amount_sen: 150000, property_id: h.land.id, description: 'Sewa' },
      }),
      201,
    );
    const a = (await ok(apply(h.c.token, h.id), 201)).amendment;
    const gone = await draft(a.id, h.c.token, { immoveables: [] }, 'ms');
    expect(gone.status).toBe(422);
    expect(gone.body.errors).toEqual({ immoveables: ['Harta ini mempunyai transaksi aset dan tidak boleh dibuang.'] });
    // Changing it is fine.
    const changed = await ok(
      draft(a.id, h.c.token, { immoveables: [{ ...a.draft.immoveables[0], lot_number: 'Lot 999' }] }),
    );
    expect(changed.amendment.draft.immoveables[0]).toMatchObject({ id: h.land.id, lot_number: 'Lot 999' });
  });
});

describe('price and payment', () => {
  it('takes the hibah pricing’s amendment price; submitting needs it paid; pays through the gateway', async () => {
    const h = await registeredHibah(t, tok.staff);
    const hb = await hibah(h.id);
    await t.ctx.db
      .update(pricings)
      .set({ amendment_price_sen: 2500 })
      .where(eq(pricings.id, hb.pricing_id as string));
    try {
      const a = (await ok(apply(h.c.token, h.id), 201)).amendment;
      expect(a).toMatchObject({ price_sen: 2500, paid: 0 });
      await ok(draft(a.id, h.c.token, { witnesses: [witness(1, 'p1@example.com'), witness(2, 'p2@example.com')] }));
      await grantorIdentity(t, h.c, h.id, a.id);
      const unpaid = await patch(a.id, h.c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 });
      expect(unpaid.status).toBe(422);
      expect(Object.keys(unpaid.body.errors)).toEqual(['payment']);
      expect((await row(a.id)).status).toBe(0);
      const pay = await ok(
        t.call('POST', '/api/payment', {
          token: h.c.token,
          body: {
            paymentable_type: 'Amendment',
            paymentable_id: a.id,
            payment_options_id: 1,
            redirect_url: `/trust/part-listpindaan?id=${h.id}`,
          },
        }),
      );
      expect(pay.payment.amount_sen ?? pay.payment.amount).toBeTruthy();
      const res = await fetch(`${t.baseUrl}${pay.payment_link}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'outcome=approve',
      });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toMatch(/^\/trust\/part-listpindaan\?id=[^&]+&status=1&/);
      expect((await ok(t.call('GET', `/api/amendment/${a.id}`, { token: h.c.token }))).amendment.paid).toBe(1);
      await grantorIdentity(t, h.c, h.id, a.id);
      const sent = await ok(patch(a.id, h.c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
      expect(sent.amendment.status).toBe(1);
    } finally {
      await t.ctx.db
        .update(pricings)
        .set({ amendment_price_sen: 0 })
        .where(eq(pricings.id, hb.pricing_id as string));
    }
  });
});

describe('from a registered hibah to an approved amendment', () => {
  it('submit with OTP, officer passes, grantor signs and accepts, witnesses confirm, officer approves → version 2', async () => {
    const h = await registeredHibah(t, tok.staff);
    const c = h.c;
    const a = (await ok(apply(c.token, h.id), 201)).amendment;
    const d = a.draft;

    // Add a receiver and re-share the land: 50% / 25% / 25%.
    const withNew = await ok(draft(a.id, c.token, { receivers: [...d.receivers, newReceiver] }));
    const siti = withNew.amendment.draft.receivers.at(-1);
    expect(siti.id).toBeTruthy();
    await ok(
      draft(a.id, c.token, {
        immoveables: [
          {
            ...d.immoveables[0],
            shares: [
              { receiver_id: h.adult.id, portion: '50%' },
              { receiver_id: h.minor.id, portion: '1/4' },
              { receiver_id: siti.id, portion: '25%' },
            ],
          },
        ],
      }),
    );

    // Submitting needs the declarations, the witnesses, the amendment's eKYC and the OTP: each missing item is named.
    const bare = await patch(a.id, c.token, { status: 1 });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.errors).sort()).toEqual(['acknowledged_pdpa', 'ekyc', 'otp']);
    const emails = [`hw1.${Date.now()}@example.com`, `hw2.${Date.now()}@example.com`];
    const links = await toWitnessStage(c, h.id, a.id, emails);
    const at4 = await row(a.id);
    expect(at4).toMatchObject({ status: 4, handled_by: expect.any(String) });
    expect((at4.expires_at as Date).getTime() - (at4.accepted_at as Date).getTime()).toBe(14 * DAY);
    expect((at4.passed_at as Date).getTime()).toBeLessThanOrEqual((at4.accepted_at as Date).getTime());

    // Not every witness confirmed: the officer cannot approve yet; the grantor never can.
    const early = await patch(a.id, tok.officer, { status: 2 });
    expect(early.status).toBe(422);
    expect(Object.keys(early.body.errors)).toEqual(['witnesses']);
    expect((await patch(a.id, c.token, { status: 2 })).status).toBe(403);

    // The witness page is the attestation view (issue 36 item 4, ADR 0228): the grantor with the MyKad
    // masked, the hibah amendment's reference, version and hash, the witness's own row — not the draft.
    const view = await ok(t.call('GET', `/api/amendment-witness/${links[0].id}${links[0].query}`));
    const [draftRow] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
    expect(view.document).toMatchObject({ kind: 'hibah_amendment', reference: a.reference_no, version: 2 });
    expect(view.document.sha256).toBe(amendmentDocumentVersion(draftRow));
    expect(view.step).toMatchObject({ status: 4, open: true });
    expect(view.subject.ic_number).toBe(maskMykad(c.ic));
    // (the test client's account name is made from its MyKad: "Klien <MyKad>"; that is a name, not the number)
    const sent = JSON.stringify(view).replaceAll(`Klien ${c.ic}`, 'Klien');
    expect(sent).not.toContain(c.ic);
    expect(sent).not.toContain('Siti Aminah binti Ahmad');
    for (const l of links) await confirmAsWitness(l);

    const approved = await ok(patch(a.id, tok.officer, { status: 2 }));
    expect(approved.amendment).toMatchObject({ status: 2, version_no: 2, expires_at: null });
    expect(approved.amendment.amendmentable).toMatchObject({
      current_version: 2,
      status: 5,
      hibah_number: h.hibah_number,
    });

    // The hibah's live content is the draft; unchanged receivers keep their signature, the new one has none.
    const hb = await hibah(h.id);
    expect(hb).toMatchObject({
      status: 5,
      current_version: 2,
      hibah_number: h.hibah_number,
      signature_id: at4.signature_id,
    });
    const rs = await t.ctx.db.select().from(hibah_receivers).where(eq(hibah_receivers.hibah_id, h.id));
    expect(rs.map((r) => r.name).sort()).toEqual(['Adam bin Ahmad', 'Fatimah binti Ahmad', 'Siti Aminah binti Ahmad']);
    expect(rs.find((r) => r.id === h.adult.id)?.signed_at).toBeTruthy();
    expect(rs.find((r) => r.name === 'Siti Aminah binti Ahmad')?.signed_at).toBeNull();
    const shares = await t.ctx.db
      .select()
      .from(hibah_property_receivers)
      .where(eq(hibah_property_receivers.property_id, h.land.id));
    expect(shares.map((s) => s.portion).sort()).toEqual(['1/4', '25%', '50%']);
    const ws = await t.ctx.db.select().from(hibah_witnesses).where(eq(hibah_witnesses.hibah_id, h.id));
    expect(ws.map((w) => w.email).sort()).toEqual([...emails].sort());
    expect(ws.every((w) => w.confirmed_at && w.signature_id)).toBe(true);
    const hibahView = await ok(t.call('GET', `/api/hibah/${h.id}/receiver`, { token: c.token }));
    expect(hibahView.receivers.data).toHaveLength(3);

    // Versions: the grantor reads the current one only; staff read the earlier one too.
    const mineV = await ok(t.call('GET', `/api/hibah/${h.id}/versions`, { token: c.token }));
    expect(mineV).toEqual({
      current_version: 2,
      versions: [
        { version_no: 2, created_at: expect.any(String), amendment_id: a.id, sha256: expect.any(String), current: 1 },
      ],
    });
    const staffV = await ok(t.call('GET', `/api/hibah/${h.id}/versions`, { token: tok.staff }));
    expect(staffV.versions.map((v: any) => [v.version_no, v.current])).toEqual([
      [1, 0],
      [2, 1],
    ]);
    expect((await t.call('GET', `/api/hibah/${h.id}/versions/1`, { token: c.token })).status).toBe(404);
    const v1 = await ok(t.call('GET', `/api/hibah/${h.id}/versions/1`, { token: tok.staff }));
    expect(Object.keys(v1)).toEqual(['version']);
    expect(v1.version.content.receivers.map((r: any) => r.name)).toEqual(['Fatimah binti Ahmad', 'Adam bin Ahmad']);
    const v2 = await ok(t.call('GET', `/api/hibah/${h.id}/versions/2`, { token: c.token }));
    expect(v2.version.content.receivers).toHaveLength(3);
    expect((await t.call('GET', `/api/hibah/${h.id}/versions/3`, { token: tok.staff })).status).toBe(404);

    // The certificate still prints (the current content); the list shows the approved amendment first.
    const pdf = await t.call('GET', `/api/hibah/${h.id}/certificate`, { token: c.token });
    expect(pdf.status).toBe(200);
    const list = await ok(t.call('GET', `/api/amendment?hibah_id=${h.id}`, { token: c.token }));
    expect(list.amendments.data[0]).toMatchObject({ id: a.id, status: 2 });
    const actions = (await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, a.id))).map(
      (e) => e.action,
    );
    for (const x of ['amendment.apply', 'amendment.draft', 'amendment.submit', 'amendment.pass', 'amendment.sign']) {
      expect(actions).toContain(x);
    }
    expect(actions).toContain('amendment.accept_draft');
    expect(actions).toContain('amendment.approve');
    const hibahEvents = (await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, h.id))).map(
      (e) => e.action,
    );
    expect(hibahEvents).toContain('hibah.new_version');
    // A new amendment starts from version 2.
    const next = (await ok(apply(c.token, h.id), 201)).amendment;
    expect(next.count).toBe(2);
    expect(next.draft.receivers).toHaveLength(3);
  });

  it('the officer may return an application with a reason; the grantor may reject the draft', async () => {
    const h = await registeredHibah(t, tok.staff);
    const a = (await ok(apply(h.c.token, h.id), 201)).amendment;
    await ok(draft(a.id, h.c.token, { witnesses: [witness(1, 'r1@example.com'), witness(2, 'r2@example.com')] }));
    await grantorIdentity(t, h.c, h.id, a.id);
    await ok(patch(a.id, h.c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
    const noReason = await patch(a.id, tok.officer, { status: 0 });
    expect(Object.keys(noReason.body.errors)).toEqual(['reason']);
    await ok(patch(a.id, tok.officer, { status: 0, reason: 'Sila semak bahagian' }));
    expect(await row(a.id)).toMatchObject({ status: 0, reason: 'Sila semak bahagian' });
    await grantorIdentity(t, h.c, h.id, a.id);
    await ok(patch(a.id, h.c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
    await ok(patch(a.id, tok.officer, { status: 3 }));
    // Accepting needs the grantor's signature first.
    const unsigned = await patch(a.id, h.c.token, { status: 4 });
    expect(Object.keys(unsigned.body.errors)).toEqual(['signature']);
    const staffSign = await t.call('POST', `/api/amendment/${a.id}/signature`, {
      token: tok.staff,
      body: { is_base64: true, document: SIGNATURE_PNG },
    });
    expect(staffSign.status).toBe(403);
    await ok(patch(a.id, h.c.token, { status: 0 }));
    expect(await row(a.id)).toMatchObject({ status: 0, expires_at: null });
  });
});

describe('the 14-day window', () => {
  it('reminds the grantor and cancels a hibah amendment not completed in time; the grantor may apply again', async () => {
    const h = await registeredHibah(t, tok.staff);
    const a = (await ok(apply(h.c.token, h.id), 201)).amendment;
    await ok(draft(a.id, h.c.token, { witnesses: [witness(1, 'x1@example.com'), witness(2, 'x2@example.com')] }));
    await grantorIdentity(t, h.c, h.id, a.id);
    await ok(patch(a.id, h.c.token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }));
    await ok(patch(a.id, tok.officer, { status: 3 }));
    const opened = await row(a.id);
    const deadline = opened.expires_at as Date;
    expect(deadline.getTime() - (opened.passed_at as Date).getTime()).toBe(14 * DAY);
    const grantorMail = `c${h.c.ic}@example.com`;
    const before = t.mails.length;
    const reminded = await runJob(t.ctx, AMENDMENT_WINDOW_JOB, new Date(deadline.getTime() - 3 * DAY));
    expect(reminded.reminded).toBeGreaterThanOrEqual(1);
    expect(await mailTo(t, grantorMail, before)).toContain(a.reference_no);
    // Just before the deadline it stays open; at the deadline it is cancelled, once.
    await runJob(t.ctx, AMENDMENT_WINDOW_JOB, new Date(deadline.getTime() - 1));
    expect((await row(a.id)).status).toBe(3);
    const expired = await runJob(t.ctx, AMENDMENT_WINDOW_JOB, deadline);
    expect(expired.expired).toBeGreaterThanOrEqual(1);
    expect(await row(a.id)).toMatchObject({
      status: 5,
      reason: 'Tidak diselesaikan dalam tempoh 14 hari.',
      expires_at: null,
    });
    expect((await runJob(t.ctx, AMENDMENT_WINDOW_JOB, new Date(deadline.getTime() + DAY))).expired).toBe(0);
    expect((await patch(a.id, h.c.token, { status: 4 })).status).toBe(422);
    // The hibah itself is unchanged and the grantor may apply again.
    expect(await hibah(h.id)).toMatchObject({ status: 5, current_version: 1 });
    const listed = await ok(t.call('GET', `/api/amendment?hibah_id=${h.id}`, { token: h.c.token }));
    expect(listed.amendments.data[0]).toMatchObject({ id: a.id, status: 5 });
    expect((await apply(h.c.token, h.id)).status).toBe(201);
  });
});

describe("the grantor's identity before submitting (issue 3; ADR 0097)", () => {
  const submit = (id: string, token: string, lang: 'ms' | 'en' = 'en') =>
    patch(id, token, { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 }, lang);
  const spentCodes = async (hibahId: string) =>
    (
      await t.ctx.db
        .select()
        .from(otp_codes)
        .where(and(eq(otp_codes.hibah_id, hibahId), eq(otp_codes.purpose, 'hibah-amendment-submit')))
    ).map((r) => [r.purpose, !!r.used_at]);

  it('the code is bound to the hibah and requested by its grantor only', async () => {
    const h = await registeredHibah(t, tok.staff);
    const purpose = 'hibah-amendment-submit';
    const req = (token: string, body: object) => t.call('POST', '/api/otp/request', { token, body, lang: 'ms' });
    const noId = await req(h.c.token, { purpose });
    expect(noId.status).toBe(422);
    expect(Object.keys(noId.body.errors)).toEqual(['hibah_id']);
    const staff = await req(tok.staff, { purpose, hibah_id: h.id });
    expect(staff.status).toBe(403);
    expect(staff.body.message).toBe('Hanya pemberi hibah boleh mengemas kini atau memuktamadkan hibah ini.');
    const outsider = await newClient(t);
    expect((await req(outsider.token, { purpose, hibah_id: h.id })).status).toBe(404);
    // A will amendment's code must name its will now: an unbound one would count for nothing.
    const unbound = await req(h.c.token, { purpose: 'amendment-submit' });
    expect(unbound.status).toBe(422);
    expect(Object.keys(unbound.body.errors)).toEqual(['wasiat_id']);
    const sent = await ok(req(h.c.token, { purpose, hibah_id: h.id }));
    expect(sent.otp).toMatchObject({ channel: 'email', destination: expect.stringContaining('***@') });
    const [row] = await t.ctx.db
      .select()
      .from(otp_codes)
      .where(and(eq(otp_codes.hibah_id, h.id), eq(otp_codes.purpose, purpose)));
    expect(row).toMatchObject({ purpose, hibah_id: h.id, wasiat_id: null, user_id: h.c.id });
  });

  it('submit is refused without eKYC, without a bound code, with an unbound or another hibah’s code; accepted with both', async () => {
    const h = await registeredHibah(t, tok.staff);
    const other = await registeredHibah(t, tok.staff);
    const a = (await ok(apply(h.c.token, h.id), 201)).amendment;
    for (const lang of ['en', 'ms'] as const) {
      const none = await submit(a.id, h.c.token, lang);
      expect(none.status).toBe(422);
      expect(none.body.errors).toEqual(
        lang === 'en'
          ? {
              ekyc: ['Please complete the eKYC (face verification) first.'],
              otp: ['Please verify the OTP code sent to you before submitting.'],
            }
          : {
              ekyc: ['Sila lengkapkan eKYC (pengesahan wajah) terlebih dahulu.'],
              otp: ['Sila sahkan kod OTP yang dihantar kepada anda sebelum menghantar.'],
            },
      );
    }
    // A code bound to this hibah, but no eKYC: refused on `ekyc` alone, and the code is not spent.
    await verifiedHibahOtp(t, h.c.id, h.id, 'hibah-amendment-submit');
    const noEkyc = await submit(a.id, h.c.token);
    expect(noEkyc.body.errors).toEqual({ ekyc: ['Please complete the eKYC (face verification) first.'] });
    expect(await spentCodes(h.id)).toEqual([['hibah-amendment-submit', false]]);
    await t.ctx.db
      .update(otp_codes)
      .set({ used_at: new Date() })
      .where(and(eq(otp_codes.hibah_id, h.id), eq(otp_codes.purpose, 'hibah-amendment-submit')));

    // eKYC passed; codes that do not count: an unbound amendment code (the old way), another hibah's, this
    // hibah's code of another purpose.
    await passAmendmentEkyc(t, a.id);
    const now = new Date();
    await t.ctx.db.insert(otp_codes).values({
      user_id: h.c.id,
      purpose: 'amendment-submit',
      channel: 'email',
      destination: 'x@example.com',
      code_hash: 'unused',
      expires_at: new Date(now.getTime() + 300_000),
      created_at: now,
      verified_at: now,
    });
    await verifiedHibahOtp(t, h.c.id, other.id, 'hibah-amendment-submit');
    await verifiedHibahOtp(t, h.c.id, h.id, 'hibah-submit');
    await verifiedHibahOtp(t, h.c.id, h.id, 'hibah-finalise');
    const wrong = await submit(a.id, h.c.token);
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ otp: ['Please verify the OTP code sent to you before submitting.'] });
    // (The other grantor's hibah: a code of `h.c` for it cannot even be requested over HTTP — 404.)
    expect(
      (
        await t.call('POST', '/api/otp/request', {
          token: h.c.token,
          body: { purpose: 'hibah-amendment-submit', hibah_id: other.id },
        })
      ).status,
    ).toBe(404);

    // A real code for this hibah, mailed and verified: accepted and spent; the others stay unspent. (The
    // codes inserted above are dated an hour back, out of the 5-per-15-minutes request window.)
    await t.ctx.db
      .update(otp_codes)
      .set({ created_at: new Date(Date.now() - 3_600_000) })
      .where(and(eq(otp_codes.user_id, h.c.id), eq(otp_codes.code_hash, 'unused')));
    await verifiedSubmitCode(t, h.c, h.id);
    const sent = await ok(submit(a.id, h.c.token));
    expect(sent.amendment.status).toBe(1);
    const codes = await t.ctx.db.select().from(otp_codes).where(eq(otp_codes.user_id, h.c.id));
    const used = codes.filter((r) => r.used_at);
    expect(used.map((r) => [r.purpose, r.hibah_id])).toEqual(
      expect.arrayContaining([['hibah-amendment-submit', h.id]]),
    );
    expect(codes.find((r) => r.hibah_id === other.id)?.used_at).toBeNull();
    expect(codes.find((r) => r.purpose === 'amendment-submit')?.used_at).toBeNull();
    expect(codes.find((r) => r.purpose === 'hibah-submit' && r.hibah_id === h.id && !r.used_at)).toBeTruthy();

    // Returned by the officer: resubmitting needs a new code; the eKYC stands.
    await ok(patch(a.id, tok.officer, { status: 0, reason: 'Semak semula' }));
    expect(Object.keys((await submit(a.id, h.c.token)).body.errors)).toEqual(['otp']);
    await verifiedSubmitCode(t, h.c, h.id);
    expect((await ok(submit(a.id, h.c.token))).amendment.status).toBe(1);
  });

  it("copies the hibah's MyKad into the amendment (not another hibah's); only the grantor; status and eKYC reply", async () => {
    const images = { front: PNG_A, back: JPEG_A };
    const h = await registeredHibah(t, tok.staff, 9, images);
    const other = await registeredHibah(t, tok.staff, 9, images);
    const a = (await ok(apply(h.c.token, h.id), 201)).amendment;
    const docsOf = async (id: string) =>
      t.ctx.db
        .select()
        .from(attachments)
        .where(and(eq(attachments.attachable_type, 'Hibah'), eq(attachments.attachable_id, id)));
    const mine = await docsOf(h.id);
    const front = mine.find((d) => d.type === 'mykad-front');
    const back = mine.find((d) => d.type === 'mykad-back');
    const theirs = (await docsOf(other.id)).find((d) => d.type === 'mykad-front');
    const post = (body: object, token = h.c.token) =>
      t.call('POST', `/api/amendment/${a.id}/document`, { token, body, lang: 'en' });
    // Staff may not (grantor only, spec §6); another hibah's image or the wrong side is refused.
    const staff = await post({ duplicate_from_id: front?.id, type: 'mykad_front' }, tok.staff);
    expect(staff.status).toBe(403);
    const foreign = await post({ duplicate_from_id: theirs?.id, type: 'mykad_front' });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ duplicate_from_id: ['This MyKad image cannot be copied here.'] });
    expect((await post({ duplicate_from_id: back?.id, type: 'mykad_front' })).status).toBe(422);
    const copied = await post({ duplicate_from_id: front?.id, type: 'mykad_front' });
    expect(copied.status).toBe(201);
    expect(copied.body.attachment).toMatchObject({ type: 'mykad-front' });
    expect((await post({ duplicate_from_id: back?.id, type: 'mykad_back' })).status).toBe(201);
    const listed = await ok(t.call('GET', `/api/amendment/${a.id}/document`, { token: h.c.token }));
    expect(listed.attachments.data.map((d: any) => d.type).sort()).toEqual(['mykad-back', 'mykad-front']);
    // The copy is the amendment's own file (same bytes, another attachment).
    const [copy] = await t.ctx.db.select().from(attachments).where(eq(attachments.id, copied.body.attachment.id));
    expect(copy).toMatchObject({ attachable_type: 'Amendment', attachable_id: a.id, sha256: front?.sha256 });
    expect(copy.id).not.toBe(front?.id);
    // Its eKYC state: the amendment's own (nothing yet), readable by the grantor.
    const state = await ok(t.call('GET', `/api/ekyc/manual/${a.id}?ekycable_type=Amendment`, { token: h.c.token }));
    expect(state).toMatchObject({ ekycable_type: 'Amendment', ekycable_id: a.id, ekyc_verified_at: null });
  });
});
