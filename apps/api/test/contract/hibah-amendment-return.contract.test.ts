/**
 * Contract suite, a priced hibah amendment returned by staff and its draft rejected by the grantor (issue 20; ADR
 * 0180's status table; reference §2.4, §3.2 part-listpindaan, part D, part H in an amendment, part-draft, part I,
 * §4.2), replayed with the 2021 client's bodies — the grantor in a 2021-contract session (ADR 0135), then provider
 * staff:
 * 1. the hibah's pricing has an amendment price (RM 50, set by staff through `PATCH /api/pricing/{id}`), so the
 *    applied amendment is payable; the 2021 trust wizard sends no amendment payment (reference §2.7: its only
 *    amendment payment is the will's `amendment_for_wasiat_id`), so it is paid as any payable (ADR 0180, 4) by the
 *    sandbox gateway beside the replay; the grantor edits part D, names two witnesses and submits;
 * 2. staff's `{ status: 0 }` (2021 "cancelled by the provider") without a reason is 422 on `reason` (ADR 0163, 5;
 *    counted as expected), with one it returns the amendment to 0; the grantor submits again;
 * 3. staff pass it (`{ status: 2 }` → our 3), the grantor rejects the draft (`{ status: 0 }` at our 3 → 0, the
 *    draft kept), submits again, staff pass, and the flow ends as ADR 0180's suite: acceptance, witnesses by link,
 *    the officer's approval → succeeded, the hibah at version 2.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amendments, hibahs, otp_codes } from '../../src/db/schema/index.ts';
import { passAmendmentEkyc } from '../../src/modules/amendments/test-fixtures.ts';
import { newMykad, ok } from '../../src/modules/wills/test-fixtures.ts';
import { makeTestApp, type TestApp } from '../harness.ts';
import {
  acceptAndApproveHibahAmendment,
  currentAmendment,
  grantorOfRegisteredHibah,
  HIBAH_QUEUE_KEYS,
  staffPassHibahAmendment,
  submitHibahAmendment,
} from './hibah-amendment-steps.ts';
import { gatewayPath, originalClient } from './replay.ts';
import { address, hibahForm } from './trust-steps.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
}, 240_000);
afterAll(async () => {
  await t?.close();
});

/** The amendment price set on the hibah's pricing for this suite: RM 50 in sen. */
const PRICE_SEN = 5000;

