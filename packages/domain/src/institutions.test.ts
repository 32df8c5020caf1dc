/**
 * Institutions a bequest may go to (issue 41 item 7; ADR 0268): the registration rule by kind, the printed
 * registration, the kinds' labels, and the wizard's bequest form; and who keeps the list (permission table).
 */
import { describe, expect, it } from 'vitest';
import {
  INSTITUTION_MSG,
  institutionBequestFormSchema,
  institutionKindLabel,
  institutionRegistration,
  institutionSchema,
  institutionUpdateSchema,
} from './institutions.ts';
import { can, ROLES } from './permissions.ts';

const errorsOf = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('an institution', () => {
  it('a council is identified by the law that establishes it; every other kind by its registration number', () => {
    expect(
      errorsOf(institutionSchema.safeParse({ kind: 'council', name: 'Majlis Ujian', registration_no: '1' })),
    ).toEqual({
      registered_under: INSTITUTION_MSG.enactmentRequired,
    });
    for (const kind of ['mosque', 'charity', 'waqf']) {
      expect(errorsOf(institutionSchema.safeParse({ kind, name: 'Badan Ujian', registered_under: 'Akta' }))).toEqual({
        registration_no: INSTITUTION_MSG.registrationRequired,
      });
    }
    const ok = institutionSchema.parse({
      kind: 'charity',
      name: '  Pertubuhan Ujian  ',
      registration_no: 'PPM-001-10-12345678',
      email: '',
      phone: '03-1234 5678',
      state: 'Selangor',
    });
    expect(ok).toMatchObject({ name: 'Pertubuhan Ujian', phone: '0312345678', email: undefined });
    expect(
      errorsOf(institutionSchema.safeParse({ kind: 'temple', name: 'X Y Z', registration_no: '1' })),
    ).toHaveProperty('kind');
    expect(
      institutionUpdateSchema.parse({ kind: 'waqf', name: 'Wakaf Ujian', registration_no: 'W1', active: false }),
    ).toMatchObject({ active: false });
  });

  it('prints its registration as "number (law)", or whichever it has', () => {
    expect(institutionRegistration({ registration_no: 'PPM-1', registered_under: 'Akta Pertubuhan 1966' })).toBe(
      'PPM-1 (Akta Pertubuhan 1966)',
    );
    expect(institutionRegistration({ registration_no: null, registered_under: 'Akta 505, s. 4' })).toBe(
      'Akta 505, s. 4',
    );
    expect(institutionRegistration({ registration_no: ' MSJ-9 ' })).toBe('MSJ-9');
    expect(institutionRegistration({})).toBe('');
    expect(institutionKindLabel('council', 'en')).toBe('State Islamic religious council');
    expect(institutionKindLabel('waqf', 'ms')).toBe('Institusi wakaf');
  });

  it('the bequest form needs the institution and a portion', () => {
    expect(Object.keys(errorsOf(institutionBequestFormSchema.safeParse({ portion: '' })))).toEqual([
      'portion',
      'institution_id',
    ]);
    expect(institutionBequestFormSchema.parse({ institution_id: 'i1', portion: '10%' })).toEqual({
      institution_id: 'i1',
      portion: '10%',
    });
  });

  it('is kept by the provider staff, officers and admins only', () => {
    expect(ROLES.filter((r) => can(r, 'institution:manage'))).toEqual(['Staff', 'Officer', 'Admin']);
  });
});
