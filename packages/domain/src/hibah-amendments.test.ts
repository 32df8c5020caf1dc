import { describe, expect, it } from 'vitest';
import { hibahAmendmentDraftSchema } from './hibah-amendments.ts';

const receiver = { id: 'r1', name: 'Fatimah binti Ahmad', relationship: 'son', ic_number: '900101145556' };
const land = {
  id: 'p1',
  category: 'land',
  property_type: 'geran',
  property_no: 'GRN 1',
  lot_number: 'Lot 2',
  city: 'Kajang',
  district: 'Hulu Langat',
  state: 'Selangor',
  address: 'Lot 2, Kajang',
};

describe('hibahAmendmentDraftSchema (issue 5; ADR 0036)', () => {
  it('accepts any subset of sections, keeps ids and shares, and never the organisation or price', () => {
    const r = hibahAmendmentDraftSchema.safeParse({
      receivers: [receiver],
      immoveables: [{ ...land, shares: [{ receiver_id: 'r1', portion: '1/2' }] }],
      fields: { trust_purpose: 'Pendidikan', organization_id: 'x', pricing_id: 'y' },
    });
    expect(r.success).toBe(true);
    expect(r.data?.receivers?.[0].id).toBe('r1');
    expect(r.data?.immoveables?.[0].shares).toEqual([{ receiver_id: 'r1', portion: '1/2' }]);
    expect(r.data?.fields).toEqual({ trust_purpose: 'Pendidikan' });
    expect(hibahAmendmentDraftSchema.safeParse({}).success).toBe(true);
  });

  it('refuses a bad portion, a witness without e-mail and a caretaker allowance without an amount (message keys)', () => {
    const bad = hibahAmendmentDraftSchema.safeParse({
      immoveables: [{ ...land, shares: [{ receiver_id: 'r1', portion: '150%' }] }],
    });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].path).toEqual(['immoveables', 0, 'shares', 0, 'portion']);
    const witness = hibahAmendmentDraftSchema.safeParse({
      witnesses: [{ name: 'Saksi Satu', ic_number: '900101145557', address: 'No. 1', postcode: '43000' }],
    });
    expect(witness.error?.issues.map((i) => i.path.join('.'))).toEqual(['witnesses.0.email']);
    const caretaker = hibahAmendmentDraftSchema.safeParse({
      caretakers: [
        {
          name: 'Zainab binti Ali',
          ic_number: '800101145558',
          relationship: 'guardian',
          mobile_number: '0141234567',
          address: 'No. 4',
          postcode: '43000',
          has_allowance: 1,
          allowance_frequency: 'monthly',
        },
      ],
    });
    expect(caretaker.error?.issues.map((i) => i.path.join('.'))).toEqual(['caretakers.0.allowance_amount_sen']);
    expect(caretaker.error?.issues[0].message).toBe('validation.required');
  });
});
