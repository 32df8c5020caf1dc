/** The one label → code mapping of catalogue values (issue 20, ADR 0131; reference §6). */
import { describe, expect, it } from 'vitest';
import {
  catalogueCode,
  DESIGNATIONS,
  GENDERS,
  HIBAH_PROPERTY_SOURCES,
  LAND_TITLE_TYPES,
  MARITAL_STATUSES,
  RACES,
  RELATIONSHIPS,
  RELIGIONS,
} from './catalogues.ts';
import { userDetailPatchSchema, userDetailSchema } from './validation/wills.ts';

describe('catalogueCode', () => {
  it('maps Malay and English labels, other spellings and codes to the stored code', () => {
    expect(catalogueCode(DESIGNATIONS, 'Encik')).toBe('mr');
    expect(catalogueCode(DESIGNATIONS, ' Ms.')).toBe('ms');
    expect(catalogueCode(DESIGNATIONS, 'Dato')).toBe('dato');
    expect(catalogueCode(DESIGNATIONS, "Dato'")).toBe('dato');
    expect(catalogueCode(DESIGNATIONS, 'mr')).toBe('mr');
    expect(catalogueCode(RACES, 'Melayu')).toBe(1);
    expect(catalogueCode(RACES, 'Malay')).toBe(1);
    expect(catalogueCode(RACES, 'Lain-lain')).toBe(-1);
    expect(catalogueCode(RACES, '2')).toBe(2);
    expect(catalogueCode(RELIGIONS, 'Kristian')).toBe(2);
    expect(catalogueCode(GENDERS, 'LELAKI')).toBe(1);
    expect(catalogueCode(RELATIONSHIPS, 'Adik-Beradik')).toBe('sibling');
    expect(catalogueCode(RELATIONSHIPS, 'Husband')).toBe('husband');
    expect(catalogueCode(MARITAL_STATUSES, 'Berkahwin')).toBe('married');
    expect(catalogueCode(HIBAH_PROPERTY_SOURCES, 'Pendapatan Perniagaan')).toBe('business');
    expect(catalogueCode(LAND_TITLE_TYPES, 'Gerai Mukim')).toBe('geran_mukim');
  });

  it('leaves an unknown value as it is, so the schema refuses it', () => {
    expect(catalogueCode(RACES, 'Martian')).toBe('Martian');
    expect(userDetailPatchSchema.safeParse({ race: 'Martian' }).error?.issues[0].message).toBe('validation.choose');
  });
});

describe('user detail: whole and partial', () => {
  it('a partial body is checked key by key; the whole rule still wants every required field', () => {
    const part = userDetailPatchSchema.parse({ ic_number: '800101141231', designation: 'Encik' });
    expect(part).toEqual({ ic_number: '800101141231', designation: 'mr' });
    expect(userDetailSchema.safeParse(part).success).toBe(false);
    expect(userDetailPatchSchema.safeParse({ name: '' }).success).toBe(false);
    // gender against the MyKad when both are carried
    const bad = userDetailPatchSchema.safeParse({ ic_number: '800101141231', gender: 'Perempuan' });
    expect(bad.error?.issues[0].message).toBe('wills.gender_mykad_mismatch');
  });
});
