/**
 * A will amendment's draft under the one-third rule counted by value (issue 37 item 2, issue 41 item 4; ADR 0257):
 * every property of the draft carries its estimated value and the date of the estimate, a draft that would give
 * non-heirs more than one third of the net estate is refused when saved, and the submission asks for the value
 * of a property carried from the will without one.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { amendments, wills } from '../../db/schema/index.ts';
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

const land = (value: number | undefined, shares: { receiver_id: string; portion: string }[]) => ({
  category: 'land',
  property_type: 'geran',
  property_no: 'GRN 55',
  lot_number: 'Lot 55',
  city: 'Kajang',
  district: 'Hulu Langat',
  state: 'Selangor',
  address: 'Lot 55, Kajang',
  ...(value === undefined ? {} : { value_sen: value, value_estimated_on: '2026-02-01' }),
  shares,
});
const mosque = { id: 'rec-mosque', name: 'Masjid Al-Falah', relationship: 'other' };

describe("a will amendment's draft and the one-third rule", () => {
  it('asks every property its value, refuses a draft beyond one third with the figures, and asks again at submission', async () => {
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
    await t.ctx.db.update(wills).set({ plan: 'comprehensive' }).where(eq(wills.id, id));
    const save = (body: object, lang: 'ms' | 'en' = 'en') =>
      t.call('PATCH', `/api/amendment/${a.id}/draft`, { token: c.token, lang, body });

    // No value, no date: refused on the row's fields.
    const none = await save({ receivers: [mosque], immoveables: [land(undefined, [])] });
    expect(none.status).toBe(422);
    expect(none.body.errors).toMatchObject({
      'immoveables.0.value_sen': ['Give the estimated value of this property (RM).'],
      'immoveables.0.value_estimated_on': ['Give the date of this estimate.'],
    });
    // Half of a RM 600,000 land to a mosque: RM 300,000 > one third of RM 600,000.
    const half = await save(
      { receivers: [mosque], immoveables: [land(60_000_000, [{ receiver_id: 'rec-mosque', portion: '1/2' }])] },
      'ms',
    );
    expect(half.status).toBe(422);
    expect(half.body.errors.immoveables[0]).toMatch(
      /^Wasiat kepada bukan waris berjumlah RM 300,000.00, melebihi satu pertiga harta bersih \(RM 200,000.00 daripada RM 600,000.00;/,
    );
    // A third is allowed.
    const saved = (
      await ok(
        save({ receivers: [mosque], immoveables: [land(60_000_000, [{ receiver_id: 'rec-mosque', portion: '1/3' }])] }),
      )
    ).amendment;
    expect(saved.draft.immoveables[0]).toMatchObject({ value_sen: 60_000_000, value_estimated_on: '2026-02-01' });

    // A property carried from the will without a value (saved before values were asked for): the submission asks
    // for it, with the other requirements at once.
    const draft = { ...saved.draft };
    draft.moveables = [
      {
        id: 'old-car',
        property_type: 'vehicle',
        transport_type: 'Kereta',
        transport_manufacturer: 'Proton',
        transport_model: 'Saga',
        transport_registration_number: 'BKK 1',
        value_sen: null,
        shares: [],
      },
    ];
    draft.witnesses = [draftWitness('Saksi 1', 'q1@example.com'), draftWitness('Saksi 2', 'q2@example.com')];
    await t.ctx.db.update(amendments).set({ draft }).where(eq(amendments.id, a.id));
    await passAmendmentEkyc(t, a.id);
    await verifiedAmendmentOtp(t, c.id, id);
    const submit = await t.call('POST', `/api/amendment/${a.id}`, {
      token: c.token,
      body: { _method: 'PATCH', status: 1, acknowledged_pdpa: 1, acknowledged_confirmation: 1 },
    });
    expect(submit.status).toBe(422);
    expect(submit.body.errors).toEqual({
      property_values: [
        'Give the estimated value and the date of the estimate of every property before submitting: BKK 1.',
      ],
    });
  }, 180_000);
});
