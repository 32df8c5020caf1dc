import { describe, expect, it } from 'vitest';
import { hibahTypeAsText, labelledDetail, withSharesAndDocuments, withUserDetail } from './original-list.ts';

describe('the 2021 hibah list loads the particulars (ADR 0181)', () => {
  it('adds userDetail to load_with once', () => {
    expect(withUserDetail(undefined)).toBe('userDetail');
    expect(withUserDetail('')).toBe('userDetail');
    expect(withUserDetail('organization')).toBe('organization,userDetail');
    expect(withUserDetail('organization, userDetail')).toBe('organization, userDetail');
  });
});

describe("the 2021 hibah read answers the particulars with its selects' labels (issue 39)", () => {
  const stored = {
    ic_number: '920815145678',
    designation: 'mr',
    race: 1,
    religion: 1,
    marital_status: 'married',
    gender: 2,
    nationality: 1,
  };

  it('labels the coded choices in the request language and leaves the rest', () => {
    expect(labelledDetail(stored, 'ms')).toEqual({
      ...stored,
      designation: 'Encik',
      race: 'Melayu',
      religion: 'Islam',
      marital_status: 'Berkahwin',
    });
    expect(labelledDetail(stored, 'en')).toMatchObject({
      designation: 'Mr.',
      religion: 'Islam',
      marital_status: 'Married',
    });
  });

  it('keeps nulls, unknown codes and a missing detail', () => {
    expect(labelledDetail({ designation: null, race: 99 }, 'ms')).toEqual({ designation: null, race: '99' });
    expect(labelledDetail(null, 'ms')).toBeNull();
  });
});

describe('the 2021 hibah replies carry the product code as text (issue 39)', () => {
  it('turns hibah_type and hibah_type_id into text in one hibah, a page and a first match', () => {
    expect(hibahTypeAsText({ hibah: { id: 'h', hibah_type: 7, hibah_type_id: 7 } })).toEqual({
      hibah: { id: 'h', hibah_type: '7', hibah_type_id: '7' },
    });
    expect(hibahTypeAsText({ hibahs: { data: [{ hibah_type: 1 }, { hibah_type: 14 }], total: 2 } })).toEqual({
      hibahs: { data: [{ hibah_type: '1' }, { hibah_type: '14' }], total: 2 },
    });
    expect(hibahTypeAsText({ hibahs: { id: 'h', hibah_type: 12 } })).toEqual({ hibahs: { id: 'h', hibah_type: '12' } });
  });

  it('leaves a null first match, other keys and other payloads as they are', () => {
    expect(hibahTypeAsText({ hibahs: null })).toEqual({ hibahs: null });
    expect(hibahTypeAsText({ message: 'x' })).toEqual({ message: 'x' });
    expect(hibahTypeAsText('x')).toBe('x');
  });
});

describe("part F's property lists carry each property's shares and documents (issue 39)", () => {
  const share = (property_id: string, name: string) => ({
    id: `s-${name}`,
    property_id,
    receiver_id: `r-${name}`,
    portion: '1/2',
    receiver: { id: `r-${name}`, name, ic_number: '900101145531', relationship: 'husband' },
  });

  it('adds property_receivers and total_documents to each row of the page', () => {
    const out = withSharesAndDocuments(
      { moveable_properties: { data: [{ id: 'p1', property_type: 'bank' }, { id: 'p2' }], total: 2 } },
      'moveable_properties',
      [share('p1', 'A'), share('p1', 'B')],
      new Map([['p1', 3]]),
    ) as any;
    expect(out.moveable_properties.total).toBe(2);
    expect(out.moveable_properties.data[0].property_receivers.map((x: any) => x.receiver.name)).toEqual(['A', 'B']);
    expect(out.moveable_properties.data[0].total_documents).toBe(3);
    expect(out.moveable_properties.data[0].property_type).toBe('Bank');
    expect(out.moveable_properties.data[1]).toEqual({ id: 'p2', property_receivers: [], total_documents: 0 });
  });

  it('leaves a payload of another shape as it is', () => {
    expect(withSharesAndDocuments({ message: 'x' }, 'moveable_properties', [], new Map())).toEqual({ message: 'x' });
  });
});
