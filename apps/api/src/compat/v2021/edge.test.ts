/** The 2021 client's edge, its pure parts (edge.ts; ADR 0255); the hooks themselves: browser-findings.contract. */
import { describe, expect, it } from 'vitest';
import { fieldLabel, nameFields, normaliseBody, repairQuery } from './edge.ts';

describe('repairQuery', () => {
  it('reads a second `?` as more of the query, keeping a key already given', () => {
    const q: Record<string, unknown> = { is_headquarter: '0?limit=500&page=2&is_headquarter=1', name: 'a' };
    repairQuery(q);
    expect(q).toEqual({ is_headquarter: '0', limit: '500', page: '2', name: 'a' });
  });
  it('leaves a well-formed query alone', () => {
    const q: Record<string, unknown> = { limit: '10', name: 'x y' };
    repairQuery(q);
    expect(q).toEqual({ limit: '10', name: 'x y' });
  });
});

describe('normaliseBody', () => {
  it('drops null ids and reads states at every depth, leaving other nulls, unknown states and files', () => {
    const body = {
      agent_id: null,
      user_id: 'u1',
      other_ic_number: null,
      state: 'W.P. KUALA LUMPUR',
      state_2: '',
      correspondence_state: 'selangor',
      heirs: [{ branch_id: null, state: 'PENANG' }],
      place: { permanent_state: 'ATLANTIS' },
      document: { state: 'SELANGOR', x_id: null },
    };
    normaliseBody(body);
    expect(body).toEqual({
      user_id: 'u1',
      other_ic_number: null,
      state: 'W.P. Kuala Lumpur',
      state_2: '',
      correspondence_state: 'Selangor',
      heirs: [{ state: 'Pulau Pinang' }],
      place: { permanent_state: 'ATLANTIS' },
      document: { state: 'SELANGOR', x_id: null },
    });
  });

  it('drops a null designation (the particulars form left alone), keeping a chosen one', () => {
    const left = { designation: null, name: 'AMINAH BINTI AHMAD' };
    normaliseBody(left);
    expect(left).toEqual({ name: 'AMINAH BINTI AHMAD' });
    const chosen = { designation: 'Puan' };
    normaliseBody(chosen);
    expect(chosen).toEqual({ designation: 'Puan' });
  });
});

describe('nameFields', () => {
  it('puts the field label before each message, in the language asked', () => {
    const ms = nameFields({ message: 'Sila pilih satu.', errors: { state: ['Sila pilih satu.'] } }, 'ms');
    expect(ms).toEqual({ message: 'Negeri: Sila pilih satu.', errors: { state: ['Negeri: Sila pilih satu.'] } });
    const en = nameFields({ message: 'x', errors: { 'heirs.0.correspondence_state': ['Please choose one.'] } }, 'en');
    expect(en.message).toBe('State (correspondence address): Please choose one.');
  });
  it('leaves a general error, an uncatalogued key and a message that names its field already', () => {
    const b = nameFields(
      {
        message: 'a',
        errors: { _: ['Gagal.'], zzz_unknown: ['Nilai tidak sah.'], ic_number: ['No. MyKad mesti 12 digit.'] },
      },
      'ms',
    );
    expect(b.errors).toEqual({
      _: ['Gagal.'],
      zzz_unknown: ['Nilai tidak sah.'],
      ic_number: ['No. MyKad mesti 12 digit.'],
    });
    expect(b.message).toBe('Gagal.');
    expect(fieldLabel('_', 'ms')).toBeNull();
    expect(fieldLabel('witnesses.1.ic_number', 'en')).toBe('MyKad number');
  });

  it("names the trust wizard's property fields (journey c: part F's property and its shares)", () => {
    const ms = nameFields({ message: 'x', errors: { property_type: ['Ruangan ini wajib diisi.'] } }, 'ms');
    expect(ms.message).toBe('Jenis harta: Ruangan ini wajib diisi.');
    expect(fieldLabel('portion', 'en')).toBe('Share');
    expect(fieldLabel('bank_account_no', 'ms')).toBe('No. akaun bank');
  });
});
