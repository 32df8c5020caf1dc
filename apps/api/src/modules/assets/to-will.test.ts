/**
 * Picking an asset map entry into a will's property (issue 40 item 6; ADR 0269), over HTTP on a real database: the
 * kind, institution, reference, description and value with its date are copied into the will's movable or
 * immovable property; what the map does not hold comes in `details` or is a 422 naming the field; a nomination and a
 * debt are refused with their reason; a will of another testator is refused, one the caller cannot see is a 404.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import {
  type Client,
  heir,
  newClient,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  passEkyc,
  pay,
  userDetail,
} from '../wills/test-fixtures.ts';
import { bankBody, debtBody, epfBody } from './test-fixtures.ts';

let t: TestApp;
let me: Client;
let will: string;
let otherWill: string;

/** A comprehensive will of client `c` with parts a–d done (property may be added). */
async function comprehensiveWill(c: Client) {
  const w = (await ok(t.call('POST', '/api/wasiat', { token: c.token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, {
      token: c.token,
      body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan: 'comprehensive' },
    }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token: c.token, body: userDetail(c.ic) }));
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', PNG_B],
  ]) {
    await ok(t.call('POST', `/api/wasiat/${w.id}/document`, { token: c.token, body: { type, document } }), 201);
  }
  await passEkyc(t, w.id);
  await ok(t.call('POST', '/api/heir', { token: c.token, body: heir(w.id) }), 201);
  return w.id as string;
}

beforeAll(async () => {
  t = await makeTestApp();
  me = await newClient(t);
  will = await comprehensiveWill(me);
  otherWill = await comprehensiveWill(await newClient(t));
}, 240_000);
afterAll(async () => {
  await t?.close();
});

const entry = async (body: unknown) =>
  (await ok(t.call('POST', '/api/asset', { token: me.token, body }), 201)).asset.id as string;
const pick = (id: string, body: unknown, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', `/api/asset/${id}/will-property`, { token: me.token, body, lang });

describe('picking from the asset map into the will', () => {
  it('copies a bank account into the movable property with its value and date', async () => {
    const id = await entry(bankBody());
    const r = await ok(pick(id, { wasiat_id: will }), 201);
    expect(r.kind).toBe('moveable');
    expect(r.moveable_property).toMatchObject({
      moveable_id: will,
      property_type: 'bank',
      institution_name: 'Bank Muamalat',
      account_number: '1234567890',
      value_sen: 1_500_000,
      value_estimated_on: '2026-01-15',
    });
    const list = await ok(t.call('GET', `/api/wasiat/${will}/moveable-property`, { token: me.token }));
    expect(list.moveable_properties.data.map((p: { id: string }) => p.id)).toContain(r.moveable_property.id);
  });

  it('asks by name for what the map does not hold, then takes it from details', async () => {
    const car = await entry({ ...bankBody(), kind: 'vehicle', description: 'Proton X50', reference: 'WXY 1234' });
    const missing = await pick(car, { wasiat_id: will });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['transport_manufacturer', 'transport_type']);
    const r = await ok(
      pick(car, { wasiat_id: will, details: { transport_type: 'Kereta', transport_manufacturer: 'Proton' } }),
      201,
    );
    expect(r.moveable_property).toMatchObject({
      property_type: 'vehicle',
      transport_model: 'Proton X50',
      transport_registration_number: 'WXY 1234',
      value_sen: 1_500_000,
    });
    const land = await entry({ ...bankBody(), kind: 'property', description: 'No. 1, Jalan Mawar, Kajang' });
    const house = await ok(
      pick(land, {
        wasiat_id: will,
        details: {
          category: 'land',
          property_type: 'geran',
          property_no: 'GRN 1234',
          lot_number: 'Lot 55',
          city: 'Kajang',
          district: 'Hulu Langat',
          state: 'Selangor',
        },
      }),
      201,
    );
    expect(house.immoveable_property).toMatchObject({ address: 'No. 1, Jalan Mawar, Kajang', value_sen: 1_500_000 });
  });

  it('refuses a nomination and a debt as property, with the reason in the language asked', async () => {
    const epf = await entry(epfBody());
    const r = await pick(epf, { wasiat_id: will }, 'ms');
    expect(r.status).toBe(422);
    expect(r.body.errors.kind[0]).toContain('di luar harta pusaka');
    const en = await pick(epf, { wasiat_id: will });
    expect(en.body.errors.kind[0]).toContain('outside the estate');
    const debt = await entry(debtBody());
    expect((await pick(debt, { wasiat_id: will })).body.errors.kind[0]).toContain('paid from the estate');
    const list = await ok(t.call('GET', `/api/wasiat/${will}/moveable-property`, { token: me.token }));
    expect(list.moveable_properties.data.some((p: { value_sen: number }) => p.value_sen === 20_000_000)).toBe(false);
  });

  it("refuses another's will: a 404 when unseen, a 422 when it is another testator's", async () => {
    const id = await entry(bankBody());
    expect((await pick(id, { wasiat_id: otherWill })).status).toBe(404);
    // Staff see every will, so the rule that an entry goes only into its own testator's will speaks by name.
    const staff = await t.login('staff');
    const r = await t.call('POST', `/api/asset/${id}/will-property`, { token: staff, body: { wasiat_id: otherWill } });
    expect(r.status).toBe(422);
    expect(Object.keys(r.body.errors)).toEqual(['wasiat_id']);
  });
});
