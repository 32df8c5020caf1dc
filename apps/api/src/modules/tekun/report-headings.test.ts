/** The TEKUN monthly report's columns each say what they count (issue 38 item 11.3). */
import { describe, expect, it } from 'vitest';
import { tekunSheet } from './report.ts';

const empty = {
  year: 2026,
  months: [],
  totals: { rows: 0, accepted: 0, refused: 0, verified: 0, rejected: 0, wills: 0, amount_sen: 0 },
};

describe('TEKUN monthly report headings', () => {
  it('has no two columns headed alike, in Malay and English', () => {
    for (const lang of ['ms', 'en'] as const) {
      const { headings } = tekunSheet(empty as unknown as Parameters<typeof tekunSheet>[0], lang);
      expect(new Set(headings).size).toBe(headings.length);
    }
  });

  it('tells rows refused at upload from certificates rejected at verification', () => {
    expect(tekunSheet(empty as unknown as Parameters<typeof tekunSheet>[0], 'ms').headings).toEqual(
      expect.arrayContaining(['Baris ditolak', 'Sijil ditolak']),
    );
    expect(tekunSheet(empty as unknown as Parameters<typeof tekunSheet>[0], 'en').headings).toEqual(
      expect.arrayContaining(['Rows refused', 'Certificates rejected']),
    );
  });
});
