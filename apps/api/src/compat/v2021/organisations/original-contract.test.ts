import { describe, expect, it } from 'vitest';
import { organisationFromOriginal, overStored, preferenceFromOriginal } from './original-contract.ts';
import { isAccessEdit } from './original-members.ts';

describe('the 2021 organisation bodies (ADRs 0136–0138, 0164)', () => {
  it('maps the registration number and the type labels; our keys win', () => {
    expect(organisationFromOriginal({ company_registration_number: '123', type: 'Swasta' })).toMatchObject({
      registration_number: '123',
      type: 'private',
    });
    expect(organisationFromOriginal({ company_registration_number: '1', registration_number: '2' })).toMatchObject({
      registration_number: '2',
    });
    expect(organisationFromOriginal({ type: 'Koperasi' }).type).toBe('institution');
    expect(organisationFromOriginal({ type: 'Awaris' }).type).toBe('Awaris');
  });

  it('lays a partial body over the stored record, an alias replacing the stored key', () => {
    expect(overStored({ a: 1, b: 2 }, { b: 3 })).toEqual({ a: 1, b: 3 });
    expect(overStored({ price_sen: 100, x: 1 }, { price: 2 }, { price: 'price_sen' })).toEqual({ x: 1, price: 2 });
  });

  it('reads the 2021 preference flags as ours', () => {
    const p = preferenceFromOriginal({
      hibah_allow_moveable_property: 2,
      hibah_allow_immoveable_property: 1,
      hibah_single_caretaker: 1,
      hibah_single_receiver: 2,
      hibah_fixed_saham_type: 'ASB',
    });
    expect(p).toMatchObject({ allow_property: 1, total_caretakers: 1, total_receivers: '', fixed_stock_name: 'ASB' });
    expect(preferenceFromOriginal({ total_caretakers: 3, hibah_single_caretaker: 1 }).total_caretakers).toBe(3);
  });

  it('tells the user-edit body of PATCH user-access from our approval', () => {
    expect(isAccessEdit({ role: 'Agent' })).toBe(true);
    expect(isAccessEdit({ accessible_id: 'b1', status: 1 })).toBe(true);
    expect(isAccessEdit({ status: 1 })).toBe(false);
    expect(isAccessEdit({ branch_id: '' })).toBe(false);
  });
});
