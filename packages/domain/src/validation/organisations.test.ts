import { describe, expect, it } from 'vitest';
import {
  isSsmNewFormat,
  isSsmOldFormat,
  O,
  organisationSchema,
  preferenceSchema,
  registrationNumberError,
} from './organisations.ts';

describe('registration numbers (ADR 0012)', () => {
  it('accepts the 12-digit SSM format YYYYEENNNNNN with a known entity code', () => {
    expect(isSsmNewFormat('201901000005')).toBe(true);
    expect(isSsmNewFormat('196501000672')).toBe(true);
    expect(isSsmNewFormat('202003123456')).toBe(true);
    expect(isSsmNewFormat('202007123456')).toBe(false); // entity code 07
    expect(isSsmNewFormat('209901123456')).toBe(false); // future year
    expect(isSsmNewFormat('201901000000')).toBe(false); // zero serial
    expect(isSsmNewFormat('20190100000')).toBe(false);
  });
  it('accepts old company, business and LLP numbers', () => {
    for (const s of ['123456-A', '5678X', 'AS0123456-X', '001234567-T', 'LLP0012345-LGN']) {
      expect(isSsmOldFormat(s), s).toBe(true);
    }
    for (const s of ['ABC', '12345678-A', '123456-', 'LLP12-LGN']) expect(isSsmOldFormat(s), s).toBe(false);
  });
  it('requires an SSM number for private and government-linked, not for others', () => {
    expect(registrationNumberError('private', '')).toBe(O.registrationRequired);
    expect(registrationNumberError('government_linked', '2019 0100 0005')).toBeNull();
    expect(registrationNumberError('government', '')).toBeNull();
    expect(registrationNumberError('institution', 'PPM-001-10-12345678')).toBeNull();
    expect(registrationNumberError('institution', '<script>')).toBe(O.registrationInvalid);
  });
  it('the organisation schema normalises the number and asks an individual for MyKad', () => {
    const base = {
      type: 'private',
      name: 'A Sdn Bhd',
      code: 'abc',
      email: 'a@example.com',
      address: 'x',
      postcode: '50450',
      city: 'KL',
      state: 'Selangor',
    };
    const r = organisationSchema.parse({ ...base, registration_number: '123456-a' });
    expect(r).toMatchObject({ code: 'ABC', registration_number: '123456-A', is_partner: false, status: 1 });
    const ind = organisationSchema.safeParse({ ...base, type: 'individual' });
    expect(ind.success).toBe(false);
    expect(ind.error?.issues[0].path).toEqual(['mykad_number']);
  });
});

describe('preference flags', () => {
  it('reads 1 = yes, 2 = no; an empty total is "no limit"; absent keys stay absent', () => {
    expect(preferenceSchema.parse({ allow_hibah: 1, allow_public: '2', total_receivers: '' })).toEqual({
      allow_hibah: true,
      allow_public: false,
      total_receivers: null,
    });
    expect(preferenceSchema.safeParse({ allow_hibah: 3 }).success).toBe(false);
  });
});
