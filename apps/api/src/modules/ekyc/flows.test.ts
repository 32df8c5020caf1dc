/**
 * Identity in the hibah and amendment flows (issue 3; ADR 0094, 0096), over HTTP with the real face model:
 * the grantor's MyKad images and eKYC (`ekycable_type: "Hibah"`), the one-time codes of a hibah's
 * submission and draft acceptance and the server's refusal without them, the manual fallback of a hibah,
 * a receiver's code by SMS, and an amendment's MyKad copied from the will (or the hibah) and its own eKYC
 * before submitting (ADRs 0094, 0097).
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  amendments,
  attachments,
  audit_events,
  ekyc_attempts,
  hibahs,
  otp_codes,
  wills,
} from '../../db/schema/index.ts';
import { registeredHibah } from '../amendments/hibah-test-fixtures.ts';
import { draftWitness, passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from '../amendments/test-fixtures.ts';
import { readyHibah, receiverBody, verifiedHibahOtp } from '../hibah/test-fixtures.ts';
import { stopOcr } from '../mykad/index.ts';
import { type Client, JPEG_A, newClient, ok, PNG_A, PNG_B, SIGNATURE_PNG } from '../wills/test-fixtures.ts';
import { loadFaceModel } from './face.ts';
import { dataUrl, faceCrop, syntheticMykad } from './test-images.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  await loadFaceModel();
  t = await makeTestApp();
  staff = await t.login('staff');
}, 120_000);
afterAll(async () => {
  await stopOcr();
  await t?.close();
});

/** Request a one-time code and read it from the newest mail to the client. */
async function codeFor(c: Client, body: Record<string, unknown>) {
  const before = t.mails.length;
  await ok(t.call('POST', '/api/otp/request', { token: c.token, body }));
  for (let i = 0; i < 100; i++) {
    const mail = t.mails
      .slice(before)
      .filter((m) => m.to.includes(`c${c.ic}@example.com`))
      .at(-1);
    const code = /(?:code is|ialah) (\d{6})/.exec(mail?.raw ?? '')?.[1];
    if (code) return code;
    await new Promise((res) => setTimeout(res, 20));
  }
  throw new Error('no code in mail');
}

const submitBody = { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 };
const face = async (token: string, body: Record<string, unknown>) =>
  t.call('POST', '/api/face-verification', { token, body });

