/**
 * An amendment that gives an heir more of a property than their faraid share applies the will's rule of
 * bequests to heirs (issue 17 item 5; ADR 0155): its submission is refused without the testator's
 * acknowledgement, and with it the acknowledgement is recorded for exactly those bequests.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendments, heir_bequest_acknowledgements, wills } from '../../db/schema/index.ts';
import { ok } from '../wills/test-fixtures.ts';
import { draftWitness, passAmendmentEkyc, registeredWill, verifiedAmendmentOtp } from './test-fixtures.ts';

let t: TestApp;
let staff: string;
// The shared machine can be slow to build the test database: a generous hook timeout.
beforeAll(async () => {
  t = await makeTestApp();
  staff = await t.login('staff');
}, 180_000);
afterAll(() => t?.close());

describe("an amendment's bequests to heirs", () => {
  it('refuses the submission without the acknowledgement and records it with the submission', async () => {
    const { c, id } = await registeredWill(t, staff);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id, notes: null, status: 0 },
        }),
        201,
      )
    ).amendment;
    // Paid (as the payments module records it).
    await t.ctx.db.update(amendments).set({ payment_received_at: new Date() }).where(eq(amendments.id, a.id));
    // A comprehensive will: property and receivers in the draft are no change of type to pay for (ADR 0253).
    await t.ctx.db.update(wills).set({ plan: 'comprehensive' }).where(eq(wills.id, id));
    const wife = {
      id: 'heir-wife',
      name: 'Siti binti Ahmad',
      relationship: 'wife',
      ic_number: '820202105552',
      mobile_number: '0198765432',
      address: 'No. 1, Jalan Mawar',
      postcode: '50450',
      city: 'Kuala Lumpur',
      state: 'W.P. Kuala Lumpur',
    };
    await ok(
      t.call('PATCH', `/api/amendment/${a.id}/draft`, {
        token: c.token,
        body: {
          heirs: [wife],
          receivers: [{ id: 'rec-wife', name: wife.name, relationship: 'wife', ic_number: wife.ic_number }],
          moveables: [
            {
              property_type: 'savings',
              institution_name: 'Lembaga Tabung Haji',
              account_number: '0778899',
              value_sen: 5_000_000,
              value_estimated_on: '2026-01-15',
              shares: [{ receiver_id: 'rec-wife', portion: '60%' }],
            },
          ],
          witnesses: [
            draftWitness('Saksi Pindaan 1', 's1@example.com'),
            draftWitness('Saksi Pindaan 2', 's2@example.com'),
          ],
        },
      }),
    );
    await passAmendmentEkyc(t, a.id);
    await verifiedAmendmentOtp(t, c.id, id);
    const submit = (extra: object) =>
      t.call('POST', `/api/amendment/${a.id}`, {
        token: c.token,
        headers: { 'X-localization': 'en' },
        body: { _method: 'PATCH', status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1, ...extra },
      });
    const refused = await submit({});
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({
      heir_bequests: [
        'This will gives an heir more than their faraid share. Please acknowledge these bequests to heirs before submitting.',
      ],
    });
    const none = await t.ctx.db
      .select()
      .from(heir_bequest_acknowledgements)
      .where(eq(heir_bequest_acknowledgements.subject_id, a.id));
    expect(none).toHaveLength(0);

    const sent = await ok(submit({ acknowledged_heir_bequests: 1 }));
    expect(sent.amendment.status).toBe(1);
    const [ack] = await t.ctx.db
      .select()
      .from(heir_bequest_acknowledgements)
      .where(
        and(
          eq(heir_bequest_acknowledgements.subject_type, 'Amendment'),
          eq(heir_bequest_acknowledgements.subject_id, a.id),
        ),
      );
    expect(ack.acknowledged_by).toBe(c.id);
    // The testator (male) leaves only his wife in the draft: her faraid share is a quarter; 60% − 1/4 = 7/20.
    expect(ack.bequests).toEqual([
      expect.objectContaining({ heir_id: 'heir-wife', share: '3/5', faraid: '1/4', excess: '7/20' }),
    ]);
  }, 180_000);

  it('shows the bequests of the draft and takes the acknowledgement on its own, as the will does (issue 34)', async () => {
    const { c, id } = await registeredWill(t, staff);
    const a = (
      await ok(
        t.call('POST', '/api/amendment', {
          token: c.token,
          body: { amendmentable_type: 'Wasiat', amendmentable_id: id, notes: null, status: 0 },
        }),
        201,
      )
    ).amendment;
    await t.ctx.db.update(amendments).set({ payment_received_at: new Date() }).where(eq(amendments.id, a.id));
    // A comprehensive will: property and receivers in the draft are no change of type to pay for (ADR 0253).
    await t.ctx.db.update(wills).set({ plan: 'comprehensive' }).where(eq(wills.id, id));
    const read = () => t.call('GET', `/api/amendment/${a.id}/heir-bequests`, { token: c.token });
    const acknowledge = (body: object = { acknowledged: 1 }) =>
      t.call('POST', `/api/amendment/${a.id}/heir-bequests/acknowledge`, {
        token: c.token,
        headers: { 'X-localization': 'ms' },
        body,
      });
    // Nothing to acknowledge yet: the draft is the will's (one heir by faraid, no property).
    expect((await ok(read())).acknowledged).toBe(true);
    expect((await acknowledge()).status).toBe(422);

    const daughter = { id: 'heir-d', name: 'Nur binti Ahmad', relationship: 'child', ic_number: '100101105558' };
    await ok(
      t.call('PATCH', `/api/amendment/${a.id}/draft`, {
        token: c.token,
        body: {
          heirs: [
            {
              ...daughter,
              mobile_number: '0198765432',
              address: 'No. 1',
              postcode: '50450',
              city: 'KL',
              state: 'W.P. Kuala Lumpur',
            },
          ],
          receivers: [{ id: 'rec-d', name: daughter.name, relationship: 'child', ic_number: daughter.ic_number }],
          moveables: [
            {
              property_type: 'savings',
              institution_name: 'Bank Islam',
              account_number: '123',
              value_sen: 5_000_000,
              value_estimated_on: '2026-01-15',
              shares: [{ receiver_id: 'rec-d', portion: '100%' }],
            },
          ],
          witnesses: [draftWitness('Saksi 1', 'p1@example.com'), draftWitness('Saksi 2', 'p2@example.com')],
        },
      }),
    );
    const before = await ok(read());
    expect(before.acknowledged).toBe(false);
    expect(before.heir_bequests).toEqual([
      expect.objectContaining({
        heir_id: 'heir-d',
        share: '1',
        faraid: '1/2',
        excess: '1/2',
        relationship_label: { ms: 'Anak perempuan', en: 'Daughter' },
      }),
    ]);
    expect((await acknowledge({ acknowledged: 0 })).status).toBe(422);
    // Another client sees nothing of it.
    const other = await t.login('client');
    expect((await t.call('GET', `/api/amendment/${a.id}/heir-bequests`, { token: other })).status).toBe(404);

    const after = await ok(acknowledge());
    expect(after.acknowledged).toBe(true);
    expect(after.acknowledgement.acknowledged_by).toBe(c.id);
    // The submission then needs no flag.
    await passAmendmentEkyc(t, a.id);
    await verifiedAmendmentOtp(t, c.id, id);
    const sent = await ok(
      t.call('POST', `/api/amendment/${a.id}`, {
        token: c.token,
        body: { _method: 'PATCH', status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
      }),
    );
    expect(sent.amendment.status).toBe(1);
    // Not a draft any more: no new acknowledgement.
    expect((await acknowledge()).status).toBe(422);
  }, 180_000);
});
