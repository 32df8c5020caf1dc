import { describe, expect, it } from 'vitest';
import { formatMalaysianDateTime } from './datetime.ts';

describe('formatMalaysianDateTime (Asia/Kuala_Lumpur, "DD Mon YY, HH:mm")', () => {
  it('shows a UTC instant in Malaysian time (UTC+8)', () => {
    expect(formatMalaysianDateTime('2026-11-23T06:05:00Z', 'en')).toBe('23 Nov 26, 14:05');
  });

  it('crosses midnight into the next Malaysian day', () => {
    expect(formatMalaysianDateTime('2026-12-31T16:30:00Z', 'en')).toBe('01 Jan 27, 00:30');
  });

  it('uses Malay month names in Malay and a fixed "Sep" in English', () => {
    expect(formatMalaysianDateTime('2026-08-05T01:30:00Z', 'ms')).toBe('05 Ogo 26, 09:30');
    expect(formatMalaysianDateTime('2026-09-05T01:30:00Z', 'en')).toBe('05 Sep 26, 09:30');
  });

  it('is empty for no date and passes through what is not a date', () => {
    expect(formatMalaysianDateTime(null)).toBe('');
    expect(formatMalaysianDateTime('soon')).toBe('soon');
  });
});
