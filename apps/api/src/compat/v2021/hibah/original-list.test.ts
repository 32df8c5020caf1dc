import { describe, expect, it } from 'vitest';
import { withUserDetail } from './original-list.ts';

describe('the 2021 hibah list loads the particulars (ADR 0181)', () => {
  it('adds userDetail to load_with once', () => {
    expect(withUserDetail(undefined)).toBe('userDetail');
    expect(withUserDetail('')).toBe('userDetail');
    expect(withUserDetail('organization')).toBe('organization,userDetail');
    expect(withUserDetail('organization, userDetail')).toBe('organization, userDetail');
  });
});