describe('hibah: the grantor proves who they are before submitting and before accepting the draft', () => {
  it('submit is refused without eKYC and code; MyKad + face pass; codes are bound to purpose and spent', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, staff, 9, false);
    const token = c.token;

    for (const lang of ['en', 'ms'] as const) {
      const none = await t.call('POST', `/api/hibah/${h.id}`, { token, body: submitBody, lang });
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

    // Part B: the MyKad front and back (the same file twice is refused), listed and readable by the grantor only.
    const card = dataUrl(await syntheticMykad('d'));
    const doc = (type: string, document: string, who = token) =>
      t.call('POST', `/api/hibah/${h.id}/document`, { token: who, body: { is_base64: true, type, document } });
    const front = await doc('mykad-front', card);
    expect(front.status).toBe(201);
    expect(front.body.attachment.type).toBe('mykad-front');
    const same = await doc('mykad-back', card, token);
    expect(same.status).toBe(422);
    expect(same.body.errors.document).toBeTruthy();
    expect((await doc('mykad_back', JPEG_A)).status).toBe(201);
    const outsider = await newClient(t);
    expect((await doc('mykad-back', PNG_B, outsider.token)).status).toBe(404);
    const listed = await ok(t.call('GET', `/api/hibah/${h.id}/document`, { token }));
    expect(listed.attachments.data.map((a: any) => a.type).sort()).toEqual(['mykad-back', 'mykad-front']);
    const file = `/api/attachment/${front.body.attachment.id}/file`;
    expect((await t.call('GET', file, { token })).status).toBe(200);
    expect((await t.call('GET', file, { token: outsider.token })).status).toBe(404);

    // Part B: eKYC against the hibah's MyKad front: another person's selfie fails, the holder's passes.
    const target = { ekycable_type: 'Hibah', ekycable_id: h.id, user_id: c.id };
    expect((await face(outsider.token, { ...target, selfie_image: dataUrl(await faceCrop('d')) })).status).toBe(404);
    const fail = await ok(face(token, { ...target, selfie_image: dataUrl(await faceCrop('f')) }));
    expect(fail.face_verification).toMatchObject({ passed: false, ekycable_type: 'Hibah', ekycable_id: h.id });
    const pass = await ok(face(token, { ...target, selfie_image: dataUrl(await faceCrop('d')) }));
    expect(pass.face_verification.passed).toBe(true);
    expect(pass.face_verification.verification_score).toBeGreaterThanOrEqual(70);
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row).toMatchObject({ face_verification_count: 2, ekyc_method: 'Face' });
    expect(row.ekyc_verified_at).not.toBeNull();
    const status = await ok(t.call('GET', `/api/ekyc/manual/${h.id}?ekycable_type=Hibah`, { token }));
    expect(status).toMatchObject({ ekycable_type: 'Hibah', face_verification_count: 2, max_attempts: 3 });

    // eKYC done, no code yet: only the code is missing.
    const noCode = await t.call('POST', `/api/hibah/${h.id}`, { token, body: submitBody, lang: 'en' });
    expect(Object.keys(noCode.body.errors)).toEqual(['otp']);

    // Codes of a hibah purpose: the grantor only, for a hibah they may see.
    expect((await t.call('POST', '/api/otp/request', { token, body: { purpose: 'hibah-submit' } })).status).toBe(422);
    expect(
      (await t.call('POST', '/api/otp/request', { token: staff, body: { purpose: 'hibah-submit', hibah_id: h.id } }))
        .status,
    ).toBe(403);
    expect(
      (
        await t.call('POST', '/api/otp/request', {
          token: outsider.token,
          body: { purpose: 'hibah-submit', hibah_id: h.id },
        })
      ).status,
    ).toBe(404);

    // A verified code of the other purpose does not submit.
    const finaliseCode = await codeFor(c, { purpose: 'hibah-finalise', hibah_id: h.id });
    expect(
      (
        await t.call('POST', '/api/otp/verify', {
          token,
          body: { code: finaliseCode, purpose: 'hibah-submit', hibah_id: h.id },
        })
      ).status,
    ).toBe(422);
    await ok(
      t.call('POST', '/api/otp/verify', {
        token,
        body: { code: finaliseCode, purpose: 'hibah-finalise', hibah_id: h.id },
      }),
    );
    expect((await t.call('POST', `/api/hibah/${h.id}`, { token, body: submitBody })).status).toBe(422);

    const submitCode = await codeFor(c, { purpose: 'hibah-submit', hibah_id: h.id });
    await ok(
      t.call('POST', '/api/otp/verify', { token, body: { code: submitCode, purpose: 'hibah-submit', hibah_id: h.id } }),
    );
    const submitted = await ok(t.call('POST', `/api/hibah/${h.id}`, { token, body: submitBody }));
    expect(submitted.hibah.status).toBe(2);
    const spent = await t.ctx.db
      .select()
      .from(otp_codes)
      .where(and(eq(otp_codes.hibah_id, h.id), eq(otp_codes.purpose, 'hibah-submit')));
    expect(spent.map((r) => !!r.used_at)).toEqual([true]);

    // Staff approve; accepting the draft spends the finalise code verified earlier, once.
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3 } }));
    const accepted = await ok(
      t.call('POST', `/api/hibah/${h.id}`, { token, body: { status: 3, is_draft_accepted: 1 } }),
    );
    expect(accepted.hibah.is_draft_accepted).toBe(1);
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, h.id));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['ekyc.fail', 'ekyc.pass', 'hibah.document']));
  }, 180_000);

  it('accepting the draft needs its own code (otp.required_accept); a submit code does not count', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, staff, 9, false);
    await t.ctx.db.update(hibahs).set({ ekyc_verified_at: new Date(), ekyc_method: 'Face' }).where(eq(hibahs.id, h.id));
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-submit');
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: submitBody }));
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3 } }));
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-submit');
    const refused = await t.call('POST', `/api/hibah/${h.id}`, {
      token: c.token,
      body: { status: 3, is_draft_accepted: 1 },
      lang: 'en',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      otp: ['Please verify the OTP code sent to you before accepting the draft.'],
    });
    // A code verified for another hibah of the same grantor does not count either.
    const other = await ok(
      t.call('POST', '/api/hibah', { token: c.token, body: { user_id: c.id, hibah_type: 3 } }),
      201,
    );
    await verifiedHibahOtp(t, c.id, other.hibah.id, 'hibah-finalise');
    expect(
      (await t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: { status: 3, is_draft_accepted: 1 } }))
        .status,
    ).toBe(422);
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-finalise');
    const ok2 = await ok(
      t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: { status: 3, is_draft_accepted: 1 } }),
    );
    expect(ok2.hibah.is_draft_accepted).toBe(1);
  });

  it('after the attempt limit: a manual selfie, staff approve it (method Manual), and the hibah may be submitted', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, staff, 9, false);
    const manual = (token: string, document = PNG_B) =>
      t.call('POST', '/api/ekyc/manual', {
        token,
        body: { ekycable_type: 'Hibah', ekycable_id: h.id, document },
        lang: 'en',
      });
    const early = await manual(c.token);
    expect(early.status).toBe(422);
    expect(early.body.errors.document[0]).toContain('only after the eKYC attempt limit');
    await t.ctx.db.update(hibahs).set({ face_verification_count: 3 }).where(eq(hibahs.id, h.id));
    const limit = await face(c.token, {
      ekycable_type: 'Hibah',
      ekycable_id: h.id,
      selfie_image: dataUrl(await faceCrop('d')),
      mykad_image: dataUrl(await syntheticMykad('d')),
    });
    expect(limit.status).toBe(422);
    expect(limit.body.errors._).toBeTruthy();
    expect((await manual(c.token)).status).toBe(201);

    const pending = await ok(t.call('GET', '/api/ekyc/manual?status=pending', { token: staff }));
    const mine = pending.data.find((r: any) => r.ekycable_id === h.id);
    expect(mine).toMatchObject({ ekycable_type: 'Hibah', record: { id: h.id, face_verification_count: 3 } });
    expect(mine.wasiat).toBeUndefined();
    expect(
      (await t.call('POST', `/api/ekyc/manual/${h.id}/approve?ekycable_type=Hibah`, { token: c.token })).status,
    ).toBe(403);
    // The will's approve path does not reach a hibah.
    expect((await t.call('POST', `/api/ekyc/manual/${h.id}/approve`, { token: staff })).status).toBe(404);
    await ok(t.call('POST', `/api/ekyc/manual/${h.id}/approve?ekycable_type=Hibah`, { token: staff }));
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.ekyc_method).toBe('Manual');
    await verifiedHibahOtp(t, c.id, h.id, 'hibah-submit');
    expect((await ok(t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: submitBody }))).hibah.status).toBe(2);
    // Once submitted its eKYC can no longer be cleared; a reset is still possible (staff).
    const clear = await t.call('POST', `/api/ekyc/${h.id}/clear?ekycable_type=Hibah`, { token: staff });
    expect(clear.status).toBe(422);
    await ok(t.call('POST', `/api/ekyc/${h.id}/reset?ekycable_type=Hibah`, { token: staff }));
    const [after] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(after.face_verification_count).toBe(0);
  });

  it('a receiver without an e-mail gets the signing code by SMS (outbox)', async () => {
    const c = await newClient(t);
    const h = await readyHibah(t, c, staff, 9);
    const r = (
      await ok(
        t.call('POST', `/api/hibah/${h.id}/receiver`, {
          token: c.token,
          body: { ...receiverBody({ name: 'Hassan bin Ahmad' }), email: null, mobile_number: '0139998877' },
        }),
        201,
      )
    ).receiver;
    // A receiver added after signing changes the hibah: the grantor signs this version again (issue 21 item 5).
    await ok(t.call('POST', `/api/hibah/${h.id}/signature`, { token: c.token, body: { signature: SIGNATURE_PNG } }));
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: submitBody }));
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: staff, body: { status: 3 } }));
    const link = (
      await ok(
        t.call('POST', '/api/route/sign', {
          token: c.token,
          body: { route_name: 'hibah.receiver', hibah_id: h.id, receiver_id: r.id },
        }),
      )
    ).url as string;
    const [path, query] = link.split('?');
    // Before the draft is accepted no code is sent.
    expect((await t.call('POST', `${path}/otp?${query}`, { body: {} })).status).toBe(422);
    await ok(t.call('POST', `/api/hibah/${h.id}`, { token: c.token, body: { status: 3, is_draft_accepted: 1 } }));
    const sent = await ok(t.call('POST', `${path}/otp?${query}`, { body: {} }));
    expect(sent.otp.channel).toBe('sms');
    expect(sent.otp.destination).toMatch(/^\*+877$/);
    // Asking again at once is refused (429).
    expect((await t.call('POST', `${path}/otp?${query}`, { body: {} })).status).toBe(429);
    const outbox = join(t.ctx.env.DATA_DIR, 'outbox');
    let code = '';
    for (const f of (await readdir(outbox))
      .filter((x) => x.endsWith('.sms.txt'))
      .sort()
      .reverse()) {
      const text = await readFile(join(outbox, f), 'utf8');
      if (text.includes('0139998877')) {
        code = /(\d{6})/.exec(text.split('\n\n')[1] ?? '')?.[1] ?? '';
        break;
      }
    }
    expect(code).toMatch(/^\d{6}$/);
    const signed = await ok(t.call('POST', `${path}/sign?${query}`, { body: { code, signature: SIGNATURE_PNG } }));
    expect(signed.receiver.signed_at).toBeTruthy();
  });
});

