import { describe, expect, it } from 'vitest';
import { heirFieldsSchema } from './index.ts';
import { ageFromMykad, heirMobileProblem, isMinorByMykad, relationshipLabel } from './people.ts';

// 27 Nov 2026, 10:00 in Kuala Lumpur.
const now = new Date('2026-11-27T02:00:00Z');

describe('age from the MyKad (YYMMDD, century rule)', () => {
  it('a 2010 birth is 16, a 1980 birth 46; the century is the one not in the future', () => {
    expect(ageFromMykad('100505145553', now)).toBe(16);
    expect(ageFromMykad('800101145551', now)).toBe(46);
    // "27" cannot be 2027 (future): 1927.
    expect(ageFromMykad('270101145551', now)).toBe(99);
  });
  it('the birthday is counted on the Kuala Lumpur calendar date', () => {
    // Born 27 Nov 2008: 18 from 27 Nov 2026 00:00 in Kuala Lumpur (26 Nov 16:00 UTC).
    expect(ageFromMykad('081127145553', new Date('2026-11-26T15:59:00Z'))).toBe(17);
    expect(ageFromMykad('081127145553', new Date('2026-11-26T16:00:00Z'))).toBe(18);
    expect(isMinorByMykad('081127145553', new Date('2026-11-26T15:59:00Z'))).toBe(true);
    expect(isMinorByMykad('081127145553', new Date('2026-11-26T16:00:00Z'))).toBe(false);
  });
  it('no age without a valid MyKad', () => {
    expect(ageFromMykad(null, now)).toBeNull();
    expect(ageFromMykad('12345', now)).toBeNull();
    expect(ageFromMykad('801301145551', now)).toBeNull();
    expect(isMinorByMykad(undefined, now)).toBe(false);
  });
});

describe('the mobile rule of an heir', () => {
  it('a minor may have no mobile number; an adult or an heir of unknown age must', () => {
    expect(heirMobileProblem({ ic_number: '100505145553' }, now)).toBeNull();
    expect(heirMobileProblem({ ic_number: '800101145551' }, now)).toBe('validation.required');
    expect(heirMobileProblem({}, now)).toBe('validation.required');
    expect(heirMobileProblem({ ic_number: '800101145551', mobile_number: '+60123456789' }, now)).toBeNull();
  });
  it('the heir schema applies it on mobile_number', () => {
    const base = {
      name: 'Ahmad bin Abu',
      relationship: 'son',
      address: 'No 1',
      postcode: '43000',
      city: 'Kajang',
      state: 'Selangor',
    };
    expect(heirFieldsSchema.safeParse({ ...base, ic_number: '150505145553' }).success).toBe(true);
    const adult = heirFieldsSchema.safeParse({ ...base, ic_number: '800101145551' });
    expect(adult.success).toBe(false);
    expect(adult.error?.issues[0]).toMatchObject({ path: ['mobile_number'], message: 'validation.required' });
  });
});

describe('son or daughter from the MyKad', () => {
  it('the child code reads Anak lelaki / Son or Anak perempuan / Daughter by the last digit', () => {
    expect(relationshipLabel('son', '100505145553', 'ms')).toBe('Anak lelaki');
    expect(relationshipLabel('son', '100505145553', 'en')).toBe('Son');
    // masked as the public pages show it (first six, last two digits): the last digit still tells
    expect(relationshipLabel('son', '100505****53', 'ms')).toBe('Anak lelaki');
    expect(relationshipLabel('son', '100505****54', 'en')).toBe('Daughter');
    expect(relationshipLabel('son', '120606145554', 'ms')).toBe('Anak perempuan');
    expect(relationshipLabel('son', '120606145554', 'en')).toBe('Daughter');
  });
  it('without a MyKad, and for other codes, the catalogue label', () => {
    expect(relationshipLabel('son', null, 'ms')).toBe('Anak');
    expect(relationshipLabel('wife', '820202105552', 'en')).toBe('Wife');
  });
});