describe('a priced hibah amendment returned by staff and its draft rejected, as the 2021 client sends them', () => {
  it('pays, is returned with a reason, has its draft rejected, is resubmitted and ends at version 2', async () => {
    const rp = originalClient(t, 'hibah-amendment-return');
    let printed = false;
    try {
      const staff = await t.login('staff');
      const { c, id, me } = await grantorOfRegisteredHibah(t, staff);
      // (not counted) the registration fixture's codes (inserted, `code_hash: 'unused'`) dated an hour back, out
      // of the 5-per-15-minutes request window: this flow asks for four codes of its own by `sms/code`
      await t.ctx.db
        .update(otp_codes)
        .set({ created_at: new Date(Date.now() - 3_600_000) })
        .where(and(eq(otp_codes.user_id, c.id), eq(otp_codes.code_hash, 'unused')));
      const row = async () => (await t.ctx.db.select().from(amendments).where(eq(amendments.id, aid)))[0];

      // (not counted) staff give the hibah's pricing an amendment price through our API (organisation:manage)
      const { hibah } = await ok(t.call('GET', `/api/hibah/${id}`, { token: staff }));
      const { pricing } = await ok(t.call('GET', `/api/pricing/${hibah.pricing_id}`, { token: staff }));
      const { organization_id, product, plan, description, price_sen, status } = pricing;
      const priced = await ok(
        t.call('PATCH', `/api/pricing/${pricing.id}`, {
          token: staff,
          body: { organization_id, product, plan, description, price_sen, status, amendment_price_sen: PRICE_SEN },
        }),
      );
      expect(priced.pricing.amendment_price_sen).toBe(PRICE_SEN);

      // ——— part-listpindaan: no amendment yet, apply
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment?hibah_id=${id}`,
        reads: ['amendments.data'],
        check: (b) => (b.amendments?.data?.length === 0 ? undefined : 'a new registration has no amendment'),
      });
      const applied = await rp.call({
        token: me,
        method: 'POST',
        path: 'amendment',
        body: { amendmentable_type: 'Hibah', amendmentable_id: id, notes: null, status: 0 },
        reads: ['amendment.id'],
      });
      const aid = applied.body.amendment?.id as string;
      expect(await row()).toMatchObject({ status: 0, price_sen: PRICE_SEN, payment_received_at: null });

      // (not counted) the amendment paid by the sandbox gateway as any payable (ADR 0180, 4): the 2021 trust
      // wizard has no amendment payment, its only one (`amendment_for_wasiat_id`) names a will (reference §2.7)
      const pay = await ok(
        t.call('POST', '/api/payment', {
          token: me,
          body: {
            paymentable_type: 'Amendment',
            paymentable_id: aid,
            payment_options_id: 1,
            redirect_url: `/trust/part-listpindaan?id=${id}`,
          },
        }),
      );
      const gw = await fetch(`${t.baseUrl}${gatewayPath(pay.payment.payment_link)}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ outcome: 'approve' }).toString(),
      });
      expect(gw.status).toBe(303);
      expect(gw.headers.get('location')).toMatch(new RegExp(`^/trust/part-listpindaan\\?id=${id}&status=1`));
      expect((await row()).payment_received_at).toBeTruthy();

      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment?hibah_id=${id}`,
        reads: ['amendments.data.0.id', 'amendments.data.0.status'],
        check: currentAmendment(aid, 0),
      });
      // ——— part D's hibah fields to the draft, part I's two witnesses (named before the submission, ADR 0180, 3)
      await rp.call({ token: me, method: 'PATCH', path: `hibah/${id}`, body: hibahForm, reads: ['hibah.id'] });
      for (const [i, odd] of [true, false].entries()) {
        await rp.call({
          token: me,
          method: 'POST',
          path: 'witness',
          body: {
            name: `Saksi Pulangan ${i + 1}`,
            ic_number: newMykad(odd),
            email: `saksi${i + 1}.pulangan@example.com`,
            ...address,
            signature_id: null,
            witnessable_type: 'Amendment',
            witnessable_id: aid,
            newWitness: true,
            currentIndex: -1,
          },
          reads: ['witness.id'],
        });
      }
      // (not counted) the amendment's own eKYC (ADR 0097)
      await passAmendmentEkyc(t, aid);
      await submitHibahAmendment(t, rp, me, aid);

      // ——— staff: the list, then "cancel" (2021 `{ status: 0 }` on a submitted amendment) = our return 1 → 0,
      // which needs a reason the 2021 body lacks (ADR 0163, 5): 422 on `reason`, then with one
      await rp.call({
        token: staff,
        method: 'GET',
        path: 'amendment?amendmentable_type=Hibah&load_with=amendmentable.user',
        reads: HIBAH_QUEUE_KEYS,
        check: (b) => (b.amendments?.data?.some((a: any) => a.id === aid && a.status === 1) ? undefined : 'not listed'),
      });
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 0, amendmentable_type: 'Hibah' },
        status: 422,
        reads: ['message', 'errors.reason'],
      });
      expect((await row()).status).toBe(1);
      const reason = 'Sila semak semula tujuan amanah sebelum dihantar.';
      await rp.call({
        token: staff,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 0, amendmentable_type: 'Hibah', reason },
        reads: ['amendment.id'],
        check: (b) => (b.amendment?.status === 0 ? undefined : `status ${b.amendment?.status}, expected 0`),
      });
      expect(await row()).toMatchObject({ status: 0, reason });

      // ——— the grantor sees it back in preparation and submits again (a new code; still paid)
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment?hibah_id=${id}`,
        reads: ['amendments.data.0.id', 'amendments.data.0.status'],
        check: currentAmendment(aid, 0),
      });
      await submitHibahAmendment(t, rp, me, aid);
      await staffPassHibahAmendment(rp, staff, aid);

      // ——— part-draft: the grantor rejects the draft (2021 `{ status: 0 }` at our 3 → 0), the draft kept
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment?hibah_id=${id}`,
        reads: ['amendments.data.0.id', 'amendments.data.0.status'],
        check: currentAmendment(aid, 3),
      });
      await rp.call({
        token: me,
        method: 'PATCH',
        path: `amendment/${aid}`,
        body: { status: 0, amendmentable_type: 'Hibah' },
        reads: ['amendment.id'],
        check: (b) => (b.amendment?.status === 0 ? undefined : `status ${b.amendment?.status}, expected 0`),
      });
      const rejected = await row();
      expect(rejected).toMatchObject({ status: 0, expires_at: null });
      expect((rejected.draft as { fields: Record<string, unknown> }).fields).toMatchObject({
        employer_name: hibahForm.employer_name,
        trust_purpose: hibahForm.trust_purpose,
      });
      expect((rejected.draft as { witnesses: unknown[] }).witnesses).toHaveLength(4);
      await rp.call({
        token: me,
        method: 'GET',
        path: `amendment?hibah_id=${id}`,
        reads: ['amendments.data.0.id', 'amendments.data.0.status'],
        check: currentAmendment(aid, 0),
      });

      // ——— submitted again, passed, accepted, witnessed (the hibah's two + part I's two: four links), approved
      await submitHibahAmendment(t, rp, me, aid);
      await staffPassHibahAmendment(rp, staff, aid);
      await acceptAndApproveHibahAmendment(t, rp, { me, staff, id, aid, links: 4 });

      const { n, m, misses } = rp.summary();
      printed = true;
      expect(n, misses.join('\n')).toBe(m);
      const done = await row();
      expect(done).toMatchObject({ status: 2, version_no: 2, price_sen: PRICE_SEN, reason: null });
      expect(done.payment_received_at).toBeTruthy();
      const [h] = await t.ctx.db.select().from(hibahs).where(eq(hibahs.id, id));
      expect(h).toMatchObject({
        status: 5,
        current_version: 2,
        employer_name: hibahForm.employer_name,
        trust_purpose: hibahForm.trust_purpose,
      });
    } finally {
      if (!printed) rp.summary();
    }
  }, 300_000);
});
