import { describe, expect, it } from 'vitest';
import { CATALOGUES } from '../catalogues.ts';
import { hibahPlanOf } from '../hibah-rules.ts';
import {
  hibahCaretakerSchema,
  hibahCreateSchema,
  hibahTransactionSchema,
  hibahTransitionSchema,
  isMinorMykad,
} from './hibah.ts';

describe('hibah rules', () => {
  it('a receiver is a minor until the 18th birthday (from the MyKad)', () => {
    const today = new Date(Date.UTC(2026, 5, 1));
    expect(isMinorMykad('080602141231', today)).toBe(true); // 18 tomorrow
    expect(isMinorMykad('080601141231', today)).toBe(false); // 18 today
    expect(isMinorMykad('150601141231', today)).toBe(true);
    expect(isMinorMykad('800101141231', today)).toBe(false);
    expect(isMinorMykad(undefined, today)).toBe(false);
    expect(isMinorMykad('12345', today)).toBe(false);
  });

  it('maps each product to its pricing plan', () => {
    expect([1, 2].map(hibahPlanOf)).toEqual(['corporate', 'corporate']);
    expect([3, 4, 7, 8].map(hibahPlanOf)).toEqual(['cash', 'cash', 'cash', 'cash']);
    expect([5, 6, 9, 10].map(hibahPlanOf)).toEqual(['property', 'property', 'property', 'property']);
    expect([11, 12, 14].map(hibahPlanOf)).toEqual(['business', 'onecent', 'estate']);
  });

  it('knows the products of reference §4.3 (13 is never used) and the catalogues of spec §3', () => {
    expect(CATALOGUES.hibah_types.map((x) => x.code)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14]);
    expect(CATALOGUES.hibah_property_sources).toHaveLength(5);
    expect(CATALOGUES.private_hibah_purposes.map((x) => x.en)).toEqual(['Welfare', 'Education', 'Health', 'Others']);
    expect(hibahCreateSchema.safeParse({ user_id: 'u', hibah_type: 13 }).success).toBe(false);
    expect(hibahCreateSchema.safeParse({ user_id: 'u', hibah_type: '14' }).success).toBe(true);
  });

  it('ledger entries: positive integer sen; the client codes 1 debit / 2 credit', () => {
    expect(hibahTransactionSchema.parse({ type: 2, amount_sen: '150' })).toMatchObject({
      type: 'credit',
      amount_sen: 150,
    });
    expect(hibahTransactionSchema.parse({ type: '1', amount_sen: 1 }).type).toBe('debit');
    expect(hibahTransactionSchema.safeParse({ type: 'credit', amount_sen: 0 }).success).toBe(false);
    expect(hibahTransactionSchema.safeParse({ type: 'credit', amount_sen: 1.5 }).success).toBe(false);
    expect(hibahTransactionSchema.safeParse({ type: 'refund', amount_sen: 1 }).success).toBe(false);
  });

  it('a caretaker with an allowance needs its amount and frequency; status values are -1…5', () => {
    const base = {
      name: 'Salmah binti Idris',
      ic_number: '800101141232',
      relationship: 'guardian',
      mobile_number: '0137654321',
      address: 'No. 1',
      postcode: '43000',
    };
    expect(hibahCaretakerSchema.safeParse(base).success).toBe(true);
    const r = hibahCaretakerSchema.safeParse({ ...base, has_allowance: 1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path[0]).sort()).toEqual(['allowance_amount_sen', 'allowance_frequency']);
    expect(hibahTransitionSchema.safeParse({ status: 6 }).success).toBe(false);
    expect(hibahTransitionSchema.parse({ status: '3', is_draft_accepted: '1' })).toMatchObject({
      status: 3,
      is_draft_accepted: true,
    });
  });
});
