import { describe, expect, it } from 'vitest';
import { hibahProductRefusal, offeredHibahProducts, preferenceAllows } from './preferences.ts';

describe('preference flags (one reader for server and client)', () => {
  it('reads 1 as yes and 2 as no, as booleans and strings too', () => {
    expect(preferenceAllows({ allow_hibah: 1 }, 'allow_hibah')).toBe(true);
    expect(preferenceAllows({ allow_hibah: '1' }, 'allow_hibah')).toBe(true);
    expect(preferenceAllows({ allow_hibah: true }, 'allow_hibah')).toBe(true);
    expect(preferenceAllows({ allow_hibah: 2 }, 'allow_hibah')).toBe(false);
    expect(preferenceAllows({ allow_hibah: '2' }, 'allow_hibah')).toBe(false);
    expect(preferenceAllows({ allow_hibah: false }, 'allow_hibah')).toBe(false);
  });
  it('falls back to the server defaults for a missing flag', () => {
    expect(preferenceAllows({}, 'allow_hibah')).toBe(false);
    expect(preferenceAllows(null, 'allow_wasiat')).toBe(true);
  });
  it('refuses hibah products as the server does', () => {
    expect(hibahProductRefusal({ allow_hibah: 2, allow_corporate: 1 }, 9)).toBe('not_allowed');
    expect(hibahProductRefusal({ allow_hibah: 1, allow_corporate: 2 }, 1)).toBe('corporate_not_allowed');
    expect(hibahProductRefusal({ allow_hibah: 1, allow_corporate: 2 }, 9)).toBeNull();
  });
  it('offers no product where allow_hibah is 2 ("No"), and all when no organisation is chosen yet', () => {
    expect(offeredHibahProducts({ allow_hibah: 2, allow_corporate: 1 })).toEqual([]);
    expect(offeredHibahProducts(null).length).toBe(13);
  });
});
