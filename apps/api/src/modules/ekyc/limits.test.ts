/**
 * The per-organisation eKYC attempt limit (preference `ekyc_max_attempts`, default 3) and the staff
 * "clear" action (spec §4: reset the will's eKYC flag and count). No face model: counts are set in the
 * database, as in manual.test.ts.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { audit_events, wills } from '../../db/schema/index.ts';
import { JPEG_A, newClient, ok, orgAndBranch, PNG_A, PNG_B, pay, userDetail } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
let admin: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
  admin = await t.login('admin');
});
afterAll(() => t?.close());

async function willAtEkyc(count: number) {
  const c = await newClient(t);
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
  return { c, id: w.id as string };
}

describe('per-organisation attempt limit', () => {
  it('follows the preference ekyc_max_attempts (default 3)', async () => {
    const { c, id } = await willAtEkyc(1);
    const status = () => ok(t.call('GET', `/api/ekyc/manual/${id}`, { token: c.token }));
    expect((await status()).max_attempts).toBe(3);
    const manual = () =>
      t.call('POST', `/api/wasiat/${id}/document`, {
        token: c.token,
        body: { is_base64: true, type: 'ekyc-manual', document: PNG_B },
      });
    expect((await manual()).status).toBe(422); // 1 of 3 used: no manual fallback yet
    const { organization_id } = await orgAndBranch(t);
    const pref = await t.call('PATCH', `/api/organization/${organization_id}/preference`, {
      token: admin,
      body: { ekyc_max_attempts: 1 },
    });
    expect(pref.status).toBe(200);
    expect(pref.body.preference.ekyc_max_attempts).toBe(1);
    expect((await status()).max_attempts).toBe(1);
    expect((await manual()).status).toBe(201); // the limit (1) is reached: manual fallback open
    const bad = await t.call('PATCH', `/api/organization/${organization_id}/preference`, {
      token: admin,
      body: { ekyc_max_attempts: 0 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['ekyc_max_attempts']);
    await t.call('PATCH', `/api/organization/${organization_id}/preference`, {
      token: admin,
      body: { ekyc_max_attempts: '' },
    });
    expect((await status()).max_attempts).toBe(3);
  });
});

describe('clear (spec §4)', () => {
  it('resets the flag, the method, the count and the part; audited; staff only', async () => {
    const { c, id } = await willAtEkyc(2);
    await t.ctx.db.update(wills).set({ ekyc_verified_at: new Date(), ekyc_method: 'Face' }).where(eq(wills.id, id));
    expect((await t.call('POST', `/api/ekyc/${id}/clear`, { token: c.token })).status).toBe(403);
    const r = await ok(t.call('POST', `/api/ekyc/${id}/clear`, { token: staff, lang: 'en' }));
    expect(r).toMatchObject({ ekyc_verified_at: null, ekyc_method: null, face_verification_count: 0 });
    expect(r.message).toContain('cleared');
    const [w] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(w).toMatchObject({ ekyc_verified_at: null, ekyc_method: null, face_verification_count: 0 });
    expect(w.parts_done).not.toContain('ekyc');
    const events = await t.ctx.db.select().from(audit_events).where(eq(audit_events.entity_id, id));
    expect(events.some((e) => e.action === 'ekyc.clear')).toBe(true);
    // Not after submission.
    await t.ctx.db.update(wills).set({ status: 1 }).where(eq(wills.id, id));
    expect((await t.call('POST', `/api/ekyc/${id}/clear`, { token: staff })).status).toBe(422);
  });
});
