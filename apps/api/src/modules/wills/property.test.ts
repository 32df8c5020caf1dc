import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { heir, newClient, ok, orgAndBranch, PNG_A, PNG_B, passEkyc, pay, userDetail } from './test-fixtures.ts';

let t: TestApp;
let token: string;
let id: string;
let other: string;

/** A comprehensive will with parts a–d done, owned by a fresh client. */
async function comprehensiveWill() {
  const c = await newClient(t);
  const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: c.token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'comprehensive' },
    }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/document`, { token: c.token, body: { type: 'mykad-front', document: PNG_A } }),
    201,
  );
  await ok(
    t.call('POST', `/api/wasiat/${w.id}/document`, { token: c.token, body: { type: 'mykad-back', document: PNG_B } }),
    201,
  );
  await passEkyc(t, w.id);
  await ok(t.call('POST', '/api/heir', { token: c.token, body: heir(w.id) }), 201);
  return { token: c.token, id: w.id as string };
}

beforeAll(async () => {
  t = await makeTestApp();
  ({ token, id } = await comprehensiveWill());
  other = (await comprehensiveWill()).id;
});
afterAll(async () => {
  await t.close();
});

const receiver = (willId: string, name: string) =>
  t.call('POST', '/api/receiver', {
    token,
    body: { receivable_type: 'Wasiat', receivable_id: willId, name, relationship: 'son' },
  });

describe('movable and immovable property', () => {
  it('requires the details of the property type and saves value in sen', async () => {
    const missing = await t.call('POST', '/api/moveable-property', {
      token,
      body: { moveable_type: 'Wasiat', moveable_id: id, property_type: 'vehicle', transport_type: 'Kereta' },
    });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual([
      'transport_manufacturer',
      'transport_model',
      'transport_registration_number',
      'value_estimated_on',
      'value_sen',
    ]);
    const bank = await ok(
      t.call('POST', '/api/moveable-property', {
        token,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: id,
          value_estimated_on: '2026-01-15',
          property_type: 'bank',
          institution_name: 'Bank Muamalat',
          account_number: '1234567890',
          value_sen: '1500000',
        },
      }),
      201,
    );
    expect(bank.moveable_property).toMatchObject({
      property_type: 'bank',
      value_sen: 1500000,
      value_estimated_on: '2026-01-15',
    });
    const land = await ok(
      t.call('POST', '/api/immoveable-property', {
        token,
        body: {
          immoveable_type: 'Wasiat',
          immoveable_id: id,
          value_estimated_on: '2026-01-15',
          value_sen: 1_000_000,
          category: 'land',
          property_type: 'geran',
          property_no: 'GRN 12345',
          lot_number: 'Lot 678',
          city_type: 'mukim',
          city: 'Mukim Kajang',
          district: 'Hulu Langat',
          state: 'Selangor',
          address: 'Lot 678, Jalan Sungai Chua',
        },
      }),
      201,
    );
    expect(land.immoveable_property.property_no).toBe('GRN 12345');
    const list = await ok(t.call('GET', `/api/wasiat/${id}/immoveable-property`, { token }));
    expect(list.immoveable_properties.total).toBe(1);
    const w = await ok(t.call('GET', `/api/wasiat/${id}`, { token }));
    expect(w.wasiat.parts_done).toContain('e');
    expect(w.wasiat.unlocked).toContain('f');
  });
});

describe('property receivers and shares', () => {
  it('keeps each property within the whole, exactly ("1/3" three times is the whole)', async () => {
    const prop = await ok(
      t.call('POST', '/api/moveable-property', {
        token,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: id,
          value_estimated_on: '2026-01-15',
          value_sen: 1_000_000,
          property_type: 'savings',
          institution_name: 'Tabung Haji',
          account_number: 'TH-1',
        },
      }),
      201,
    );
    const pid = prop.moveable_property.id;
    const r = await Promise.all(
      ['Ali', 'Abu', 'Aminah', 'Azlan'].map(async (n) => (await ok(receiver(id, n), 201)).receiver.id),
    );
    const share = (receiver_id: string, portion: string) =>
      t.call('POST', '/api/property-receiver', {
        token,
        body: { receiver_id, portion, propertyable_type: 'MoveableProperty', propertyable_id: pid },
      });
    const s1 = await ok(share(r[0], '1/3'), 201);
    await ok(share(r[1], '1/3'), 201);
    await ok(share(r[2], '33.3333%'), 201);
    const over = await share(r[3], '1%');
    expect(over.status).toBe(422);
    expect(over.body.errors.portion).toEqual(['The shares add up to more than the whole property.']);
    const dup = await share(r[0], '1%');
    expect(dup.body.errors.receiver_id).toEqual(['This receiver already has a share of this property.']);
    const bad = await share(r[3], 'separuh');
    expect(bad.body.errors.portion[0]).toMatch(/number with %/);
    const zero = await share(r[3], '0%');
    expect(zero.body.errors.portion).toEqual(['Percentages must be between 1 and 100.']);

    // PATCH counts the other shares, not itself: 1/3 → 30% fits; → 40% does not
    const fits = await ok(
      t.call('POST', `/api/property-receiver/${s1.property_receiver.id}`, {
        token,
        body: { _method: 'PATCH', portion: '30%' },
      }),
    );
    expect(fits.property_receiver.portion).toBe('30%');
    const tooMuch = await t.call('PATCH', `/api/property-receiver/${s1.property_receiver.id}`, {
      token,
      body: { portion: '40%' },
    });
    expect(tooMuch.status).toBe(422);

    const list = await ok(t.call('GET', `/api/moveable-property/${pid}/receiver`, { token }));
    expect(list.receivers.data).toHaveLength(3);
    expect(list.receivers.data[0]).toMatchObject({ portion: '30%', receiver: { name: 'Ali' } });

    // deleting a receiver removes its shares; deleting the property removes the rest
    await ok(t.call('POST', `/api/receiver/${r[1]}`, { token, body: { _method: 'DELETE' } }));
    expect((await ok(t.call('GET', `/api/moveable-property/${pid}/receiver`, { token }))).receivers.total).toBe(2);
    await ok(t.call('POST', `/api/moveable-property/${pid}`, { token, body: { _method: 'DELETE' } }));
    expect((await t.call('GET', `/api/moveable-property/${pid}/receiver`, { token })).status).toBe(404);
    expect((await t.call('GET', `/api/property-receiver/${s1.property_receiver.id}`, { token })).status).toBe(404);
  });

  it('only a receiver of the same will can take a share', async () => {
    const prop = await ok(
      t.call('POST', '/api/moveable-property', {
        token,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: id,
          value_estimated_on: '2026-01-15',
          value_sen: 1_000_000,
          property_type: 'company',
          institution_name: 'Syarikat ABC',
          company_registration_number: '201901000001',
        },
      }),
      201,
    );
    const foreign = await t.call('POST', '/api/property-receiver', {
      token,
      body: {
        receiver_id: 'not-a-receiver-of-this',
        portion: '50%',
        propertyable_type: 'MoveableProperty',
        propertyable_id: prop.moveable_property.id,
      },
    });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.receiver_id).toEqual(['Please choose a receiver of this will.']);
    // the other will's property is not visible to this client at all
    const r = (await ok(receiver(id, 'Ali'), 201)).receiver.id;
    const otherProp = await t.call('GET', `/api/wasiat/${other}/moveable-property`, { token });
    expect(otherProp.status).toBe(404);
    const crossed = await t.call('POST', '/api/property-receiver', {
      token,
      body: {
        receiver_id: r,
        portion: '50%',
        propertyable_type: 'ImmoveableProperty',
        propertyable_id: prop.moveable_property.id,
      },
    });
    expect(crossed.status).toBe(404);
  });

  it('concurrent shares cannot together exceed the whole', async () => {
    const prop = await ok(
      t.call('POST', '/api/moveable-property', {
        token,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: id,
          value_estimated_on: '2026-01-15',
          value_sen: 1_000_000,
          property_type: 'shares',
          institution_name: 'ASNB',
          account_number: 'ASB-1',
        },
      }),
      201,
    );
    const ids = await Promise.all(
      ['Rafi', 'Rosli', 'Rahim', 'Ramli'].map(async (n) => (await ok(receiver(id, n), 201)).receiver.id),
    );
    const rs = await Promise.all(
      ids.map((receiver_id) =>
        t.call('POST', '/api/property-receiver', {
          token,
          body: {
            receiver_id,
            portion: '50%',
            propertyable_type: 'MoveableProperty',
            propertyable_id: prop.moveable_property.id,
          },
        }),
      ),
    );
    expect(rs.filter((r) => r.status === 201)).toHaveLength(2);
    expect(rs.filter((r) => r.status === 422)).toHaveLength(2);
  });
});
