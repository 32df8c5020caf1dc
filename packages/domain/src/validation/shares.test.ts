import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionToPercent, isPortionError, parsePortion, portionsExceedWhole } from './shares.ts';

describe('share portions (spec §5)', () => {
  it('parses percentages and fractions exactly', () => {
    expect(parsePortion('25%')).toEqual({ num: 1n, den: 4n });
    expect(parsePortion('12.5 %')).toEqual({ num: 1n, den: 8n });
    expect(parsePortion('2/6')).toEqual({ num: 1n, den: 3n });
  });
  it('refuses percentages outside 1–100 and malformed text', () => {
    expect(parsePortion('0%')).toEqual({ error: 'validation.share_percent_range' });
    expect(parsePortion('101%')).toEqual({ error: 'validation.share_percent_range' });
    expect(parsePortion('3/2')).toEqual({ error: 'validation.share_percent_range' });
    expect(parsePortion('half')).toEqual({ error: 'validation.share_invalid' });
    expect(parsePortion('1/0')).toEqual({ error: 'validation.share_percent_range' });
  });
  it('three thirds are exactly the whole; a bit more is over', () => {
    expect(portionsExceedWhole(['1/3', '1/3', '1/3'])).toBe(false);
    expect(portionsExceedWhole(['1/3', '1/3', '1/3', '1%'])).toBe(true);
    expect(portionsExceedWhole(['50%', '1/2'])).toBe(false);
    expect(portionsExceedWhole(['50%', '50.01%'])).toBe(true);
  });
  it('n equal fractions 1/n never exceed the whole (exact arithmetic)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 200 }), (n) => {
        expect(portionsExceedWhole(Array.from({ length: n }, () => `1/${n}`))).toBe(false);
        expect(portionsExceedWhole([...Array.from({ length: n }, () => `1/${n}`), '1/999999'])).toBe(true);
      }),
    );
  });
  it('displays a fraction as a percentage', () => {
    const third = parsePortion('1/3');
    expect(isPortionError(third) ? '' : fractionToPercent(third)).toBe('33.33%');
  });
});
