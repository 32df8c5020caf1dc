import { describe, expect, it } from 'vitest';
import { translate } from '../i18n.ts';
import { companyRegistrationError, formatCompanyRegistration, HC, hibahCompanySchema } from './company.ts';

const now = new Date(Date.UTC(2026, 0, 15));
const company = {
  name: 'Syarikat Maju Jaya Sdn. Bhd.',
  registration_number: '202001234567',
  address: 'Lot 5, Jalan Teknologi',
  postcode: '47810',
  city: 'Petaling Jaya',
  state: 'Selangor',
  signatories: [{ name: 'Ahmad bin Ismail', ic_number: '750101145011', designation: 'Pengarah' }],
};

describe('the SSM number of a corporate grantor (ADR 0165)', () => {
  it('takes the 12-digit number of a company or LLP, the old company number, and both as SSM prints them', () => {
    for (const ok of [
      '202001234567',
      '201901000005',
      '200402000123', // foreign company
      '202004000321', // local LLP
      '123456-A',
      '1312525a',
      'LLP0012345-LGN',
      '201901000005 (1312525-A)',
      ' 2020 0123 4567 ',
    ]) {
      expect(companyRegistrationError(ok, now), ok).toBeNull();
    }
  });

  it('refuses a business (entity 03, old business formats) with its own message', () => {
    for (const business of ['202003123456', 'AS0123456-X', '001234567-X', '202003123456 (AS0123456-X)']) {
      expect(companyRegistrationError(business, now), business).toBe(HC.registrationBusiness);
    }
  });

  it('refuses what is not an SSM number', () => {
    for (const bad of [
      '2020012345678', // 13 digits
      '20200123456', // 11 digits
      '202099234567', // no entity 99
      '179901234567', // before 1800
      '202801234567', // after next year
      '202001000000', // serial all zeros
      '12345678-A', // 8 digits
      '123456-AB',
      'ABC',
      '202001234567 (12345678-A)',
    ]) {
      expect(companyRegistrationError(bad, now), bad).toBe(HC.registrationInvalid);
    }
  });

  it('stores the number normalised and hyphenated', () => {
    expect(formatCompanyRegistration(' 2020 0123 4567')).toBe('202001234567');
    expect(formatCompanyRegistration('1312525a')).toBe('1312525-A');
    expect(formatCompanyRegistration('llp0012345lgn')).toBe('LLP0012345-LGN');
    expect(formatCompanyRegistration('201901000005(1312525A)')).toBe('201901000005 (1312525-A)');
  });

  it('has a Malay and an English message for every refusal', () => {
    for (const key of Object.values(HC)) {
      expect(translate(key, 'ms'), key).not.toBe(key);
      expect(translate(key, 'en'), key).not.toBe(key);
      expect(translate(key, 'ms')).not.toBe(translate(key, 'en'));
    }
  });
});

describe('the company form (hibahCompanySchema)', () => {
  it('accepts a company with one signatory and formats its number', () => {
    const r = hibahCompanySchema.safeParse({ ...company, registration_number: '1312525a' });
    expect(r.success).toBe(true);
    expect(r.data?.registration_number).toBe('1312525-A');
  });

  it('needs at least one signatory, each with a valid MyKad and a designation, none twice', () => {
    const fields = (v: unknown) => {
      const r = hibahCompanySchema.safeParse(v);
      return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(fields({ ...company, signatories: [] })).toEqual({ signatories: HC.signatoriesRequired });
    expect(fields({ ...company, signatories: undefined })).toEqual({ signatories: HC.signatoriesRequired });
    expect(
      fields({
        ...company,
        signatories: [
          { name: 'Ahmad bin Ismail', ic_number: '750101145011', designation: 'Pengarah' },
          { name: 'Siti binti Ali', ic_number: '751301145012', designation: '' },
          { name: 'Ahmad Ismail', ic_number: '750101145011', designation: 'Setiausaha' },
        ],
      }),
    ).toEqual({
      'signatories.1.ic_number': 'validation.mykad_date',
      'signatories.1.designation': 'validation.required',
      'signatories.2.ic_number': HC.signatoryDuplicate,
    });
  });

  it('asks for the registered address with a 5-digit postcode and a state', () => {
    const r = hibahCompanySchema.safeParse({ ...company, postcode: '4781', state: 'Selangorr', address: ' ' });
    const keys = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(keys).toEqual({
      address: 'validation.required',
      postcode: 'validation.postcode_invalid',
      state: 'validation.choose',
    });
  });
});
