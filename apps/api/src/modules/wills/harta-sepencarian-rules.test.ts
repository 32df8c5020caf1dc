/**
 * Harta sepencarian, ADR 0290 (issue 41 item 5, leftovers of ADR 0286), over HTTP on a real database:
 * - while a property is declared, the will's single amount cannot be changed to a new one (the declared portions
 *   replace it; it would be stored unused and unchecked): 422 on `harta_sepencarian_sen`, ms and en;
 * - the executor fee is on the estate less the spouse's portion (Act 303 s. 122: the portion is the spouse's);
 * - a one-third refusal (Enakmen Wasiat Orang Islam (Selangor) 1999 s. 26(1)) caused by a declaration is reported on
 *   the portion `sepencarian_bp`, saying the spouse's portion is deducted first; one caused by a value on `value_sen`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestApp, type TestApp } from '../../../test/harness.ts';
import { comprehensiveWill, landOf, RM } from './sepencarian-fixtures.ts';
import { ok } from './test-fixtures.ts';

let t: TestApp;
let token: string;
let id: string;
let wifeId: string;

const declared = (bp: number) => ({
  harta_sepencarian: true,
  sepencarian_spouse_heir_id: wifeId,
  sepencarian_bp: bp,
  sepencarian_basis: 'agreed',
  sepencarian_basis_note: 'Dibeli bersama pada 2012',
});
const patchLand = (pid: string, over: Record<string, unknown>, lang?: 'ms' | 'en') =>
  t.call('PATCH', `/api/immoveable-property/${pid}`, {
    token,
    lang,
    body: { ...landOf(id, over), immoveable_type: undefined, immoveable_id: undefined },
  });
const estate = async () => (await ok(t.call('GET', `/api/wasiat/${id}`, { token }))).wasiat;

beforeAll(async () => {
  t = await makeTestApp();
  ({ token, id, wifeId } = await comprehensiveWill(t));
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the single amount while a property is declared', () => {
  it('is refused as a new amount, accepted unchanged or cleared, and free again once no property is declared', async () => {
    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token, body: { harta_sepencarian_sen: RM(10_000) } }));
    const { immoveable_property: p } = await ok(
      t.call('POST', '/api/immoveable-property', { token, body: landOf(id, declared(5000)) }),
      201,
    );
    const en = await t.call('PATCH', `/api/wasiat/${id}`, { token, body: { harta_sepencarian_sen: RM(20_000) } });
    expect(en.status).toBe(422);
    expect(Object.keys(en.body.errors)).toEqual(['harta_sepencarian_sen']);
    expect(en.body.errors.harta_sepencarian_sen[0]).toContain('the declared portions replace this single amount');
    const ms = await t.call('PATCH', `/api/wasiat/${id}`, {
      token,
      lang: 'ms',
      body: { harta_sepencarian_sen: RM(20_000) },
    });
    expect(ms.body.errors.harta_sepencarian_sen[0]).toContain('menggantikan jumlah tunggal ini');
    expect((await estate()).harta_sepencarian_sen).toBe(RM(10_000));
    // The estate tab sends every figure: the amount unchanged does not block a change of the debts.
    await ok(
      t.call('PATCH', `/api/wasiat/${id}`, {
        token,
        body: { harta_sepencarian_sen: RM(10_000), debts_sen: RM(1_000) },
      }),
    );
    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token, body: { harta_sepencarian_sen: null, debts_sen: 0 } }));
    expect((await estate()).harta_sepencarian_sen).toBeNull();
    // No property declared: the single amount is the will's harta sepencarian again, and may be set.
    await ok(patchLand(p.id, { harta_sepencarian: false }));
    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token, body: { harta_sepencarian_sen: RM(20_000) } }));
    expect((await estate()).estate).toMatchObject({
      harta_sepencarian_sen: RM(20_000),
      harta_sepencarian_source: 'amount',
    });
    await ok(t.call('PATCH', `/api/wasiat/${id}`, { token, body: { harta_sepencarian_sen: null } }));
    await ok(t.call('DELETE', `/api/immoveable-property/${p.id}`, { token }));
  });
});

describe('the executor fee', () => {
  it("is on the estate less the wife's portion: RM 1,500,000 land, 60% hers, is a fee on RM 600,000", async () => {
    const { immoveable_property: p } = await ok(
      t.call('POST', '/api/immoveable-property', {
        token,
        body: landOf(id, { property_no: 'GRN 1500', value_sen: RM(1_500_000), ...declared(6000) }),
      }),
      201,
    );
    const w = await estate();
    expect(w.estate).toMatchObject({ gross_sen: RM(1_500_000), harta_sepencarian_sen: RM(900_000) });
    // Within the first band the provider bears the whole fee (spec §9); on RM 1,500,000 it would bear only 20%.
    expect(w.executor_fee).toEqual({
      estate_sen: RM(600_000),
      fee_sen: RM(12_000),
      provider_percent: 100,
      provider_bears_sen: RM(12_000),
      client_pays_sen: 0,
    });
    await ok(t.call('DELETE', `/api/immoveable-property/${p.id}`, { token }));
  });
});

describe('a one-third refusal caused by a declaration', () => {
  it('is reported on the portion, saying the spouse portion is deducted first; one caused by a value on value_sen', async () => {
    // RM 600,000 land (undeclared) and a RM 200,000 account half of which goes to a mosque (RM 100,000).
    const { immoveable_property: p } = await ok(
      t.call('POST', '/api/immoveable-property', { token, body: landOf(id) }),
      201,
    );
    const { moveable_property: acc } = await ok(
      t.call('POST', '/api/moveable-property', {
        token,
        body: {
          moveable_type: 'Wasiat',
          moveable_id: id,
          property_type: 'bank',
          institution_name: 'Bank Rakyat',
          account_number: '2901',
          value_sen: RM(200_000),
          value_estimated_on: '2026-01-15',
        },
      }),
      201,
    );
    const mosque = await ok(
      t.call('POST', '/api/receiver', {
        token,
        body: { receivable_type: 'Wasiat', receivable_id: id, name: 'Masjid Al-Falah', relationship: 'other' },
      }),
      201,
    );
    await ok(
      t.call('POST', '/api/property-receiver', {
        token,
        body: {
          receiver_id: mosque.receiver.id,
          portion: '1/2',
          propertyable_type: 'MoveableProperty',
          propertyable_id: acc.id,
        },
      }),
      201,
    );
    // The whole land the wife's: the net estate is RM 200,000 and RM 100,000 is over its third.
    const en = await patchLand(p.id, declared(10_000));
    expect(en.status).toBe(422);
    expect(Object.keys(en.body.errors)).toEqual(['sepencarian_bp']);
    expect(en.body.errors.sepencarian_bp[0]).toMatch(
      /^The spouse's portion of harta sepencarian \(RM 600,000.00 in all\) is deducted from the estate first.*RM 100,000.00, more than one third of the net estate \(RM 66,666.66 of RM 200,000.00/,
    );
    const ms = await patchLand(p.id, declared(10_000), 'ms');
    expect(ms.body.errors.sepencarian_bp[0]).toMatch(
      /^Bahagian pasangan dalam harta sepencarian \(RM 600,000.00 kesemuanya\) ditolak daripada harta pusaka terlebih dahulu/,
    );
    // 80% is within (net RM 320,000); raising it to 100% is refused on the portion again.
    await ok(patchLand(p.id, declared(8000)));
    const raised = await patchLand(p.id, declared(10_000));
    expect(Object.keys(raised.body.errors)).toEqual(['sepencarian_bp']);
    // The value lowered with the declaration unchanged: the plain refusal, on value_sen.
    const value = await patchLand(p.id, { ...declared(8000), value_sen: RM(100_000) });
    expect(value.status).toBe(422);
    expect(Object.keys(value.body.errors)).toEqual(['value_sen']);
    expect(value.body.errors.value_sen[0]).toMatch(/^Bequests to non-heirs come to RM 100,000.00/);
    const still = (await ok(t.call('GET', `/api/immoveable-property/${p.id}`, { token }))).immoveable_property;
    expect(still).toMatchObject({ sepencarian_bp: 8000, value_sen: RM(600_000) });
  });
});
