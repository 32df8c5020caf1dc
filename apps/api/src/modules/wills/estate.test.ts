/**
 * Issue 9 in the will wizard: estate figures (part e), the one-third rule on bequests with the heirs'
 * consent (Muslim Wills Enactment (Selangor) 1999 s.26), and the executor fee on GET /api/wasiat/{id}.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
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
      needs_consent: false,
    });
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

describe('the one-third rule (Muslim Wills Enactment (Selangor) 1999 s.26)', () => {
  it('allows exactly one third to non-heirs, refuses more in both languages', async () => {
    const { token, id } = await willAtE();
    const a = await ok(bequest(token, id, { portion: '1/6' }), 201);
    await ok(bequest(token, id, { beneficiary_name: 'Rumah Anak Yatim', portion: '1/6' }), 201);
    const over = await bequest(token, id, { beneficiary_name: 'Sekolah Tahfiz', portion: '1%' }, 'ms');
    expect(over.status).toBe(422);
    expect(over.body.errors.portion).toEqual([
      'Jumlah wasiat kepada bukan waris melebihi satu pertiga harta bersih. Persetujuan waris diperlukan.',
    ]);
    // an update counts the others with its new portion
    const upd = await t.call('POST', `/api/bequest/${a.bequest.id}`, {
      token,
      body: { _method: 'PATCH', beneficiary_name: 'Masjid Al-Falah', portion: '20%' },
    });
    expect(upd.status).toBe(422);
    expect(upd.body.errors.portion[0]).toMatch(/exceed one third/);
    expect((await ok(t.call('GET', `/api/wasiat/${id}/bequest`, { token }))).bequests.total).toBe(2);
  });

  it('a bequest to an heir needs the consent; consent is recorded, stated and cannot be withdrawn while needed', async () => {
    const { token, id, heirIc } = await willAtE();
    const byIc = await bequest(token, id, { beneficiary_name: 'Siti binti Ahmad', ic_number: heirIc, portion: '5%' });
    expect(byIc.status).toBe(422);
    expect(byIc.body.errors.portion).toEqual(["A bequest to an heir requires the heirs' consent."]);
    const byRel = await bequest(
      token,
      id,
      { beneficiary_name: 'Abdullah', relationship: 'father', portion: '5%' },
      'ms',
    );
    expect(byRel.body.errors.portion).toEqual(['Wasiat kepada waris memerlukan persetujuan waris.']);

    const w = (
      await ok(patch(token, id, { heirs_consent: 1, heirs_consent_note: 'Semua waris bersetuju secara bertulis.' }))
    ).wasiat;
    expect(w).toMatchObject({ heirs_consent: 1, heirs_consent_note: 'Semua waris bersetuju secara bertulis.' });
    await ok(bequest(token, id, { beneficiary_name: 'Siti binti Ahmad', ic_number: heirIc, portion: '5%' }), 201);
    await ok(bequest(token, id, { portion: '50%' }), 201);
    const after = (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;
    expect(after.estate).toMatchObject({
      bequests_to_heirs: '1/20',
      bequests_to_non_heirs: '1/2',
      needs_consent: true,
    });

    const withdraw = await patch(token, id, { heirs_consent: 0 });
    expect(withdraw.status).toBe(422);
    expect(withdraw.body.errors.heirs_consent).toEqual(["A bequest to an heir requires the heirs' consent."]);
    expect((await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat.heirs_consent).toBe(1);
  });

  it('is checked again on submit (an heir added after the bequest)', async () => {
    const { token, id } = await willAtE();
    const ic = newMykad();
    await ok(bequest(token, id, { beneficiary_name: 'Ali bin Ahmad', ic_number: ic, portion: '10%' }), 201);
    await ok(
      t.call('POST', '/api/heir', {
        token,
        body: heir(id, { name: 'Ali bin Ahmad', relationship: 'sibling', ic_number: ic }),
      }),
      201,
    );
    const submit = await patch(token, id, { status: 1 });
    expect(submit.status).toBe(422);
    expect(submit.body.errors.bequests).toEqual(["A bequest to an heir requires the heirs' consent."]);
  });
});
