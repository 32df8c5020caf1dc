/**
 * Issue 9 in the will wizard: estate figures (part e), the one-third rule on bequests to non-heirs counted by value
 * — property shares included — with no consent of the heirs to lift it (Muslim Wills Enactment (Selangor) 1999
 * s.26; issue 37 item 2, issue 41 item 4, ADR 0257), and the executor fee on GET /api/wasiat/{id}.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { heirs, immoveable_properties, wills } from '../../db/schema/index.ts';
import {
  heir,
  newClient,
  newMykad,
  ok,
  orgAndBranch,
  PNG_A,
  PNG_B,
  passEkyc,
  pay,
  userDetail,
} from './test-fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await makeTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A will with parts a–d done; part e open for a comprehensive plan. The heir (wife) has MyKad `heirIc`. */
async function willAtE(plan: 'basic' | 'comprehensive' = 'comprehensive') {
  const c = await newClient(t);
  const token = c.token;
  const w = (await ok(t.call('POST', '/api/wasiat', { token, body: { user_id: c.id } }), 201)).wasiat;
  await ok(
    t.call('PATCH', `/api/wasiat/${w.id}`, { token, body: { ...(await orgAndBranch(t)), wasiat_type: 1, plan } }),
  );
  await pay(t, w.id, 'paid');
  await ok(t.call('POST', `/api/wasiat/${w.id}/user-detail`, { token, body: userDetail(c.ic) }));
  for (const [type, document] of [
    ['mykad-front', PNG_A],
    ['mykad-back', PNG_B],
  ]) {
    await ok(t.call('POST', `/api/wasiat/${w.id}/document`, { token, body: { type, document } }), 201);
  }
  await passEkyc(t, w.id);
  const heirIc = newMykad(false);
  await ok(t.call('POST', '/api/heir', { token, body: heir(w.id, { ic_number: heirIc }) }), 201);
  return { token, id: w.id as string, heirIc };
}

const patch = (token: string, id: string, body: Record<string, unknown>, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', `/api/wasiat/${id}`, { token, lang, body: { _method: 'PATCH', ...body } });
const bequest = (token: string, id: string, body: Record<string, unknown>, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/bequest', {
    token,
    lang,
    body: { wasiat_id: id, beneficiary_name: 'Masjid Al-Falah', ...body },
  });