describe("amendment: MyKad copied from the will, and the amendment's own eKYC before submitting", () => {
  it("copies the will's MyKad (refusing other attachments), re-uploads the front, passes eKYC; submit needs it", async () => {
    const { c, id: willId } = await registeredWill(t, staff, 0);
    const token = c.token;
    const a = (
      await ok(
        t.call('POST', '/api/amendment', { token, body: { amendmentable_type: 'Wasiat', amendmentable_id: willId } }),
        201,
      )
    ).amendment;
    await ok(
      t.call('POST', '/api/payment', {
        token,
        body: { paymentable_type: 'Amendment', paymentable_id: a.id, payment_options_id: 1 },
      }),
    );
    const willDocs = await t.ctx.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.attachable_type, 'Wasiat'), eq(attachments.attachable_id, willId)));
    const willFront = willDocs.find((d) => d.type === 'mykad-front');
    const willBack = willDocs.find((d) => d.type === 'mykad-back');
    expect(willFront && willBack).toBeTruthy();
    const post = (body: Record<string, unknown>, who = token) =>
      t.call('POST', `/api/amendment/${a.id}/document`, { token: who, body, lang: 'en' });

    // Copy (reference §2.4 `{ duplicate_from_id, type: "mykad_front" }`).
    const copied = await post({ duplicate_from_id: willFront?.id, type: 'mykad_front' });
    expect(copied.status).toBe(201);
    expect(copied.body.attachment.type).toBe('mykad-front');
    expect((await post({ duplicate_from_id: willBack?.id, type: 'mykad_back' })).status).toBe(201);
    // The other side of the card, another will's image, or an unknown id: refused.
    const wrongSide = await post({ duplicate_from_id: willBack?.id, type: 'mykad_front' });
    expect(wrongSide.status).toBe(422);
    expect(wrongSide.body.errors.duplicate_from_id).toEqual(['This MyKad image cannot be copied here.']);
    const other = await registeredWill(t, staff, 0);
    const [otherFront] = await t.ctx.db
      .select()
      .from(attachments)
      .where(and(eq(attachments.attachable_id, other.id), eq(attachments.type, 'mykad-front')));
    expect((await post({ duplicate_from_id: otherFront.id, type: 'mykad_front' })).status).toBe(422);
    const docs = await ok(t.call('GET', `/api/amendment/${a.id}/document`, { token }));
    expect(docs.attachments.data.map((d: any) => d.type).sort()).toEqual(['mykad-back', 'mykad-front']);

    // Submit without the amendment's eKYC: refused on `ekyc` (everything else in order).
    await ok(
      t.call('PATCH', `/api/amendment/${a.id}/draft`, {
        token,
        body: { witnesses: [draftWitness('A Saksi', 'a@example.com'), draftWitness('B Saksi', 'b@example.com')] },
      }),
    );
    await verifiedAmendmentOtp(t, c.id, willId);
    const refused = await t.call('PATCH', `/api/amendment/${a.id}`, {
      token,
      body: { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      lang: 'en',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ ekyc: ['Please complete the eKYC (face verification) first.'] });

    // The copied card is not a photo with a face: a clearer front is uploaded, then the face passes.
    const noFace = await face(token, {
      ekycable_type: 'Amendment',
      ekycable_id: a.id,
      selfie_image: dataUrl(await faceCrop('d')),
    });
    expect(noFace.status).toBe(422);
    expect(
      (await post({ is_base64: true, type: 'mykad-front', document: dataUrl(await syntheticMykad('d')) })).status,
    ).toBe(201);
    const pass = await ok(
      face(token, { ekycable_type: 'Amendment', ekycable_id: a.id, selfie_image: dataUrl(await faceCrop('d')) }),
    );
    expect(pass.face_verification.passed).toBe(true);
    const [am] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
    const tries = await t.ctx.db
      .select()
      .from(ekyc_attempts)
      .where(and(eq(ekyc_attempts.ekycable_type, 'Amendment'), eq(ekyc_attempts.ekycable_id, a.id)));
    expect(tries.at(-1)?.passed).toBe(true);
    expect(am).toMatchObject({ ekyc_method: 'Face', face_verification_count: tries.length });
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, willId));
    expect(w.face_verification_count).toBe(0);
    const reply = await ok(t.call('GET', `/api/amendment/${a.id}`, { token }));
    expect(reply.amendment.ekyc_verified_at).toBeTruthy();

    const submitted = await ok(
      t.call('PATCH', `/api/amendment/${a.id}`, {
        token,
        body: { status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    expect(submitted.amendment.status).toBe(1);
    // No more attempts or MyKad changes once submitted.
    expect(
      (await face(token, { ekycable_type: 'Amendment', ekycable_id: a.id, selfie_image: dataUrl(await faceCrop('d')) }))
        .status,
    ).toBe(422);
    expect((await post({ is_base64: true, type: 'mykad-back', document: PNG_A })).status).toBe(422);
  }, 180_000);

  it("a hibah's amendment: copies the hibah's MyKad, passes its own face match, submits with a code bound to the hibah", async () => {
    const card = dataUrl(await syntheticMykad('d'));
    const h = await registeredHibah(t, staff, 9, { front: card, back: JPEG_A });
    const token = h.c.token;
    const a = (
      await ok(
        t.call('POST', '/api/amendment', { token, body: { amendmentable_type: 'Hibah', amendmentable_id: h.id } }),
        201,
      )
    ).amendment;
    const hibahDocs = await ok(t.call('GET', `/api/hibah/${h.id}/document`, { token }));
    for (const side of ['mykad-front', 'mykad-back']) {
      const from = hibahDocs.attachments.data.find((d: any) => d.type === side);
      await ok(
        t.call('POST', `/api/amendment/${a.id}/document`, { token, body: { duplicate_from_id: from.id, type: side } }),
        201,
      );
    }
    await verifiedHibahOtp(t, h.c.id, h.id, 'hibah-amendment-submit');
    const submitAmendment = () =>
      t.call('POST', `/api/amendment/${a.id}`, {
        token,
        lang: 'en',
        body: { _method: 'PATCH', status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      });
    const refused = await submitAmendment();
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ ekyc: ['Please complete the eKYC (face verification) first.'] });
    // Staff may not make the grantor's attempt; another face fails; the holder's passes (against the copied front).
    const target = { ekycable_type: 'Amendment', ekycable_id: a.id };
    expect((await face(staff, { ...target, selfie_image: dataUrl(await faceCrop('d')) })).status).toBe(403);
    const fail = await ok(face(token, { ...target, selfie_image: dataUrl(await faceCrop('f')) }));
    expect(fail.face_verification.passed).toBe(false);
    const pass = await ok(face(token, { ...target, selfie_image: dataUrl(await faceCrop('d')) }));
    expect(pass.face_verification).toMatchObject({ passed: true, ekycable_type: 'Amendment', ekycable_id: a.id });
    const [am] = await t.ctx.db.select().from(amendments).where(eq(amendments.id, a.id));
    expect(am).toMatchObject({ ekyc_method: 'Face', face_verification_count: 2 });
    const [hb] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(hb.face_verification_count).toBe(1);
    const sent = await ok(submitAmendment());
    expect(sent.amendment.status).toBe(1);
  }, 180_000);

  it('an amendment of another client is 404 for attempts and copies; the testator may use the passed fixture', async () => {
    const { c, id: willId } = await registeredWill(t, staff, 0);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: willId },
        }),
        201,
      )
    ).amendment;
    const outsider = await newClient(t);
    expect(
      (
        await face(outsider.token, {
          ekycable_type: 'Amendment',
          ekycable_id: a.id,
          selfie_image: dataUrl(await faceCrop('d')),
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await t.call('POST', `/api/amendment/${a.id}/document`, {
          token: outsider.token,
          body: { is_base64: true, type: 'mykad-front', document: PNG_A },
        })
      ).status,
    ).toBe(404);
    await passAmendmentEkyc(t, a.id);
    const status = await ok(t.call('GET', `/api/ekyc/manual/${a.id}?ekycable_type=Amendment`, { token: c.token }));
    expect(status.ekyc_verified_at).toBeTruthy();
  });
});
