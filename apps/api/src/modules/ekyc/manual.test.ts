/**
 * Manual eKYC fallback (reference §3.1 Part D) and the staff reset, over HTTP. No face model: the
 * attempt limit is reached by setting `face_verification_count` in the database.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, ekyc_manual_reviews, wills } from '../../db/schema/index.ts';
import {
  type Client,
  JPEG_A,
  newClient,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  pay,
  userDetail,
} from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(() => t?.close());

/** A client's will at the eKYC step (MyKad front and back uploaded), with `count` attempts used. */
async function willAtEkyc(c: Client, count: number) {
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'basic' },
    }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', JPEG_A],
  ]) {
    await ok(t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { is_base64: true, type, document } }), 201);
  }
  await t.ctx.db.update(wills).set({ face_verification_count: count }).where(eq(wills.id, w.id));
  return w.id as string;
}

const upload = (token: string, id: string, document = PNG_B) =>
  t.call('POST', `/api/wasiat/${id}/document`, { token, body: { is_base64: true, type: 'ekyc-manual', document } });

const actions = async (id: string) =>
  (await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, id))).map((e) => e.action);

describe('manual eKYC', () => {
  it('is refused before the attempt limit', async () => {
    const c = await newClient(t);
    const id = await willAtEkyc(c, 1);
    const r = await upload(c.token, id);
    expect(r.status).toBe(422);
    expect(r.body.errors.type).toEqual([
      'Manual verification is available only after the eKYC attempt limit is reached.',
    ]);
  });

  it('after the limit: upload → pending for staff (with images) → approve sets method Manual and part ekyc', async () => {
    const c = await newClient(t);
    const id = await willAtEkyc(c, t.ctx.env.EKYC_MAX_ATTEMPTS);
    const up = await ok(upload(c.token, id), 201);
    expect(up.attachment.type).toBe('ekyc-manual');

    const mine = await ok(t.call('GET', `/api/ekyc/manual/${id}`, { token: c.token }));
    expect(mine.review).toMatchObject({ status: 'pending', attachment_id: up.attachment.id });

    // a client may not list or decide
    expect((await t.call('GET', '/api/ekyc/manual?status=pending', { token: c.token })).status).toBe(403);
    expect((await t.call('POST', `/api/ekyc/manual/${id}/approve`, { token: c.token })).status).toBe(403);

    const list = await ok(t.call('GET', '/api/ekyc/manual?status=pending', { token: staff }));
    const item = list.data.find((x: { wasiat_id: string }) => x.wasiat_id === id);
    expect(item).toMatchObject({ status: 'pending', attachment_id: up.attachment.id, user: { id: c.id } });
    expect(item.mykad_front_id).toBeTruthy();
    // staff can fetch both images
    const img = await t.call('GET', `/api/attachment/${item.attachment_id}/file`, { token: staff });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect((await t.call('GET', `/api/attachment/${item.mykad_front_id}/file`, { token: staff })).status).toBe(200);

    const ap = await ok(t.call('POST', `/api/ekyc/manual/${id}/approve`, { token: staff }));
    expect(ap.review.status).toBe('approved');
    const [will] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(will.ekyc_method).toBe('Manual');
    expect(will.ekyc_verified_at).toBeInstanceOf(Date);
    expect(will.parts_done).toContain('ekyc');
    expect(await actions(id)).toContain('ekyc.manual_approve');
    expect(await actions(id)).toContain('ekyc.manual_upload');

    // nothing pending any more; a second approval is refused; a new upload is refused (verified)
    const again = await t.call('POST', `/api/ekyc/manual/${id}/approve`, { token: staff });
    expect(again.status).toBe(422);
    expect((await upload(c.token, id)).status).toBe(422);
    const after = await ok(t.call('GET', '/api/ekyc/manual?status=pending', { token: staff }));
    expect(after.data.some((x: { wasiat_id: string }) => x.wasiat_id === id)).toBe(false);
  });

  it('reject needs a reason and records it; a re-upload supersedes the pending one', async () => {
    const c = await newClient(t);
    const id = await willAtEkyc(c, t.ctx.env.EKYC_MAX_ATTEMPTS);
    await ok(upload(c.token, id), 201);
    await ok(upload(c.token, id, PNG_A), 201);
    const rows = await t.ctx.db.select().from(ekyc_manual_reviews).where(eq(ekyc_manual_reviews.wasiat_id, id));
    expect(rows.map((r) => r.status).sort()).toEqual(['pending', 'superseded']);

    const noReason = await t.call('POST', `/api/ekyc/manual/${id}/reject`, { token: staff, body: { reason: ' ' } });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason).toBeTruthy();
    const rj = await ok(
      t.call('POST', `/api/ekyc/manual/${id}/reject`, { token: staff, body: { reason: 'MyKad tidak jelas' } }),
    );
    expect(rj.review).toMatchObject({ status: 'rejected', reason: 'MyKad tidak jelas' });
    const mine = await ok(t.call('GET', `/api/ekyc/manual/${id}`, { token: c.token }));
    expect(mine.review).toMatchObject({ status: 'rejected', reason: 'MyKad tidak jelas' });
    const [will] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(will.ekyc_verified_at).toBeNull();
    expect(await actions(id)).toContain('ekyc.manual_reject');
  });

  it('staff reset the attempt count (audited); clients may not; out-of-scope ids are 404', async () => {
    const c = await newClient(t);
    const id = await willAtEkyc(c, t.ctx.env.EKYC_MAX_ATTEMPTS);
    expect((await t.call('POST', `/api/ekyc/${id}/reset`, { token: c.token })).status).toBe(403);
    const r = await ok(t.call('POST', `/api/ekyc/${id}/reset`, { token: staff }));
    expect(r.face_verification_count).toBe(0);
    const [will] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(will.face_verification_count).toBe(0);
    const [ev] = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.entity_id, id), eq(audit_events.action, 'ekyc.reset')));
    expect(ev).toBeTruthy();
    expect((await t.call('POST', '/api/ekyc/nope-not-a-will/reset', { token: staff })).status).toBe(404);
    // another client cannot read this will's manual status
    const other = await newClient(t);
    expect((await t.call('GET', `/api/ekyc/manual/${id}`, { token: other.token })).status).toBe(404);
  });
});