describe('estate figures and the executor fee (part e; spec §9)', () => {
  it('sums property values, applies the claims, and answers the fee', async () => {
    const { token, id } = await willAtE();
    const before = (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;
    expect(before.executor_fee).toBeNull();
    expect(before.estate).toMatchObject({ gross_sen: null, net_sen: null, bequests_to_non_heirs: '0' });

    await ok(
      t.call('POST', '/api/moveable-property', {
        token,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: id,
          property_type: 'bank',
          institution_name: 'Bank Muamalat',
          account_number: '1234567890',
          value_sen: 60_000_000,
          value_estimated_on: '2026-01-15',
        },
      }),
      201,
    );
    await ok(
      t.call('POST', '/api/immoveable-property', {
        token,
        body: {
          immoveable_type: 'Wasiat',
          immoveable_id: id,
          category: 'land',
          property_type: 'geran',
          property_no: 'GRN 1',
          lot_number: 'Lot 1',
          city: 'Kajang',
          district: 'Hulu Langat',
          state: 'Selangor',
          address: 'Lot 1',
          value_sen: '50000000',
          value_estimated_on: '2025-12-31',
        },
      }),
      201,
    );
    const saved = (await ok(patch(token, id, { funeral_sen: 1_000_000, debts_sen: '9000000' }))).wasiat;
    expect(saved).toMatchObject({ funeral_sen: 1_000_000, debts_sen: 9_000_000, estimated_estate_sen: null });
    expect(saved.parts_done).toContain('e');
    await ok(bequest(token, id, { portion: '10%' }), 201);

    const w = (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;
    expect(w.estate).toMatchObject({
      property_sen: 110_000_000,
      gross_sen: 110_000_000,
      net_sen: 100_000_000,
      one_third_sen: 33_333_333,
      bequests_sen: 10_000_000,
      bequests_to_non_heirs: '1/10',
      faraid_sen: 90_000_000,
      one_third: {
        net_sen: 100_000_000,
        third_sen: 33_333_333,
        bequests_sen: 10_000_000,
        property_sen: 0,
        over: false,
      },
    });
    expect(w).not.toHaveProperty('heirs_consent');
    // RM 1,100,000.00: 2% = RM 22,000.00; band 2 → the provider bears 20%
    expect(w.executor_fee).toEqual({
      estate_sen: 110_000_000,
      fee_sen: 2_200_000,
      provider_percent: 20,
      provider_bears_sen: 440_000,
      client_pays_sen: 1_760_000,
    });

    // the estimate replaces the property sum; null clears it; absent keys are kept
    const est = (await ok(patch(token, id, { estimated_estate_sen: 100_000_000 }))).wasiat;
    expect(est.executor_fee).toMatchObject({ estate_sen: 100_000_000, provider_percent: 100, client_pays_sen: 0 });
    expect(est.debts_sen).toBe(9_000_000);
    const cleared = (await ok(patch(token, id, { estimated_estate_sen: null, debts_sen: '' }))).wasiat;
    expect(cleared).toMatchObject({ estimated_estate_sen: null, debts_sen: null, funeral_sen: 1_000_000 });
    expect(cleared.estate.gross_sen).toBe(110_000_000);
  });

  it('refuses bad amounts, and part e of a basic will', async () => {
    const { token, id } = await willAtE();
    const bad = await patch(token, id, { debts_sen: -5, funeral_sen: '1.5' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['debts_sen', 'funeral_sen']);
    const basic = await willAtE('basic');
    const locked = await patch(basic.token, basic.id, { debts_sen: 100 });
    expect(locked.status).toBe(422);
    expect(locked.body.errors._).toEqual(['Please complete the earlier parts first.']);
  });
});

/** A piece of land of the will with its value (sen) and the date of the estimate. */
const land = async (token: string, id: string, value: number | string, no = 'GRN 7') =>
  (
    await ok(
      t.call('POST', '/api/immoveable-property', {
        token,
        body: {
          immoveable_type: 'Wasiat',
          immoveable_id: id,
          category: 'land',
          property_type: 'geran',
          property_no: no,
          lot_number: 'Lot 7',
          city: 'Kajang',
          district: 'Hulu Langat',
          state: 'Selangor',
          address: 'Lot 7, Kajang',
          value_sen: value,
          value_estimated_on: '2026-01-15',
        },
      }),
      201,
    )
  ).immoveable_property.id as string;
/** A receiver of the will who is not an heir (a mosque). */
const mosque = async (token: string, id: string) =>
  (
    await ok(
      t.call('POST', '/api/receiver', {
        token,
        body: {
          receivable_type: 'Wasiat',
          receivable_id: id,
          name: 'Masjid Al-Falah',
          relationship: 'other',
          address: 'Jalan Masjid',
          postcode: '43000',
          city: 'Kajang',
          state: 'Selangor',
        },
      }),
      201,
    )
  ).receiver.id as string;
const share = (token: string, receiverId: string, landId: string, portion: string, lang: 'ms' | 'en' = 'en') =>
  t.call('POST', '/api/property-receiver', {
    token,
    lang,
    body: { receiver_id: receiverId, portion, propertyable_type: 'ImmoveableProperty', propertyable_id: landId },
  });

describe('every property carries an estimated value with its date (ADR 0257)', () => {
  it('refuses a property of a will without them, or with a date after today', async () => {
    const { token, id } = await willAtE();
    const body = {
      immoveable_type: 'Wasiat',
      immoveable_id: id,
      category: 'land',
      property_type: 'geran',
      property_no: 'GRN 9',
      lot_number: 'Lot 9',
      city: 'Kajang',
      district: 'Hulu Langat',
      state: 'Selangor',
      address: 'Lot 9',
    };
    const none = await t.call('POST', '/api/immoveable-property', { token, lang: 'ms', body });
    expect(none.status).toBe(422);
    expect(none.body.errors).toMatchObject({
      value_sen: ['Nyatakan anggaran nilai harta ini (RM).'],
      value_estimated_on: ['Nyatakan tarikh anggaran nilai ini.'],
    });
    const future = await t.call('POST', '/api/immoveable-property', {
      token,
      body: { ...body, value_sen: 100, value_estimated_on: '2999-01-01' },
    });
    expect(future.body.errors.value_estimated_on).toEqual(['The date of the estimate cannot be after today.']);
    const saved = await land(token, id, 30_000_000);
    const [row] = await t.ctx.db.select().from(immoveable_properties).where(eq(immoveable_properties.id, saved));
    expect(row).toMatchObject({ value_sen: 30_000_000, value_estimated_on: '2026-01-15' });
    // a value above RM 21,474,836.47 (bigint since migration 0041)
    const big = await land(token, id, 5_000_000_000, 'GRN 10');
    const [b] = await t.ctx.db.select().from(immoveable_properties).where(eq(immoveable_properties.id, big));
    expect(b.value_sen).toBe(5_000_000_000);
  });
});

describe('the one-third rule counted by value (Muslim Wills Enactment (Selangor) 1999 s.26(1))', () => {
  it('allows exactly one third to non-heirs, refuses more with the figures in both languages', async () => {
    const { token, id } = await willAtE();
    await ok(patch(token, id, { estimated_estate_sen: 90_000_000 }));
    const a = await ok(bequest(token, id, { portion: '1/6' }), 201);
    await ok(bequest(token, id, { beneficiary_name: 'Rumah Anak Yatim', portion: '1/6' }), 201);
    const over = await bequest(token, id, { beneficiary_name: 'Sekolah Tahfiz', portion: '1%' }, 'ms');
    expect(over.status).toBe(422);
    expect(over.body.errors.portion).toEqual([
      'Wasiat kepada bukan waris berjumlah RM 309,000.00, melebihi satu pertiga harta bersih (RM 300,000.00 daripada RM 900,000.00; Enakmen Wasiat Orang Islam (Selangor) 1999, seksyen 26(1)). Kurangkan wasiat atau bahagian harta kepada bukan waris.',
    ]);
    // an update counts the others with its new portion
    const upd = await t.call('POST', `/api/bequest/${a.bequest.id}`, {
      token,
      body: { _method: 'PATCH', beneficiary_name: 'Masjid Al-Falah', portion: '20%' },
    });
    expect(upd.status).toBe(422);
    expect(upd.body.errors.portion[0]).toMatch(/^Bequests to non-heirs come to RM 330,000.00, more than one third/);
    expect((await ok(t.call('GET', `/api/wasiat/${id}/bequest`, { token }))).bequests.total).toBe(2);
    // portions are of the net estate: debts lower the bequests with it
    await ok(patch(token, id, { debts_sen: 100 }));
  });

  it('counts a share of property given to a non-heir at its value (half a RM 600,000 land to a mosque)', async () => {
    const { token, id } = await willAtE();
    const landId = await land(token, id, 60_000_000);
    const rid = await mosque(token, id);
    const half = await share(token, rid, landId, '1/2');
    expect(half.status).toBe(422);
    expect(half.body.errors.portion[0]).toMatch(
      /^Bequests to non-heirs come to RM 300,000.00, more than one third of the net estate \(RM 200,000.00 of RM 600,000.00/,
    );
    await ok(share(token, rid, landId, '1/3'), 201);
    const w = (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;
    expect(w.estate.one_third).toMatchObject({
      property_sen: 20_000_000,
      total_sen: 20_000_000,
      third_sen: 20_000_000,
      over: false,
    });
    // now a general bequest of any size is beyond one third
    const more = await bequest(token, id, { portion: '1%' });
    expect(more.status).toBe(422);
    // debts lower the net estate but not the land's value: refused on the figure sent, nothing saved
    const debts = await patch(token, id, { debts_sen: 100 });
    expect(debts.status).toBe(422);
    expect(debts.body.errors.debts_sen[0]).toMatch(
      /RM 200,000.00, more than one third of the net estate \(RM 199,999.66 of RM 599,999.00/,
    );
    expect((await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat.debts_sen).toBeNull();
    // a lower estimate of the whole estate than the property would take the share beyond one third
    const est = await patch(token, id, { estimated_estate_sen: 50_000_000 }, 'ms');
    expect(est.body.errors.estimated_estate_sen[0]).toMatch(/^Wasiat kepada bukan waris berjumlah RM 200,000.00/);
  });

  it("does not accept the heirs' consent from the testator: the keys are ignored, nothing is stored", async () => {
    const { token, id } = await willAtE();
    const w = (await ok(patch(token, id, { heirs_consent: 1, heirs_consent_note: 'Semua waris bersetuju.' }))).wasiat;
    expect(w).not.toHaveProperty('heirs_consent');
    const [row] = await t.ctx.db.select().from(wills).where(eq(wills.id, id));
    expect(row).toMatchObject({ heirs_consent: false, heirs_consent_note: null });
    expect(row.parts_done).not.toContain('e');
    // with a figure beside them, the figure is saved and the consent still ignored
    await ok(patch(token, id, { estimated_estate_sen: 90_000_000, heirs_consent: 1 }));
    const third = await bequest(token, id, { portion: '40%' });
    expect(third.status).toBe(422);
  });

  it("allows a bequest to an heir, which needs the other heirs' consent after the death: listed with its amount", async () => {
    const { token, id, heirIc } = await willAtE();
    await ok(patch(token, id, { estimated_estate_sen: 90_000_000 }));
    const b = await ok(
      bequest(token, id, { beneficiary_name: 'Siti binti Ahmad', ic_number: heirIc, portion: '5%' }),
      201,
    );
    await ok(bequest(token, id, { beneficiary_name: 'Abdullah', relationship: 'father', portion: '5%' }), 201);
    await ok(bequest(token, id, { portion: '1/3' }), 201);
    const w = (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;
    expect(w.estate).toMatchObject({ bequests_to_heirs: '1/10', bequests_to_non_heirs: '1/3' });
    const list = (await ok(t.call('GET', `/api/wasiat/${id}/heir-bequests`, { token }))).heir_bequests;
    expect(list.map((x: any) => [x.property_kind, x.heir_name, x.excess, x.value_sen])).toEqual([
      ['Bequest', 'Siti binti Ahmad', '1/20', 4_500_000],
      ['Bequest', 'Abdullah', '1/20', 4_500_000],
    ]);
    expect(list[0]).toMatchObject({
      property_id: b.bequest.id,
      property_label: { ms: 'Wasiat am', en: 'General bequest' },
    });
  });

  it('is checked again on submit, strictly: an heir removed after the bequest, a property without a value', async () => {
    const { token, id } = await willAtE();
    await ok(patch(token, id, { estimated_estate_sen: 30_000_000 }));
    const ic = newMykad();
    const h = await ok(
      t.call('POST', '/api/heir', {
        token,
        body: heir(id, { name: 'Ali bin Ahmad', relationship: 'sibling', ic_number: ic }),
      }),
      201,
    );
    await ok(bequest(token, id, { beneficiary_name: 'Ali bin Ahmad', ic_number: ic, portion: '50%' }), 201);
    await t.ctx.db.delete(heirs).where(and(eq(heirs.id, h.heir.id)));
    // a property saved before migration 0041: no value, no date
    await t.ctx.db.insert(immoveable_properties).values({
      immoveable_type: 'Wasiat',
      immoveable_id: id,
      category: 'land',
      property_type: 'geran',
      property_no: 'GRN OLD',
      lot_number: 'Lot 1',
    });
    const submit = await patch(token, id, { status: 1 });
    expect(submit.status).toBe(422);
    expect(submit.body.errors.bequests).toEqual([
      'Bequests to non-heirs come to RM 150,000.00, more than one third of the net estate (RM 100,000.00 of RM 300,000.00; Muslim Wills Enactment (Selangor) 1999, section 26(1)). Reduce the bequests or the shares of property to non-heirs.',
    ]);
    expect(submit.body.errors.property_values).toEqual([
      'Give the estimated value and the date of the estimate of every property before submitting: GRN OLD.',
    ]);
  });
});
