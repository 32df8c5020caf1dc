/**
 * Issue 34 / issue 37 item 6 (ADR 0251): a hibah's grantor who passed the eKYC for their will reuses it — the
 * will's MyKad images are copied to the hibah and the hibah's eKYC is passed, the submission's gate accepts
 * it; only the grantor (others 404); without a recent passed eKYC, or with another MyKad number, a 422 naming
 * why.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { attachments, audit_events, hibah_user_details, hibahs, wills } from '../../db/schema/index.ts';
import { readyHibah, verifiedHibahOtp } from '../hibah/test-fixtures.ts';
import { newClient, newMykad, ok, readyWill, userDetail } from '../wills/test-fixtures.ts';

let t: TestApp;
let staff: string;
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
});
afterAll(() => t.close());

const path = (id: string) => `/api/hibah/${id}/identity/reuse`;

describe("a hibah reuses the will's identity check (ADR 0251)", () => {
  it("copies the will's MyKad images, passes the hibah's eKYC, and the submission accepts it", async () => {
    const c = await newClient(t);
    const willId = await readyWill(t, c);
    const [will] = await t.ctx.db.select().from(wills).where(eq(wills.id, willId));
    const h = await readyHibah(t, c, staff, 9, false);
    const token = c.token;

    const offer = await ok(t.call('GET', path(h.id), { token }));
    expect(offer.reusable).toMatchObject({ source_type: 'Wasiat', source_id: willId });
    expect(new Date(offer.reusable.verified_at).getTime()).toBe(will.ekyc_verified_at?.getTime());

    // someone else — another client, or staff who may see every hibah — gets 404
    const other = await newClient(t);
    expect((await t.call('GET', path(h.id), { token: other.token })).status).toBe(404);
    expect((await t.call('POST', path(h.id), { token: other.token, body: {} })).status).toBe(404);
    expect((await t.call('POST', path(h.id), { token: staff, body: {} })).status).toBe(404);

    const r = await ok(t.call('POST', path(h.id), { token, body: {} }));
    expect(r.source).toMatchObject({ type: 'Wasiat', id: willId });
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.ekyc_verified_at?.getTime()).toBe(will.ekyc_verified_at?.getTime());
    expect(row.ekyc_method).toBe('Face');
    const imgs = async (type: string, id: string) =>
      (
        await t.ctx.db
          .select()
          .from(attachments)
          .where(and(eq(attachments.attachable_type, type), eq(attachments.attachable_id, id)))
      )
        .filter((a) => a.type.startsWith('mykad-'))
        .map((a) => `${a.type}:${a.sha256}`)
        .sort();
    expect(await imgs('Hibah', h.id)).toEqual(await imgs('Wasiat', willId));
    expect(await imgs('Hibah', h.id)).toHaveLength(2);
    const events = await t.ctx.db
      .select()
      .from(audit_events)
      .where(and(eq(audit_events.action, 'hibah.ekyc_reuse'), eq(audit_events.entity_id, h.id)));
    expect(events).toHaveLength(1);
    expect((events[0].after as any).reused_from).toMatchObject({ type: 'Wasiat', id: willId });

    await verifiedHibahOtp(t, c.id, h.id, 'hibah-submit');
    await ok(
      t.call('POST', `/api/hibah/${h.id}`, {
        token,
        body: { status: 2, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
  });

  it('without a passed eKYC, with an old one or another MyKad number: 422 naming why', async () => {
    const c = await newClient(t);
    const token = c.token;
    const h = (await ok(t.call('POST', '/api/hibah', { token, body: { user_id: c.id, hibah_type: 9 } }), 201)).hibah;
    await ok(t.call('POST', `/api/hibah/${h.id}/user-detail`, { token, body: userDetail(c.ic) }));
    const none = await t.call('POST', path(h.id), { token, body: {}, lang: 'en' });
    expect(none.status).toBe(422);
    expect(none.body.errors._[0]).toContain('no passed eKYC');
    expect((await ok(t.call('GET', path(h.id), { token }))).reason).toBe('none');

    const willId = await readyWill(t, c);
    const old = new Date();
    old.setUTCMonth(old.getUTCMonth() - 13);
    await t.ctx.db.update(wills).set({ ekyc_verified_at: old }).where(eq(wills.id, willId));
    const expired = await t.call('POST', path(h.id), { token, body: {}, lang: 'ms' });
    expect(expired.status).toBe(422);
    expect(expired.body.errors._[0]).toContain('melebihi 12 bulan');

    await t.ctx.db.update(wills).set({ ekyc_verified_at: new Date() }).where(eq(wills.id, willId));
    await t.ctx.db
      .update(hibah_user_details)
      .set({ ic_number: newMykad() })
      .where(eq(hibah_user_details.hibah_id, h.id));
    const changed = await t.call('POST', path(h.id), { token, body: {}, lang: 'en' });
    expect(changed.status).toBe(422);
    expect(changed.body.errors._[0]).toContain('MyKad number differs');
    const [row] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, h.id));
    expect(row.ekyc_verified_at).toBeNull();
  });
});
