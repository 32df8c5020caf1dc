/**
 * The SPA's date display (spec §9 "Date display"; issue 34): the domain's fixed month tables, so the screens
 * print what the API's mails and exports print — never the ICU "Sept" of en-GB — in Asia/Kuala_Lumpur time.
 */
import { formatKlDate, formatKlDateTime } from '@wasiat/domain';
import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime, formatPeriod } from './format.ts';

describe('formatDateTime ("DD Mon YY, HH:mm", Asia/Kuala_Lumpur)', () => {
  it('writes day, short month, 2-digit year, hour:minute in Kuala Lumpur time', () => {
    expect(formatDateTime('2026-11-23T06:05:00Z', 'en')).toBe('23 Nov 26, 14:05');
    expect(formatDateTime('2026-11-23T06:05:00Z', 'ms')).toBe('23 Nov 26, 14:05');
  });

  it('writes "Sep", not the "Sept" of en-GB, and the Malay month names', () => {
    expect(formatDateTime('2026-09-05T01:30:00Z', 'en')).toBe('05 Sep 26, 09:30');
    expect(formatDateTime('2026-09-05T01:30:00Z', 'en')).not.toContain('Sept');
    expect(formatDateTime('2026-08-05T01:30:00Z', 'ms')).toBe('05 Ogo 26, 09:30');
    expect(formatDateTime('2026-08-05T01:30:00Z', 'en')).toBe('05 Aug 26, 09:30');
    expect(formatDateTime('2026-03-05T06:30:00Z', 'ms')).toBe('05 Mac 26, 14:30');
    expect(formatDateTime('2026-12-20T15:59:00Z', 'ms')).toBe('20 Dis 26, 23:59');
  });

  it('turns the day (and the year) in Kuala Lumpur across midnight UTC', () => {
    // 16:15 UTC on 20 December is 00:15 on 21 December in Kuala Lumpur (UTC+8)
    expect(formatDateTime('2026-12-20T16:15:53.999Z', 'en')).toBe('21 Dec 26, 00:15');
    expect(formatDateTime('2026-12-31T16:30:00Z', 'en')).toBe('01 Jan 27, 00:30');
    expect(formatDateTime('2026-12-31T15:59:00Z', 'ms')).toBe('31 Dis 26, 23:59');
  });

  it('takes a Date, epoch milliseconds and an offset ISO string; any UI language tag', () => {
    const at = new Date('2026-11-23T06:05:00Z');
    expect(formatDateTime(at, 'en')).toBe('23 Nov 26, 14:05');
    expect(formatDateTime(at.getTime(), 'en')).toBe('23 Nov 26, 14:05');
    expect(formatDateTime('2026-11-23T14:05:00+08:00', 'en')).toBe('23 Nov 26, 14:05');
    expect(formatDateTime(at, 'en-GB')).toBe('23 Nov 26, 14:05');
    // a date-time without a zone is UTC, whatever the browser's time zone
    expect(formatDateTime('2026-11-23T06:05:00', 'en')).toBe('23 Nov 26, 14:05');
    expect(formatDateTime('2026-11-23 06:05:00.123', 'en')).toBe('23 Nov 26, 14:05');
    expect(formatDateTime('2026-08-05T01:30:00Z', 'ms-MY')).toBe('05 Ogo 26, 09:30');
  });

  it('prints the same text as the mails and exports (the domain formatter)', () => {
    for (const iso of ['2026-09-05T01:30:00Z', '2026-12-20T16:15:53.999Z', '2027-02-28T23:59:59Z'])
      for (const lang of ['ms', 'en'] as const) expect(formatDateTime(iso, lang)).toBe(formatKlDateTime(iso, lang));
  });

  it('is empty for a missing or invalid value (never the raw text, never a guess)', () => {
    for (const v of [null, undefined, '', 'soon', '1', 'Sept 5', '2026-13-45T00:00:00Z', Number.NaN, new Date('x')])
      for (const lang of ['ms', 'en']) expect(formatDateTime(v, lang)).toBe('');
  });
});

describe('formatDate (a calendar date: "DD Mon YYYY")', () => {
  it('writes a YYYY-MM-DD as that day in both languages', () => {
    expect(formatDate('2026-09-05', 'en')).toBe('05 Sep 2026');
    expect(formatDate('2026-08-05', 'ms')).toBe('05 Ogo 2026');
    expect(formatDate('2030-01-01', 'ms')).toBe('01 Jan 2030');
    expect(formatDate('2026-09-05', 'en')).toBe(formatKlDate('2026-09-05', 'en'));
  });

  it('writes an instant as its day in Kuala Lumpur (across midnight UTC)', () => {
    expect(formatDate('2026-12-20T16:15:53.999Z', 'en')).toBe('21 Dec 2026');
    expect(formatDate('2026-12-31T15:59:00Z', 'ms')).toBe('31 Dis 2026');
  });

  it('is empty for a missing or invalid value', () => {
    for (const v of [null, undefined, '', '15/01/2026', 'tomorrow', '2026-02-30', '2026-02-29', '2026-02-28x'])
      for (const lang of ['ms', 'en']) expect(formatDate(v, lang)).toBe('');
  });
});

describe('formatPeriod (a report row, as the exports write it)', () => {
  it('cuts the bucket key to its unit', () => {
    expect(formatPeriod('2026-09-05', 'day', 'en')).toBe('05 Sep 26');
    expect(formatPeriod('2026-08-01', 'month', 'ms')).toBe('Ogo 2026');
    expect(formatPeriod('2026-09-01', 'month', 'en')).toBe('Sep 2026');
    expect(formatPeriod('2026-01-01', 'year', 'en')).toBe('2026');
  });
});
